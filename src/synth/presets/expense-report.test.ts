import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TaskSpec } from '../../schema/task-spec.js';
import { totalPattern } from './expense-report.js';
import { beforeSay, presetContract, presetHarness, gradeSteps, stateAfterUndo } from './testing.js';

const FAMILY = 'expense_report';
// odd seeds on 2026-03-10, even ones on New Year's Eve (dates cross a year boundary too)
const h = presetHarness(FAMILY, 15, ['2025-12-31T15:30:00Z', '2026-03-10']);

type Row = Record<string, unknown>;
const rows = (spec: TaskSpec, service: string, collection: string) =>
  (spec.fixtures[service]?.[collection] ?? []) as Row[];
const claimed = (spec: TaskSpec) =>
  spec.checks.flatMap((c) =>
    c.kind === 'audit_present' && c.id.startsWith('claims_')
      ? [(c.where?.transactions as { contains: string }).contains]
      : [],
  );

describe(FAMILY, () => {
  // below the band by the step the final answer takes
  presetContract(h, { steps: { medium: [7, 7], hard: [11, 11] } });

  for (const difficulty of ['easy', 'medium', 'hard'] as const) {
    it(`${difficulty}: targets are travel inside the trip, distractors fail one condition and are forbidden`, () => {
      for (const seed of h.seeds) {
        const spec = h.parsed(difficulty, seed);
        const txns = rows(spec, 'finance', 'transactions');
        const ids = claimed(spec);
        const targets = txns.filter((t) => ids.includes(t.transaction_id as string));
        assert.equal(targets.length, ids.length);
        assert.ok(targets.every((t) => t.category === 'travel'));
        const dates = targets.map((t) => t.date as string).sort();
        const [first, last] = [dates[0] as string, dates.at(-1) as string];
        const others = txns.filter((t) => !ids.includes(t.transaction_id as string));
        const forbidden = new Set(
          spec.forbidden.actions?.map((a) => (a.where?.transactions as { contains?: string } | undefined)?.contains),
        );
        assert.ok(others.every((t) => forbidden.has(t.transaction_id as string)));
        // a travel transaction just outside the range at every level
        assert.ok(
          others.some((t) => t.category === 'travel' && ((t.date as string) < first || (t.date as string) > last)),
        );
        if (difficulty !== 'easy') {
          assert.ok(
            others.some((t) => t.category === 'meals' && (t.date as string) >= first && (t.date as string) <= last),
          );
          // the last claimed day comes from the rebooking mail, after the calendar's end
          const trip = rows(spec, 'calendar', 'events').find((e) => String(e.start_time).startsWith(first)) as Row;
          assert.ok(String(trip.end_time).slice(0, 10) < last);
        }
        if (difficulty === 'hard') {
          // a personal item inside the range, and travel of the previous and the upcoming trip
          assert.ok(
            others.some((t) => t.category === 'travel' && (t.date as string) > first && (t.date as string) < last),
          );
          const recent = Date.parse(spec.mock_today) - 14 * 86_400_000;
          assert.ok(Date.parse(last) >= recent && Date.parse(last) < Date.parse(spec.mock_today));
          const trips = rows(spec, 'calendar', 'events').filter((e) => String(e.title).startsWith('Trip:'));
          assert.equal(trips.length, 3);
          assert.equal(
            trips.filter(
              (e) =>
                Date.parse(String(e.end_time)) >= recent &&
                Date.parse(String(e.end_time)) < Date.parse(spec.mock_today),
            ).length,
            1,
          );
        }
      }
    });
  }

  it('one report: a second submission with another total fails the exclusive report checks', async () => {
    for (const difficulty of ['easy', 'hard'] as const) {
      const spec = h.parsed(difficulty, 3);
      const submit = spec.reference.find((s) => 'call' in s && s.call === 'finance_submit_report') as {
        call: string;
        args: Record<string, unknown>;
      };
      const score = (g: Awaited<ReturnType<typeof gradeSteps>>, id: string) => g.checks.find((c) => c.id === id)?.score;
      const retotalled = await gradeSteps(
        spec,
        beforeSay(spec, {
          call: submit.call,
          args: { ...submit.args, total_amount: Number(submit.args.total_amount) + 10 },
        }),
      );
      assert.equal(score(retotalled, 'total_correct'), 0);
      // a second report with only one of the transactions voids every claim it lacks
      const [first, ...rest] = submit.args.transactions as string[];
      const split = await gradeSteps(
        spec,
        beforeSay(spec, { call: submit.call, args: { ...submit.args, transactions: [first] } }),
      );
      for (const id of rest) assert.equal(score(split, `claims_${id}`), 0, id);
      assert.equal(score(split, `claims_${first}`), 1);
    }
  });

  it('hard: the to-do is checked in its final state; completing and reopening it fails', async () => {
    for (const seed of h.seeds.slice(0, 4)) {
      const spec = h.parsed('hard', seed);
      const id = (spec.checks.find((c) => c.id === 'todo_completed') as { record_id: string }).record_id;
      const r = await stateAfterUndo(spec, [{ call: 'todo_update_task', args: { task_id: id, status: 'pending' } }]);
      assert.deepEqual(r.done, { todo_completed: 1 });
      assert.deepEqual(r.undone, { todo_completed: 0 }, `seed ${seed}`);
    }
  });

  it('accepts the total with float noise but not a wrong total', () => {
    const re = new RegExp(totalPattern(119051));
    for (const ok of ['1190.51', '1190.5100000000002', '1190.5099999999998']) assert.match(ok, re);
    for (const bad of ['1190.5', '1190.52', '119.051', '1190.51.0']) assert.doesNotMatch(bad, re);
    const whole = new RegExp(totalPattern(120000));
    for (const ok of ['1200', '1200.0000000001', '1199.9999999999']) assert.match(ok, whole);
  });
});
