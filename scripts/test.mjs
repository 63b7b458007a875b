#!/usr/bin/env node
// `npm test`: check the format, build dist/ unless it is current (the CLI that tests spawn runs it), compile the tests once into
// .test-build/ and run them with node --test, slowest first, while the whole project is type-checked beside them.
//   npm test                           everything
//   npm test -- src/cli/cli.test.ts    only these test files (after the same checks and builds)
// Compiled tests start without a TypeScript loader: tsx costs each test process about half a second of CPU, and
// its worker threads more. .test-build/ mirrors src/ at the same depth, so `new URL('../../examples', import.meta.url)`
// finds the same folder from a compiled test as from its source.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent } from '../bin/build-current.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, '.test-build');
const CACHE = join(ROOT, 'node_modules/.cache/coworkenv');
// the last run's time per test file, to start the slow ones first; a fresh checkout starts from the committed
// SEED_TIMINGS (refresh it with `cp node_modules/.cache/coworkenv/test-timings.json scripts/` now and then)
const TIMINGS = join(CACHE, 'test-timings.json');
const SEED_TIMINGS = join(ROOT, 'scripts/test-timings.json');
// a test file neither has timed yet
const UNTIMED_MS = 2000;
const TSBUILDINFO = join(CACHE, 'typecheck.tsbuildinfo');
const bin = (name) => join(ROOT, 'node_modules/.bin', name);

/** Runs a command to completion; its output is printed only when it fails. */
function step(label, cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      if (code !== 0) process.stderr.write(`npm test: ${label} failed\n${out}`);
      resolve(code === 0);
    });
  });
}

const testFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? testFiles(p) : e.name.endsWith('.test.js') ? [p] : [];
  });

/** The compiled file of a source test path (src/a/b.test.ts → .test-build/a/b.test.js, bench/x.test.ts → .test-build/bench/x.test.js). */
function compiledOf(arg) {
  const rel = relative(ROOT, resolve(arg)).replace(/\.ts$/, '.js');
  const file = rel.startsWith('src/') ? join(OUT, rel.slice(4)) : join(OUT, rel);
  if (!existsSync(file)) {
    process.stderr.write(`npm test: ${arg} is not a test file (expected src/**/*.test.ts or bench/*.test.ts)\n`);
    process.exit(1);
  }
  return file;
}

function readTimings() {
  for (const file of [TIMINGS, SEED_TIMINGS]) {
    try {
      return JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      // absent or unreadable: the next one
    }
  }
  return {};
}

const started = Date.now();
rmSync(OUT, { recursive: true, force: true });
mkdirSync(CACHE, { recursive: true });
const checks = await Promise.all([
  step('biome format', bin('biome'), ['format', '.']),
  // dist/ as bin/coworkenv.js judges it: `npm ci` builds it (prepare), so a fresh clone need not build it again
  buildIsCurrent(ROOT) || step('build (dist/)', bin('tsc'), ['-p', 'tsconfig.build.json']),
  step('test build (.test-build/)', bin('tsc'), ['-p', 'tsconfig.test.json']),
  step('bench test build (.test-build/bench/)', bin('tsc'), ['-p', 'bench/tsconfig.test.json']),
]);
if (checks.includes(false)) process.exit(1);
// the test build type-checked src/; bench/ (what of src/ it uses comes along) is checked beside the tests, so
// together they check the whole project (`tsc --noEmit -p .`) without checking src/ twice (bin/ is JavaScript)
const typecheck = step('tsc --noEmit -p bench', bin('tsc'), [
  '--noEmit',
  '-p',
  'bench',
  '--incremental',
  '--tsBuildInfoFile',
  TSBUILDINFO,
]);

