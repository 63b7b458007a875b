import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalJson } from '../../spec/canonical-json.js';
import { checkSpecValue } from '../../spec/parse-spec.js';
import type { TaskSpec } from '../../spec/task-spec.js';
import type { Difficulty } from '../../spec/taxonomy.js';
import { runGate } from '../gate/index.js';
import { generateProcedural } from '../procedural.js';
import { totalPattern } from './expense-report.js';

const FAMILY = 'expense_report';
const SEEDS = Array.from({ length: 15 }, (_, i) => i + 1);
// App. D targets: [min, max] reference steps and services per difficulty
const STEPS: Record<Difficulty, [number, number]> = { easy: [4, 7], medium: [8, 12], hard: [12, 20] };
const SERVICES: Record<Difficulty, [number, number]> = { easy: [2, 3], medium: [3, 3], hard: [4, 5] };

// alternate two clocks so dates cross a year boundary too
const gen = (difficulty: Difficulty, seed: number) =>
  generateProcedural({ family: FAMILY, id: `${FAMILY}_${difficulty}_${seed}`, seed, difficulty, mockToday: seed % 2 ? '2026-03-10' : '2025-12-31T15:30:00Z' });
// the spec with schema defaults applied, for typed assertions
const parsed = (difficulty: Difficulty, seed: number): TaskSpec => {
  const p = checkSpecValue(gen(difficulty, seed));
  assert.ok(p.spec, JSON.stringify(p.diagnostics.slice(0, 3)));
  return p.spec;
};

type Row = Record<string, unknown>;
const rows = (spec: TaskSpec, service: string, collection: string) => (spec.fixtures[service]?.[collection] ?? []) as Row[];
const claimed = (spec: TaskSpec) =>
  spec.checks.flatMap((c) => (c.kind === 'audit_present' && c.id.startsWith('claims_') ? [(c.where?.transactions as { contains: string }).contains] : []));

describe(FAMILY, () => {
  for (const difficulty of ['easy', 'medium', 'hard'] as const) {
    it(`${difficulty}: passes all 10 gate steps with mutation kill rate 1 on ${SEEDS.length} seeds`, async () => {
      for (const seed of SEEDS) {
        const r = await runGate({ raw: gen(difficulty, seed) });
        assert.equal(r.steps.length, 10, `seed ${seed}: ${JSON.stringify(r.diagnostics.slice(0, 3))}`);
        assert.ok(r.ok, `seed ${seed}: ${JSON.stringify(r.diagnostics.slice(0, 3))}`);
        assert.equal((r.steps[8]?.stats as { kill_rate: number }).kill_rate, 1);
        const spec = r.spec as TaskSpec;
        const [lo, hi] = STEPS[difficulty];
        assert.ok(spec.reference.length >= lo && spec.reference.length <= hi, `seed ${seed}: ${spec.reference.length} steps`);
        const [slo, shi] = SERVICES[difficulty];
        assert.ok(spec.services.length >= slo && spec.services.length <= shi, `seed ${seed}: ${spec.services.length} services`);
      }
    });

    it(`${difficulty}: deterministic, seed-sensitive`, () => {
      for (const seed of SEEDS.slice(0, 5)) assert.equal(canonicalJson(gen(difficulty, seed)), canonicalJson(gen(difficulty, seed)));
      assert.equal(new Set(SEEDS.map((s) => canonicalJson({ ...gen(difficulty, s), id: 'x', mock_today: 'x' }))).size, SEEDS.length);
    });

    it(`${difficulty}: targets are travel inside the trip, distractors fail one condition and are forbidden`, () => {
      for (const seed of SEEDS) {
        const spec = parsed(difficulty, seed);
        const txns = rows(spec, 'finance', 'transactions');
        const ids = claimed(spec);
        const targets = txns.filter((t) => ids.includes(t.transaction_id as string));
        assert.equal(targets.length, ids.length);
        assert.ok(targets.every((t) => t.category === 'travel'));
        const dates = targets.map((t) => t.date as string).sort();
        const [first, last] = [dates[0] as string, dates.at(-1) as string];
        const others = txns.filter((t) => !ids.includes(t.transaction_id as string));
        const forbidden = new Set(spec.forbidden.actions?.map((a) => (a.where?.transactions as { contains?: string } | undefined)?.contains));
        assert.ok(others.every((t) => forbidden.has(t.transaction_id as string)));
        // a travel transaction just outside the range at every level
        assert.ok(others.some((t) => t.category === 'travel' && ((t.date as string) < first || (t.date as string) > last)));
        if (difficulty !== 'easy') {
          assert.ok(others.some((t) => t.category === 'meals' && (t.date as string) >= first && (t.date as string) <= last));
          // the last claimed day comes from the rebooking mail, after the calendar's end
          const trip = rows(spec, 'calendar', 'events').find((e) => String(e.start_time).startsWith(first)) as Row;
          assert.ok(String(trip.end_time).slice(0, 10) < last);
        }
        if (difficulty === 'hard') {
          // a personal item inside the range, and travel of the previous and the upcoming trip
          assert.ok(others.some((t) => t.category === 'travel' && (t.date as string) > first && (t.date as string) < last));
          const recent = Date.parse(spec.mock_today) - 14 * 86_400_000;
          assert.ok(Date.parse(last) >= recent && Date.parse(last) < Date.parse(spec.mock_today));
          const trips = rows(spec, 'calendar', 'events').filter((e) => String(e.title).startsWith('Trip:'));
          assert.equal(trips.length, 3);
          assert.equal(trips.filter((e) => Date.parse(String(e.end_time)) >= recent && Date.parse(String(e.end_time)) < Date.parse(spec.mock_today)).length, 1);
        }
      }
    });
  }

  it('accepts the total with float noise but not a wrong total', () => {
    const re = new RegExp(totalPattern(119051));
    for (const ok of ['1190.51', '1190.5100000000002', '1190.5099999999998']) assert.match(ok, re);
    for (const bad of ['1190.5', '1190.52', '119.051', '1190.51.0']) assert.doesNotMatch(bad, re);
    const whole = new RegExp(totalPattern(120000));
    for (const ok of ['1200', '1200.0000000001', '1199.9999999999']) assert.match(ok, whole);
  });
});
