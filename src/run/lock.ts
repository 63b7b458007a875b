import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { CoworkError } from '../schema/errors.js';

/** A held lock file; `release` is idempotent and never removes a lock another process holds. */
export interface Lock {
  readonly file: string;
  release(): void;
}

export type LockAttempt = { ok: true; lock: Lock } | { ok: false; pid: number };

export interface LockOptions {
  notice?(line: string): void;
  /** release on SIGINT/SIGTERM/SIGHUP and then die of the signal; off for commands that shut down on signals themselves */
  releaseOnSignal?: boolean;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

const holderOf = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates `file` holding our pid, atomically (temp file + link, so the lock is never seen empty). */
function create(file: string): boolean {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, `${process.pid}\n`);
    linkSync(tmp, file);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new CoworkError('io_error', `${file}: cannot create the lock file (${(e as Error).message})`, undefined, {
      cause: e,
    });
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // never created
    }
  }
}

/**
 * Tries to take the lock file `file` (its content is the holder's pid). A lock left by a process that is
 * gone is taken over with a notice; one held by a live process (this one included) is refused with its pid.
 * The lock is released by `release()`, at exit, and (with `releaseOnSignal`) on SIGINT/SIGTERM/SIGHUP.
 */
export function tryLock(file: string, opts: LockOptions = {}): LockAttempt {
  for (let attempt = 0; attempt < 5; attempt++) {
    if (create(file)) return { ok: true, lock: held(file, !!opts.releaseOnSignal) };
    const text = holderOf(file);
    if (text === undefined) continue; // released meanwhile
    const pid = Number.parseInt(text, 10);
    if (Number.isInteger(pid) && pid > 0 && alive(pid)) return { ok: false, pid };
    // stale: move it aside and check we moved the stale one, not a lock another process just took over
    const aside = `${file}.stale.${process.pid}`;
    try {
      renameSync(file, aside);
    } catch {
      continue;
    }
    if (holderOf(aside) !== text) {
      try {
        linkSync(aside, file);
      } catch {
        // a third process holds the lock now; the next attempt sees it
      }
    } else
      opts.notice?.(`notice: ${file}: taking over a stale lock (process ${Number.isInteger(pid) ? pid : '?'} is gone)`);
    try {
      unlinkSync(aside);
    } catch {
      // already gone
    }
  }
  throw new CoworkError(
    'io_error',
    `${file}: cannot take the lock (it keeps changing hands); retry, or remove the file if no coworkenv process uses it`,
  );
}

function held(file: string, onSignals: boolean): Lock {
  const mine = `${process.pid}\n`;
  const onSignal = (signal: NodeJS.Signals) => {
    release();
    // without our listener the default action (terminate) applies again
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  function release(): void {
    process.off('exit', release);
    for (const s of SIGNALS) process.off(s, onSignal);
    if (holderOf(file) !== mine) return;
    try {
      unlinkSync(file);
    } catch {
      // already gone
    }
  }
  process.on('exit', release);
  if (onSignals) for (const s of SIGNALS) process.on(s, onSignal);
  return { file, release };
}
