import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { domainGives } from './record-type-choice.js';
import { PARTS } from './registry.js';
import { booksSlot, partGives } from './slot-work.js';

describe('slot work (Calendar_Scheduling)', () => {
  const action = (name: string) => {
    const a = PARTS.actions.find((p) => p.name === name);
    assert.ok(a, name);
    return a;
  };

  it('is booking, moving or cancelling a time slot: a calendar event or a clinic appointment', () => {
    assert.ok(booksSlot(action('review_meeting')));
    assert.ok(booksSlot(action('cancel_appointment')));
  });

  it("is never a to-do's due date, a deadline ticked as diarised or a job's schedule", () => {
    for (const name of ['follow_up_task', 'diarise_deadline', 'pause_job'])
      assert.ok(!partGives(action(name), 'Calendar_Scheduling'), name);
  });

  it('is planned only in domains whose record types can be booked or reviewed on a calendar', () => {
    assert.ok(domainGives('Healthcare', 'Calendar_Scheduling'));
    assert.ok(domainGives('Office_Productivity', 'Calendar_Scheduling'));
    for (const d of ['Legal', 'Education_Knowledge', 'Finance_Investment'] as const)
      assert.ok(!domainGives(d, 'Calendar_Scheduling'), d);
  });
});
