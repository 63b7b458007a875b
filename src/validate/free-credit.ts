import type { Diagnostic } from '../schema/diagnostics.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { Trajectory } from '../schema/trajectory.js';
import { normalPath } from '../grade/checks/file-util.js';
import { resolveTool } from '../services/registry.js';
import { type ReplayMemo, replay } from './replay.js';
import { err } from './types.js';

/** The share of completion checks that doing nothing or only reading satisfy may carry. */
export const FREE_CREDIT_MAX = 0.25;
/** What the checks of reads keep when their weight is rescaled (`harden`, the procedural generators). */
export const READ_SHARE = 0.2;

export const round4 = (x: number): number => Math.round(x * 1e4) / 1e4;

/**
 * Weights where the `free` checks (those reading alone satisfies) carry `share` together and the `work` checks
 * the rest they gave up, each in proportion; the others keep theirs. Rounded to 4 decimals, the remainder on the
 * largest. Undefined when the free checks already carry no more than `share`, or nothing is left to take it.
 */
export function rescaleReads(
  weights: readonly number[],
  free: ReadonlySet<number>,
  work: readonly number[],
  share = READ_SHARE,
): number[] | undefined {
  const freeSum = [...free].reduce((n, i) => n + (weights[i] ?? 0), 0);
  const workSum = work.reduce((n, i) => n + (weights[i] ?? 0), 0);
  if (freeSum <= share + 1e-9 || workSum <= 0) return undefined;
  const next = weights.map((w, i) =>
    round4(free.has(i) ? (w * share) / freeSum : work.includes(i) ? (w * (workSum + freeSum - share)) / workSum : w),
  );
  const total = weights.reduce((a, b) => a + b, 0);
  const top = next.indexOf(Math.max(...next));
  next[top] = round4((next[top] as number) + total - next.reduce((a, b) => a + b, 0));
  return next;
}

type Check = TaskSpec['checks'][number];

/** The reference without its mutating calls: what an agent that only reads does. */
export const readSteps = (spec: TaskSpec): TaskSpec['reference'] =>
  spec.reference.filter((s) => 'call' in s && resolveTool(s.call)?.tool.mutates !== true);

/**
 * A weighted check that only asks for an absence ("did not send", "left the script alone") with no check of
 * an action on the same list or file beside it: a prohibition. Doing nothing satisfies it, so its weight is
 * free; a prohibition belongs in `forbidden`, where breaking it costs the whole score. (An absence beside an
 * action on the same list — "the right vendor updated, no other" — is the precision half of that action.)
 */
export function isProhibition(spec: TaskSpec, c: Check): boolean {
  if (c.weight <= 0) return false;
  // "no entry" written as a count: at most 0, or exactly 0
  const none = c.kind === 'audit_absent' || (c.kind === 'audit_count' && (c.max === 0 || c.equals === 0));
  if (none)
    return !spec.checks.some(
      (o) =>
        o !== c &&
        (o.kind === 'audit_present' ||
          (o.kind === 'audit_count' && o.max !== 0 && o.equals !== 0) ||
          o.kind === 'state_equals') &&
        'service' in o &&
        o.service === c.service &&
        (o.kind === 'state_equals' || o.record === c.record),
    );
  if (c.kind === 'file_unchanged')
    return !spec.checks.some(
      (o) =>
        o !== c && (o.kind === 'file_matches' || o.kind === 'file_exists') && normalPath(o.path) === normalPath(c.path),
    );
  return false;
}

/** Gate step 4: prohibitions written as weighted checks. */
export function checkProhibitions(spec: TaskSpec): Diagnostic[] {
  return spec.checks.flatMap((c, i) =>
    isProhibition(spec, c)
      ? [
          err(
            'prohibition_weighted',
            `checks[${i}]`,
            `${c.kind} "${c.id}" rewards not doing something (${what(c)}), so an agent that only reads earns its weight ${c.weight} (an absence counts as soon as any other check scores); move it to forbidden.actions (breaking it then costs the whole score) and give its weight to the checks of the work — \`coworkenv harden\` does both`,
            'verifier',
          ),
        ]
      : [],
  );
}

const what = (c: Check) =>
  c.kind === 'audit_absent'
    ? `no ${c.service}.${c.record} entry matching its where`
    : `${'path' in c ? c.path : ''} untouched`;

/** The completion share a trajectory earns from code checks (judged items count 0: nobody has read them). */
function codeCredit(t: Trajectory): number {
  return (t.grade?.checks ?? []).reduce((n, c) => n + (c.kind === 'llm_judge' ? 0 : c.weight * (c.score ?? 0)), 0);
}

/**
 * Gate step 11, free credit: the checks that doing nothing or only reading satisfy carry at most
 * FREE_CREDIT_MAX of completion — reads earn a little, the outcome earns the rest.
 */
export async function checkFreeCredit(spec: TaskSpec, memo?: ReplayMemo): Promise<Diagnostic[]> {
  const reads = readSteps(spec);
  const runs: [string, TaskSpec['reference']][] = [['doing nothing', []]];
  if (reads.length < spec.reference.filter((s) => 'call' in s).length) runs.push(['only reading', reads]);
  let worst: { credit: number; how: string; ids: string[] } | undefined;
  for (const [how, steps] of runs) {
    const t = (await replay(spec, steps, memo)).trajectory;
    const credit = round4(codeCredit(t));
    if (!worst || credit > worst.credit)
      worst = {
        credit,
        how,
        ids: (t.grade?.checks ?? []).filter((c) => (c.score ?? 0) > 0 && c.kind !== 'llm_judge').map((c) => c.id),
      };
  }
  if (!worst || worst.credit <= FREE_CREDIT_MAX + 1e-9) return [];
  return [
    err(
      'free_credit',
      'checks',
      `${worst.how} earns ${worst.credit} of completion (checks ${worst.ids.join(', ')}), above the ${FREE_CREDIT_MAX} reads may carry; weight the checks of the outcome over those of reads (or move prohibitions to forbidden) — \`coworkenv harden\` rescales them`,
      'verifier',
    ),
  ];
}
