import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { num, spread } from './stats.js';

// `npm run bench -- --compare <rev>`: the same benchmarks on this working tree and on <rev> (checked out in a
// temporary git worktree that borrows this checkout's node_modules), each side a child process per benchmark
// per round, the two sides' order alternating from round to round so that a noisy neighbour or a warming
// machine weighs on both alike. Revisions from before figures existed print only `metrics`; both formats read.

export interface Side {
  label: string;
  cwd: string;
}

/** metric key (`bench.metric`, `bench.figure.ratio`) → value, from one `bench/run.ts --json` output. */
export type Sample = Map<string, number>;

/** Reads the numbers out of `bench/run.ts --json` output, old format (metrics only) or new (metrics + figures). */
export function readRunOutput(stdout: string): Sample {
  const start = stdout.indexOf('{\n');
  const text = start >= 0 ? stdout.slice(start) : stdout;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`benchmark output is not the JSON of --json: ${JSON.stringify(stdout.slice(0, 200))}`);
  }
  const results = (parsed as { results?: unknown }).results;
  if (!Array.isArray(results)) throw new Error('benchmark output has no "results" array');
  const out: Sample = new Map();
  for (const r of results as { name?: unknown; metrics?: unknown; figures?: unknown }[]) {
    if (typeof r.name !== 'string') continue;
    for (const [k, v] of Object.entries((r.metrics ?? {}) as Record<string, unknown>))
      if (typeof v === 'number') out.set(`${r.name}.${k}`, v);
    for (const [k, f] of Object.entries((r.figures ?? {}) as Record<string, { ratio?: unknown }>))
      if (typeof f?.ratio === 'number') out.set(`${r.name}.${k}.ratio`, f.ratio);
  }
  return out;
}

/** The two sides in the order round `r` runs them: this side first in even rounds, the other first in odd ones. */
export function sideOrder<T>(round: number, a: T, b: T): [T, T] {
  return round % 2 === 0 ? [a, b] : [b, a];
}

// throughputs and "≥" ratios are better higher; times, sizes and "≤" ratios lower
const higherIsBetter = (key: string) => /per_s|throughput\.ratio$/.test(key);

/**
 * The comparison table: per metric, min/median/max of each side and the ratio of the medians (a ÷ b). Metrics
 * that are the same constant on both sides (counts, sizes of the workload) are left out; a metric only one
 * side has is shown with "—" for the other.
 */
