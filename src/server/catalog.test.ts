import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { parse } from 'yaml';
import { SynthOutputWriter } from '../run/synth-output.js';
import { CORPUS_INDEX_FILE } from '../run/task-files.js';
import { CoworkError } from '../schema/errors.js';
import { DEFAULT_MAX_TURNS } from '../schema/task-spec.js';
import type { SynthOutcome } from '../synth/plan/outcome.js';
import type { SynthSummary } from '../synth/synthesize.js';
import { createApp } from './app.js';
import { indexCatalog } from './catalog.js';
import { SessionManager } from './sessions.js';

const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-catalog-'));
const managers: SessionManager[] = [];
after(() => {
  for (const m of managers) m.stop();
  rmSync(TMP, { recursive: true, force: true });
});
const example = parse(readFileSync('examples/tasks/support_escalation.yaml', 'utf8')) as Record<string, unknown>;
const ids = ['c_1', 'c_2', 'c_3'];

async function corpus(name: string): Promise<string> {
  const dir = join(TMP, name);
  const w = new SynthOutputWriter(dir, new Map(ids.map((id, i) => [id, i])), 2);
  for (const id of ids)
    w.add({
      id,
      slotIndex: 0,
      accepted: true,
      attempts: 1,
      candidate: { ...example, id },
      diagnostics: [],
      history: [],
    } as SynthOutcome);
  await w.finish({ plan: 'p' } as SynthSummary);
  return dir;
}

describe('serve from a corpus index (issue 32)', () => {
  it('lists the index without reading a spec, and reads a spec when an episode resets it', async () => {
    const dir = await corpus('ok');
    const catalog = await indexCatalog(join(dir, CORPUS_INDEX_FILE));
    assert.equal(catalog.size, 3);
    const manager = new SessionManager({ specs: catalog, ttlS: 0 });
    managers.push(manager);
    const app = createApp({ manager });
    const tasks = (await (await app.request('/tasks')).json()) as { count: number; tasks: Record<string, unknown>[] };
    assert.equal(tasks.count, 3);
    assert.deepEqual(tasks.tasks[1], {
      index: 1,
      id: 'c_2',
      title: example.title,
      family: example.family,
      services: example.services,
      has_user: false,
      max_turns: (example.limits as { max_turns?: number } | undefined)?.max_turns ?? DEFAULT_MAX_TURNS,
      labels: {
        scenario: (example.labels as { scenario: string }).scenario,
        difficulty: (example.labels as { difficulty: string }).difficulty,
        capabilities: (example.labels as { capabilities: string[] }).capabilities,
      },
    });
    const reset = await app.request('/reset', {
      method: 'POST',
      body: JSON.stringify({ task_id: 'c_3', episode_id: 'e1' }),
    });
    assert.equal(reset.status, 200);
    const body = (await reset.json()) as { observation: { metadata?: { task_id?: string } } };
    assert.match(JSON.stringify(body), /c_3/);
    // a seed picks by index, as with specs in memory
    const bySeed = await app.request('/reset', { method: 'POST', body: JSON.stringify({ seed: 4, episode_id: 'e2' }) });
    assert.equal(bySeed.status, 200);
    assert.match(JSON.stringify(await bySeed.json()), /c_2/);
  });

  it('a spec file that no longer parses answers its reset with a 500 naming the file; an unknown id is 404', async () => {
    const dir = await corpus('broken');
    writeFileSync(join(dir, 'shard-0002', 'c_3.json'), '{"id": "c_3"');
    const manager = new SessionManager({ specs: await indexCatalog(join(dir, CORPUS_INDEX_FILE)), ttlS: 0 });
    managers.push(manager);
    const app = createApp({ manager });
    const bad = await app.request('/reset', {
      method: 'POST',
      body: JSON.stringify({ task_id: 'c_3', episode_id: 'x' }),
    });
    assert.equal(bad.status, 500);
    assert.match(await bad.text(), /task c_3 \(.*shard-0002\/c_3\.json\) cannot be read/);
    const unknown = await app.request('/reset', {
      method: 'POST',
      body: JSON.stringify({ task_id: 'c_9', episode_id: 'y' }),
    });
    assert.equal(unknown.status, 404);
  });

  it('an index line that is no entry, or a duplicate id, is a bad_input error with its line', async () => {
    const dir = await corpus('badindex');
    const index = join(dir, CORPUS_INDEX_FILE);
    const lines = readFileSync(index, 'utf8');
    writeFileSync(index, `${lines}${lines.split('\n')[0]}\n`);
    const dup = await indexCatalog(index).then(
      () => assert.fail('read'),
      (e: unknown) => e,
    );
    assert.ok(dup instanceof CoworkError && dup.code === 'bad_input');
    assert.match(dup.message, /corpus-index\.jsonl:4: duplicate task id c_1/);
    writeFileSync(index, `${lines}{"file": 3}\n`);
    await assert.rejects(indexCatalog(index), /corpus-index\.jsonl:4: expected \{"id"/);
  });
});
