import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Queue } from 'bullmq';
import { parse } from 'yaml';
import { captureOutput, inProcess, ROOT } from '../cli/testing.js';
import { startFakeServer } from '../llm/testing/fake-server.js';
import { attackSpec } from '../cli/testing/attack-spec.js';
import { RunStore } from '../run/run-store.js';
import type { Trajectory } from '../schema/trajectory.js';
import { TaskSpec } from '../schema/task-spec.js';
import { loadSpecs } from '../run/task-files.js';
import { CoworkError } from '../schema/errors.js';
import { assertReachable } from './admin.js';
import { queueConnection, runJobConfig } from './client.js';
import { bullOptions, QUEUES, jobId, redisConnection, release } from './connection.js';
import { dispatch } from './dispatch.js';
import { endpointOf } from './llm-gateway.js';
import { runTasksOnQueue } from './run-queue.js';
import { redisAvailable, startRedis, type TestRedis } from './testing/redis.js';
import { exampleTasks, spawnWorkerChild } from './testing/worker-process.js';
import { type RunningWorker, startWorker } from './worker.js';

// npm test: foreground (a rate limit is asserted over windows of wall-clock time)

const HAVE_REDIS = redisAvailable();
if (!HAVE_REDIS) process.stderr.write('notice: redis-server is not installed; the BullMQ queue tests are skipped\n');

const TASKS = exampleTasks(
  'api_key_rotation',
  'inventory_reorder',
  'payment_change_refusal',
  'scheduler_job_repair',
  'ssl_ticket_kb',
);
const tmp = mkdtempSync(join(tmpdir(), 'coworkenv-queue-'));
const read = (dir: string, file = 'trajectories.jsonl') => readFileSync(join(dir, file), 'utf8');
after(() => rmSync(tmp, { recursive: true, force: true }));
const FAST = { lockMs: 1000, stalledIntervalMs: 300 };

// the kill and restart tests' run: 4 noisy trials (seed 3) of the first three tasks, stored in tmp/<dirName>
async function smallRun(dirName: string, name: string) {
  const specs = (await loadSpecs(TASKS.slice(0, 3))).map((s) => s.spec);
  const dir = join(tmp, dirName);
  const store = await RunStore.open(dir, { name, tasks: [], agent: { name: 'noisy' }, user: null, trials: 4, seed: 3 });
  return { specs, dir, store };
}

// local reference runs, one per (trials, seed), made once through the same CLI path
const locals = new Map<string, string>();
async function local(trials: number, seed: number, tasks = TASKS): Promise<string> {
  const key = `${trials}/${seed}/${tasks.length}`;
  let dir = locals.get(key);
  if (!dir) {
    dir = join(tmp, `local-${trials}-${seed}-${tasks.length}`);
    await inProcess(
      'run',
      ...tasks,
      '--agent',
      'noisy',
      '--trials',
      String(trials),
      '--seed',
      String(seed),
      '--out',
      dir,
      '--json',
    );
    locals.set(key, dir);
  }
  return dir;
}

describe('input checks (no Redis needed)', () => {
  it('refuses URLs that are not redis://, carry credentials or name no database number', () => {
    assert.throws(() => redisConnection('http://x:1'), /only redis:\/\/ URLs/);
    assert.throws(
      () => redisConnection('redis://u:secret@127.0.0.1:6379'),
      (e: CoworkError) => {
        assert.equal(e.code, 'bad_input');
        assert.doesNotMatch(e.message, /secret/);
        return /REDIS_PASSWORD/.test(e.message);
      },
    );
    assert.throws(() => redisConnection('redis://127.0.0.1:6379/abc'), /database number/);
    assert.throws(() => redisConnection('not a url', '--queue'), /--queue "not a url" is not a URL/);
    const c = redisConnection('redis://127.0.0.1:7000/2', '--redis', { REDIS_PASSWORD: 'pw' }) as Record<
      string,
      unknown
    >;
    assert.deepEqual([c.host, c.port, c.db, c.password], ['127.0.0.1', 7000, 2, 'pw']);
  });

  it('job ids are BullMQ-safe (no ":", not an integer) and distinct per part', () => {
    assert.equal(jobId('run', 'k', 'a:b', 3), 'run.k.a~3ab.3');
    assert.notEqual(jobId('a.b'), jobId('a', 'b'));
    assert.equal(endpointOf('openai-compatible:http://h:1/v1#m'), 'openai-compatible:http://h:1/v1');
    assert.equal(endpointOf('openai:gpt-5'), 'openai');
  });

  it('refuses credentials in model strings and --replay before anything is enqueued', async () => {
    await assert.rejects(
      queueConnection('redis://127.0.0.1:1', ['openai-compatible:http://u:sk-live@h/v1#m']),
      (e: CoworkError) =>
        e.code === 'bad_input' && /carries credentials/.test(e.message) && !e.message.includes('sk-live'),
    );
    assert.throws(
      () => runJobConfig({ agent: 'noisy', seed: 0, shell: 'virtual', flags: { replay: true } }),
      /--replay cannot be combined with --queue/,
    );
    const c = runJobConfig({ agent: 'openai:m', seed: 1, shell: 'virtual', flags: { rpm: 30, llmRetries: 0 } });
    assert.deepEqual(c.limit, { max: 30, windowMs: 60_000 });
    assert.equal(c.flags.rpm, undefined);
  });

  it('an unreachable Redis is a config error naming the URL', async () => {
    await assert.rejects(
      assertReachable(redisConnection('redis://127.0.0.1:1'), 'redis://127.0.0.1:1', 300),
      (e: CoworkError) => e.code === 'config' && /cannot reach Redis at redis:\/\/127\.0\.0\.1:1/.test(e.message),
    );
  });
});

