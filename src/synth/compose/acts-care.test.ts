import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CARE_ACTS } from './acts-care.js';
import { PARTS } from './registry.js';

// what a clinic does about a booking: a patient's past no-shows are a reason to ring them to confirm, never to take
// a future appointment away (practitioners read that as no practice's way); a cancellation has a reason of its own

describe('the work on clinic appointments', () => {
  const cancel = PARTS.actions.find((a) => a.name === 'cancel_appointment');
  const confirm = PARTS.actions.find((a) => a.name === 'confirm_by_phone');

  it('never cancels a booking for the misses behind it', () => {
    assert.ok(cancel);
    for (const a of CARE_ACTS.appointments ?? []) {
      const cancels = a.of === 'cancel_appointment' || a.sections.some((s) => cancel?.sections.includes(s));
      if (cancels) assert.notEqual(a.lean?.missed_before, 'high', a.sections[0]);
    }
  });

  it('rings a patient who has missed before to confirm, under the section that says so', () => {
    assert.ok(confirm);
    const act = (CARE_ACTS.appointments ?? []).find(
      (a) => a.lean?.missed_before === 'high' && a.lean?.date === 'ahead',
    );
    assert.ok(act && act.sections.every((s) => confirm?.sections.includes(s)), 'the repeat non-attendance section');
    assert.deepEqual(confirm?.writes, { confirm_by_phone: true });
  });
});
