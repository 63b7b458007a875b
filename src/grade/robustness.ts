import type { AuditCall } from '../schema/trajectory.js';

export interface RobustnessResult {
  robustness: number;
  errored_tools: string[];
  recovered_tools: string[];
  success_ratio: number;
}

/**
 * Claw-Eval robustness: 1 when no call failed; else round(max(recovered/errored, min(success_ratio, 0.5)), 2)
 * where errored = distinct tools with a failed call (injected faults included) and recovered = those called
 * successfully after their last failure.
 */
export function robustnessOf(calls: readonly AuditCall[]): RobustnessResult {
  const lastError = new Map<string, number>();
  const lastOk = new Map<string, number>();
  let ok = 0;
  for (const c of calls) {
    if (c.ok) {
      ok++;
      lastOk.set(c.tool, c.seq);
    } else lastError.set(c.tool, c.seq);
  }
  const successRatio = calls.length ? ok / calls.length : 1;
  const errored = [...lastError.keys()].sort();
  const recovered = errored.filter((t) => (lastOk.get(t) ?? 0) > (lastError.get(t) ?? 0));
  const robustness =
    errored.length === 0
      ? 1
      : Math.round(Math.max(recovered.length / errored.length, Math.min(successRatio, 0.5)) * 100) / 100;
  return { robustness, errored_tools: errored, recovered_tools: recovered, success_ratio: round(successRatio, 6) };
}

export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
