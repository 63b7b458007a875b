import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Queue } from 'bullmq';
import { inProcess } from '../cli/testing.js';
import type { SftExample } from '../curate/types.js';
import { type FakeReply, type FakeRequest, type FakeServer, startFakeServer } from '../llm/testing/fake-server.js';
import { toyVllm } from '../llm/testing/toy-vllm.js';
import { CoworkError } from '../schema/errors.js';
import { bullOptions, QUEUES, redisConnection, release } from './connection.js';
import { redisAvailable, startRedis, type TestRedis } from './testing/redis.js';
import { exampleTasks, spawnWorkerChild } from './testing/worker-process.js';
import { type RunningWorker, startWorker } from './worker.js';

// curate --queue end to end: the endpoint scorer (a toy vLLM on 127.0.0.1) sharded over BullMQ workers must
// give the files a local curate gives, with any number of workers and a worker killed in the middle of a shard

const HAVE_REDIS = redisAvailable();
if (!HAVE_REDIS) process.stderr.write('notice: redis-server is not installed; the curate --queue tests are skipped\n');

const TASKS = exampleTasks('api_key_rotation', 'inventory_reorder', 'payment_change_refusal', 'scheduler_job_repair');
const tmp = mkdtempSync(join(tmpdir(), 'coworkenv-curate-queue-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const files = (d: string) => readdirSync(d).sort();
const read = (d: string, f: string) => readFileSync(join(d, f), 'utf8');
/** every file of `got` equals the one in `want`, byte for byte (curation.json up to the --out paths it names) */
function assertSameFiles(got: string, want: string): void {
  assert.deepEqual(files(got), files(want));
  for (const f of files(want)) {
    const text = f === 'curation.json' ? read(got, f).replaceAll(`"${got}/`, `"${want}/`) : read(got, f);
    assert.ok(text === read(want, f), `${f} differs from the local curate`);
  }
}
// every worker checks for stalled jobs often: BullMQ lets one check per queue run per the checker's interval,
// so one worker with the default (30 s) would delay the recovery of a killed worker's shard that long
const WORKER = { concurrency: 2, stalledIntervalMs: 300 };

describe('curate --queue: the endpoint scorer sharded over BullMQ workers', { skip: !HAVE_REDIS }, () => {
  let redis: TestRedis;
  let server: FakeServer;
  let answer: (req: FakeRequest) => FakeReply = toyVllm;
  const run = join(tmp, 'run');
  const local = join(tmp, 'local');
  let candidates = 0;
  const model = () => `openai-compatible:${server.openaiBaseURL}#student-1`;
  const curateArgs = (out: string, ...more: string[]) => [
    run,
    '--out',
    out,
    '--select',
    'rsr',
    '--keep',
    '0.5',
    '--scorer',
    model(),
    '--no-cache',
    '--llm-retries',
    '0',
    '--json',
    ...more,
  ];
  const workers: RunningWorker[] = [];

  before(async () => {
    redis = await startRedis();
    server = await startFakeServer({ fallback: (req) => answer(req) });
    // 4 tasks × 20 noisy trials: a few shards of 25 candidates
    await inProcess('run', ...TASKS, '--agent', 'noisy', '--trials', '20', '--seed', '5', '--out', run, '--json');
    const report = JSON.parse(await inProcess('curate', ...curateArgs(local))) as { funnel: { candidates: number } };
    candidates = report.funnel.candidates;
    assert.equal(server.requests.length, candidates);
  });
  beforeEach(() => {
    server.requests.length = 0;
    answer = toyVllm;
  });
  after(async () => {
    await Promise.all(workers.splice(0).map((w) => w.close()));
    await server?.close();
    await redis?.close();
  });

  /** the curate queue holds nothing once a curate --queue has returned: results collected, no dead letters */
  async function assertQueueEmpty(): Promise<void> {
    const opts = bullOptions(redisConnection(redis.url));
    const q = new Queue(QUEUES.curate, opts);
    try {
      assert.deepEqual(await q.getJobCounts('completed', 'failed', 'wait', 'active', 'delayed'), {
        completed: 0,
        failed: 0,
        wait: 0,
        active: 0,
        delayed: 0,
      });
    } finally {
      await q.close();
      release(opts);
    }
  }

  it('3 workers give the files of the local curate, byte for byte, each candidate scored once', async () => {
    assert.ok(candidates > 50, `only ${candidates} candidates: fewer than 3 shards`);
    const conn = redisConnection(redis.url);
    for (let i = 0; i < 3; i++) workers.push(startWorker(conn, WORKER));
    const out = join(tmp, 'queued');
    const printed = await inProcess('curate', ...curateArgs(out, '--queue', redis.url));
    await Promise.all(workers.splice(0).map((w) => w.close()));
    assert.equal(printed, read(local, 'curation.json').replaceAll(`"${local}/`, `"${out}/`));
    assertSameFiles(out, local);
    assert.ok(files(local).includes('sft.jsonl') && read(local, 'sft.jsonl').length > 0);
    assert.equal(server.requests.length, candidates);
    await assertQueueEmpty();
  });

  it('kill -9 of a worker in the middle of a shard: the shard is recovered, the files still equal', async () => {
    const { child, busy } = spawnWorkerChild(redis.url, 1000);
    const out = join(tmp, 'queued-kill');
    const curating = inProcess('curate', ...curateArgs(out, '--queue', redis.url));
    curating.catch(() => {});
    const killed = await busy;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    assert.match(killed, /^curate\./);
    // workers elsewhere take the dead worker's shard back once its lock (1 s) has expired
    const conn = redisConnection(redis.url);
    for (let i = 0; i < 2; i++) workers.push(startWorker(conn, WORKER));
    await curating;
    await Promise.all(workers.splice(0).map((w) => w.close()));
    assertSameFiles(out, local);
    // the killed worker died before its request: every candidate was scored exactly once
    assert.equal(server.requests.length, candidates);
    await assertQueueEmpty();
  });

  it('a candidate the endpoint refuses stops curate --queue as it stops a local curate: bad input, no dead letter', async () => {
    // the endpoint refuses every trial of the third task (a context-length 400), whose prompt it recognises
    const rows = read(local, 'sft.jsonl')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as SftExample);
    const victim = rows.find((r) => r.meta.task_id === 'payment_change_refusal');
    const prompt = victim?.messages.find((m) => m.role === 'user')?.content;
    assert.ok(typeof prompt === 'string' && prompt.length > 0);
    answer = (req) =>
      JSON.stringify(req.body).includes(JSON.stringify(prompt).slice(1, -1))
        ? { status: 400, message: 'This model’s maximum context length is 32768 tokens' }
        : toyVllm(req);
    const refusal = async (out: string, ...more: string[]) => {
      try {
        await inProcess('curate', ...curateArgs(out, ...more));
      } catch (e) {
        return e;
      }
      assert.fail('curate did not stop at the refused candidate');
    };
    const want = await refusal(join(tmp, 'refused-local'));
    assert.ok(want instanceof CoworkError && want.code === 'bad_input', String(want));
    assert.match(want.message, /payment_change_refusal trial \d+: .*HTTP 400.*maximum context length/);
    const conn = redisConnection(redis.url);
    for (let i = 0; i < 2; i++) workers.push(startWorker(conn, WORKER));
    const got = await refusal(join(tmp, 'refused-queued'), '--queue', redis.url);
    await Promise.all(workers.splice(0).map((w) => w.close()));
    // the same error (the first refused candidate in curation order), not a retried job turned dead letter
    assert.ok(got instanceof CoworkError, String(got));
    assert.equal(got.code, 'bad_input');
    assert.equal(got.message, want.message);
    await assertQueueEmpty();
  });
});
