import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { parse } from 'yaml';
import { CoworkError } from '../schema/errors.js';
import type { SynthOutcome } from '../synth/plan/outcome.js';
import type { SynthSummary } from '../synth/synthesize.js';
import { SynthOutputWriter } from './synth-output.js';
import { specHash } from '../schema/canonical-json.js';
import { TaskSpec } from '../schema/task-spec.js';
import { CORPUS_INDEX_FILE, checkedSpecs, loadSpecs, readTaskFiles, specFilesIn } from './task-files.js';

const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-shards-'));
after(() => rmSync(TMP, { recursive: true, force: true }));
const example = parse(readFileSync('examples/tasks/support_escalation.yaml', 'utf8')) as Record<string, unknown>;
const ids = ['t_01', 't_02', 't_03', 't_04', 't_05'];
const outcome = (id: string, accepted: boolean): SynthOutcome => ({
  id,
  slotIndex: 0,
  accepted,
  attempts: 1,
  candidate: { ...example, id },
  diagnostics: accepted ? [] : [{ code: 'probe_spray_passed', path: 'checks', message: 'spray passes' }],
  history: [],
});

async function corpus(dir: string): Promise<void> {
  // a plan of 5 jobs in shards of 2, its outcomes coming out of plan order; t_04 is rejected
  const w = new SynthOutputWriter(dir, new Map(ids.map((id, i) => [id, i])), 2);
  for (const id of ['t_03', 't_01', 't_05', 't_04', 't_02']) w.add(outcome(id, id !== 't_04'));
  await w.finish({ plan: 'p' } as SynthSummary);
}

describe('sharded synth output', () => {
  it('writes a plan of more than the shard size into shard folders by plan index, rejected beside them, with an index in plan order', async () => {
    const dir = join(TMP, 'c1');
    await corpus(dir);
    for (const f of [
      'shard-0001/t_01.json',
      'shard-0001/t_02.json',
      'shard-0002/t_03.json',
      'shard-0002/rejected/t_04.json',
      'shard-0003/t_05.json',
      'synth-summary.json',
    ])
      assert.ok(existsSync(join(dir, f)), f);
    assert.ok(!existsSync(join(dir, 'shard-0002/t_04.json')));
    const index = readFileSync(join(dir, CORPUS_INDEX_FILE), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      index.map((e) => [e.id, e.file]),
      [
        ['t_01', 'shard-0001/t_01.json'],
        ['t_02', 'shard-0001/t_02.json'],
        ['t_03', 'shard-0002/t_03.json'],
        ['t_05', 'shard-0003/t_05.json'],
      ],
    );
    assert.equal(index[0].family, 'business_workflow');
    assert.deepEqual(Object.keys(index[0]), [
      'id',
      'file',
      'family',
      'scenario',
      'difficulty',
      'capabilities',
      'title',
      'services',
      'has_user',
      'max_turns',
    ]);
  });

  it('a plan of at most the shard size is written flat, without an index', async () => {
    const dir = join(TMP, 'flat');
    const w = new SynthOutputWriter(dir, new Map(ids.slice(0, 2).map((id, i) => [id, i])), 2);
    for (const id of ids.slice(0, 2)) w.add(outcome(id, true));
    await w.finish({ plan: 'p' } as SynthSummary);
    assert.ok(existsSync(join(dir, 't_01.json')));
    assert.ok(!existsSync(join(dir, CORPUS_INDEX_FILE)));
  });

  it('every reader takes the corpus folder or its index: the released specs in plan order', async () => {
    const dir = join(TMP, 'c2');
    await corpus(dir);
    const want = ['t_01', 't_02', 't_03', 't_05'];
    assert.deepEqual(
      (await readTaskFiles([dir])).map((f) => f.parsed.spec?.id),
      want,
    );
    assert.deepEqual(
      (await loadSpecs([join(dir, CORPUS_INDEX_FILE)])).map((s) => s.spec.id),
      want,
    );
    // without the index, the shard folders in order (a rejected/ folder is never read)
    rmSync(join(dir, CORPUS_INDEX_FILE));
    assert.deepEqual(
      (await specFilesIn(dir)).map((f) => f.slice(dir.length + 1)),
      ['shard-0001/t_01.json', 'shard-0001/t_02.json', 'shard-0002/t_03.json', 'shard-0003/t_05.json'],
    );
  });

  it("the index records each released spec's hash: a file still holding it is not checked again; an edited one is", async () => {
    const dir = join(TMP, 'hashed');
    const w = new SynthOutputWriter(dir, new Map(ids.map((id, i) => [id, i])), 2);
    for (const id of ids) w.add({ ...outcome(id, true), spec_hash: specHash(TaskSpec.parse({ ...example, id })) });
    await w.finish({ plan: 'p' } as SynthSummary);
    const index = readFileSync(join(dir, CORPUS_INDEX_FILE), 'utf8').trim().split('\n');
    assert.equal(JSON.parse(index[0] as string).spec_hash, specHash(TaskSpec.parse({ ...example, id: 't_01' })));
    const checked = async () => {
      const got: [string, boolean][] = [];
      for await (const f of checkedSpecs([dir])) got.push([f.spec.id, f.checked]);
      return got;
    };
    assert.deepEqual(await checked(), [
      ['t_01', false],
      ['t_02', false],
      ['t_03', false],
      ['t_04', false],
      ['t_05', false],
    ]);
    // an edited title: checked again and run; an unknown tool: refused as it would be without an index
    const t2 = join(dir, 'shard-0001/t_02.json');
    writeFileSync(t2, readFileSync(t2, 'utf8').replace('"title": "', '"title": "Edited: '));
    assert.deepEqual((await checked())[1], ['t_02', true]);
    const t3 = join(dir, 'shard-0002/t_03.json');
    writeFileSync(
      t3,
      readFileSync(t3, 'utf8').replace('"tool": "helpdesk_list_tickets"', '"tool": "helpdesk_list_ticket"'),
    );
    await assert.rejects(checked(), /t_03\.json.*unknown_tool/s);
  });

  it('a broken index is a path-precise error, and a file it lists that is gone is not_found', async () => {
    const dir = join(TMP, 'c3');
    await corpus(dir);
    const index = join(dir, CORPUS_INDEX_FILE);
    const lines = readFileSync(index, 'utf8');
    writeFileSync(index, `${lines}{"id":"x","file":"../../etc/passwd"}\n`);
    const bad = await readTaskFiles([dir]).then(
      () => assert.fail('read'),
      (e: unknown) => e,
    );
    assert.ok(bad instanceof CoworkError && bad.code === 'bad_input');
    assert.match(bad.message, /corpus-index\.jsonl:5: expected \{"id": …, "file": "<path inside the corpus folder>"\}/);
    writeFileSync(index, lines);
    rmSync(join(dir, 'shard-0003/t_05.json'));
    const gone = await readTaskFiles([dir]).then(
      () => assert.fail('read'),
      (e: unknown) => e,
    );
    assert.ok(gone instanceof CoworkError && gone.code === 'not_found');
    assert.match(gone.message, /t_05\.json: no such file/);
  });
});
