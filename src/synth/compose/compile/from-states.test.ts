import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { actNamed } from '../policy-acts.js';
import { undoneOf } from './from-states.js';

// work that every live record gets once ("a court deadline that is not in the firm diary") is selected by its
// undone side, so a record already done is left out for the reason the work gives, not by a window it never had

describe('undone work', () => {
  it('names the flag an action writes where the section leans on its undone side', () => {
    const diary = actNamed('court_deadlines', 'Diarising');
    assert.deepEqual(undoneOf({ diarised: true }, diary?.lean), ['diarised']);
    // a section with no stake in the flag leaves it to the action, as before
    assert.deepEqual(undoneOf({ diarised: true }, actNamed('court_deadlines', 'Preparation')?.lean), []);
    // a state an action writes is its from-states' business, never this
    assert.deepEqual(undoneOf({ status: 'filed' }, { status: ['upcoming'] }), []);
  });
});
