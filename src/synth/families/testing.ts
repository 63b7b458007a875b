import assert from 'node:assert/strict';
import { it } from 'node:test';
import { canonicalJson } from '../../schema/canonical-json.js';
import { checkSpecValue } from '../../schema/parse-spec.js';
import type { TaskSpec, TaskSpecInput } from '../../schema/task-spec.js';
import { DIFFICULTIES, type Difficulty } from '../../schema/taxonomy.js';
import type { Grade } from '../../schema/trajectory.js';
import { runGate } from '../../validate/index.js';
import { playReference } from '../../validate/replay.js';
import { generateProcedural } from '../procedural.js';

// shared checks every procedural family must pass (tests only)

/** CoworkEnv App. D targets: [min, max] reference steps and services per difficulty. */
export const STEP_RANGE: Record<Difficulty, [number, number]> = { easy: [4, 7], medium: [8, 12], hard: [12, 20] };
export const SERVICE_RANGE: Record<Difficulty, [number, number]> = { easy: [2, 3], medium: [3, 3], hard: [4, 5] };

export interface FamilyHarness {
  seeds: number[];
  /** the raw spec of (difficulty, seed) */
  gen(difficulty: Difficulty, seed: number): TaskSpecInput;
  /** the same with schema defaults applied */
  parsed(difficulty: Difficulty, seed: number): TaskSpec;
}

/** A generator for a family over two clocks (one crossing a year boundary), `n` seeds. */
export function familyHarness(
  family: string,
  n = 15,
  clocks: readonly string[] = ['2026-03-10', '2025-12-31T15:30:00Z'],
): FamilyHarness {
  const gen = (difficulty: Difficulty, seed: number) =>
    generateProcedural({
      family,
      id: `${family}_${difficulty}_${seed}`,
      seed,
      difficulty,
      mockToday: clocks[seed % clocks.length] as string,
    });
  return {
    seeds: Array.from({ length: n }, (_, i) => i + 1),
    gen,
    parsed(difficulty, seed) {
      const p = checkSpecValue(gen(difficulty, seed));
      assert.ok(p.spec, JSON.stringify(p.diagnostics.slice(0, 3)));
      return p.spec;
    },
  };
}

/**
 * Registers, per difficulty: every seed passes all ten gate steps with mutation kill rate 1 and the App. D
 * step/service ranges; generation is deterministic and seed-sensitive. Call inside a describe().
 */
export function familyContract(
  h: FamilyHarness,
  ranges: {
    steps?: Partial<Record<Difficulty, [number, number]>>;
    services?: Partial<Record<Difficulty, [number, number]>>;
  } = {},
): void {
  for (const difficulty of DIFFICULTIES) {
    it(`${difficulty}: all 10 gate steps pass with mutation kill rate 1 on ${h.seeds.length} seeds, within the App. D ranges`, async () => {
      for (const seed of h.seeds) {
        const r = await runGate({ raw: h.gen(difficulty, seed) });
        const why = `seed ${seed}: ${JSON.stringify(r.diagnostics.slice(0, 3))}`;
        assert.equal(r.steps.length, 10, why);
        assert.ok(r.ok, why);
        assert.equal((r.steps.find((s) => s.name === 'mutation')?.stats as { kill_rate: number }).kill_rate, 1, why);
        const spec = r.spec as TaskSpec;
        const [lo, hi] = ranges.steps?.[difficulty] ?? STEP_RANGE[difficulty];
        assert.ok(
          spec.reference.length >= lo && spec.reference.length <= hi,
          `seed ${seed}: ${spec.reference.length} reference steps`,
        );
        const [slo, shi] = ranges.services?.[difficulty] ?? SERVICE_RANGE[difficulty];
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

/** The grade of `steps` played like the reference (no faults, the scripted user), e.g. the reference plus an undo. */
export async function gradeSteps(spec: TaskSpec, steps: Steps): Promise<Grade> {
  const { trajectory } = await playReference(spec, steps);
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
