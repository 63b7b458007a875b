import { type ChildProcess, spawn } from 'node:child_process';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// the kill -9 tests' worker in its own process (worker-child.ts), and the moment it is inside a job

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Starts worker-child.ts on `redisUrl` (lock `lockMs`); `busy` resolves with the id of the job it holds. */
export function spawnWorkerChild(redisUrl: string, lockMs: number): { child: ChildProcess; busy: Promise<string> } {
  // compiled (npm test runs .test-build/) the child starts as JavaScript, from a source file through tsx
  const entry = fileURLToPath(new URL(`./worker-child${extname(import.meta.url)}`, import.meta.url));
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, entry, redisUrl, String(lockMs)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  const busy = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d.toString();
      const m = /busy (\S+)/.exec(stdout);
      if (m) resolve(m[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`worker child exited (${code}) before taking a job: ${stdout}`)));
  });
  return { child, busy };
}

/** The example task files `names` (examples/tasks/<name>.yaml). */
export const exampleTasks = (...names: string[]): string[] =>
  names.map((t) => join(ROOT, 'examples/tasks', `${t}.yaml`));
