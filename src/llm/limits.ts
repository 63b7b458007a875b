import pLimit, { type LimitFunction } from 'p-limit';
import { sleep } from './retry.js';

/** Caps concurrent calls and, optionally, calls per minute (a sliding one-minute window). */
export class CallLimiter {
  readonly #limit: LimitFunction;
  readonly #rpm: number | undefined;
  readonly #starts: number[] = [];
  readonly #now: () => number;

  constructor(opts: { concurrency?: number; rpm?: number; now?: () => number } = {}) {
    this.#limit = pLimit(opts.concurrency ?? 8);
    this.#rpm = opts.rpm;
    this.#now = opts.now ?? Date.now;
  }

  run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.#limit(async () => {
      await this.#admit(signal);
      return fn();
    });
  }

  async #admit(signal?: AbortSignal): Promise<void> {
    if (!this.#rpm) return;
    for (;;) {
      const now = this.#now();
      while (this.#starts.length && (this.#starts[0] ?? 0) <= now - 60_000) this.#starts.shift();
      if (this.#starts.length < this.#rpm) {
        this.#starts.push(now);
        return;
      }
      await sleep((this.#starts[0] ?? now) + 60_000 - now + 1, signal);
    }
  }
}
