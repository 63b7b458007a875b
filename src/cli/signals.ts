// Long-running commands (serve, proxy) stop on the first SIGINT/SIGTERM.
// Listen before printing the "ready" line: a supervisor that signals as soon as it reads that
// line would otherwise hit the default action (terminate) and nothing would be closed or written.

/** Starts listening now; resolves with the first SIGINT or SIGTERM, then stops listening. */
export function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const on = (signal: NodeJS.Signals) => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
      resolve(signal);
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });
}

/**
 * Resolves when this process's parent goes away (it is re-parented): a wrapper such as `npx` or `sh -c`
 * that dies of SIGTERM without passing it on would otherwise leave the server running, orphaned.
 * Checked every `everyMs` on an unref'd timer.
 */
export function untilOrphaned(everyMs = 500): Promise<'parent exited'> {
  const parent = process.ppid;
  return new Promise((resolve) => {
    const t = setInterval(() => {
      if (process.ppid !== parent) {
        clearInterval(t);
        resolve('parent exited');
      }
    }, everyMs);
    t.unref();
  });
}
