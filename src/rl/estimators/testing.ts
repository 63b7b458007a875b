import assert from 'node:assert/strict';
import type { EndReason, Grade, Trajectory, TrajectoryEvent } from '../../schema/trajectory.js';
import { Trajectory as TrajectorySchema } from '../../schema/trajectory.js';
import { okGrade } from '../../grade/testing.js';
import { buildGroups, type Group } from '../groups.js';
import { DEFAULT_REWARD, type RewardConfig, sampleReward } from '../rewards.js';
import { DEFAULT_OPTIONS, type EstimatorOptions } from './index.js';

/** Test fixtures for the estimators: trajectories with chosen grades and observations. */

export const grade = (over: Partial<Grade> = {}): Grade => okGrade({ pass_threshold: 0.5, ...over });

export interface TrajOpts {
  /** grade.score (ignored when `grade` is given) */
  score?: number | null;
  /** the whole grade; null = no grade */
  grade?: Partial<Grade> | null;
  end?: EndReason;
  /**
   * What the agent observes before each decision step: [0] is the request, [k > 0] the content of the
   * tool result before step k. Default: one step on request "do it".
   */
  obs?: string[];
}

/** A schema-valid trajectory of task `task`, trial `trial`. */
export function traj(task: string, trial: number, o: TrajOpts = {}): Trajectory {
  const obs = o.obs ?? ['do it'];
  const events: TrajectoryEvent[] = [
    {
      type: 'episode_start',
      task_id: task,
      trial,
      seed: 0,
      spec_hash: 'h',
      mock_today: '2026-03-10T09:00:00Z',
      agent: { name: 'test' },
    },
    { type: 'user', text: obs[0] ?? '', source: 'request' },
  ];
  for (let k = 1; k < obs.length; k++) {
    events.push({ type: 'assistant', tool_calls: [{ id: `c${k}`, name: 'kb_search', args: {} }] });
    events.push({
      type: 'tool',
      call_id: `c${k}`,
      name: 'kb_search',
      args: {},
      ok: true,
      content: obs[k] ?? '',
      latency_us: 1,
    });
  }
  events.push({ type: 'assistant', text: 'done', tool_calls: [] });
  events.push({ type: 'episode_end', reason: o.end ?? 'agent_done', turns: obs.length });
  const g = o.grade === null ? undefined : grade({ score: o.score === undefined ? 1 : o.score, ...(o.grade ?? {}) });
  return TrajectorySchema.parse({
    kind: 'trajectory',
    version: 1,
    task_id: task,
    trial,
    events,
    audit: { calls: [], records: {} },
    ...(g ? { grade: g } : {}),
  });
}

/** The valid groups of `ts` (all trials of a task form one group unless `groupSize`). */
export function groupsOf(ts: Trajectory[], reward: RewardConfig = DEFAULT_REWARD, groupSize?: number): Group[] {
  return buildGroups(ts, { reward: (t) => sampleReward(t, reward), ...(groupSize ? { groupSize } : {}) }).groups;
}

/** One group of task "t" with these scalar rewards (trials 0, 1, …). */
export function rewardGroup(rewards: readonly number[], task = 't'): Group[] {
  return groupsOf(rewards.map((r, i) => traj(task, i, { score: r })));
}

export const opts = (over: Partial<EstimatorOptions> = {}): EstimatorOptions => ({ ...DEFAULT_OPTIONS, ...over });

/** Element-wise |a − b| ≤ 1e-9. */
export function near(actual: readonly number[], expected: readonly number[], tol = 1e-9): void {
  assert.equal(actual.length, expected.length, `lengths ${actual.length} vs ${expected.length}`);
  actual.forEach((a, i) =>
    assert.ok(
      Math.abs(a - (expected[i] ?? Number.NaN)) <= tol,
      `[${i}]: ${a} ≠ ${expected[i]} (actual ${JSON.stringify(actual)})`,
    ),
  );
}
