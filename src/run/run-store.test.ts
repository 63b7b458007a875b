import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { Trajectory } from '../schema/trajectory.js';
import { appendRecord, checkAppendable } from './append-log.js';
import { tryLock } from './lock.js';
import { configDifference, type RunConfig } from './run-config.js';
import { LOCK_FILE, RunStore } from './run-store.js';

const tmp = mkdtempSync(join(tmpdir(), 'coworkenv-run-store-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const config = (extra: Partial<RunConfig> = {}): RunConfig => ({
  name: 'r',
  tasks: [{ id: 'a', spec_hash: 'h1', family: 'f', capabilities: [], spec_path: 'tasks/a.yaml' }],
  agent: { name: 'reference' },
  user: { name: 'scripted' },
  trials: 1,
  seed: 0,
  ...extra,
});

/** A schema-valid trajectory of about `bytes` bytes (the padding is the request text). */
function bigRecord(taskId: string, trial: number, bytes: number): Trajectory {
  const pad = `${taskId}#${trial} `.repeat(Math.ceil(bytes / (taskId.length + 4)));
  return {
    kind: 'trajectory',
    version: 1,
    task_id: taskId,
    trial,
    events: [
      { type: 'user', source: 'request', text: pad },
      { type: 'episode_end', reason: 'agent_done', turns: 0 },
    ],
    audit: { calls: [], records: {}, state: {} },
  } as unknown as Trajectory;
}

