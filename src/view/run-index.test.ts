import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { RunStore } from '../run/run-store.js';
import { summarizeRun } from '../run/summary.js';
import { canonicalJson } from '../schema/canonical-json.js';
import type { Trajectory } from '../schema/trajectory.js';
import { checksOfGrade } from './line-scan.js';
import { RunIndex } from './run-index.js';
import { exampleTrajectories } from './testing.js';

const tmp = mkdtempSync(join(tmpdir(), 'coworkenv-run-index-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

async function makeRun(name: string, ts: readonly Trajectory[], trials = 2): Promise<string> {
  const dir = join(tmp, name);
  const ids = [...new Set(ts.map((t) => t.task_id))];
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'run.json'),
    JSON.stringify({
      version: 1,
      status: 'running',
      config: {
        name,
        tasks: ids.map((id) => ({ id, family: id.split('_')[0], capabilities: ['Tool_Calling'], spec_hash: 'h' })),
        agent: { name: 'noisy' },
        trials,
        seed: 11,
      },
    }),
  );
  writeFileSync(join(dir, 'trajectories.jsonl'), ts.map((t) => `${canonicalJson(t)}\n`).join(''));
  return dir;
}

describe('RunIndex', () => {
  it('gives the summary `coworkenv summary` computes, with byte offsets of every line', async () => {
    const ts = await exampleTrajectories();
    const dir = await makeRun('same', ts);
    const index = new RunIndex(dir);
    await index.refresh();
    const read = await RunStore.read(dir);
    assert.deepEqual(index.summary(), summarizeRun(read.config.tasks, read.store.done.values(), read.config.trials));
    // read 1 KB at a time (lines are ~10 KB: the buffer grows, and lines cross reads) — the same index
    const small = new RunIndex(dir, { chunk: 1024 });
    await small.refresh();
    assert.deepEqual(small.entries, index.entries);
    assert.equal(index.size, ts.length);
    // checks are read later, from each grade's byte range
    assert.ok(index.entries.every((e) => e.checks === undefined));
    await index.loadChecks();
    for (const e of index.entries) {
      const t = JSON.parse(await index.lineOf(e)) as Trajectory;
      assert.deepEqual([t.task_id, t.trial, t.grade?.score], [e.task_id, e.trial, e.score]);
      assert.deepEqual(e.checks, {
        ids: checksOfGrade(t.grade).map((c) => c.id),
        scores: checksOfGrade(t.grade).map((c) => c.score),
      });
    }
  });

  it('reads only what was appended, waits for a line to end, and starts over when the file shrinks', async () => {
    const ts = await exampleTrajectories();
    const dir = await makeRun('growing', ts.slice(0, 3));
    const file = join(dir, 'trajectories.jsonl');
    const index = new RunIndex(dir);
    await index.refresh();
    assert.equal(index.size, 3);
    const before = index.bytes;
    // half a line: a writer mid-append
    const next = canonicalJson(ts[3]);
    appendFileSync(file, next.slice(0, 100));
    await index.refresh();
    assert.deepEqual([index.size, index.bytes, index.pending], [3, before, 100]);
    appendFileSync(file, `${next.slice(100)}\n`);
    await index.refresh();
    assert.deepEqual([index.size, index.pending], [4, 0]);
    assert.equal(index.entries[3]?.offset, before);
    // a resume truncated the file: the index is rebuilt, not left pointing past the end
    truncateSync(file, before);
    await index.refresh();
    assert.equal(index.size, 3);
    // the status in run.json is re-read too
    writeFileSync(join(dir, 'run.json'), JSON.stringify({ version: 1, status: 'done', config: index.config }));
    await index.refresh();
    assert.equal(index.status, 'done');
  });

  it('keeps the last line of a repeated (task, trial), skips broken lines and lists non-trajectories', async () => {
    const ts = await exampleTrajectories();
    const dir = await makeRun('messy', ts.slice(0, 2));
    const file = join(dir, 'trajectories.jsonl');
    const again = { ...structuredClone(ts[0] as Trajectory) };
    (again.grade as NonNullable<Trajectory['grade']>).score = 0.123;
    appendFileSync(file, `{"not json\n${canonicalJson(again)}\n\n{"kind":"other"}\n`);
    const index = new RunIndex(dir);
    await index.refresh();
    assert.equal(index.size, 2);
    assert.equal(index.find(again.task_id, again.trial)?.score, 0.123);
    assert.deepEqual(
      index.skipped.map((s) => s.line),
      [3],
    );
    assert.deepEqual(index.invalid, [{ line: 6, message: 'not a trajectory record' }]);
    const read = await RunStore.read(dir).catch((e: Error) => e);
    // RunStore.read refuses the non-trajectory line; the index shows the rest and names it
    assert.ok(read instanceof Error && /:6: not a trajectory record/.test(read.message));
  });

  it('says what is wrong with a directory that is not a run', async () => {
    const dir = join(tmp, 'none');
    mkdirSync(dir);
    await assert.rejects(new RunIndex(dir).refresh(), /none: no readable run\.json; is this a run directory/);
    writeFileSync(join(dir, 'run.json'), '{"version":1');
    await assert.rejects(new RunIndex(dir).refresh(), /run\.json: not valid JSON .*rerun the run with --force/);
    writeFileSync(join(dir, 'run.json'), '{"version":1}');
    await assert.rejects(new RunIndex(dir).refresh(), /run\.json: has no run configuration \(config\.tasks\)/);
  });
});
