import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { postJson } from '../src/curate/endpoint-scorer.js';
import { resolveSource } from '../src/curate/sources.js';
import { QWEN_MARKERS } from '../src/curate/token-scores.js';
import { distill } from '../src/distill/distill.js';
import { studentSequences } from '../src/distill/sequences.js';
import { endpointTeacher } from '../src/distill/teacher.js';
import { recordStudentRun } from '../src/distill/testing.js';
import { CallLimiter } from '../src/llm/limits.js';
import { startFakeServer } from '../src/llm/testing/fake-server.js';
import type { Trajectory } from '../src/schema/trajectory.js';
import { type BenchResult, figure, gc, spread } from './stats.js';

// on-policy distillation against the fake vLLM teacher with a fixed latency (LATENCY_MS per request, in this
// process): positions written per second, against the floor of the teacher alone — the same batched token-id
// requests posted and their answers parsed, at the same concurrency, with nothing else done — and the peak RSS
// distilling 4× the trajectories against distilling 1× (memory flat in the number of trajectories).
const SMALL = Number(process.env.COWORKENV_BENCH_DISTILL_TRAJECTORIES ?? 24);
const LATENCY_MS = 20;
const TOP_K = 8;
const BATCH = 4;
const REQUESTS = 4;

async function studentLines(root: string): Promise<string[]> {
  const dir = join(root, 'template');
  await recordStudentRun(dir, ['examples/tasks'], { trials: 2, seed: 5 });
  return (await readFile(join(dir, 'trajectories.jsonl'), 'utf8')).split('\n').filter(Boolean);
}

// n trajectories: the recorded ones repeated under new task ids (the teacher sees the same token sequences)
async function writeRun(dir: string, base: readonly string[], n: number): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'run.json'),
    JSON.stringify({
      version: 1,
      config: { name: 'bench', tasks: [], agent: { name: 'llm' }, trials: 1, seed: 5 },
      status: 'done',
    }),
  );
  const out = createWriteStream(join(dir, 'trajectories.jsonl'));
  for (let i = 0; i < n; i++) {
    const t = JSON.parse(base[i % base.length] as string) as Trajectory;
    if (!out.write(`${JSON.stringify({ ...t, task_id: `${t.task_id}_${Math.floor(i / base.length)}` })}\n`))
      await new Promise<void>((r) => out.once('drain', r));
  }
  await new Promise<void>((r) => out.end(r));
}

/** Samples RSS every 10 ms while `fn` runs; returns its result, seconds and the peak RSS in MB. */
async function measured<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number; peakMb: number }> {
  gc();
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const t0 = performance.now();
  try {
    const value = await fn();
    return {
      value,
      seconds: (performance.now() - t0) / 1000,
      peakMb: Math.max(peak, process.memoryUsage().rss) / 2 ** 20,
    };
  } finally {
    clearInterval(timer);
  }
}

export async function run(): Promise<BenchResult> {
  const root = await mkdtemp(join(tmpdir(), 'coworkenv-bench-distill-'));
  const server = await startFakeServer({ tokenizer: { maxLogprobs: TOP_K }, latencyMs: LATENCY_MS });
  try {
    const base = await studentLines(root);
    const small = join(root, 'small');
    const big = join(root, 'big');
    await writeRun(small, base, SMALL);
    await writeRun(big, base, SMALL * 4);
    const model = `openai-compatible:${server.openaiBaseURL}#teacher`;
    let k = 0;
    const distillOnce = async (src: string) => {
      const teacher = endpointTeacher(model, { cache: false, llmConcurrency: REQUESTS }, { topK: TOP_K, batch: BATCH });
      return distill({
        sources: [await resolveSource(src)],
        out: join(root, `out-${++k}`),
        teacher,
        topK: TOP_K,
        markers: QWEN_MARKERS,
        template: 'qwen',
        filters: { onlyKeep: false, onlyValid: false },
        secrets: [],
        concurrency: BATCH * REQUESTS * 2,
      });
    };
    // the floor: the teacher alone, same sequences, same batches and request concurrency
    const seqs = base
      .slice(0, SMALL)
      .flatMap((l) => studentSequences(JSON.parse(l) as Trajectory).sequences.map((s) => s.ids));
    const teacherAlone = async () => {
      const limiter = new CallLimiter({ concurrency: REQUESTS });
      const batches = Array.from({ length: Math.ceil(seqs.length / BATCH) }, (_, i) =>
        seqs.slice(i * BATCH, (i + 1) * BATCH),
      );
      let positions = 0;
      await Promise.all(
        batches.map((b) =>
          limiter.run(async () => {
            const text = await postJson(
              server.openaiBaseURL,
              '/completions',
              { model: 'teacher', prompt: b, max_tokens: 1, prompt_logprobs: TOP_K },
              { apiKey: 'EMPTY', timeoutMs: 120_000, what: 'teacher' },
            );
            positions += (JSON.parse(text) as { choices: { prompt_logprobs: unknown[] }[] }).choices.reduce(
              (a, c) => a + c.prompt_logprobs.length,
              0,
            );
          }),
        ),
      );
      return positions;
    };
    const rates: number[] = [];
    const floors: number[] = [];
    let small1: Awaited<ReturnType<typeof measured<Awaited<ReturnType<typeof distillOnce>>>>> | undefined;
    for (let round = 0; round < 3; round++) {
      const f = await measured(teacherAlone);
      // the floor counts every prompt position; distill writes only the loss positions, so both are per prompt token
      floors.push(f.value / f.seconds);
      const d = await measured(() => distillOnce(small));
      small1 ??= d;
      rates.push(d.value.distilled.rows ? seqs.reduce((a, s) => a + s.length, 0) / d.seconds : 0);
    }
    const bigRun = await measured(() => distillOnce(big));
    const smallRun = small1 as NonNullable<typeof small1>;
    const value = spread(rates).median;
    const floor = spread(floors).median;
    const positionsPerS = smallRun.value.distilled.positions / smallRun.seconds;
    return {
      name: 'distill',
      metrics: {
        trajectories_small: SMALL,
        trajectories_big: SMALL * 4,
        teacher_latency_ms: LATENCY_MS,
        top_k: TOP_K,
        prompt_tokens_per_s: value,
        teacher_alone_tokens_per_s: floor,
        loss_positions_per_s: positionsPerS,
        loss_positions_small: smallRun.value.distilled.positions,
        loss_positions_big: bigRun.value.distilled.positions,
        peak_rss_small_mb: smallRun.peakMb,
        peak_rss_big_mb: bigRun.peakMb,
        big_seconds: bigRun.seconds,
      },
      figures: {
        distill_throughput: figure({
          unit: 'tokens/s',
          value,
          floor,
          floorIs: 'the fake teacher alone: the same batched requests posted and parsed, same concurrency',
          target: ['≥', 0.3],
        }),
        distill_peak_rss: figure({
          unit: 'MB',
          value: bigRun.peakMb,
          floor: smallRun.peakMb,
          floorIs: 'peak RSS distilling 1/4 of the trajectories',
          target: ['≤', 1.25],
        }),
      },
    };
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
}
