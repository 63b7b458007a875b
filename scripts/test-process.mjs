// Loaded (--import) by every test process scripts/test.mjs starts, before node:test sets itself up.
import asyncHooks from 'node:async_hooks';
import { setPriority } from 'node:os';

// 1. Priority. A test file not marked "// npm test: foreground" lowers its own scheduling priority, so the processes
// that assert answer times get the cores first. Raising one's niceness needs no privilege; child processes (the CLI
// a test spawns, isolation units) inherit it.
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

// 2. A lighter harness. node:test (Node 20) enables an async hook whose init and destroy callbacks follow every
// promise the tests create, only to know which test an asynchronous resource belongs to: it makes an awaited
// promise about 20 times dearer, about a sixth of the suite's CPU. The harness needs that map for two things:
// `describe`/`it`/`before`/`after` find the suite they are written in by the current async id, and an uncaught
// error is charged to the test that caused it. The first needs only the tests themselves, which every suite and
// test body runs inside (AsyncResource#runInAsyncScope): they are registered there instead, and no hook is enabled.
// What is lost: an error thrown later from a timer or socket is reported as the file's failure ("a resource
// generated asynchronous activity after the test ended"; the process exits 1), not as one test's. A harness that
// no longer creates its hook from `setup` is left as it is.
const { AsyncResource, createHook } = asyncHooks;
asyncHooks.createHook = function (callbacks) {
  const caller = (new Error().stack ?? '').split('\n')[2] ?? '';
  if (!/^\s*at setup \(node:internal\/test_runner\/harness/.test(caller)) return createHook.call(this, callbacks);
  asyncHooks.createHook = createHook;
  const registered = new WeakSet();
  const runInAsyncScope = AsyncResource.prototype.runInAsyncScope;
  AsyncResource.prototype.runInAsyncScope = function (...args) {
    if (!registered.has(this)) {
      registered.add(this);
      // the harness keeps the resources that are tests and ignores the rest
      callbacks.init(this.asyncId(), 'Test', 0, this);
    }
    return runInAsyncScope.apply(this, args);
  };
  return {
    enable() {
      return this;
    },
    disable() {
      return this;
    },
  };
};
