// Loaded (--import) by every test process scripts/test.mjs starts: a test file not marked "// npm test: foreground"
// lowers its own scheduling priority, so the processes that assert answer times get the cores first. Raising one's
// niceness needs no privilege; child processes (the CLI a test spawns, isolation units) inherit it.
import { setPriority } from 'node:os';

const foreground = JSON.parse(process.env.COWORKENV_TEST_FOREGROUND ?? '[]');
const nice = Number(process.env.COWORKENV_TEST_NICE ?? 0);
// the runner itself (node --test …) keeps its priority: it only starts processes and collects their reports
const runner = process.execArgv.includes('--test');
if (!runner && nice > 0 && !foreground.includes(process.argv[1])) {
  try {
    setPriority(nice);
  } catch {
    // a system that refuses it runs the test at the normal priority
  }
}
