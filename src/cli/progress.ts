import cliProgress from 'cli-progress';
import { note } from './output.js';

export interface Progress {
  tick(done: number, status: string): void;
  stop(): void;
}

/** A progress bar on stderr (a TTY outside CI), else a plain line at every 10%. */
export function progress(label: string, total: number, quiet = false): Progress {
  if (quiet || total === 0) return { tick() {}, stop() {} };
  if (process.stderr.isTTY && !process.env.CI) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label} [{bar}] {value}/{total} {status} ETA {eta_formatted}`,
        stream: process.stderr,
        hideCursor: true,
        clearOnComplete: false,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0, { status: '' });
    return { tick: (done, status) => bar.update(done, { status }), stop: () => bar.stop() };
  }
  let shown = -1;
  const t0 = Date.now();
  return {
    tick(done, status) {
      const decile = Math.floor((done / total) * 10);
      if (decile === shown && done !== total) return;
      shown = decile;
      const rate = done / Math.max(1e-3, (Date.now() - t0) / 1000);
      const eta = done < total ? ` ETA ${Math.ceil((total - done) / Math.max(rate, 1e-6))}s` : '';
      note(`${label} ${done}/${total} ${status}${eta}`);
    },
    stop() {},
  };
}
