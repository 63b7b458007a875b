import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT, badInput, runCli as cli, json, lines } from './testing.js';

const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-grade-'));
after(() => rmSync(TMP, { recursive: true, force: true }));

type GradeJson = {
  results: { task_id: string; trial: number; reproduced?: boolean | null; spec_changed?: boolean; skipped?: string }[];
};

describe('coworkenv grade: inputs and reporting', () => {
  const tasks = join(TMP, 'tasks');
  const run = join(TMP, 'run');
  before(async () => {
    cpSync(join(ROOT, 'examples/tasks'), tasks, { recursive: true });
    const r = await cli('run', tasks, '--agent', 'reference', '--out', run);
    assert.equal(r.code, 0, r.stderr);
  });

  it('refuses a file that holds no trajectory (e.g. a spec) with one clear line', async () => {
    badInput(
      await cli('grade', join(ROOT, 'examples/tasks/support_escalation.yaml'), '--tasks', tasks),
      /support_escalation\.yaml: no trajectory in it \(line 1: .*\); give a run directory or the trajectories\.jsonl/,
    );
    const empty = join(run, 'empty.jsonl');
    writeFileSync(empty, '\n  \n');
    badInput(
      await cli('grade', empty, '--tasks', tasks, '--strict'),
      /empty\.jsonl: no trajectory in it \(the file is empty\)/,
    );
  });

  it('reports a changed spec even when the grade still reproduces', async () => {
    const spec = join(tasks, 'inventory_reorder.yaml');
    const text = readFileSync(spec, 'utf8');
    writeFileSync(spec, text.replace(/^title: .*$/m, 'title: A retitled task'));
    try {
      const r = await cli('grade', run, '--tasks', tasks, '--json');
      assert.equal(r.code, 0, r.stderr);
      const row = json<GradeJson>(r).results.find((x) => x.task_id === 'inventory_reorder');
      assert.deepEqual([row?.reproduced, row?.spec_changed], [true, true]);
      const text2 = await cli('grade', run, '--tasks', tasks);
      assert.match(
        lines(text2.stdout).find((l) => l.startsWith('inventory_reorder')) ?? '',
        /yes\s+changed since the run/,
      );
    } finally {
      writeFileSync(spec, text);
    }
  });

  it('skips infrastructure failures (never graded) and exits 1 when nothing could be graded', async () => {
    const rows = lines(readFileSync(join(run, 'trajectories.jsonl'), 'utf8')).map(
      (l) => JSON.parse(l) as { events: { type: string; reason?: string }[]; grade?: unknown },
    );
    const infra = rows.map((t) => {
      const { grade: _grade, ...rest } = t;
      return {
        ...rest,
        events: t.events.map((e) =>
          e.type === 'episode_end' ? { ...e, reason: 'infra_error', error: 'upstream 503' } : e,
        ),
      };
    });
    const file = join(TMP, 'infra.jsonl');
    writeFileSync(file, [JSON.stringify(rows[0]), ...infra.slice(1).map((t) => JSON.stringify(t))].join('\n') + '\n');
    const some = await cli('grade', file, '--tasks', tasks, '--json');
    assert.equal(some.code, 0, some.stderr);
    const out = json<GradeJson>(some).results;
    assert.deepEqual(
      out.map((r) => r.skipped ?? 'graded'),
      ['graded', ...infra.slice(1).map(() => 'infra_error')],
    );
    writeFileSync(file, infra.map((t) => JSON.stringify(t)).join('\n') + '\n');
    const none = await cli('grade', file, '--tasks', tasks);
    assert.equal(none.code, 1);
    assert.match(none.stderr, /no trajectory could be graded/);
    assert.match(none.stdout, /infra error, not graded/);
  });
});

describe('coworkenv validate --json', () => {
  it('carries each step’s numbers (the mutation kill rate)', async () => {
    const r = await cli('validate', 'examples/tasks/support_escalation.yaml', '--json');
    assert.equal(r.code, 0, r.stderr);
    const steps =
      json<{
        results: { steps: { step: number; stats?: { mutants: number; killed: number; kill_rate: number } }[] }[];
      }>(r).results[0]?.steps ?? [];
    const mutation = steps.find((s) => s.step === 9)?.stats;
    assert.ok(mutation && mutation.mutants > 0, 'step 9 reports its mutants');
    assert.equal(mutation.kill_rate, mutation.killed / mutation.mutants);
    const text = await cli('validate', 'examples/tasks/support_escalation.yaml');
    assert.match(text.stdout, new RegExp(`steps 1-11, mutants killed ${mutation.killed}/${mutation.mutants}`));
  });
});
