import { ToolError } from '../services/tool-error.js';
import type { Rng } from './rng.js';
import type { InjectedFault } from './types.js';

// injected service faults, Claw-Eval's mix: 35% 429 (retry after 2 s), 35% 500, 30% slow (2–4 s).
// slowness is simulated: recorded as latency and on the mock clock, never slept.
export interface Fault {
  kind: InjectedFault;
  latencyMs: number;
  error?: ToolError;
}

export function drawFault(rng: Rng, rate: number): Fault | undefined {
  if (!rng.chance(rate)) return undefined;
  const u = rng.next();
  if (u < 0.35) {
    return {
      kind: 'rate_limited',
      latencyMs: 0,
      error: new ToolError('rate_limited', 'Too many requests. Please retry after a short delay.', {
        retry_after_seconds: 2,
      }),
    };
  }
  if (u < 0.7) {
    return {
      kind: 'server_error',
      latencyMs: 0,
      error: new ToolError('server_error', 'An unexpected error occurred. Please try again.'),
    };
  }
  return { kind: 'slow', latencyMs: rng.int(2000, 4000) };
}
