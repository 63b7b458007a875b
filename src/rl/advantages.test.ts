import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scriptedAgent } from '../agent/reference.js';
import { runEpisode } from '../agent/rollout.js';
import type { Judge } from '../grade/types.js';
import { makeSpec } from '../schema/testing.js';
import type { CheckResult, Trajectory } from '../schema/trajectory.js';
import { grade, traj } from './estimators/testing.js';
import { buildGroups, type GroupOptions } from './groups.js';
import {
  DEFAULT_REWARD,
  geometricOfGrade,
  geometricReward,
  parseDimensions,
  type RewardConfig,
  sampleReward,
} from './rewards.js';

const claw = (t: Trajectory) => sampleReward(t, DEFAULT_REWARD);
const build = (ts: Trajectory[], o: Partial<GroupOptions> = {}) => buildGroups(ts, { reward: claw, ...o });
const trialsOf = (g: ReturnType<typeof build>) => g.groups.map((x) => [x.id, x.samples.map((s) => s.trial)]);

describe('rollout groups', () => {
  it('groups by task; without --group-size all trials of a task form one group', () => {
    const g = build([traj('b', 1), traj('a', 0), traj('b', 0), traj('a', 1)]);
    assert.deepEqual(trialsOf(g), [
      ['a#0', [0, 1]],
      ['b#0', [0, 1]],
    ]);
    assert.deepEqual([g.rejected, g.aborted], [[], []]);
  });

  it('splits trials into consecutive groups of G; a short last group is incomplete', () => {
    const ts = [0, 1, 2, 3, 4].map((i) => traj('a', i, { score: i / 4 }));
    const g = build(ts, { groupSize: 2, trials: 5 });
    assert.deepEqual(trialsOf(g), [
      ['a#0', [0, 1]],
      ['a#1', [2, 3]],
    ]);
    assert.deepEqual(g.rejected, [
      {
        group: 'a#2',
        task_id: 'a',
        reason: 'incomplete',
        detail: '1/2 valid samples; the run has 5 trials per task, not enough to fill this group of 2',
        trials: [4],
      },
    ]);
  });

  it('groups by trial number, so a missing trial never shifts the others', () => {
    const g = build(
      [0, 2, 3].map((i) => traj('a', i)),
      { groupSize: 2, trials: 4 },
    );
    assert.deepEqual(trialsOf(g), [['a#1', [2, 3]]]);
    assert.deepEqual(
      g.rejected.map((r) => [r.group, r.reason, r.detail]),
      [['a#0', 'incomplete', '1/2 valid samples; not recorded: trial(s) 1']],
    );
  });

  it('expects the run’s trial count without --group-size, and reports tasks with no trial', () => {
    const g = build([traj('a', 0), traj('a', 1)], { trials: 3, tasks: ['a', 'z'] });
    assert.deepEqual(
      g.rejected.map((r) => [r.group, r.reason, r.detail]),
      [
        ['a#0', 'incomplete', '2/3 valid samples; not recorded: trial(s) 2'],
        ['z#0', 'incomplete', '0/3 valid samples; not recorded: trial(s) 0, 1, 2'],
      ],
    );
  });

  it('aborts a sample with a missing reward (no grade, or a null score) and rejects its group as incomplete', () => {
    const ts = [
      traj('a', 0),
      traj('a', 1, { grade: null }),
      traj('b', 0),
      traj('b', 1, { score: null, grade: { status: 'judge_unavailable' } }),
      traj('c', 0),
      traj('c', 1),
    ];
    const g = build(ts);
    assert.deepEqual(trialsOf(g), [['c#0', [0, 1]]]);
    assert.deepEqual(g.aborted, [
      { task_id: 'a', trial: 1, group: 'a#0', reason: 'missing reward: no grade' },
      { task_id: 'b', trial: 1, group: 'b#0', reason: 'missing reward: score is null (grade judge_unavailable)' },
    ]);
    assert.deepEqual(
      g.rejected.map((r) => [r.group, r.reason, r.detail]),
      [
        ['a#0', 'incomplete', '1/2 valid samples; aborted (missing reward): trial(s) 1'],
        ['b#0', 'incomplete', '1/2 valid samples; aborted (missing reward): trial(s) 1'],
      ],
    );
  });

  it('rejects a group with an infra_error episode (infra-failed), whatever its rewards', () => {
    const ts = [0, 1, 2, 3].map((i) => traj('a', i, i === 2 ? { end: 'infra_error', grade: null } : {}));
    const g = build(ts, { groupSize: 2 });
    assert.deepEqual(trialsOf(g), [['a#0', [0, 1]]]);
    assert.deepEqual(g.rejected, [
      { group: 'a#1', task_id: 'a', reason: 'infra_failed', detail: 'trial(s) 2 ended in infra_error', trials: [2, 3] },
    ]);
    // infra-failed takes precedence: its missing reward is not also reported as an abort
    assert.deepEqual(g.aborted, []);
  });

  it('rejects an incomplete group under --group-size even when every recorded sample is valid', () => {
    const g = build(
      [0, 1, 2].map((i) => traj('a', i)),
      { groupSize: 4 },
    );
    assert.equal(g.groups.length, 0);
    assert.equal(g.rejected[0]?.detail, '3/4 valid samples; not recorded: trial(s) 3');
  });

  it('rejects a bad group size', () => {
    assert.throws(() => build([], { groupSize: 0 }), RangeError);
  });
});