// A test file that leaves nothing process-wide behind (no chdir, exit code, environment variable, process listener,
// worker thread, browser, Redis or global setting) shares a process with other such files: module loading and JIT
// warm-up are then paid once per process instead of once per file. Files of a folder stay together (they load the
// same modules); folders are packed into processes of at most SHARED_MS of measured test time.
const PROCESS_WIDE =
  /chdir|exitCode|process\.(env\.\w+ *=|on\()|configureShellPool|setWorkspaceBudget|chromium|redis|new Worker\(|mock\.timers/;
const SHARED_MS = 30_000;

// A test file that asserts how fast something answers (a server under attack, a deadline) says so with this line;
// it runs in its own process at the normal priority, every other test process (and what it starts) at niceness
// BACKGROUND_NICE (scripts/test-process.mjs): more processes than cores then keep the cores busy without making
// those answers wait behind other tests' work.
const FOREGROUND = /^\/\/ npm test: foreground\b/m;
const BACKGROUND_NICE = 10;

const timings = readTimings();
// the reporter times each test by the file it is written in, also inside a shared process
const weight = (members) => members.reduce((sum, f) => sum + (timings[relative(OUT, f)] ?? UNTIMED_MS), 0);

function shareProcesses(files) {
  const units = [];
  const byFolder = new Map();
  for (const f of files) {
    const source = join(ROOT, 'src', relative(OUT, f)).replace(/\.js$/, '.ts');
    const text = existsSync(source) ? readFileSync(source, 'utf8') : undefined;
    const foreground = text !== undefined && FOREGROUND.test(text);
    if (text === undefined || foreground || PROCESS_WIDE.test(text)) units.push({ members: [f], foreground });
    else byFolder.set(dirname(f), [...(byFolder.get(dirname(f)) ?? []), f]);
  }
  // a folder heavier than one process's share is first cut into pieces of at most SHARED_MS (its files share
  // what they load as far as they fit): whole, it would run as one process, its files one after another (the
  // cli/ folder, ~130 s, was the run's longest pole)
  const groups = [...byFolder.values()].flatMap((m) => (weight(m) > SHARED_MS ? firstFit(m.map((f) => [f])) : [m]));
  return [...units, ...firstFit(groups).map((members) => ({ members, foreground: false }))];
}

/** Groups of files packed first fit, heaviest first, into bins of at most SHARED_MS (a heavier group alone). */
function firstFit(groups) {
  const bins = [];
  for (const members of [...groups].sort((a, b) => weight(b) - weight(a))) {
    const bin = bins.find((b) => weight(b) + weight(members) <= SHARED_MS);
    if (bin) bin.push(...members);
    else bins.push([...members]);
  }
  return bins;
}

const args = process.argv.slice(2);
const tests = args.length ? args.map(compiledOf) : testFiles(OUT).sort();
const units = shareProcesses(tests);
units.sort((a, b) => weight(b.members) - weight(a.members));
// node --test starts the files it is given in name order, whatever their order on its command line: each process
// gets an entry file named by its rank, so the slowest start first and the short ones fill the cores at the end
const ORDER = join(OUT, '_order');
mkdirSync(ORDER);
units.forEach((u, i) => {
  u.entry = join(ORDER, `${String(i).padStart(3, '0')}.test.js`);
  writeFileSync(u.entry, u.members.map((m) => `import '${relative(ORDER, m)}';\n`).join(''));
});
// three more than the cores: test processes spend about half their time waiting on child processes, servers and timers
const concurrency = availableParallelism() + 3;
const fresh = `${TIMINGS}.${process.pid}`;
process.stdout.write(
  `npm test: checked and built in ${((Date.now() - started) / 1000).toFixed(1)} s; ${tests.length} test files in ` +
    `${units.length} processes, ${concurrency} at a time\n`,
);

const runner = spawn(
  process.execPath,
  [
    `--import=${join(ROOT, 'scripts/test-process.mjs')}`,
    '--test',
    `--test-concurrency=${concurrency}`,
    '--test-reporter=dot',
    '--test-reporter-destination=stdout',
    `--test-reporter=${join(ROOT, 'scripts/test-timings.mjs')}`,
    `--test-reporter-destination=${fresh}`,
    ...units.map((u) => u.entry),
  ],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      COWORKENV_TEST_FOREGROUND: JSON.stringify(units.filter((u) => u.foreground).map((u) => u.entry)),
      COWORKENV_TEST_NICE: String(BACKGROUND_NICE),
    },
  },
);
const code = await new Promise((resolve) => runner.on('close', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
try {
  const { files: measured, totals: t } = JSON.parse(readFileSync(fresh, 'utf8'));
  // a whole run forgets the files that are gone
  const merged = args.length
    ? { ...timings }
    : Object.fromEntries(Object.entries(timings).filter(([f]) => existsSync(join(OUT, f))));
  for (const [file, ms] of Object.entries(measured)) merged[relative(OUT, file)] = Math.round(ms);
  writeFileSync(TIMINGS, `${JSON.stringify(merged, Object.keys(merged).sort(), 1)}\n`);
  process.stdout.write(
    `\nnpm test: ${t.tests} tests, ${t.pass} pass, ${t.fail} fail, ${t.cancelled} cancelled, ${t.skipped} skipped, ` +
      `${t.todo} todo in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
} catch {
  // a run stopped before its reporter finished leaves the previous timings as they were
}
rmSync(fresh, { force: true });
process.exit((await typecheck) ? code : 1);