export function formatComparison(
  a: { label: string; samples: Sample[] },
  b: { label: string; samples: Sample[] },
): string {
  const keys = [...new Set([...a.samples.flatMap((s) => [...s.keys()]), ...b.samples.flatMap((s) => [...s.keys()])])];
  const values = (side: Sample[], k: string) => side.flatMap((s) => (s.has(k) ? [s.get(k) as number] : []));
  const cell = (xs: number[]) => {
    if (!xs.length) return '—';
    const s = spread(xs);
    return `${num(s.min)} / ${num(s.median)} / ${num(s.max)}`;
  };
  const rows: string[][] = [];
  let omitted = 0;
  for (const k of keys) {
    const va = values(a.samples, k);
    const vb = values(b.samples, k);
    const all = [...va, ...vb];
    if (va.length && vb.length && all.every((x) => x === all[0])) {
      omitted++;
      continue;
    }
    const ratio = va.length && vb.length ? spread(va).median / spread(vb).median : Number.NaN;
    rows.push([
      k,
      cell(va),
      cell(vb),
      Number.isFinite(ratio) ? `${num(ratio)}×` : '—',
      higherIsBetter(k) ? 'higher' : 'lower',
    ]);
  }
  const head = [
    'metric',
    `${a.label}: min / median / max`,
    `${b.label}: min / median / max`,
    `${a.label} ÷ ${b.label}`,
    'better',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd();
  const rounds = Math.max(a.samples.length, b.samples.length);
  const foot = `${rounds} interleaved rounds; ratios of medians${omitted ? `; ${omitted} metric(s) equal and constant on both sides left out` : ''}`;
  return `${[line(head), ...rows.map(line)].join('\n')}\n${foot}\n`;
}

function git(cwd: string, args: string[]): { ok: boolean; out: string; err: string } {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  return { ok: r.status === 0, out: (r.stdout ?? '').trim(), err: (r.stderr ?? '').trim() || (r.error?.message ?? '') };
}

/** The commit `rev` names in the repository at `cwd`, or a clear error. */
export function resolveRev(cwd: string, rev: string): string {
  if (rev.startsWith('-')) throw new Error(`--compare: "${rev}" is not a git revision`);
  const r = git(cwd, ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`]);
  if (!r.ok || !/^[0-9a-f]{40}$/.test(r.out))
    throw new Error(
      `--compare: unknown git revision "${rev}" in ${cwd}; give a commit, branch or tag (see git log --oneline)`,
    );
  return r.out;
}

/** Benchmarks among `names` that exist at commit `sha` (their bench/<name>.ts). */
export function benchesAt(cwd: string, sha: string, names: readonly string[]): string[] {
  const r = git(cwd, ['ls-tree', '--name-only', sha, 'bench/']);
  if (!r.ok) throw new Error(`--compare: cannot list bench/ at ${sha.slice(0, 7)}: ${r.err}`);
  const files = new Set(r.out.split('\n'));
  return names.filter((n) => files.has(`bench/${n}.ts`));
}

let child: ReturnType<typeof spawn> | undefined;

/** Runs `bench/run.ts <name> --json` in `cwd` as its own process; resolves with its numbers. */
function runSide(cwd: string, name: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/run.ts', name, '--json'], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = p;
    let out = '';
    let err = '';
    p.stdout?.on('data', (c: Buffer) => (out += c));
    p.stderr?.on('data', (c: Buffer) => (err += c));
    p.on('error', reject);
    p.on('close', (code, signal) => {
      child = undefined;
      if (code !== 0)
        return reject(
          new Error(
            `bench ${name} in ${cwd} failed (${signal ?? `exit ${code}`}):\n${err.trim().split('\n').slice(-15).join('\n')}`,
          ),
        );
      try {
        resolve(readRunOutput(out));
      } catch (e) {
        reject(e);
      }
    });
  });
}

export interface CompareOptions {
  rev: string;
  names: readonly string[];
  rounds: number;
  log: (s: string) => void;
  out: (s: string) => void;
}

/** `--compare`: returns the exit code (0, or 1 for a bad revision or a failed benchmark). */
export async function compare(o: CompareOptions): Promise<number> {
  const top = git(process.cwd(), ['rev-parse', '--show-toplevel']);
  if (!top.ok) {
    o.log(`--compare needs a git checkout: ${top.err}\n`);
    return 1;
  }
  const root = top.out;
  let sha: string;
  let names: string[];
  try {
    sha = resolveRev(root, o.rev);
    names = benchesAt(root, sha, o.names);
  } catch (e) {
    o.log(`${(e as Error).message}\n`);
    return 1;
  }
  const skipped = o.names.filter((n) => !names.includes(n));
  if (!names.length) {
    o.log(`--compare: none of ${o.names.join(', ')} exists at ${o.rev} (${sha.slice(0, 7)})\n`);
    return 1;
  }
  if (skipped.length) o.log(`not at ${o.rev}: ${skipped.join(', ')} (compared: ${names.join(', ')})\n`);

  const dir = await mkdtemp(join(tmpdir(), 'coworkenv-bench-compare-'));
  const tree = join(dir, 'tree');
  let cleaned = false;
  const cleanup = () => {
    if (cleaned) return;
    cleaned = true;
    child?.kill('SIGKILL');
    // the node_modules link goes first so that nothing can follow it into this checkout's node_modules
    spawnSync('rm', ['-f', join(tree, 'node_modules')]);
    git(root, ['worktree', 'remove', '--force', tree]);
    spawnSync('rm', ['-rf', dir]);
    git(root, ['worktree', 'prune']);
  };
  const onSignal = (sig: NodeJS.Signals) => {
    cleanup();
    o.log(`\n--compare interrupted (${sig}); worktree removed\n`);
    process.exit(sig === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const add = git(root, ['worktree', 'add', '--detach', '--quiet', tree, sha]);
    if (!add.ok) throw new Error(`git worktree add failed: ${add.err}`);
    const modules = join(root, 'node_modules');
    if (!existsSync(modules)) throw new Error(`no node_modules in ${root}: run npm ci first`);
    // `npm ci` there would take minutes; the dependencies of a recent revision are the same or nearly so
    await symlink(modules, join(tree, 'node_modules'), 'dir');
    const head = git(root, ['rev-parse', '--short', 'HEAD']).out;
    const self: Side = {
      label: `working tree (${head}${git(root, ['status', '--porcelain']).out ? '+changes' : ''})`,
      cwd: root,
    };
    const other: Side = {
      label: `${o.rev}${o.rev.startsWith(sha.slice(0, 7)) ? '' : ` (${sha.slice(0, 7)})`}`,
      cwd: tree,
    };
    const samples = new Map<Side, Sample[]>([
      [self, []],
      [other, []],
    ]);
    for (let r = 0; r < o.rounds; r++) {
      const round = new Map<Side, Sample>([
        [self, new Map()],
        [other, new Map()],
      ]);
      // per benchmark, both sides back to back: the closest in time two child processes can be
      for (const name of names) {
        for (const side of sideOrder(r, self, other)) {
          const t0 = performance.now();
          for (const [key, v] of await runSide(side.cwd, name)) round.get(side)?.set(key, v);
          o.log(
            `round ${r + 1}/${o.rounds}: ${name} @ ${side.label} ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
          );
        }
      }
      for (const [side, sample] of round) samples.get(side)?.push(sample);
    }
    o.out(`\n# ${names.join(', ')}: ${self.label} vs ${other.label}\n`);
    o.out(
      formatComparison(
        { label: 'this', samples: samples.get(self) ?? [] },
        { label: 'rev', samples: samples.get(other) ?? [] },
      ),
    );
    o.out(`this = ${self.label}; rev = ${other.label}\n`);
    return 0;
  } catch (e) {
    o.log(`--compare: ${(e as Error).message}\n`);
    return 1;
  } finally {
    cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
