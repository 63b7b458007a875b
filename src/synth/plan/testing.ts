import type { Job, Slot } from './plan.js';

// a plan slot and its job for the synthesis tests (tests only): one medium English e-mail task over crm,
// helpdesk and gmail, chasing a support backlog

/** The scenario note of the test slot. */
export const SUPPORT_SCENARIO = {
  goal: 'Chase the enterprise support backlog.',
  selection: 'only tickets older than two days',
  distractors: 'recent and small-business tickets',
};

/** The test slot, `over` on top. */
export const testSlot = (over: Partial<Slot> = {}): Slot => ({
  task_id: 'p',
  services: ['crm', 'helpdesk', 'gmail'],
  category: 'email',
  difficulty: 'medium',
  language: 'en',
  mock_today: '2026-03-10',
  scenario: SUPPORT_SCENARIO,
  count: 1,
  ...over,
});

/** The one job of `slot` (its id is the slot's task id). */
export const testJob = (slot: Slot, seed: number): Job => ({ slot, slotIndex: 0, id: slot.task_id, seed });
