import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { CoworkError } from '../schema/errors.js';
import { makeSpec } from '../schema/testing.js';
import { shellPool } from '../services/workspace/isolation-pool.js';
import { CallMemo } from './call-memo.js';
import { createEpisode, type Episode } from './episode.js';

const spec = makeSpec({
  services: ['todo', 'inventory'],
  fixtures: {
    todo: { tasks: [{ task_id: 'todo_001', title: 'Write report', status: 'pending' }] },
    inventory: { products: [{ product_id: 'SKU-101', name: 'Dock', current_stock: 3, supplier: 'Volt' }] },
  },
});
const calls: [string, Record<string, unknown>][] = [
  ['todo_update_task', { task_id: 'todo_001', status: 'completed' }],
  ['todo_create_task', { title: 'New' }],
  ['inventory_create_order', { product_id: 'SKU-101', quantity: 5 }],
  ['todo_create_task', { title: 'Newer' }],
];
const outcome = (e: Episode) => ({ audit: e.audit(), state: e.snapshot(), changed: e.changedState(), now: e.now() });

describe('episode checkpoints', () => {
  it('a resumed episode answers the prefix as recorded and ends as the full run did', () => {
    const full = createEpisode(spec, { checkpoints: true });
    const results = calls.map(([n, a]) => full.call(n, a));
    const kept = full.checkpoints();
    assert.equal(kept.length, calls.length);
    for (const k of [1, 2, 3]) {
      const resumed = createEpisode(spec, {
        resume: { checkpoint: (kept[k - 1] ?? assert.fail()).checkpoint, calls: kept.slice(0, k) },
      });
      assert.equal(resumed.pendingPrefix, k);
      const again = calls.map(([n, a]) => resumed.call(n, a));
      assert.equal(resumed.pendingPrefix, 0);
      assert.deepEqual(again, results);
      assert.deepEqual(outcome(resumed), outcome(full));
    }
  });

  it('a resumed episode changes its own copies, never the checkpoint', () => {
    const full = createEpisode(spec, { checkpoints: true });
    for (const [n, a] of calls.slice(0, 2)) full.call(n, a);
    const kept = full.checkpoints();
    const cp = (kept[1] ?? assert.fail()).checkpoint;
    const before = structuredClone(cp);
    const a = createEpisode(spec, { resume: { checkpoint: cp, calls: kept } });
    for (const [n, args] of calls.slice(0, 2)) a.call(n, args);
    assert.equal(a.call('todo_delete_task', { task_id: 'todo_001' }).ok, true);
    assert.deepEqual(cp, before);
  });

  it('a call other than the recorded prefix is an internal error, and faults cannot resume', () => {
    const full = createEpisode(spec, { checkpoints: true });
    full.call('todo_list_tasks', {});
    const kept = full.checkpoints();
    const resume = { checkpoint: (kept[0] ?? assert.fail()).checkpoint, calls: kept };
    const wrong = createEpisode(spec, { resume });
    assert.throws(
      () => wrong.call('todo_create_task', { title: 'x' }),
      (e) => e instanceof CoworkError && e.code === 'internal' && /todo_list_tasks/.test(e.message),
    );
    const faulty = makeSpec({ ...spec, errors: { rate: 0.5 } });
    assert.throws(
      () => createEpisode(faulty, { resume }),
      (e) => e instanceof CoworkError && e.code === 'internal',
    );
  });

  it('without the option an episode keeps no checkpoints', () => {
    const e = createEpisode(spec);
    e.call('todo_list_tasks', {});
    assert.deepEqual(e.checkpoints(), []);
  });
});

describe('shared asynchronous calls (CallMemo)', () => {
  after(() => shellPool().close());
  const ws = (content: string) =>
    makeSpec({ services: ['workspace'], fixtures: { workspace: { files: { 'a.txt': content } } } });
  const cmd = { command: 'cat a.txt; echo done > b.txt' };

  it('the same command on the same files at the same mock time runs once; its effect is replayed exactly', async () => {
    const memo = new CallMemo();
    const s = ws('hello\n');
    const first = createEpisode(s, { calls: memo });
    const r1 = await first.run('shell', cmd);
    assert.equal(r1.ok, true);
    assert.equal(memo.size, 1);
    const second = createEpisode(s, { calls: memo });
    const r2 = await second.run('shell', cmd);
    assert.equal(memo.size, 1);
    assert.deepEqual(r2, r1);
    assert.deepEqual(outcome(second), outcome(first));
    assert.equal(JSON.parse(r2.content).stdout, 'hello\n');
  });

  it('other file contents or another mock time run the command again', async () => {
    const memo = new CallMemo();
    await createEpisode(ws('hello\n'), { calls: memo }).run('shell', cmd);
    const other = await createEpisode(ws('bye\n'), { calls: memo }).run('shell', cmd);
    assert.equal(JSON.parse(other.content).stdout, 'bye\n');
    assert.equal(memo.size, 2);
    const later = createEpisode(ws('hello\n'), { calls: memo });
    later.call('fs_list', {});
    await later.run('shell', cmd);
    assert.equal(memo.size, 3);
  });
});
