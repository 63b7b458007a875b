import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { actions } from './healthcare.js';

// a booster's "reminder sent" is ticked only where ticking it is what sends the owner the reminder: a request to
// record as sent a reminder nobody sent (no message in the fixtures, none the agent is asked to write) is one a
// careful reader would refuse (review: 7 of 8 booster tasks)
describe('the booster reminder action', () => {
  it('says that ticking "reminder sent" sends the owner the reminder, in every phrasing', () => {
    const remind = actions.find((a) => a.name === 'remind_booster');
    assert.ok(remind, 'remind_booster');
    for (const p of remind.phrases) {
      assert.match(p, /reminder sent/, p);
      assert.match(p, /\btexts?\b.*\bowner|\bsend each owner/, p);
      assert.doesNotMatch(p, /record a reminder as sent/, p);
    }
  });
});
