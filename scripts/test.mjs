#!/usr/bin/env node
// `npm test`: check the format, build dist/ (the CLI that tests spawn runs it), compile the tests once into
// .test-build/ and run them with node --test, slowest first, while the whole project is type-checked beside them.
//   npm test                           everything
//   npm test -- src/cli/cli.test.ts    only these test files (after the same checks and builds)
// Compiled tests start without a TypeScript loader: tsx costs each test process about half a second of CPU, and
// its worker threads more. .test-build/ mirrors src/ at the same depth, so `new URL('../../examples', import.meta.url)`
// finds the same folder from a compiled test as from its source.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, '.test-build');
const CACHE = join(ROOT, 'node_modules/.cache/coworkenv');
// the last run's time per test file, to start the slow ones first (a fresh checkout runs them in name order)
const TIMINGS = join(CACHE, 'test-timings.json');
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
  try {
    return JSON.parse(readFileSync(TIMINGS, 'utf8'));
  } catch {
    return {};
  }
}

const started = Date.now();
rmSync(OUT, { recursive: true, force: true });
mkdirSync(CACHE, { recursive: true });
const checks = await Promise.all([
  step('biome format', bin('biome'), ['format', '.']),
  step('build (dist/)', bin('tsc'), ['-p', 'tsconfig.build.json']),
  step('test build (.test-build/)', bin('tsc'), ['-p', 'tsconfig.test.json']),
  step('bench test build (.test-build/bench/)', bin('tsc'), ['-p', 'bench/tsconfig.test.json']),
]);
if (checks.includes(false)) process.exit(1);
// the test build type-checked src/; the whole project (bench/, bin/ too) is checked beside the tests
const typecheck = step('tsc --noEmit', bin('tsc'), ['--noEmit', '--incremental', '--tsBuildInfoFile', TSBUILDINFO]);

// A test file that leaves nothing process-wide behind (no chdir, exit code, environment variable, process listener,
// worker thread, browser, Redis or global setting) shares one process with the other such files of its folder:
// module loading and JIT warm-up are then paid once per folder instead of once per file.
const PROCESS_WIDE =
  /chdir|exitCode|process\.(env\.\w+ *=|on\()|configureShellPool|setWorkspaceBudget|chromium|redis|new Worker\(|mock\.timers/;

function shareProcesses(files) {
  const units = [];
  const byFolder = new Map();
  for (const f of files) {
    const source = join(ROOT, 'src', relative(OUT, f)).replace(/\.js$/, '.ts');
    if (!existsSync(source) || PROCESS_WIDE.test(readFileSync(source, 'utf8'))) units.push({ entry: f, members: [f] });
    else byFolder.set(dirname(f), [...(byFolder.get(dirname(f)) ?? []), f]);
  }
  for (const [folder, members] of byFolder) {
    const entry = members.length === 1 ? (members[0] ?? '') : join(folder, '_shared.test.js');
    if (members.length > 1) writeFileSync(entry, members.map((m) => `import './${basename(m)}';\n`).join(''));
    units.push({ entry, members });
  }
  return units;
}

const timings = readTimings();
const args = process.argv.slice(2);
const tests = args.length ? args.map(compiledOf) : testFiles(OUT).sort();
const units = shareProcesses(tests);
// the reporter times each test by the file it is written in, also inside a shared process
const weight = (unit) => unit.members.reduce((sum, f) => sum + (timings[relative(OUT, f)] ?? 0), 0);
units.sort((a, b) => weight(b) - weight(a));
// one more than the cores: test processes spend part of their time waiting on child processes, servers and timers
const concurrency = availableParallelism() + 1;
const fresh = `${TIMINGS}.${process.pid}`;
process.stdout.write(
  `npm test: checked and built in ${((Date.now() - started) / 1000).toFixed(1)} s; ${tests.length} test files in ` +
    `${units.length} processes, ${concurrency} at a time\n`,
);

const runner = spawn(
  process.execPath,
  [
    '--test',
    `--test-concurrency=${concurrency}`,
    '--test-reporter=dot',
    '--test-reporter-destination=stdout',
    `--test-reporter=${join(ROOT, 'scripts/test-timings.mjs')}`,
    `--test-reporter-destination=${fresh}`,
    ...units.map((u) => u.entry),
  ],
  { cwd: ROOT, stdio: 'inherit' },
);
const code = await new Promise((resolve) => runner.on('close', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
try {
  const { files: measured, totals: t } = JSON.parse(readFileSync(fresh, 'utf8'));
  const merged = { ...timings };
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
