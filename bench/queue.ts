import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { agentFactory } from '../src/agent/factory.js';
import { modelFromFlags } from '../src/llm/flags.js';
import { startFakeServer } from '../src/llm/testing/fake-server.js';
import { runJobConfig } from '../src/queue/client.js';
import { redisConnection } from '../src/queue/connection.js';
import { runTasksOnQueue } from '../src/queue/run-queue.js';
import { redisAvailable, startRedis } from '../src/queue/testing/redis.js';
import { startWorker } from '../src/queue/worker.js';
import { RunStore } from '../src/run/run-store.js';
import { runTasks } from '../src/run/runner.js';
import { loadSpecs } from '../src/run/task-files.js';
import { type BenchResult, figure } from './stats.js';

// run trials through BullMQ on a local redis-server against the fake LLM server with a fixed latency (a model
// endpoint's): 1, 2 and 4 workers (in this process, each with the single-process run's concurrency), next to
// the single-process run, which is the floor; the queue's overhead per job is the 1-worker time minus it.
const LATENCY_MS = 40;
const CONCURRENCY = 4;
const TRIALS = 8;
const TASKS = ['api_key_rotation', 'inventory_reorder', 'support_escalation'];

export async function run(): Promise<BenchResult> {
  if (!redisAvailable()) throw new Error('redis-server is not installed (apt-get install redis-server)');
  const fake = await startFakeServer({ fallback: { text: 'I cannot do that.' }, latencyMs: LATENCY_MS });
  const redis = await startRedis();
  const model = `openai-compatible:${fake.openaiBaseURL}#bench`;
  const flags = { cache: false, llmRetries: 0 };
  const specs = (await loadSpecs(TASKS.map((t) => join('examples/tasks', `${t}.yaml`)))).map((s) => s.spec);
  const jobs = specs.length * TRIALS;
  try {
    const local = async () => {
      const t0 = performance.now();
      await runTasks({
        specs,
        store: RunStore.memory(),
        trials: TRIALS,
        seed: 1,
        concurrency: CONCURRENCY,
        makeAgent: agentFactory(modelFromFlags(model, flags)),
      });
      return performance.now() - t0;
    };
    let seed = 100;
    const queued = async (workers: number) => {
      const conn = redisConnection(redis.url);
      const ws = Array.from({ length: workers }, () => startWorker(conn, { concurrency: CONCURRENCY }));
      const t0 = performance.now();
      // a new seed per round: new job ids, so no round collects an earlier one's results
      await runTasksOnQueue({
        connection: conn,
        specs,
        store: RunStore.memory(),
        trials: TRIALS,
        config: runJobConfig({ agent: model, seed: seed++, shell: 'virtual', flags }),
      });
      const ms = performance.now() - t0;
      await Promise.all(ws.map((w) => w.close()));
      return ms;
    };
    await local();
    await queued(1);
    // interleaved rounds: a noisy neighbour slows every variant alike
    const ms: Record<string, number[]> = { local: [], q1: [], q2: [], q4: [] };
    for (let round = 0; round < 3; round++) {
      ms.local?.push(await local());
      ms.q1?.push(await queued(1));
      ms.q2?.push(await queued(2));
      ms.q4?.push(await queued(4));
    }
    const med = (xs: number[] = []) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const perS = (k: string) => jobs / (med(ms[k]) / 1000);
    const overheadMs = (med(ms.q1) - med(ms.local)) / (jobs / CONCURRENCY);
    return {
      name: 'queue',
      metrics: {
        jobs,
        llm_latency_ms: LATENCY_MS,
        concurrency_per_worker: CONCURRENCY,
        local_trials_per_s: perS('local'),
        queue_1_worker_trials_per_s: perS('q1'),
        queue_2_workers_trials_per_s: perS('q2'),
        queue_4_workers_trials_per_s: perS('q4'),
        queue_overhead_ms_per_job: overheadMs,
      },
      figures: {
        queue_1_worker_ms_per_trial: figure({
          unit: 'ms',
          value: med(ms.q1) / jobs,
          floor: med(ms.local) / jobs,
          floorIs: `the same trials in one process (runTasks, concurrency ${CONCURRENCY}), fake LLM at ${LATENCY_MS} ms`,
          target: ['≤', 1.5],
        }),
        queue_4_workers_ms_per_trial: figure({
          unit: 'ms',
          value: med(ms.q4) / jobs,
          floor: med(ms.local) / jobs,
          floorIs: `the same trials in one process (runTasks, concurrency ${CONCURRENCY}); 4 workers hold 4× the calls in flight`,
          target: ['≤', 1],
        }),
      },
    };
  } finally {
    await redis.close();
    await fake.close();
  }
}
