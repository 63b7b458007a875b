import { normalPath } from '../../grade/checks/file-util.js';
import { canonicalJson } from '../../schema/canonical-json.js';
import type { TaskSpec } from '../../schema/task-spec.js';
import type { Trajectory } from '../../schema/trajectory.js';
import { type ReplayMemo, replay } from '../replay.js';

export { readSteps as reads, round4 } from '../free-credit.js';
import { round4 } from '../free-credit.js';

/** A spec as written (defaults not applied), edited in place by the rules. */
export type RawSpec = Record<string, unknown> & { checks: RawCheck[] };
export type RawCheck = Record<string, unknown> & { id: string; kind: string; weight: number };

/** One edit `harden` made, with why. */
export interface Change {
  rule: string;
  path: string;
  before?: unknown;
  after?: unknown;
  reason: string;
}

export interface RuleContext {
  raw: RawSpec;
  spec: TaskSpec;
  /** the codes of the gate's errors on the spec as it stands */
  codes: ReadonlySet<string>;
  memo: ReplayMemo;
  /** whether the reference still scores 1.0 on `raw` as it now stands */
  referenceHolds(raw: RawSpec): Promise<boolean>;
}

/**
 * A rewrite rule: when the gate's findings call for it, edit `ctx.raw` and say what changed. `harden` keeps a
 * rule's edits only if the reference still scores 1.0 afterwards (a rule may test single edits itself).
 */
export interface HardenRule {
  name: string;
  when: readonly string[];
  apply(ctx: RuleContext): Promise<Change[]>;
}

export const CAP = 0.5; // completion when the decisive outcome check fails: 0.8 × 0.5 + 0.2 stays below the 0.75 pass line

const forbidden = (raw: RawSpec) => {
  const f = (raw.forbidden ??= {}) as { actions?: unknown[] };
  return (f.actions ??= []);
};

/** Adds `action` to `forbidden.actions` unless an equal one is there: the change, or undefined. */
export function addForbidden(
  raw: RawSpec,
  action: Record<string, unknown>,
  rule: string,
  reason: string,
): Change | undefined {
  const list = forbidden(raw);
  if (list.some((x) => canonicalJson(x) === canonicalJson(action))) return undefined;
  list.push(action);
  return { rule, path: `forbidden.actions[${list.length - 1}]`, after: action, reason };
}

/** Sets new weights (by check index), rounded to 4 decimals with the rounding remainder on the largest. */
export function reweigh(raw: RawSpec, weights: number[], rule: string, reason: string): Change[] {
  const rounded = weights.map(round4);
  const rest = round4(1 - rounded.reduce((a, b) => a + b, 0));
  const top = rounded.indexOf(Math.max(...rounded));
  rounded[top] = round4((rounded[top] as number) + rest);
  const out: Change[] = [];
  raw.checks.forEach((c, i) => {
    if (c.weight === rounded[i]) return;
    out.push({ rule, path: `checks[${i}].weight`, before: c.weight, after: rounded[i], reason });
    c.weight = rounded[i] as number;
  });
  return out;
}

// gives `freed` weight to the checks in `to` (indices), in proportion to their weights
export function spread(weights: number[], to: number[], freed: number): number[] {
  const base = to.reduce((n, i) => n + (weights[i] as number), 0);
  return weights.map((w, i) => (to.includes(i) ? w + (base > 0 ? (freed * w) / base : freed / to.length) : w));
}

/** The forbidden actions that keep a workspace file as it was: no write, no edit, no shell command changing it. */
export function fileUntouched(path: string): Record<string, unknown>[] {
  const p = normalPath(path);
  return [
    { service: 'workspace', record: 'writes', where: { path: p } },
    { service: 'workspace', record: 'edits', where: { path: p } },
    { service: 'workspace', record: 'commands', where: { changed: { contains: p } } },
  ];
}

// the values a value-perturbed probe shifts: times, dates, amounts, quantities, prices, recipients (to, assigned_to)
export const PINNABLE = /time|date|amount|quantity|price|(?:^|_)to$/;
export const GROUNDED = /^[^\s@]+@[^\s@]+\.[^\s@]+$|^[A-Za-z]{1,6}[-_]\d{2,}$/;

export const isJudge = (c: { kind: string }) => c.kind === 'llm_judge';

export async function gradeOf(spec: TaskSpec, steps: TaskSpec['reference'], memo: ReplayMemo): Promise<Trajectory> {
  return (await replay(spec, steps, memo)).trajectory;
}
