import type { Trajectory } from '../schema/trajectory.js';
import type { SampleReward } from './rewards.js';

/**
 * Rollout groups for group-relative advantage estimation (CE §3.4). The group key is the task id and the
 * members are its trials. Without a group size a task's trials form one group; with `groupSize` G the trials
 * split into consecutive groups of G by trial number (group k = trials kG … kG+G−1), so a missing trial never
 * shifts another into a different group. Before estimation:
 *  - a sample whose episode ended in infra_error rejects its whole group (`infra_failed`);
 *  - a sample with a missing reward is aborted (reported) and its group counts it as absent;
 *  - a group with fewer than G valid samples is rejected (`incomplete`).
 * Every rejection and abort is reported with its reason.
 */

export interface Sample {
  task_id: string;
  trial: number;
  trajectory: Trajectory;
  /** the scalar reward */
  reward: number;
  /** reward dimensions (GDPO), keyed by name */
  dims: Record<string, number>;
  /** per-decision-step rewards (GiGPO --step-reward shaped); absent = sparse */
  stepRewards?: number[];
}

export interface Group {
  /** `<task_id>#<k>` */
  id: string;
  task_id: string;
  index: number;
  /** by trial */
  samples: Sample[];
}

export type RejectReason = 'infra_failed' | 'incomplete';

export interface Rejection {
  group: string;
  task_id: string;
  reason: RejectReason;
  detail: string;
  /** trials recorded in the group */
  trials: number[];
}

export interface Aborted {
  task_id: string;
  trial: number;
  group: string;
  reason: string;
}

export interface Grouping {
  groups: Group[];
  rejected: Rejection[];
  aborted: Aborted[];
}

export interface GroupOptions {
  /** reads a sample's rewards */
  reward: (t: Trajectory) => SampleReward;
  /** G: split each task's trials into consecutive groups of G */
  groupSize?: number;
  /** trials per task the run was configured with (its run.json); sets the expected size without G */
  trials?: number;
  /** task ids the run was configured with: a task with no recorded trial is reported too */
  tasks?: readonly string[];
}

export const groupId = (taskId: string, index: number): string => `${taskId}#${index}`;

function endReason(t: Trajectory): string | undefined {
  for (let i = t.events.length - 1; i >= 0; i--) {
    const e = t.events[i];
    if (e?.type === 'episode_end') return e.reason;
  }
  return undefined;
}

const listTrials = (xs: readonly number[]): string => xs.join(', ');

/** Builds the groups of a set of trajectories and rejects the invalid ones, with reasons. */
export function buildGroups(trajectories: Iterable<Trajectory>, opts: GroupOptions): Grouping {
  const G = opts.groupSize;
  if (G !== undefined && (!Number.isInteger(G) || G < 1))
    throw new RangeError(`group size must be a positive integer, not ${G}`);
  // task → group index → trajectories
  const byTask = new Map<string, Map<number, Trajectory[]>>();
  for (const id of opts.tasks ?? []) byTask.set(id, new Map());
  for (const t of trajectories) {
    const k = G === undefined ? 0 : Math.floor(t.trial / G);
    let groups = byTask.get(t.task_id);
    if (!groups) byTask.set(t.task_id, (groups = new Map()));
    const list = groups.get(k) ?? [];
    list.push(t);
    groups.set(k, list);
  }
  const result: Grouping = { groups: [], rejected: [], aborted: [] };
  for (const task of [...byTask.keys()].sort()) {
    const groups = byTask.get(task) as Map<number, Trajectory[]>;
    // with a known trial count every expected group is reported, recorded or not
    const expected = opts.trials === undefined ? 0 : G === undefined ? 1 : Math.ceil(opts.trials / G);
    for (let k = 0; k < expected; k++) if (!groups.has(k)) groups.set(k, []);
    for (const k of [...groups.keys()].sort((a, b) => a - b)) {
      const members = [...(groups.get(k) as Trajectory[])].sort((a, b) => a.trial - b.trial);
      checkGroup(task, k, members, opts, result);
    }
  }
  return result;
}

function checkGroup(
  task: string,
  k: number,
  members: readonly Trajectory[],
  opts: GroupOptions,
  result: Grouping,
): void {
  const id = groupId(task, k);
  const G = opts.groupSize;
  const trials = members.map((t) => t.trial);
  const size = G ?? opts.trials ?? members.length;
  const infra = members.filter((t) => endReason(t) === 'infra_error').map((t) => t.trial);
  if (infra.length) {
    result.rejected.push({
      group: id,
      task_id: task,
      reason: 'infra_failed',
      detail: `trial(s) ${listTrials(infra)} ended in infra_error`,
      trials,
    });
    return;
  }
  const samples: Sample[] = [];
  const aborted: number[] = [];
  for (const t of members) {
    const r = opts.reward(t);
    if ('missing' in r) {
      result.aborted.push({ task_id: task, trial: t.trial, group: id, reason: `missing reward: ${r.missing}` });
      aborted.push(t.trial);
      continue;
    }
    samples.push({ task_id: task, trial: t.trial, trajectory: t, reward: r.reward, dims: r.dims });
  }
  if (samples.length < size || aborted.length) {
    const parts = [`${samples.length}/${size} valid samples`];
    if (aborted.length) parts.push(`aborted (missing reward): trial(s) ${listTrials(aborted)}`);
    const absent = expectedTrials(k, G, opts.trials).filter((x) => !trials.includes(x));
    if (absent.length) parts.push(`not recorded: trial(s) ${listTrials(absent)}`);
    if (G !== undefined && opts.trials !== undefined && (k + 1) * G > opts.trials)
      parts.push(`the run has ${opts.trials} trials per task, not enough to fill this group of ${G}`);
    result.rejected.push({ group: id, task_id: task, reason: 'incomplete', detail: parts.join('; '), trials });
    return;
  }
  result.groups.push({ id, task_id: task, index: k, samples });
}

/** The trial numbers a group should hold, when they are known. */
function expectedTrials(k: number, G: number | undefined, trials: number | undefined): number[] {
  const from = G === undefined ? 0 : k * G;
  const to = Math.min(G === undefined ? Infinity : from + G, trials ?? (G === undefined ? 0 : from + G));
  const out: number[] = [];
  for (let x = from; x < to; x++) out.push(x);
  return out;
}
