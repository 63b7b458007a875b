import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TaskSpec } from '../../schema/task-spec.js';
import { checkMutation } from '../../validate/mutation.js';
import { presetContract, presetHarness, gradeSteps } from './testing.js';

const FAMILY = 'sales_xlsx_report';
const h = presetHarness(FAMILY, 6);

type Call = Extract<TaskSpec['reference'][number], { call: string }>;
const writes = (spec: TaskSpec) => spec.reference.filter((s): s is Call => 'call' in s && s.call === 'fs_write_table');

describe(FAMILY, () => {
  it('the request opens in several ways, not one sentence with the names swapped (seed-3 near-duplicates)', () => {
    const openings = new Set<string>();
    for (const difficulty of ['easy', 'medium', 'hard'] as const)
      for (const seed of h.seeds) openings.add(h.parsed(difficulty, seed).request.split(/\s/)[0] as string);
    assert.ok(openings.size >= 4, [...openings].join(' | '));
  });

  // review 68: "book a 30-minute … review with Ines Jensen on 2026-02-08" — a Sunday
  it('hard: the review is booked on a working day, whatever day the task is dated', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const spec = h.parsed('hard', seed);
      const event = spec.reference.find((x): x is Call => 'call' in x && x.call === 'calendar_create_event');
      const day = new Date(String(event?.args.start_time)).getUTCDay();
      assert.ok(day >= 1 && day <= 5, `seed ${seed} (${spec.mock_today}): ${event?.args.start_time}`);
    }
  });

  // below the band by the step the final answer takes
  presetContract(h, { steps: { hard: [11, 11] } });

  it('hard: the user replaces the export mid-episode; an agent that re-reads gets it right, one that does not is caught', async () => {
    for (const seed of h.seeds.slice(0, 3)) {
      const spec = h.parsed('hard', seed);
      const good = await gradeSteps(spec, spec.reference);
      assert.equal(good.score, 1, `seed ${seed}`);
      assert.ok(good.checks.every((c) => c.score === 1));
      // the stale agent: writes the totals of the file it read before the replacement, never re-reads it
      const [stale, fresh] = writes(spec) as [Call, Call];
      assert.equal(stale.for, 'user');
      const noReread = spec.reference
        .filter((s, i) => !('call' in s && s.call === 'fs_read' && i > spec.reference.indexOf(stale)))
        .map((s) => (s === fresh ? { call: s.call, args: stale.args } : s));
      const missed = await gradeSteps(spec, noReread);
      assert.ok((missed.score ?? 1) < 1, `seed ${seed}: ${missed.score}`);
      assert.ok(missed.checks.some((c) => c.id.startsWith('total_') && c.score === 0));
    }
  });

  it("names a quarter that has ended by the task's day, and says how every status in the export is treated", () => {
    const treated = new Set<string>();
    for (const difficulty of ['easy', 'medium', 'hard'] as const)
      for (const seed of h.seeds) {
        const spec = h.parsed(difficulty, seed);
        const [, q, year] = /\bQ([1-4]) (\d{4})\b/.exec(spec.request) ?? [];
        assert.ok(q && year, spec.request);
        // the quarter's last day is before the task's day (the request asked for Q1 or Q3 whatever the date)
        const end = Date.UTC(Number(year), Number(q) * 3, 1);
        assert.ok(end <= Date.parse(spec.mock_today), `${difficulty} ${seed}: Q${q} ${year} on ${spec.mock_today}`);
        const file = Object.values(spec.fixtures.workspace?.files ?? {}).find((f) => typeof f === 'object') as {
          xlsx: { sheets: { rows: unknown[][] }[] };
        };
        const statuses = new Set(file.xlsx.sheets[0]?.rows.slice(1).map((r) => String(r[4])));
        // the rule is in the request (easy) or the manager's mail (medium+): every status but paid is named in it
        const mails = (spec.fixtures.gmail?.messages ?? []) as { body: string }[];
        const rule = [spec.request, ...mails.map((m) => m.body)].join(' ');
        for (const status of statuses) if (status !== 'paid') assert.match(rule, new RegExp(`${status}`), status);
        treated.add(/keep refunded ones in/.test(rule) ? 'refunds counted' : 'refunds left out');
        // the totals follow the stated rule: a refunded order counts only where the rule keeps it
        const kept = /keep refunded ones in/.test(rule);
        const rows = file.xlsx.sheets[0]?.rows.slice(1) as [string, string, string, number, string][];
        const expect = new Map<string, number>();
        for (const [, region, , amount, status] of rows)
          if (status === 'paid' || (kept && status === 'refunded'))
            expect.set(region, Math.round(((expect.get(region) ?? 0) + amount) * 100) / 100);
        if (difficulty === 'hard') continue; // (the corrected export adds an order)
        for (const c of spec.checks.filter((x) => x.id.startsWith('total_'))) {
          const t = (c as unknown as { table: { where: { Region: string }; value: number } }).table;
          assert.equal(t.value, expect.get(t.where.Region), `${difficulty} ${seed} ${t.where.Region}`);
        }
      }
    assert.deepEqual([...treated].sort(), ['refunds counted', 'refunds left out']);
  });

  it('"highest first" is checked: the right totals lowest first lose the order checks (review 43)', async () => {
    for (const difficulty of ['easy', 'medium'] as const)
      for (const seed of h.seeds.slice(0, 3)) {
        const spec = h.parsed(difficulty, seed);
        const steps = spec.reference.map((st) =>
          'call' in st && st.call === 'fs_write_table'
            ? { ...st, args: { ...st.args, rows: [...(st.args.rows as unknown[])].reverse() } }
            : st,
        );
        const g = await gradeSteps(spec, steps);
        const failed = g.checks.filter((c) => (c.score ?? 0) < 1).map((c) => c.id);
        assert.deepEqual(failed.sort(), ['totals_ordered', 'totals_ordered_last'], `${spec.id}: ${failed.join()}`);
        assert.equal((await gradeSteps(spec, spec.reference)).passed, true);
      }
  });

  it('the gate kills the "file not written" and "wrong cell value" mutants', async () => {
    for (const difficulty of ['easy', 'hard'] as const) {
      const { stats } = await checkMutation(h.parsed(difficulty, 2));
      assert.deepEqual(stats.survivors, []);
      assert.deepEqual(stats.by_kind.file_not_written, [1, 1]);
      assert.deepEqual(stats.by_kind.wrong_cell, [1, 1]);
    }
  });
});
