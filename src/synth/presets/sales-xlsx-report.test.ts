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

  it('the gate kills the "file not written" and "wrong cell value" mutants', async () => {
    for (const difficulty of ['easy', 'hard'] as const) {
      const { stats } = await checkMutation(h.parsed(difficulty, 2));
      assert.deepEqual(stats.survivors, []);
      assert.deepEqual(stats.by_kind.file_not_written, [1, 1]);
      assert.deepEqual(stats.by_kind.wrong_cell, [1, 1]);
    }
  });
});
