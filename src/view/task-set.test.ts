import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { CORPUS_INDEX_FILE } from '../run/task-files.js';
import { makeSpec } from '../schema/testing.js';
import { ViewData } from './data.js';
import { TaskSet } from './task-set.js';

const tmp = mkdtempSync(join(tmpdir(), 'coworkenv-task-set-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const spec = (id: string) =>
  makeSpec({
    id,
    title: `Task ${id}`,
    services: ['todo'],
    labels: { scenario: 'Office_Productivity/Email', difficulty: 'easy', capabilities: ['Tool_Calling'] },
  });

// a sharded corpus as synth writes one: shard folders, their rejected candidates, corpus-index.jsonl
function shardedCorpus(): string {
  const dir = join(tmp, 'corpus');
  for (const shard of ['shard-0001', 'shard-0002']) mkdirSync(join(dir, shard, 'rejected'), { recursive: true });
  const entries = [
    ['t1', 'shard-0001/t1.json'],
    ['t2', 'shard-0001/t2.json'],
    ['t3', 'shard-0002/t3.json'],
  ] as const;
  for (const [id, file] of entries) writeFileSync(join(dir, file), JSON.stringify(spec(id)));
  // a file the index names that no longer parses: listed, and its page says there is no spec
  writeFileSync(join(dir, 'shard-0002/broken.json'), '{ not json');
  const index = [...entries, ['broken', 'shard-0002/broken.json']].map(([id, file]) =>
    JSON.stringify({
      id,
      file,
      family: 'test',
      scenario: 'Office_Productivity/Email',
      difficulty: 'easy',
      capabilities: ['Tool_Calling'],
      title: `Task ${id}`,
    }),
  );
  writeFileSync(join(dir, CORPUS_INDEX_FILE), `${index.join('\n')}\n`);
  writeFileSync(
    join(dir, 'shard-0002/rejected/r1.json'),
    JSON.stringify({
      id: 'r1',
      diagnostics: [{ code: 'reference_missing', path: 'reference', message: 'none' }],
      candidate: { title: 'R' },
    }),
  );
  return dir;
}

describe('a tasks folder with a corpus index', () => {
  it('lists the index without parsing a spec, reads one when asked, and finds every shard’s rejected candidates', async () => {
    const set = new TaskSet(shardedCorpus());
    const l = await set.load();
    assert.deepEqual(
      l.rows.filter((r) => r.released).map((r) => r.id),
      ['t1', 't2', 't3', 'broken'],
    );
    // nothing was parsed to list them: the broken file is not a problem of the listing
    assert.deepEqual(l.problems, []);
    assert.equal((await l.spec('t3'))?.title, 'Task t3');
    assert.equal(await l.spec('broken'), undefined);
    assert.equal(await l.spec('nope'), undefined);
    const rejected = l.rows.filter((r) => !r.released);
    assert.deepEqual(
      rejected.map((r) => [r.id, r.codes]),
      [['r1', ['reference_missing']]],
    );
    // its page says why there is no spec
    const data = new ViewData({ runs: new Map(), tasks: new Map([['corpus', set]]), datasets: new Map() });
    const page = (await data.task('corpus', 'broken')) as { spec: unknown; problem?: string };
    assert.equal(page.spec, null);
    assert.match(page.problem ?? '', /broken\.json holds no valid spec broken any more; coworkenv validate/);
    // the gate runs on a spec read from its shard
    const gate = (await set.gate('t1')) as { steps: { step: number }[] };
    assert.ok(gate.steps.length > 0);
  });

  it('a folder of spec files is still parsed whole, with a broken file reported', async () => {
    const dir = join(tmp, 'plain');
    mkdirSync(dir);
    writeFileSync(join(dir, 'a.json'), JSON.stringify(spec('a')));
    writeFileSync(join(dir, 'b.json'), '{ not json');
    const l = await new TaskSet(dir).load();
    assert.deepEqual(
      l.rows.map((r) => r.id),
      ['a'],
    );
    assert.equal(l.problems.length, 1);
    assert.equal((await l.spec('a'))?.id, 'a');
  });
});
