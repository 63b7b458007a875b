import type { Rng } from '../../../env/rng.js';
import { WORKFLOWS } from './automation-platform-data.js';

// A workflow's week as its console shows it: how many runs it made in the last 7 days follows from what starts it
// (a schedule's cadence, which its name states; an event workflow's traffic) and from how many of those days came
// before its last run; and its status follows from the share of those runs that failed.

export type Workflow = (typeof WORKFLOWS)[number];

/** The share of a week's runs an active workflow may fail at most, and a failing one at least. */
export const ACTIVE_MOST = 0.25;
export const FAILING_LEAST = 0.5;

/** Days of the last 7 the workflow could run on: its last run's day and the ones before it (none: not this week). */
export const daysRun = (sinceLast: number): number => Math.max(0, 7 - sinceLast);

/** The runs a workflow of this kind makes in `days` of a week: its weekly range, scaled (at least one: it ran). */
export function runRange(wf: Workflow, days: number): readonly [number, number] {
  if (days <= 0) return [0, 0];
  const [, , , least, most] = wf;
  return [Math.max(1, Math.floor((least * days) / 7)), Math.max(1, Math.ceil((most * days) / 7))];
}

/** The runs a week's failures take under a status: a failing workflow fails most of its runs, an active one few. */
export function runsFor(status: string, failures: number): readonly [number, number] {
  if (status === 'failing') return [Math.max(1, failures), Math.floor(failures / FAILING_LEAST)];
  if (status === 'active') return [Math.max(1, Math.ceil(failures / ACTIVE_MOST)), Number.MAX_SAFE_INTEGER];
  return [failures, Number.MAX_SAFE_INTEGER];
}

// a schedule that runs more often than the days since its last run has stopped: only a paused workflow has
// (a nightly job last run three days ago that is "active" would have run since)
const keepsSchedule = (wf: Workflow, status: string, sinceLast: number) =>
  wf[2] !== 'schedule' || status === 'paused' || sinceLast === 0 || 7 / wf[4] >= sinceLast;

// an event workflow not paused that has not run for days gets few events: a busy one would have run since (two days
// without a run leave room for a few runs a day before them, six for one)
function quiet(
  wf: Workflow,
  status: string,
  sinceLast: number,
  [lo, hi]: readonly [number, number],
): readonly [number, number] {
  if (wf[2] === 'schedule' || status === 'paused' || sinceLast < 2 || hi === 0) return [lo, hi];
  const most = Math.min(hi, Math.max(1, Math.ceil(((7 - sinceLast) * 2) / sinceLast)));
  return [Math.min(lo, most), most];
}

/** The runs a workflow of this kind may show with these fields, or none where it cannot. */
export function weekOf(
  wf: Workflow,
  status: string,
  failures: number,
  sinceLast: number,
): readonly [number, number] | undefined {
  if (status === 'draft' || status === 'archived') return failures === 0 ? [0, 0] : undefined;
  const [lo, hi] = quiet(wf, status, sinceLast, runRange(wf, daysRun(sinceLast)));
  const [a, b] = runsFor(status, failures);
  const from = Math.max(lo, a);
  const to = Math.min(hi, b);
  if (from > to || !keepsSchedule(wf, status, sinceLast)) return undefined;
  // (a week without runs has no failures)
  if (from === 0 && failures > 0) return undefined;
  return [from, to];
}

/** The workflows of a trigger that fit a record's status, failures and last run. */
export const fitting = (trigger: unknown, status: unknown, failures: number, sinceLast: number): Workflow[] =>
  WORKFLOWS.filter((wf) => wf[2] === trigger && weekOf(wf, String(status), failures, sinceLast) !== undefined);

/**
 * The runs of the last 7 days for a workflow of this kind: within what its cadence and its status allow, else
 * (no name fits the rule's fields) its cadence's, and never fewer than its failures.
 */
export function runsThisWeek(rng: Rng, wf: Workflow, status: string, failures: number, sinceLast: number): number {
  const fits = weekOf(wf, status, failures, sinceLast);
  if (fits) return rng.int(fits[0], fits[1]);
  if (status === 'draft' || status === 'archived') return 0;
  const [lo, hi] = quiet(wf, status, sinceLast, runRange(wf, daysRun(sinceLast)));
  return hi === 0 ? 0 : Math.max(failures, rng.int(lo, hi));
}
