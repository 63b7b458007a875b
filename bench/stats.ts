import { performance } from 'node:perf_hooks';

/** Median of per-operation times (µs) over `samples` batches of `batch` operations. */
export function medianUs(
  samples: number,
  batch: number,
  op: (i: number) => void,
): { median: number; p90: number; min: number } {
  const times: number[] = [];
  let i = 0;
  for (let s = 0; s < samples; s++) {
    const t0 = performance.now();
    for (let b = 0; b < batch; b++) op(i++);
    times.push(((performance.now() - t0) * 1000) / batch);
  }
  return { median: quantile(times, 0.5), p90: quantile(times, 0.9), min: quantile(times, 0) };
}

/**
 * Like {@link medianUs} for two operations, their batches interleaved (a, b, a, b, …) so that a noisy
 * neighbour slows both alike and their ratio stays meaningful; `batch` is one size for both or [a's, b's].
 */
export function pairedMedianUs(
  samples: number,
  batch: number | [number, number],
  a: (i: number) => void,
  b: (i: number) => void,
): { a: { median: number; p90: number }; b: { median: number; p90: number } } {
  const ta: number[] = [];
  const tb: number[] = [];
  const [na, nb] = typeof batch === 'number' ? [batch, batch] : batch;
  let ia = 0;
  let ib = 0;
  for (let s = 0; s < samples; s++) {
    let t0 = performance.now();
    for (let k = 0; k < na; k++) a(ia++);
    ta.push(((performance.now() - t0) * 1000) / na);
    t0 = performance.now();
    for (let k = 0; k < nb; k++) b(ib++);
    tb.push(((performance.now() - t0) * 1000) / nb);
  }
  return {
    a: { median: quantile(ta, 0.5), p90: quantile(ta, 0.9) },
    b: { median: quantile(tb, 0.5), p90: quantile(tb, 0.9) },
  };
}

/** The q-quantile (0 ≤ q ≤ 1) of `xs` by the nearest-rank rule; NaN for an empty list. */
export function quantile(xs: readonly number[], q: number): number {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
}

/** Minimum, median and maximum of repeated measurements (the median of an even count is the mean of the middle two). */
export function spread(xs: readonly number[]): { min: number; median: number; max: number; n: number } {
  if (!xs.length) return { min: Number.NaN, median: Number.NaN, max: Number.NaN, n: 0 };
  const s = [...xs].sort((x, y) => x - y);
  const mid = s.length >> 1;
  const median = s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
  return { min: s[0] as number, median, max: s[s.length - 1] as number, n: s.length };
}

export function gc(): void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (!g) throw new Error('run benchmarks with node --expose-gc (npm run bench does)');
  g();
  g();
}

export type Cmp = '≤' | '≥';

/**
 * One benchmark figure: the absolute value beside the floor of the same work measured in the same run and
 * process, and their ratio, which is what the target is on (a ratio means the same on a slow machine and a
 * fast one; the absolute value does not).
 */
export interface Figure {
  unit: string;
  value: number;
  floor: number;
  /** what the floor measures */
  floor_is: string;
  /** value ÷ floor */
  ratio: number;
  /** the target on the ratio, e.g. {cmp: '≤', ratio: 2} for "at most twice the floor" */
  target: { cmp: Cmp; ratio: number };
  ok: boolean;
  /** an absolute target kept beside the ratio's (machine-dependent: informative where the issue asks for one) */
  absolute?: { cmp: Cmp; value: number; ok: boolean };
}

export interface BenchResult {
  name: string;
  /** every number measured (absolute), by name; `--compare` matches revisions on these */
  metrics: Record<string, number>;
  figures: Record<string, Figure>;
}

const meets = (cmp: Cmp, x: number, limit: number) => (cmp === '≤' ? x <= limit : x >= limit);

/** Builds a {@link Figure}; `target` is on value ÷ floor, `absolute` (optional) on the value itself. */
export function figure(f: {
  unit: string;
  value: number;
  floor: number;
  floorIs: string;
  target: [Cmp, number];
  absolute?: [Cmp, number];
}): Figure {
  if (!(f.floor > 0) || !Number.isFinite(f.value))
    throw new Error(`bad measurement: value ${f.value}, floor ${f.floor} (${f.floorIs})`);
  const ratio = f.value / f.floor;
  const [cmp, limit] = f.target;
  const out: Figure = {
    unit: f.unit,
    value: f.value,
    floor: f.floor,
    floor_is: f.floorIs,
    ratio,
    target: { cmp, ratio: limit },
    ok: meets(cmp, ratio, limit),
  };
  if (f.absolute)
    out.absolute = { cmp: f.absolute[0], value: f.absolute[1], ok: meets(f.absolute[0], f.value, f.absolute[1]) };
  return out;
}

/** A number for people: 3 significant digits, integers as they are. */
export function num(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (Number.isInteger(x)) return String(x);
  const a = Math.abs(x);
  return a >= 100 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : a >= 1 ? x.toFixed(2) : x.toPrecision(3);
}

/** The human lines of one result: its figures (value, floor, ratio against its target), then the other metrics. */
export function formatResult(r: BenchResult): string {
  const lines = [`\n# ${r.name}`];
  for (const [k, f] of Object.entries(r.figures)) {
    const abs = f.absolute
      ? `; absolute ${f.absolute.cmp} ${num(f.absolute.value)} ${f.unit} ${f.absolute.ok ? 'met' : 'MISSED'}`
      : '';
    lines.push(`  ${k.padEnd(26)} ${num(f.value)} ${f.unit}  floor ${num(f.floor)} ${f.unit} (${f.floor_is})`);
    lines.push(
      `  ${''.padEnd(26)} ratio ${num(f.ratio)}× (target ${f.target.cmp} ${f.target.ratio}×) ${f.ok ? 'met' : 'MISSED'}${abs}`,
    );
  }
  const shown = Object.entries(r.metrics);
  if (shown.length) lines.push('  metrics:');
  for (const [k, v] of shown) lines.push(`    ${k.padEnd(30)} ${num(v)}`);
  return `${lines.join('\n')}\n`;
}