describe('run --queue on BullMQ workers', { skip: !HAVE_REDIS }, () => {
  let redis: TestRedis;
  const workers: RunningWorker[] = [];
  before(async () => {
    redis = await startRedis();
  });
  after(async () => {
    await Promise.all(workers.splice(0).map((w) => w.close()));
    await redis?.close();
  });

  it('200 trials on 3 workers equal the local run byte for byte (trajectories and summary)', async () => {
    const conn = redisConnection(redis.url);
    for (let i = 0; i < 3; i++) workers.push(startWorker(conn, { concurrency: 2, ...FAST }));
    const want = await local(40, 7);
    const dir = join(tmp, 'queued-200');
    // the same command twice: the second run resumes
    const queued = () =>
      inProcess(
        'run',
        ...TASKS,
        '--agent',
        'noisy',
        '--trials',
        '40',
        '--seed',
        '7',
        '--out',
        dir,
        '--queue',
        redis.url,
        '--json',
      );
    const r = await captureOutput(queued, { stderr: true });
    assert.equal(r.error, undefined, r.error?.message);
    const got = read(dir);
    assert.equal(got.split('\n').filter(Boolean).length, 200);
    assert.ok(got === read(want), 'trajectories.jsonl differs from the local run');
    assert.equal(read(dir, 'summary.json'), read(want, 'summary.json'));
    // every result was collected and removed from Redis
    const opts = bullOptions(conn);
    const q = new Queue(QUEUES.run, opts);
    assert.deepEqual(await q.getJobCounts('completed', 'failed', 'wait', 'active'), {
      completed: 0,
      failed: 0,
      wait: 0,
      active: 0,
    });
    await q.close();
    release(opts);
    // rerunning resumes: nothing is enqueued again and the file is unchanged
    await queued();
    assert.ok(read(dir) === read(want));
    await Promise.all(workers.splice(0).map((w) => w.close()));
  });

  it('kill -9 of a worker in the middle of a job: the job is recovered, 0 lost, 0 duplicated', async () => {
    const { child, busy } = spawnWorkerChild(redis.url, 1000);
    const { specs, dir, store } = await smallRun('queued-kill', 'k');
    const running = runTasksOnQueue({
      connection: redisConnection(redis.url),
      specs,
      store,
      trials: 4,
      config: runJobConfig({ agent: 'noisy', seed: 3, shell: 'virtual', flags: {} }),
    });
    const killed = await busy;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    // a worker elsewhere takes the dead worker's job back once its lock expires
    const rescuer = startWorker(redisConnection(redis.url), { concurrency: 2, ...FAST });
    await running;
    await rescuer.close();
    await store.finish('done');
    const lines = read(dir).split('\n').filter(Boolean);
    const keys = lines
      .map((l) => JSON.parse(l) as { task_id: string; trial: number })
      .map((t) => `${t.task_id}#${t.trial}`);
    assert.equal(lines.length, 12);
    assert.equal(new Set(keys).size, 12);
    assert.ok(killed.startsWith('run.'));
    assert.ok(read(dir) === read(await local(4, 3, TASKS.slice(0, 3))), 'differs from the local run');
  });

  it('synth --queue writes the files a local synth writes (procedural slots on 2 workers)', async () => {
    const conn = redisConnection(redis.url);
    const ws = [startWorker(conn, FAST), startWorker(conn, FAST)];
    const all = parse(readFileSync(join(ROOT, 'examples/plans/all-families.yaml'), 'utf8')) as {
      slots: { count: number }[];
    };
    const plan = join(tmp, 'plan.json');
    writeFileSync(plan, JSON.stringify({ ...all, slots: all.slots.slice(0, 3).map((s) => ({ ...s, count: 2 })) }));
    const a = join(tmp, 'synth-local');
    const b = join(tmp, 'synth-queued');
    await inProcess('synth', plan, '--out', a, '--json');
    await inProcess('synth', plan, '--out', b, '--queue', redis.url, '--json');
    await Promise.all(ws.map((w) => w.close()));
    const files = (d: string) => readdirSync(d, { recursive: true, encoding: 'utf8' }).sort();
    assert.ok(files(a).length >= 7);
    assert.deepEqual(files(b), files(a));
    for (const f of files(a)) if (statSync(join(a, f)).isFile()) assert.ok(read(a, f) === read(b, f), `${f} differs`);
    await assert.rejects(
      inProcess('synth', plan, '--out', b, '--queue', redis.url, '--concurrency', '2'),
      /--concurrency cannot be combined with --queue/,
    );
    await assert.rejects(
      inProcess('curate', a, '--out', join(tmp, 'ds'), '--queue', redis.url),
      /without an endpoint scorer curation has no model calls to distribute/,
    );
  });

  it('two commands sharing job ids at once (the same plan, two --out folders) both finish with the same files', async () => {
    const conn = redisConnection(redis.url);
    const ws = [startWorker(conn, FAST), startWorker(conn, FAST)];
    const all = parse(readFileSync(join(ROOT, 'examples/plans/all-families.yaml'), 'utf8')) as {
      slots: { count: number }[];
    };
    const plan = join(tmp, 'plan-shared.json');
    writeFileSync(plan, JSON.stringify({ ...all, slots: all.slots.slice(0, 2).map((s) => ({ ...s, count: 2 })) }));
    const [a, b] = [join(tmp, 'shared-a'), join(tmp, 'shared-b')];
    // whichever collects a job first removes it; the other enqueues it again instead of waiting for ever.
    // two overlapping in-process captures can restore each other's stream hooks: put the originals back after
    const writes = [process.stdout.write, process.stderr.write] as const;
    try {
      await Promise.all([
        captureOutput(() => inProcess('synth', plan, '--out', a, '--queue', redis.url, '--json'), { stderr: true }),
        captureOutput(() => inProcess('synth', plan, '--out', b, '--queue', redis.url, '--json'), { stderr: true }),
      ]);
    } finally {
      [process.stdout.write, process.stderr.write] = writes;
    }
    await Promise.all(ws.map((w) => w.close()));
    for (const f of ['synth-summary.json', ...readdirSync(a).filter((f) => f.endsWith('.yaml'))])
      assert.ok(read(a, f) === read(b, f), `${f} differs`);
  });

  it('a job that fails for good is a dead letter: status lists it, the dispatch names it, retry and drain act on it', async () => {
    const conn = redisConnection(redis.url);
    const w = startWorker(conn, FAST);
    const bad = { id: jobId('run', 'deadletter', 0, 0), name: 'broken#0', data: { config: {}, spec: null, trial: 0 } };
    await assert.rejects(
      dispatch(conn, 'run', [bad], { attempts: 1, onResult: () => [] }),
      (e: CoworkError) =>
        /job run\.deadletter\.0\.0 \(broken#0\) failed for good/.test(e.message) && /queue retry/.test(e.message),
    );
    await w.close();
    const status = JSON.parse(await inProcess('queue', 'status', '--redis', redis.url, '--json')) as {
      queue: string;
      counts: Record<string, number>;
      failed: { name: string; reason: string }[];
    }[];
    const run = status.find((s) => s.queue === 'run');
    assert.equal(run?.counts.failed, 1);
    assert.equal(run?.failed[0]?.name, 'broken#0');
    const text = await inProcess('queue', 'status', '--redis', redis.url);
    assert.match(text, /dead letters/);
    assert.match(await inProcess('queue', 'retry', '--redis', redis.url, '--kind', 'run'), /retried: run 1/);
    assert.match(await inProcess('queue', 'drain', '--redis', redis.url), /removed: run 1, synth 0, curate 0/);
    const after = JSON.parse(await inProcess('queue', 'status', '--redis', redis.url, '--json')) as typeof status;
    const counts = after.find((s) => s.queue === 'run')?.counts;
    assert.deepEqual([counts?.waiting, counts?.failed], [0, 0]);
    await assert.rejects(
      inProcess('queue', 'status', '--redis', redis.url, '--kind', 'bogus'),
      /--kind must be one of run, synth, curate/,
    );
  });

  it('a trial whose calls are attacks is recorded as failed tool calls; the worker lives on and serves the next trial', {
    timeout: 60_000,
  }, async () => {
    const conn = redisConnection(redis.url);
    const w = startWorker(conn, { concurrency: 1, ...FAST });
    const spec = TaskSpec.parse(attackSpec('hostile_worker'));
    const store = RunStore.memory();
    const config = runJobConfig({ agent: 'reference', seed: 0, shell: 'virtual', flags: {} });
    const trials: Trajectory[] = [];
    await runTasksOnQueue({
      connection: conn,
      specs: [spec],
      store,
      trials: 2,
      config,
      onRecord: (t) => trials.push(t),
    });
    await w.close();
    assert.equal(trials.length, 2);
    for (const t of trials) {
      assert.deepEqual(
        t.events.filter((e) => e.type === 'tool').map((e) => e.ok),
        [true, false, false, true, true],
      );
      assert.equal(t.grade?.score, 1);
    }
  });

  it('a shared RPM limit of N holds across 3 workers (BullMQ limiter, counted at the fake LLM server)', async () => {
    const fake = await startFakeServer({ fallback: { text: 'I cannot do that.' } });
    const conn = redisConnection(redis.url);
    const ws = [0, 1, 2].map(() => startWorker(conn, { concurrency: 3, ...FAST }));
    const N = 3;
    const windowMs = 2000;
    const specs = (await loadSpecs(TASKS.slice(0, 3))).map((s) => s.spec);
    const store = RunStore.memory();
    const config = {
      ...runJobConfig({
        agent: `openai-compatible:${fake.openaiBaseURL}#m`,
        seed: 0,
        shell: 'virtual',
        flags: { cache: false, llmRetries: 0 },
      }),
      limit: { max: N, windowMs },
    };
    const stamps: number[] = [];
    const origPush = fake.requests.push.bind(fake.requests);
    fake.requests.push = (...r) => {
      stamps.push(Date.now());
      return origPush(...r);
    };
    await runTasksOnQueue({ connection: conn, specs, store, trials: 3, config });
    await Promise.all(ws.map((w) => w.close()));
    await fake.close();
    assert.equal(store.done.size, 9);
    const total = stamps.length;
    assert.ok(total >= 9, `${total} requests`);
    // BullMQ's window opens with the first call after the last one closed: at most N calls in each
    stamps.sort((a, b) => a - b);
    let i = 0;
    while (i < stamps.length) {
      const start = stamps[i] as number;
      let n = 0;
      // 600 ms slack: the time between a call's job starting and its request reaching the server on a busy machine
      while (i < stamps.length && (stamps[i] as number) < start + windowMs - 600) {
        n++;
        i++;
      }
      assert.ok(n <= N, `${n} requests within ${windowMs} ms (limit ${N}) across 3 workers`);
    }
    const span = (stamps.at(-1) as number) - (stamps[0] as number);
    // the same 600 ms slack per window as above: a job's request may reach the server late in its window
    assert.ok(span >= (Math.ceil(total / N) - 1) * (windowMs - 600), `${total} requests in ${span} ms`);
  });
});

describe('Redis restarted in the middle of a run', { skip: !HAVE_REDIS }, () => {
  it('the run completes after Redis returns, equal to the local run', async () => {
    const redis = await startRedis({ persist: true });
    const conn = redisConnection(redis.url);
    let n = 0;
    let restarted: Promise<void> | undefined;
    const w = startWorker(conn, {
      ...FAST,
      concurrency: 2,
      async beforeJob() {
        // after a few jobs, take Redis away for a second, then bring it back on the same port and data
        if (++n === 6)
          restarted = (async () => {
            await redis.stop();
            await new Promise((r) => setTimeout(r, 1000));
            await redis.start();
          })();
        await new Promise((r) => setTimeout(r, 20));
      },
    });
    const { specs, dir, store } = await smallRun('queued-restart', 'r');
    const notes: string[] = [];
    await runTasksOnQueue({
      connection: conn,
      specs,
      store,
      trials: 4,
      config: runJobConfig({ agent: 'noisy', seed: 3, shell: 'virtual', flags: {} }),
      notice: (l) => notes.push(l),
    });
    await restarted;
    await store.finish('done');
    await w.close();
    await redis.close();
    assert.ok(n >= 6, 'Redis was restarted during the run');
    assert.ok(read(dir) === read(await local(4, 3, TASKS.slice(0, 3))), 'differs from the local run');
  });
});
