// runs the benchmarks: `npm run bench` (all), `npm run bench -- episode`, `npm run bench -- --json`,
// `npm run bench -- --compare <git-rev> [--rounds N] [names…]` (see bench/README.md)
import { availableParallelism, loadavg } from 'node:os';
import { compare } from './compare.js';
import { type BenchResult, formatResult } from './stats.js';

const BENCHES: Record<string, () => Promise<{ run(): Promise<BenchResult> }>> = {
  episode: () => import('./episode.js'),
  synth: () => import('./synth.js'),
  curate: () => import('./curate.js'),
  server: () => import('./server.js'),
  shell: () => import('./shell.js'),
  distill: () => import('./distill.js'),
  view: () => import('./view.js'),
  'claw-serve': () => import('./claw-serve.js'),
  queue: () => import('./queue.js'),
  pictures: () => import('./pictures.js'),
};

const USAGE = 'usage: npm run bench -- [names…] [--json] [--list] [--compare <git-rev> [--rounds N]]';

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(1);
}

const args = process.argv.slice(2);
const names: string[] = [];
let json = false;
let rev: string | undefined;
let rounds = 5;
for (let i = 0; i < args.length; i++) {
  const a = args[i] as string;
  if (a === '--json') json = true;
  else if (a === '--list') {
    process.stdout.write(`${Object.keys(BENCHES).join('\n')}\n`);
    process.exit(0);
  } else if (a === '--compare') {
    rev = args[++i];
    if (!rev || rev.startsWith('--')) fail('--compare needs a git revision, e.g. --compare HEAD~3');
  } else if (a === '--rounds') {
    rounds = Number(args[++i]);
    if (!Number.isInteger(rounds) || rounds < 5) fail(`--rounds must be an integer ≥ 5 (got ${args[i] ?? 'nothing'})`);
  } else if (a.startsWith('--')) fail(`unknown option ${a}`);
  else names.push(a);
}
const unknown = names.filter((n) => !BENCHES[n]);
if (unknown.length) fail(`unknown benchmark(s): ${unknown.join(', ')}; available: ${Object.keys(BENCHES).join(', ')}`);

if (rev !== undefined) {
  if (json) fail('--compare prints a table; --json is for a single run');
  process.exitCode = await compare({
    rev,
    names: names.length ? names : Object.keys(BENCHES),
    rounds,
    log: (s) => process.stderr.write(s),
    out: (s) => process.stdout.write(s),
  });
} else {
  // how busy the machine was: other processes' CPU time stretches absolute figures and compresses
  // cross-process ratios (a wake-up delay adds to step and floor alike)
  const machine = { cpus: availableParallelism(), load_1m_before: loadavg()[0] as number, load_1m_after: 0 };
  if (!json)
    process.stdout.write(
      `machine: ${machine.cpus} CPUs, 1-minute load average ${machine.load_1m_before.toFixed(2)} before the run\n`,
    );
  const results: BenchResult[] = [];
  for (const name of names.length ? names : Object.keys(BENCHES)) {
    const r = await (await (BENCHES[name] as () => Promise<{ run(): Promise<BenchResult> }>)()).run();
    results.push(r);
    if (!json) process.stdout.write(formatResult(r));
  }
  machine.load_1m_after = loadavg()[0] as number;
  if (json) process.stdout.write(`${JSON.stringify({ node: process.version, machine, results }, null, 2)}\n`);
  else process.stdout.write(`\nmachine: 1-minute load average ${machine.load_1m_after.toFixed(2)} after the run\n`);
}
// whatever a benchmark left running (a worker pool, a timer) must not keep the run alive once it is done
process.stdout.write('', () => process.exit(process.exitCode ?? 0));
