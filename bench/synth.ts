import { performance } from 'node:perf_hooks';
import { DIFFICULTIES } from '../src/spec/taxonomy.js';
import { FAMILIES } from '../src/synth/families/index.js';
import { runGate } from '../src/synth/gate/index.js';
import { generateProcedural } from '../src/synth/procedural.js';
import type { BenchResult } from './stats.js';

// procedural generation through the full gate (reference execution and mutation included), one process
export async function run(): Promise<BenchResult> {
  const jobs = FAMILIES.flatMap((f) => DIFFICULTIES.map((d) => ({ family: f.name, difficulty: d })));
  // warm-up: jit and per-module caches
  for (const j of jobs) await runGate({ raw: generateProcedural({ ...j, id: 'warm', seed: 0, mockToday: '2026-03-10' }) });
  const rates: number[] = [];
  let tasks = 0;
  let released = 0;
  let genMs = 0;
  for (let round = 0; round < 5; round++) {
    const t0 = performance.now();
    let n = 0;
    for (let seed = 1; seed <= 8; seed++) {
      for (const j of jobs) {
        const g0 = performance.now();
        const raw = generateProcedural({ ...j, id: `bench_${seed}`, seed: seed + round * 100, mockToday: '2026-03-10' });
        genMs += performance.now() - g0;
        const r = await runGate({ raw });
        if (r.ok) released++;
        n++;
      }
    }
    rates.push(n / ((performance.now() - t0) / 1000));
    tasks += n;
  }
  rates.sort((a, b) => a - b);
  const median = rates[Math.floor(rates.length / 2)] ?? 0;
  return {
    name: 'synth',
    metrics: { families: FAMILIES.length, tasks, released, median_tasks_per_s: median, min_tasks_per_s: rates[0] ?? 0, generate_ms_per_task: genMs / tasks },
    targets: { median_tasks_per_s: { value: median, target: '≥ 200 tasks/s', ok: median >= 200 } },
  };
}
