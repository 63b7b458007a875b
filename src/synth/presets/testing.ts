import assert from 'node:assert/strict';
import { it } from 'node:test';
import { canonicalJson } from '../../schema/canonical-json.js';
import { checkSpecValue } from '../../schema/parse-spec.js';
import type { TaskSpec, TaskSpecInput } from '../../schema/task-spec.js';
import { DIFFICULTIES, type Difficulty } from '../../schema/taxonomy.js';
import type { Grade } from '../../schema/trajectory.js';
import { getService, resolveTool } from '../../services/registry.js';
import { GATE_STEPS, type GateReport, runGate } from '../../validate/index.js';
import { ReplayMemo, replay } from '../../validate/replay.js';
import { generateProcedural } from '../generators.js';
import { DIFFICULTY_BANDS } from '../kit/bands.js';

// shared checks every preset must pass (tests only)

export interface PresetHarness {
  seeds: number[];
  /** the raw spec of (difficulty, seed) */
  gen(difficulty: Difficulty, seed: number): TaskSpecInput;
  /** the same with schema defaults applied */
  parsed(difficulty: Difficulty, seed: number): TaskSpec;
  /** the full gate's report on gen(difficulty, seed), run once per harness and shared by the tests that read it */
  gate(difficulty: Difficulty, seed: number): Promise<GateReport>;
}

/** The number of mutants the gate's mutation step (step 9) made; undefined when it did not run. */
export const mutantsOf = (r: GateReport): number | undefined =>
  (r.steps.find((s) => s.name === 'mutation')?.stats as { mutants?: number } | undefined)?.mutants;

/** The tasks of a preset over two clocks (one crossing a year boundary), `n` seeds. */
export function presetHarness(
  preset: string,
  n = 15,
  clocks: readonly string[] = ['2026-03-10', '2025-12-31T15:30:00Z'],
): PresetHarness {
  const gen = (difficulty: Difficulty, seed: number) =>
    generateProcedural({
      generator: preset,
      id: `${preset}_${difficulty}_${seed}`,
      seed,
      difficulty,
      mockToday: clocks[seed % clocks.length] as string,
    });
  const gates = new Map<string, Promise<GateReport>>();
  return {
    seeds: Array.from({ length: n }, (_, i) => i + 1),
    gen,
    gate(difficulty, seed) {
      const key = `${difficulty} ${seed}`;
      let r = gates.get(key);
      if (!r) {
        r = runGate({ raw: gen(difficulty, seed) });
        gates.set(key, r);
      }
      return r;
    },
    parsed(difficulty, seed) {
      const p = checkSpecValue(gen(difficulty, seed));
      assert.ok(p.spec, JSON.stringify(p.diagnostics.slice(0, 3)));
      return p.spec;
    },
  };
}

/**
 * Registers, per difficulty: every seed passes every gate step with mutation kill rate 1 and stays in the
 * difficulty band (kit/bands.ts: services and reference tool calls) or the deviation its test declares in
 * `ranges`; generation is deterministic and seed-sensitive. Call inside a describe().
 */