/** The pid of a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

describe('appends', () => {
  it('8 concurrent 2 MB records never interleave (one queued write per record)', async () => {
    const dir = join(tmp, 'big');
    const store = await RunStore.open(dir, config({ trials: 8 }));
    try {
      await Promise.all(Array.from({ length: 8 }, (_, trial) => store.append(bigRecord('a', trial, 2 * 1024 * 1024))));
    } finally {
      store.close();
    }
    const lines = readFileSync(store.trajectoriesFile, 'utf8').split('\n').filter(Boolean);
    assert.equal(lines.length, 8);
    const trials = lines.map((l) => (JSON.parse(l) as { trial: number }).trial).sort((x, y) => x - y);
    assert.deepEqual(trials, [0, 1, 2, 3, 4, 5, 6, 7]);
    // and the directory resumes with every record
    const again = await RunStore.open(dir, config({ trials: 8 }));
    again.close();
    assert.equal(again.done.size, 8);
  });

  it('appendRecord to one file from many callers keeps every line whole', async () => {
    const file = join(tmp, 'lines.jsonl');
    const big = (i: number) => `${JSON.stringify({ i, pad: 'x'.repeat(700_000 + i) })}\n`;
    await Promise.all(Array.from({ length: 6 }, (_, i) => appendRecord(file, big(i))));
    const got = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { i: number }).i);
    assert.deepEqual(got.sort(), [0, 1, 2, 3, 4, 5]);
  });

  it('checkAppendable refuses a directory and a path below a file, and creates nothing', async () => {
    await assert.rejects(checkAppendable(tmp, '--out'), /--out .* is a directory/);
    const file = join(tmp, 'plain.txt');
    writeFileSync(file, 'x');
    await assert.rejects(checkAppendable(join(file, 'sub', 't.jsonl'), '--out'), /is a file, not a folder/);
    await checkAppendable(join(tmp, 'new', 'deeper', 't.jsonl'), '--out');
    assert.equal(existsSync(join(tmp, 'new')), false);
  });
});

describe('run directory lock', () => {
  it('a second open of a locked directory is refused with the pid; close releases it', async () => {
    const dir = join(tmp, 'locked');
    const first = await RunStore.open(dir, config());
    assert.equal(readFileSync(join(dir, LOCK_FILE), 'utf8').trim(), String(process.pid));
    await assert.rejects(
      RunStore.open(dir, config()),
      new RegExp(`in use by another coworkenv process \\(pid ${process.pid}`),
    );
    await first.finish('done');
    assert.equal(existsSync(join(dir, LOCK_FILE)), false);
    (await RunStore.open(dir, config())).close();
  });

  it('a lock left by a dead process is taken over with a notice', async () => {
    const dir = join(tmp, 'stale');
    mkdirSync(dir);
    const pid = deadPid();
    writeFileSync(join(dir, LOCK_FILE), `${pid}\n`);
    const notices: string[] = [];
    const store = await RunStore.open(dir, config(), { notice: (l) => notices.push(l) });
    assert.match(notices.join('\n'), new RegExp(`taking over a stale lock \\(process ${pid} is gone\\)`));
    assert.equal(readFileSync(join(dir, LOCK_FILE), 'utf8').trim(), String(process.pid));
    store.close();
  });

  it('tryLock reports a live holder and never removes a lock it does not hold', () => {
    const file = join(tmp, 'x.lock');
    writeFileSync(file, `${process.ppid}\n`);
    const got = tryLock(file);
    assert.deepEqual(got, { ok: false, pid: process.ppid });
    rmSync(file);
    const mine = tryLock(file);
    assert.ok(mine.ok);
    writeFileSync(file, `${process.ppid}\n`); // someone else's now
    mine.lock.release();
    assert.equal(readFileSync(file, 'utf8'), `${process.ppid}\n`);
  });
});

describe('resume configuration', () => {
  it('ignores the directory name and how spec paths are spelled; names the field that differs', () => {
    const a = config();
    assert.equal(
      configDifference(
        a,
        config({
          name: 'renamed',
          tasks: [{ id: 'a', spec_hash: 'h1', family: 'f', capabilities: [], spec_path: './tasks/../tasks/a.yaml' }],
        }),
      ),
      undefined,
    );
    assert.match(
      configDifference(a, config({ agent: { name: 'noisy' } })) ?? '',
      /^agent \(recorded \{"name":"reference"\}, now \{"name":"noisy"\}\)$/,
    );
    assert.match(configDifference(a, config({ trials: 3 })) ?? '', /^trials \(recorded 1, now 3\)$/);
    assert.match(
      configDifference(a, config({ tasks: [{ id: 'a', spec_hash: 'h2', family: 'f', capabilities: [] }] })) ?? '',
      /^tasks \(spec changed: a\)$/,
    );
    assert.match(
      configDifference(a, config({ tasks: [{ id: 'b', spec_hash: 'h1', family: 'f', capabilities: [] }] })) ?? '',
      /^tasks \(added b; removed a\)$/,
    );
  });

  it('a damaged run.json or trajectory line is a bad_input error naming file:line and the way out', async () => {
    const dir = join(tmp, 'damaged');
    (await RunStore.open(dir, config())).close();
    writeFileSync(join(dir, 'run.json'), '{"version": 1, "config": ');
    await assert.rejects(RunStore.open(dir, config()), (e: Error & { code?: string }) => {
      assert.equal(e.code, 'bad_input');
      assert.match(e.message, /run\.json: not valid JSON .*--force/);
      return true;
    });
    await assert.rejects(RunStore.read(dir), /run\.json: not valid JSON/);
    rmSync(join(dir, 'run.json'));
    writeFileSync(
      join(dir, 'trajectories.jsonl'),
      `${JSON.stringify(bigRecord('a', 0, 10))}\n{"kind":"trajectory",oops}\n`,
    );
    await assert.rejects(RunStore.open(dir, config()), (e: Error & { code?: string }) => {
      assert.equal(e.code, 'bad_input');
      assert.match(e.message, /trajectories\.jsonl:2: not valid JSON .*move .* away .*--force/);
      return true;
    });
    assert.equal(existsSync(join(dir, LOCK_FILE)), false, 'a refused open releases the lock');
  });

  it('keeps outcomes, not records: a resume streams the file; read() gives each (task, trial) once, the later line winning', async () => {
    const dir = join(tmp, 'outcomes');
    const store = await RunStore.open(dir, config({ trials: 3 }));
    for (const trial of [0, 1]) await store.append(bigRecord('a', trial, 64 * 1024));
    store.close();
    const [o] = store.done.values();
    assert.deepEqual(Object.keys(o ?? {}).sort(), ['end', 'grade', 'start', 'task_id', 'trial']);
    assert.equal(o?.end?.reason, 'agent_done');
    // a later copy of trial 0 and a line cut off by a kill
    const later = bigRecord('a', 0, 10);
    later.events[1] = { type: 'episode_end', reason: 'max_turns', turns: 7 };
    writeFileSync(
      join(dir, 'trajectories.jsonl'),
      `${readFileSync(join(dir, 'trajectories.jsonl'), 'utf8')}${JSON.stringify(later)}\n{"kind":"traj`,
    );
    const read = await RunStore.read(dir);
    assert.deepEqual(
      read.skipped.map((s) => [s.line, /cut off by an interrupted run/.test(s.message)]),
      [[4, true]],
    );
    assert.equal(read.store.done.size, 2);
    const records = [];
    for await (const t of read.trajectories()) records.push(t);
    assert.deepEqual(
      records.map((t) => [t.trial, t.events.at(-1)?.type === 'episode_end' && t.events.at(-1)]),
      [
        [1, { type: 'episode_end', reason: 'agent_done', turns: 0 }],
        [0, { type: 'episode_end', reason: 'max_turns', turns: 7 }],
      ],
    );
    // resuming moves the cut line to errors.jsonl and keeps every whole record
    const again = await RunStore.open(dir, config({ trials: 3 }));
    again.close();
    assert.equal(again.done.get('a\u00000')?.end?.reason, 'max_turns');
    assert.equal(again.errors[0]?.kind, 'partial_record');
    assert.equal(again.errors[0]?.head, '{"kind":"traj');
    assert.ok(readFileSync(join(dir, 'trajectories.jsonl'), 'utf8').endsWith('\n'));
  });
});
