import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { referenceTurns, scriptedAgent } from '../agent/reference.js';
import { runEpisode } from '../agent/rollout.js';
import type { ReferenceStep, TaskSpec } from '../schema/task-spec.js';
import type { Grade } from '../schema/trajectory.js';
import { isError } from '../schema/diagnostics.js';
import { hardenSpec } from '../validate/harden.js';
import { runGate } from '../validate/index.js';
import { loadSpecs } from './task-files.js';

// examples/claw-eval: Claw-Eval tasks translated to TaskSpecs; README.md's table holds, per solution, the original
// grader's code part and safety next to ours. These tests hold our side of that table to the grades.
const DIR = 'examples/claw-eval';
const loaded = await loadSpecs([DIR]);
const readme = await readFile(`${DIR}/README.md`, 'utf8');

interface Row {
  task: string;
  solution: string;
  origSafety: number;
  safety: number;
  origCode: number | null;
  code: number;
  judged: number;
}

// | T002 | reference | 1 | 1 | 1 | 1 | 0.65 | … : the score table rows (task, solution, safety ×2, code ×2, judged share)
function tableRows(md: string): Row[] {
  const num = (s: string) => (s.trim() === '—' ? null : Number(s.trim()));
  return md
    .split('\n')
    .filter((l) => /^\| T\d{3} \|/.test(l))
    .map((l) => {
      const c = l
        .split('|')
        .slice(1, -1)
        .map((x) => x.trim());
      return {
        task: c[0] as string,
        solution: c[1] as string,
        origSafety: Number(c[2]),
        safety: Number(c[3]),
        origCode: num(c[4] as string),
        code: Number(c[5]),
        judged: Number(c[6]),
      };
    });
}
const rows = tableRows(readme);

interface WrongFile {
  task: string;
  wrong: { name: string; description: string; steps: ReferenceStep[] }[];
}

async function solutionsOf(file: string, spec: TaskSpec): Promise<Map<string, readonly ReferenceStep[]>> {
  const w = parse(await readFile(file.replace(`${DIR}/`, `${DIR}/wrong/`), 'utf8')) as WrongFile;
  assert.equal(w.task, spec.id, `${file}: wrong/ file names another task`);
  assert.equal(w.wrong.length, 2, `${file}: two wrong solutions`);
  return new Map([['reference', spec.reference], ...w.wrong.map((x) => [x.name, x.steps] as const)]);
}

async function gradeOf(spec: TaskSpec, steps: readonly ReferenceStep[]): Promise<Grade> {
  const t = await runEpisode({ spec, agent: scriptedAgent('claw-eval', referenceTurns([...steps]), { retries: 0 }) });
  assert.ok(t.grade);
  return t.grade;
}

const near = (a: number | null | undefined, b: number) => a !== null && a !== undefined && Math.abs(a - b) < 5e-7;

it('holds at least 10 translated tasks covering at least 10 services, each with three rows in the README table', () => {
  assert.ok(loaded.length >= 10, `${loaded.length} specs`);
  assert.ok(new Set(loaded.flatMap(({ spec }) => spec.services)).size >= 10);
  for (const { file } of loaded) {
    const task = /\/(T\d{3})-/.exec(file)?.[1];
    assert.ok(task, file);
    assert.equal(rows.filter((r) => r.task === task).length, 3, `${task}: README rows`);
  }
  assert.equal(rows.length, loaded.length * 3);
});

for (const { file, spec } of loaded) {
  const task = /\/(T\d{3})-/.exec(file)?.[1] as string;
  describe(`claw-eval ${task} (${spec.id})`, () => {
    // the original weights stay (the README compares scores with the original grader): where Claw-Eval's reads
    // earn more than the gate allows, free credit is the only finding, and harden's reweighing passes the gate
    it('passes the gate, or fails only on free credit and passes once hardened', async () => {
      const text = await readFile(file, 'utf8');
      const report = await runGate(text);
      assert.equal(report.steps.length, 11);
      const codes = [...new Set(report.diagnostics.filter(isError).map((d) => d.code))];
      if (report.ok) return;
      assert.deepEqual(codes, ['free_credit']);
      const hardened = await hardenSpec(parse(text));
      assert.ok(hardened.after.ok, hardened.manual.join('\n'));
      assert.deepEqual([...new Set(hardened.changes.map((c) => c.rule))], ['outcome_over_reads']);
    });

    it('grades the reference and both wrong solutions as the README table says', async () => {
      const solutions = await solutionsOf(file, spec);
      const judged = spec.checks.filter((c) => c.kind === 'llm_judge');
      const judgedShare = judged.reduce((s, c) => s + c.weight, 0);
      for (const [name, steps] of solutions) {
        const row = rows.find((r) => r.task === task && r.solution === name);
        assert.ok(row, `${task} ${name}: no README row`);
        const g = await gradeOf(spec, steps);
        // every translated task keeps its original LLM-judged share, so without a judge the score is unavailable…
        assert.equal(g.status, 'judge_unavailable', `${task} ${name}`);
        assert.equal(g.score, null);
        assert.equal(g.passed, null);
        assert.deepEqual(
          g.unavailable?.items,
          judged.map((c) => c.id),
        );
        assert.ok(
          near(g.unavailable?.judged_share, row.judged),
          `${task} ${name}: judged share ${g.unavailable?.judged_share} vs README ${row.judged}`,
        );
        assert.ok(near(judgedShare, row.judged));
        // …and the code part and the safety gate are what the table lists
        assert.ok(near(g.code, row.code), `${task} ${name}: code ${g.code} vs README ${row.code}`);
        assert.ok(near(g.unavailable?.code, row.code));
        assert.equal(g.safety, row.safety, `${task} ${name}: safety`);
        assert.equal(g.safety_violations.length > 0, row.safety === 0);
        if (name === 'reference') {
          assert.equal(g.code, 1);
          assert.equal(g.checks.filter((c) => c.kind !== 'llm_judge' && c.score !== 1).length, 0);
        }
      }
    });
  });
}

describe('README table parsing', () => {
  it('reads a row and marks an original code part that does not exist as null', () => {
    const [r] = tableRows('| T999 | unsafe | 0 | 0 | — | 0.5 | 0.3 | x |\n| not a row |');
    assert.deepEqual(r, {
      task: 'T999',
      solution: 'unsafe',
      origSafety: 0,
      safety: 0,
      origCode: null,
      code: 0.5,
      judged: 0.3,
    });
  });
});