describe('rewards', () => {
  it('Cowork-Gym geometric reward: normalised exponents, only the ratio matters', () => {
    // w_s:w_c = 3:1 ⇒ exponents ¾ and ¼: 0.0625^¾ · 1^¼ = 0.125; 1^¾ · 0.0625^¼ = 0.5
    assert.ok(Math.abs(geometricReward(0.0625, 1, 3, 1) - 0.125) < 1e-12);
    assert.ok(Math.abs(geometricReward(1, 0.0625, 3, 1) - 0.5) < 1e-12);
    // 6:2 is 3:1; equal weights give the plain geometric mean √(0.64·0.25) = 0.4
    assert.equal(geometricReward(0.3, 0.7, 6, 2), geometricReward(0.3, 0.7, 3, 1));
    assert.ok(Math.abs(geometricReward(0.64, 0.25) - 0.4) < 1e-12);
    // exponents sum to one: equal scores give that score back
    assert.ok(Math.abs(geometricReward(0.37, 0.37, 5, 2) - 0.37) < 1e-12);
    // more penalising than the arithmetic mean for an imbalanced pair: √(0.9·0.1) = 0.3 < 0.5
    assert.ok(Math.abs(geometricReward(0.9, 0.1) - 0.3) < 1e-12);
    assert.throws(() => geometricReward(0.5, 0.5, 0, 1), /must be positive/);
  });

  it('geometric reward is zero when either score is zero', () => {
    assert.equal(geometricReward(0, 0.9, 1, 1), 0);
    assert.equal(geometricReward(0.9, 0, 2, 1), 0);
    assert.equal(geometricReward(0, 0), 0);
  });

  it('reads the geometric reward of a grade: safety × code against the LLM score', () => {
    const geo = (over: Parameters<typeof grade>[0]) => geometricOfGrade(grade(over), 1, 1);
    const near = (o: ReturnType<typeof geo>, x: number) =>
      assert.ok('reward' in o && Math.abs(o.reward - x) < 1e-12, JSON.stringify(o));
    // code 0.64, safety 1, llm 0.25, 1:1 ⇒ 0.4; a safety violation zeroes the code side ⇒ 0
    near(geo({ code: 0.64, llm: 0.25 }), 0.4);
    assert.deepEqual(geo({ code: 0.64, llm: 0.25, safety: 0 }), { reward: 0 });
    // a side without items does not enter (as in the grader, safety still gates); no side at all, or an undecided grade ⇒ missing
    assert.deepEqual(geo({ code: 0.64, llm: null }), { reward: 0.64 });
    assert.deepEqual(geo({ code: null, llm: 0.3 }), { reward: 0.3 });
    assert.deepEqual(geo({ code: null, llm: 0.3, safety: 0 }), { reward: 0 });
    assert.deepEqual(geo({ code: null, llm: null }), { missing: 'no code or LLM score (the spec has no items)' });
    assert.deepEqual(geo({ status: 'judge_error', code: 0.5, llm: null }), { missing: 'grade judge_error' });
  });

  it('geometric: a side the spec has items for but that is unscored is missing, not left out', () => {
    const item = (id: string, kind: string, score: number | null): CheckResult => ({
      id,
      kind,
      weight: 0.5,
      score,
      status: score === null ? 'unavailable' : 'ok',
      evidence: [],
    });
    // a claw-mode grade without a judge: status ok, judge items unavailable, llm null
    const unjudged = grade({
      code: 0.64,
      llm: null,
      checks: [item('sent', 'audit_present', 0.64)],
      judge: [item('clarification', 'judge', null), item('final_answer', 'judge', null)],
    });
    const missing =
      'LLM side unscored: clarification (unavailable), final_answer (unavailable); the geometric reward needs every item the spec has (run with --judge)';
    assert.deepEqual(geometricOfGrade(unjudged, 1, 1), { missing });
    assert.deepEqual(sampleReward({ grade: unjudged }, { kind: 'geometric', wCode: 1, wLlm: 1 }), {
      missing: `geometric reward: ${missing}`,
    });
    // an llm_judge check is on the LLM side too
    const llmCheck = grade({
      code: 1,
      llm: null,
      checks: [item('sent', 'audit_present', 1), item('tone', 'llm_judge', null)],
    });
    const o = geometricOfGrade(llmCheck, 1, 1);
    assert.match('missing' in o ? o.missing : '', /^LLM side unscored: tone \(unavailable\)/);
    // claw reads the grade's score, which is decided without the judge items
    assert.deepEqual(sampleReward({ grade: unjudged }, DEFAULT_REWARD), { reward: 1, dims: {} });
  });

  it('geometric: a dialogue task graded without a judge is aborted with its reason; with a judge it is decided', async () => {
    const spec = makeSpec({
      id: 'judged_dialogue',
      services: ['todo'],
      fixtures: { todo: { tasks: [{ task_id: 'todo_001', title: 'Budget review prep', status: 'pending' }] } },
      checks: [{ id: 'listed', kind: 'tool_called', tool: 'todo_list_tasks', weight: 1 }],
      judge: [{ id: 'final_answer', over: 'transcript', weight: 1, rubric: 'Did the assistant report the task?' }],
    });
    const play = async (trial: number, judge?: Judge) => {
      const agent = scriptedAgent(
        'a',
        [
          { tool_calls: [{ name: 'todo_list_tasks', args: {} }] },
          { text: 'You have one task: Budget review prep.', tool_calls: [] },
        ],
        { retries: 0 },
      );
      return runEpisode({ spec, agent, trial, ...(judge ? { judge } : {}) });
    };
    const geoCfg: RewardConfig = { kind: 'geometric', wCode: 1, wLlm: 1 };
    const ts = [await play(0), await play(1)];
    // claw mode: judge items do not count, so the grade is decided without a judge and `llm` is null
    assert.deepEqual(
      ts.map((t) => [t.grade?.status, t.grade?.code, t.grade?.llm, t.grade?.judge[0]?.status]),
      [
        ['ok', 1, null, 'unavailable'],
        ['ok', 1, null, 'unavailable'],
      ],
    );
    assert.deepEqual(sampleReward(ts[0] as Trajectory, DEFAULT_REWARD), { reward: 1, dims: {} });
    const g = buildGroups(ts, { reward: (t) => sampleReward(t, geoCfg) });
    assert.deepEqual(g.groups, []);
    const reason =
      'missing reward: geometric reward: LLM side unscored: final_answer (unavailable); the geometric reward needs every item the spec has (run with --judge)';
    assert.deepEqual(
      g.aborted,
      [0, 1].map((trial) => ({ task_id: 'judged_dialogue', trial, group: 'judged_dialogue#0', reason })),
    );
    assert.deepEqual(
      g.rejected.map((r) => [r.group, r.reason]),
      [['judged_dialogue#0', 'incomplete']],
    );
    // with a judge: √(1 · 0.25) = 0.5
    const judge: Judge = { name: 'fake', judge: async () => ({ score: 0.25, reasoning: 'brief' }) };
    assert.deepEqual(sampleReward(await play(2, judge), geoCfg), { reward: 0.5, dims: {} });
  });

  it('the scalar reward is grade.score (claw) or the geometric reward, with dimensions when asked', () => {
    const t = traj('a', 0, { grade: { score: 0.72, code: 0.81, llm: 0.01, completion: 0.9, robustness: 0.5 } });
    assert.deepEqual(sampleReward(t, DEFAULT_REWARD), { reward: 0.72, dims: {} });
    // 0.81^½ · 0.01^½ = 0.9 · 0.1 = 0.09
    const geo = sampleReward(t, { kind: 'geometric', wCode: 1, wLlm: 1 });
    assert.ok('reward' in geo && Math.abs(geo.reward - 0.09) < 1e-12);
    const cfg: RewardConfig = { ...DEFAULT_REWARD, dims: parseDimensions('completion,safety,robustness,code,llm') };
    assert.deepEqual(sampleReward(t, cfg), {
      reward: 0.72,
      dims: { completion: 0.9, safety: 1, robustness: 0.5, code: 0.81, llm: 0.01 },
    });
    assert.deepEqual(sampleReward(traj('a', 0), { ...DEFAULT_REWARD, dims: parseDimensions('llm') }), {
      missing: 'reward dimension llm is null (grade ok)',
    });
  });

  it('parses reward dimensions with weights', () => {
    assert.deepEqual(parseDimensions('completion, safety:2,llm:0.5'), [
      { name: 'completion', weight: 1 },
      { name: 'safety', weight: 2 },
      { name: 'llm', weight: 0.5 },
    ]);
    assert.throws(() => parseDimensions('speed'), /unknown reward dimension "speed"/);
    assert.throws(() => parseDimensions('code:x'), /weight must be a number/);
    assert.throws(() => parseDimensions('code,code'), /given twice/);
    assert.throws(() => parseDimensions(''), /no reward dimensions/);
  });
});
