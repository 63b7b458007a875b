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