export function presetContract(
  h: PresetHarness,
  ranges: {
    steps?: Partial<Record<Difficulty, [number, number]>>;
    services?: Partial<Record<Difficulty, [number, number]>>;
  } = {},
): void {
  for (const difficulty of DIFFICULTIES) {
    it(`${difficulty}: all gate steps pass with mutation kill rate 1 on ${h.seeds.length} seeds, within the App. D ranges`, async () => {
      for (const seed of h.seeds) {
        const r = await h.gate(difficulty, seed);
        const why = `seed ${seed}: ${JSON.stringify(r.diagnostics.slice(0, 3))}`;
        assert.equal(r.steps.length, GATE_STEPS.length, why);
        assert.ok(r.ok, why);
        assert.equal((r.steps.find((s) => s.name === 'mutation')?.stats as { kill_rate: number }).kill_rate, 1, why);
        const spec = r.spec as TaskSpec;
        const [lo, hi] = ranges.steps?.[difficulty] ?? DIFFICULTY_BANDS[difficulty].steps;
        const calls = spec.reference.filter((s) => 'call' in s).length;
        assert.ok(calls >= lo && calls <= hi, `seed ${seed}: ${calls} reference tool calls`);
        const [slo, shi] = ranges.services?.[difficulty] ?? DIFFICULTY_BANDS[difficulty].services;
        assert.ok(
          spec.services.length >= slo && spec.services.length <= shi,
          `seed ${seed}: ${spec.services.length} services`,
        );
      }
    });

    it(`${difficulty}: deterministic and seed-sensitive`, () => {
      for (const seed of h.seeds.slice(0, 5))
        assert.equal(canonicalJson(h.gen(difficulty, seed)), canonicalJson(h.gen(difficulty, seed)));
      assert.equal(
        new Set(h.seeds.map((s) => canonicalJson({ ...h.gen(difficulty, s), id: 'x', mock_today: 'x' }))).size,
        h.seeds.length,
      );
    });
  }
}

type Steps = TaskSpec['reference'];

/**
 * The grade of `steps` played like the reference (no faults, the scripted user), e.g. the reference plus an undo.
 * With a `memo` (for `spec`), the run resumes from the reference's checkpoints as the gate's own replays do.
 */
export async function gradeSteps(spec: TaskSpec, steps: Steps, memo?: ReplayMemo): Promise<Grade> {
  const { trajectory } = await replay(spec, steps, memo);
  assert.ok(trajectory.grade);
  return trajectory.grade;
}

/** The reference with `extra` steps inserted before its closing say. */
export function beforeSay(spec: TaskSpec, ...extra: Steps): Steps {
  const ref = spec.reference;
  let end = ref.length;
  while (end > 0 && 'say' in (ref[end - 1] as Steps[number])) end--;
  return [...ref.slice(0, end), ...extra, ...ref.slice(end)];
}

/** Per state_equals check: its score after the reference, and after the reference plus `undo` (which restores the fixture values). */
export async function stateAfterUndo(
  spec: TaskSpec,
  undo: Steps,
): Promise<{ done: Record<string, number | null>; undone: Record<string, number | null>; undoneScore: number | null }> {
  const ids = spec.checks.filter((c) => c.kind === 'state_equals').map((c) => c.id);
  const pick = (g: Grade) => Object.fromEntries(g.checks.filter((c) => ids.includes(c.id)).map((c) => [c.id, c.score]));
  const undone = await gradeSteps(spec, beforeSay(spec, ...undo));
  return { done: pick(await gradeSteps(spec, spec.reference)), undone: pick(undone), undoneScore: undone.score };
}

// ---- lazy-agent probes (issue #13): trajectories that act too little, too much, or with a wrong value ----

/** A lazy or sloppy trajectory derived from the reference, which must score below the pass threshold. */
export interface LazyProbe {
  name: string;
  steps: Steps;
}

type Call = { call: string; args: Record<string, unknown> };
const isCall = (s: Steps[number]): s is Steps[number] & Call => 'call' in s;
const mutates = (s: Steps[number]) => isCall(s) && !!resolveTool(s.call)?.tool.mutates;
const EMAIL = /^[^@\s<>]+@[^@\s<>]+\.[a-z]+$/i;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}/;

// fixture ids per service collection, so an id argument can be swapped for a sibling record's
function recordIds(spec: TaskSpec): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [service, cols] of Object.entries(spec.fixtures)) {
    for (const [name, rows] of Object.entries(cols)) {
      const idField = getService(service)?.collections[name]?.id;
      if (!idField || !Array.isArray(rows)) continue;
      out.set(
        `${service}.${name}`,
        rows.map((r) => String((r as Record<string, unknown>)[idField])),
      );
    }
  }
  return out;
}

// every e-mail address the fixtures mention: plausible wrong recipients
function fixtureEmails(spec: TaskSpec): string[] {
  return [...new Set(JSON.stringify(spec.fixtures).match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? [])];
}

