import { parentPort, workerData } from 'node:worker_threads';
import type { WorkspaceBudget } from './limits.js';
import { execVirtual, prepareShell, type VirtualJob } from './virtual-exec.js';

// A shell-pool worker: runs one just-bash command at a time, off the server's event loop. The pool kills
// it at the command's deadline or when it passes its heap limit, and starts a fresh one.

// nothing a command does may reach the process's stdout (the MCP stdio transport) or stderr
for (const k of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) console[k] = () => {};
process.stdout.write = () => true;
process.stderr.write = () => true;

const port = parentPort;
if (!port) throw new Error('shell-worker.ts runs as a worker thread of shell-pool.ts');
try {
  prepareShell((workerData as { budget: WorkspaceBudget }).budget);
} catch {
  // as below: the first command builds its own shell
}
port.on('message', (job: VirtualJob) => {
  void execVirtual(job).then((reply) => {
    port.postMessage(reply);
    // set up the next command's shell while idle (a failure here shows on the next command instead)
    setImmediate(() => {
      try {
        prepareShell(job.budget);
      } catch {
        // the next command builds its own shell and reports the error
      }
    });
  });
});
port.postMessage({ kind: 'ready' });
