import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { specHash } from '../schema/canonical-json.js';
import { RunStore } from './run-store.js';
import { runTasks } from './runner.js';
import { readSpecRef, scanSpecs } from './spec-refs.js';
import { loadSpecs } from './task-files.js';
import { agentFactory } from '../agent/factory.js';
import type { TaskSpec } from '../schema/task-spec.js';

const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-spec-refs-'));
after(() => rmSync(TMP, { recursive: true, force: true }));

describe('spec references (a run reads each spec when its trials start)', () => {
  it('scans files and JSONL lines, keeping references that read back the same spec; an edit since the scan is named', async () => {
    const specs = (await loadSpecs(['examples/tasks'])).map((s) => s.spec).slice(0, 3);
    const jsonl = join(TMP, 'three.jsonl');
    // multi-byte text before the later lines: the offsets are bytes, not characters
    const first = { ...specs[0], title: `${specs[0]?.title} — é中` } as TaskSpec;
    writeFileSync(jsonl, [first, specs[1], specs[2]].map((s) => `${JSON.stringify(s)}\r\n`).join(''));
    const scanned = await scanSpecs([jsonl, 'examples/tasks/support_escalation.yaml']);
    // a small scan keeps the specs it checked; past that, only references are kept, read back here
    assert.ok(scanned.every((r) => r.spec));
    const refs = scanned.map(({ spec: _, ...ref }) => ref);
    assert.deepEqual(
      refs.map((r) => [r.id, r.line ?? null]),
      [
        [first.id, 1],
        [specs[1]?.id, 2],
        [specs[2]?.id, 3],
        ['support_escalation', null],
      ],
    );
    for (const [i, ref] of refs.entries()) {
      const spec = readSpecRef(ref);
      assert.equal(spec.id, ref.id);
      assert.equal(specHash(spec), ref.hash);
      assert.deepEqual(ref.labels, { id: spec.id, family: spec.family, capabilities: spec.labels.capabilities });
      if (i === 0) assert.equal(spec.title, first.title);
    }
    const title = String(specs[1]?.title);
    writeFileSync(jsonl, readFileSync(jsonl, 'utf8').replace(title, 'x'.repeat(title.length)));
    assert.throws(
      () => readSpecRef(refs[1] as (typeof refs)[1]),
      (e: Error & { code?: string }) => {
        assert.equal(e.code, 'spec_invalid');
        assert.match(
          e.message,
          /three\.jsonl:2: no longer holds the spec the run checked \(task inventory_reorder\); leave the task files/,
        );
        return true;
      },
    );
    rmSync(jsonl);
    assert.throws(
      () => readSpecRef(refs[0] as (typeof refs)[0]),
      /three\.jsonl:1: cannot be read again \(ENOENT.*\): it changed since the run checked it/,
    );
  });

  it('runTasks reads a referenced spec once per task, when its first trial starts; a read that fails stops the run with its error', async () => {
    const refs = await scanSpecs(['examples/tasks']);
    const reads: string[] = [];
    const store = RunStore.memory();
    await runTasks({
      specs: refs.map((ref) => ({
        id: ref.id,
        load: () => {
          reads.push(ref.id);
          return readSpecRef(ref);
        },
      })),
      store,
      trials: 3,
      seed: 1,
      makeAgent: agentFactory('reference'),
    });
    assert.deepEqual(
      reads,
      refs.map((r) => r.id),
    );
    assert.equal(store.done.size, refs.length * 3);
    assert.ok([...store.done.values()].every((o) => o.grade?.score === 1 && !('events' in o)));
    const bad = runTasks({
      specs: [{ id: 'gone', load: () => Promise.reject(new Error('gone.json: no such file')) }],
      store: RunStore.memory(),
      trials: 2,
      seed: 1,
      makeAgent: agentFactory('reference'),
    });
    await assert.rejects(bad, /gone\.json: no such file/);
  });
});