/** A plausible wrong value for a numeric, date or recipient argument; undefined for anything else. */
export function perturbValue(v: unknown, emails: readonly string[]): unknown {
  if (typeof v === 'number')
    return v === 0 ? 1 : Number.isInteger(v) ? Math.round(v * 1.5) || v + 1 : Math.round(v * 150) / 100;
  if (typeof v !== 'string') return undefined;
  if (EMAIL.test(v)) return emails.find((e) => e.toLowerCase() !== v.toLowerCase()) ?? `x.${v}`;
  if (ISO_DAY.test(v) && !Number.isNaN(Date.parse(v.slice(0, 10)))) {
    const day = new Date(Date.parse(v.slice(0, 10)) + 86_400_000).toISOString().slice(0, 10);
    return day + v.slice(10);
  }
  return undefined;
}

/**
 * The issue #13 probes of a spec, built from its reference: do-nothing, read-only (no mutating call),
 * claim-only (read-only + the final message), distractor-included (the reference plus each mutating call
 * repeated on every sibling record it left alone), spray (all of those at once), and value-perturbed
 * (one numeric/date/recipient argument of one mutating call shifted).
 */
export function lazyProbes(spec: TaskSpec): LazyProbe[] {
  const ref = spec.reference;
  const readOnly = ref.filter((s) => !mutates(s) && !('say' in s));
  let tail = ref.length;
  while (tail > 0 && 'say' in (ref[tail - 1] as Steps[number])) tail--;
  const probes: LazyProbe[] = [
    { name: 'do-nothing', steps: [] },
    { name: 'read-only', steps: readOnly },
    { name: 'claim-only', steps: [...readOnly, ...ref.slice(tail)] },
  ];
  const ids = recordIds(spec);
  const touched = new Set(ref.filter(mutates).flatMap((s) => Object.values((s as Call).args).map(String)));
  const spray: Steps = [];
  for (const step of ref.filter(mutates) as Call[]) {
    for (const [arg, v] of Object.entries(step.args)) {
      const siblings = [...ids.values()].find((l) => typeof v === 'string' && l.includes(v)) ?? [];
      for (const other of siblings.filter((o) => !touched.has(o))) {
        const extra = { call: step.call, args: { ...step.args, [arg]: other } };
        probes.push({ name: `distractor-included ${step.call} ${arg}=${other}`, steps: beforeSay(spec, extra) });
        spray.push(extra);
      }
    }
  }
  if (spray.length) probes.push({ name: 'spray', steps: beforeSay(spec, ...spray) });
  const emails = fixtureEmails(spec);
  ref.forEach((step, i) => {
    if (!mutates(step)) return;
    for (const [arg, v] of Object.entries((step as Call).args)) {
      const list = Array.isArray(v);
      const wrong = list ? perturbValue(v[0], emails) : perturbValue(v, emails);
      if (wrong === undefined) continue;
      const args = { ...(step as Call).args, [arg]: list ? [wrong, ...v.slice(1)] : wrong };
      const steps = ref.map((s, j) => (j === i ? { call: (step as Call).call, args } : s));
      probes.push({ name: `value-perturbed ${(step as Call).call}#${i} ${arg}=${JSON.stringify(wrong)}`, steps });
    }
  });
  return probes;
}

/** Each probe of `spec` that scores at or above the pass threshold, with its score. */
export async function passingProbes(spec: TaskSpec): Promise<{ name: string; score: number | null }[]> {
  const out: { name: string; score: number | null }[] = [];
  // the probes share the reference's first calls: each resumes from its checkpoints, as in the gate
  const memo = new ReplayMemo(spec);
  for (const p of lazyProbes(spec)) {
    const g = await gradeSteps(spec, p.steps, memo);
    if (g.score === null || g.score >= spec.scoring.pass_threshold) out.push({ name: p.name, score: g.score });
  }
  return out;
}
