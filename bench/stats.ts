import { performance } from 'node:perf_hooks';

/** Median of per-operation times (µs) over `samples` batches of `batch` operations. */
export function medianUs(samples: number, batch: number, op: (i: number) => void): { median: number; p90: number; min: number } {
  const times: number[] = [];
  let i = 0;
  for (let s = 0; s < samples; s++) {
    const t0 = performance.now();
    for (let b = 0; b < batch; b++) op(i++);
    times.push(((performance.now() - t0) * 1000) / batch);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { median: at(0.5), p90: at(0.9), min: times[0] ?? 0 };
}

export function gc(): void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (!g) throw new Error('run benchmarks with node --expose-gc (npm run bench does)');
  g();
  g();
}

export interface BenchResult {
  name: string;
  metrics: Record<string, number>;
  targets: Record<string, { value: number; target: string; ok: boolean }>;
}
