import assert from 'node:assert/strict';
import { okGrade } from '../grade/testing.js';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { THRESHOLD_PRESETS } from '../cli/curate.js';
import type { EndReason, Grade, Trajectory } from '../schema/trajectory.js';
import { CE_LIMITS } from './convert.js';
import { readableScore, TaskGrouper, taskPrefix, TRIVIAL_AT, UNSOLVABLE_AT } from './grouping.js';
import { curate, type CurationReport } from './pipeline.js';
import { resolveSource } from './sources.js';
import type { TrivialPrefixOrder } from './trivial-prefix.js';
import type { SftExample } from './types.js';

const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-grouping-'));
after(() => rmSync(TMP, { recursive: true, force: true }));

interface Rec {
  task: string;
  trial: number;
  /** the grade's completion; 'absent' drops the key (the reader then falls back to the score) */
  completion?: number | null | string | 'absent';
  /** the grade's score (the reward) */
  reward?: number | null;
  /** a marker in the final answer, to tell copies of one (task, trial) apart */
  tag?: string;
  /** how the episode ended (agent_done by default) */
  end?: EndReason;
  /** no tool call: system, user, assistant = 3 messages, so conversion rejects it (too_few_messages) */
  short?: boolean;
}

/** A complete 5-message record that passes validity and conversion. */
function traj(r: Rec): Trajectory {
  const reward = r.reward === undefined ? 0.8 : r.reward;
  const completion = r.completion === undefined ? reward : r.completion;
  // completion keeps its place in the key order (it may be 'absent': deleted below)
  const g = { ...okGrade({ code: reward, score: reward, passed: false }), completion } as Record<string, unknown>;
  if (completion === 'absent') delete g.completion;
  return {
    kind: 'trajectory',
    version: 1,
    task_id: r.task,
    trial: r.trial,
    events: [
      {
        type: 'episode_start',
        task_id: r.task,
        trial: r.trial,
        seed: 0,
        spec_hash: 'h',
        mock_today: '2026-03-10T09:00:00Z',
        agent: { name: 'teacher' },
        tools: ['helpdesk_get_ticket'],
      },
      { type: 'user', text: 'Summarise ticket TK-1.', source: 'request' },
      ...(r.short
        ? []
        : ([
            { type: 'assistant', tool_calls: [{ id: 'c1', name: 'helpdesk_get_ticket', args: { ticket_id: 'TK-1' } }] },
            {
              type: 'tool',
              call_id: 'c1',
              name: 'helpdesk_get_ticket',
              args: { ticket_id: 'TK-1' },
              ok: true,
              content: '{"ticket_id":"TK-1"}',
              latency_us: 3,
            },
          ] as Trajectory['events'])),
      { type: 'assistant', text: `Summary of TK-1 (${r.tag ?? 'a'}).`, tool_calls: [] },
      { type: 'episode_end', reason: r.end ?? 'agent_done', turns: 2 },
    ],
    audit: { calls: [], records: {}, state: {} },
    grade: g as unknown as Grade,
  };
}

/** A run directory with run.json and trajectories.jsonl (extra raw lines appended as given). */
function runDir(name: string, recs: Rec[], raw: string[] = []): string {
  const dir = join(TMP, name);
  mkdirSync(dir, { recursive: true });
  const ids = [...new Set(recs.map((r) => r.task))];
  const tasks = ids.map((id) => ({
    id,
    spec_hash: 'h',
    family: `fam_${id}`,
    capabilities: ['Tool_Calling'],
    spec_path: `specs/${id}.yaml`,
  }));
  writeFileSync(
    join(dir, 'run.json'),
    JSON.stringify({
      version: 1,
      status: 'done',
      config: { name, tasks, agent: { name: 'teacher' }, trials: 3, seed: 0 },
    }),
  );
  writeFileSync(
    join(dir, 'trajectories.jsonl'),
    [...recs.map((r) => JSON.stringify(traj(r))), ...raw].map((l) => `${l}\n`).join(''),
  );
  return dir;
}

async function run(
  name: string,
  sources: { dir: string; replace?: boolean }[],
  threshold = 0,
  trivialPrefix?: TrivialPrefixOrder,
): Promise<{ report: CurationReport; rows: SftExample[]; rejections: Record<string, unknown>[]; out: string }> {
  const out = join(TMP, `${name}-ds`);
  const report = await curate({
    sources: await Promise.all(sources.map((s) => resolveSource(s.dir, s.replace ?? false))),
    out,
    formats: ['trl'],
    threshold,
    limits: CE_LIMITS,
    secrets: [],
    ...(trivialPrefix ? { trivialPrefix } : {}),
  });
  const read = (f: string) =>
    readFileSync(join(out, f), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  return {
    report,
    rows: read('sft.jsonl') as SftExample[],
    rejections: read('rejections.jsonl') as Record<string, unknown>[],
    out,
  };
}
const ids = (rows: SftExample[]) => rows.map((r) => `${r.meta.task_id}#${r.meta.trial}`);
const finalText = (r: SftExample) => r.messages.at(-1)?.content;

describe('readableScore', () => {
  it('prefers completion, falls back to the reward only when the completion key is absent', () => {
    assert.equal(readableScore(0.25, 0.9), 0.25);
    assert.equal(readableScore(undefined, 0.9), 0.9);
    assert.equal(readableScore(0, 1), 0);
    // a present but unreadable completion is excluded, not replaced by the reward
    assert.equal(readableScore(null, 0.9), undefined);
    assert.equal(readableScore('n/a', 0.9), undefined);
  });

  it('parses numeric strings, excludes everything unparseable', () => {
    assert.equal(readableScore('0.75', undefined), 0.75);
    assert.equal(readableScore(' 1 ', undefined), 1);
    for (const bad of ['', '  ', 'abc', Number.NaN, Number.POSITIVE_INFINITY, true, {}, [0.5], null])
      assert.equal(readableScore(bad, undefined), undefined, String(bad));
    assert.equal(readableScore(undefined, undefined), undefined);
  });
});

describe('TaskGrouper', () => {
  const groupOf = (...scores: (number | undefined)[]) => {
    const g = new TaskGrouper();
    for (const s of scores) g.add('t', s);
    return g.group('t');
  };

  it('TRIVIAL ≥ 0.999, UNSOLVABLE ≤ 0.001, KEEP strictly between', () => {
    assert.equal(TRIVIAL_AT, 0.999);
    assert.equal(UNSOLVABLE_AT, 0.001);
    assert.equal(groupOf(0.999), 'TRIVIAL');
    assert.equal(groupOf(1), 'TRIVIAL');
    assert.equal(groupOf(0.9989), 'KEEP');
    assert.equal(groupOf(0.001), 'UNSOLVABLE');
    assert.equal(groupOf(0), 'UNSOLVABLE');
    assert.equal(groupOf(0.0011), 'KEEP');
  });

  it('the statistic is the mean of fractional scores over readable attempts, not a pass rate', () => {
    const g = new TaskGrouper();
    for (const s of [0.5, 0.5, 0.5, undefined]) g.add('half', s);
    assert.equal(g.mean('half'), 0.5);
    assert.equal(g.group('half'), 'KEEP');
    // an unreadable attempt does not pull a perfect task down
    assert.equal(groupOf(1, undefined, 1), 'TRIVIAL');
    assert.equal(groupOf(1, 0.997), 'KEEP');
  });

  it('a task with no readable attempt has mean 0 and is UNSOLVABLE', () => {
    const g = new TaskGrouper();
    g.add('none', undefined);
    g.add('none', undefined);
    assert.equal(g.mean('none'), 0);
    assert.equal(g.group('none'), 'UNSOLVABLE');
    assert.deepEqual(g.tasks(), ['none']);
  });
});

describe('taskPrefix', () => {
  it('is the final path component up to its first underscore', () => {
    assert.equal(taskPrefix('inventory_reorder_3'), 'inventory');
    assert.equal(taskPrefix('tasks/m1100_variant_b'), 'm1100');
    assert.equal(taskPrefix('a_b/c_d/expense_report'), 'expense');
    assert.equal(taskPrefix('dir_x/plain'), 'plain');
    assert.equal(taskPrefix('M133'), 'M133');
  });
});

describe('curate(): grouping and sampling', () => {
  it('TRIVIAL tasks give only the first qualifying record per prefix; KEEP tasks give every trial; UNSOLVABLE none', async () => {
    const dir = runDir('groups', [
      // triv_a: completion 1 everywhere; trial 0 is below the reward threshold, so trial 1 is the first qualifying record
      { task: 'triv_a', trial: 0, completion: 1, reward: 0.2 },
      { task: 'triv_a', trial: 1, completion: 1, reward: 1 },
      { task: 'triv_a', trial: 2, completion: 1, reward: 1 },
      { task: 'triv_b', trial: 0, completion: 1, reward: 1 },
      { task: 'triv_b', trial: 1, completion: 1, reward: 1 }, // same prefix "triv"
      { task: 'other_c', trial: 0, completion: 1, reward: 1 },
      { task: 'keep_x', trial: 0, completion: 0.5, reward: 0.6 },
      { task: 'keep_x', trial: 1, completion: 1, reward: 1 },
      { task: 'keep_x', trial: 2, completion: 0.75, reward: 0.8 },
      { task: 'dead_y', trial: 0, completion: 0, reward: 0.9 },
      { task: 'dead_y', trial: 1, completion: 'absent', reward: 0 },
    ]);
    const { report, rows, rejections } = await run('groups', [{ dir }], 0.5);
    assert.deepEqual(ids(rows).sort(), ['keep_x#0', 'keep_x#1', 'keep_x#2', 'other_c#0', 'triv_a#1']);
    assert.deepEqual(report.funnel.groups, {
      TRIVIAL: { tasks: 3, records: 6 },
      KEEP: { tasks: 1, records: 3 },
      UNSOLVABLE: { tasks: 1, records: 2 },
    });
    assert.deepEqual(report.funnel.rejected, { below_threshold: 1, trivial_prefix_taken: 3, unsolvable_task: 2 });
    assert.deepEqual(report.funnel.trivial_prefix, {
      order: 'before-conversion',
      taken: 3,
      first_failed: 0,
      rescued: 0,
    });
    assert.equal(report.grouping.trivial_prefix, 'before-conversion');
    const byKey = (k: string) =>
      rejections.filter((r) => `${r.task_id}#${r.trial}` === k).map((r) => [r.stage, r.reason]);
    assert.deepEqual(byKey('triv_b#0'), [['group', 'trivial_prefix_taken']]);
    assert.deepEqual(byKey('triv_a#0'), [['threshold', 'below_threshold']]);
    assert.deepEqual(byKey('dead_y#1'), [['group', 'unsolvable_task']]);
    assert.equal(rows.find((r) => r.meta.task_id === 'keep_x')?.meta.teacher_group, 'KEEP');
    assert.equal(rows.find((r) => r.meta.task_id === 'other_c')?.meta.family, 'fam_other_c');
  });

  it('--trivial-prefix: the first qualifying record uses up its prefix even when conversion rejects it (before) or not (after)', async () => {
    // every task completes (TRIVIAL) except keep_k; records arrive in this order:
    //   prefix "triv": triv_a#0 fails conversion (3 messages), triv_a#1 converts, triv_a#2 fails, triv_b#0 converts
    //   prefix "lone": lone_a#0 and lone_a#1 both fail conversion
    const dir = runDir('prefix-order', [
      { task: 'triv_a', trial: 0, completion: 1, reward: 1, short: true },
      { task: 'triv_a', trial: 1, completion: 1, reward: 1 },
      { task: 'triv_a', trial: 2, completion: 1, reward: 1, short: true },
      { task: 'triv_b', trial: 0, completion: 1, reward: 1 },
      { task: 'lone_a', trial: 0, completion: 1, reward: 1, short: true },
      { task: 'lone_a', trial: 1, completion: 1, reward: 1, short: true },
      { task: 'keep_k', trial: 0, completion: 0.5, reward: 0.8 },
    ]);
    const before = await run('prefix-before', [{ dir }], 0.5);
    const after = await run('prefix-after', [{ dir }], 0.5, 'after-conversion');
    // default = before-conversion: triv_a#0 takes "triv" and fails (too_few_messages); triv_a#1, triv_a#2 and
    //   triv_b#0 find it taken; lone_a#0 takes "lone" and fails, lone_a#1 finds it taken ⇒ no TRIVIAL row
    assert.deepEqual(ids(before.rows), ['keep_k#0']);
    assert.deepEqual(before.report.funnel.rejected, { too_few_messages: 2, trivial_prefix_taken: 4 });
    assert.deepEqual(before.report.funnel.trivial_prefix, {
      order: 'before-conversion',
      taken: 4,
      first_failed: 2,
      rescued: 1,
    });
    assert.equal(before.report.grouping.trivial_prefix, 'before-conversion');
    const reasons = (r: typeof before, k: string) =>
      r.rejections.filter((x) => `${x.task_id}#${x.trial}` === k).map((x) => [x.stage, x.reason]);
    assert.deepEqual(reasons(before, 'triv_a#0'), [['conversion', 'too_few_messages']]);
    assert.deepEqual(reasons(before, 'triv_a#1'), [['group', 'trivial_prefix_taken']]);
    assert.match(
      String(before.rejections.find((x) => x.task_id === 'triv_a' && x.trial === 1)?.detail),
      /^prefix triv used up by triv_a#0, which failed conversion \(too_few_messages\)/,
    );
    assert.deepEqual(reasons(before, 'lone_a#1'), [['group', 'trivial_prefix_taken']]);
    // after-conversion: triv_a#0 fails and leaves "triv" open, triv_a#1 converts and takes it; triv_a#2, triv_b#0
    //   find it taken; lone_a#0 and lone_a#1 both fail conversion ⇒ one TRIVIAL row more (= rescued)
    assert.deepEqual(ids(after.rows), ['triv_a#1', 'keep_k#0']);
    assert.deepEqual(after.report.funnel.rejected, { too_few_messages: 3, trivial_prefix_taken: 2 });
    assert.deepEqual(after.report.funnel.trivial_prefix, {
      order: 'after-conversion',
      taken: 2,
      first_failed: 2,
      rescued: 1,
    });
    assert.equal(after.report.grouping.trivial_prefix, 'after-conversion');
    assert.deepEqual(reasons(after, 'lone_a#1'), [['conversion', 'too_few_messages']]);
    assert.match(
      String(after.rejections.find((x) => x.task_id === 'triv_b')?.detail),
      /^prefix triv taken by triv_a#1$/,
    );
    assert.equal(
      after.report.funnel.rows_out - before.report.funnel.rows_out,
      before.report.funnel.trivial_prefix.rescued,
    );
    // every record is accounted for once either way
    for (const r of [before, after])
      assert.equal(r.report.funnel.rows_out + Object.values(r.report.funnel.rejected).reduce((a, b) => a + b, 0), 7);
  });

  it('refuses an unknown --trivial-prefix before writing anything', async () => {
    const dir = runDir('prefix-bad', [{ task: 'keep_k', trial: 0, completion: 0.5 }]);
    const out = join(TMP, 'prefix-bad-ds');
    await assert.rejects(
      curate({
        sources: [await resolveSource(dir)],
        out,
        formats: ['trl'],
        threshold: 0,
        limits: CE_LIMITS,
        secrets: [],
        trivialPrefix: 'first' as TrivialPrefixOrder,
      }),
      (e: Error & { code?: string }) =>
        e.code === 'bad_input' &&
        e.message === 'CurateOptions.trivialPrefix must be before-conversion or after-conversion, not "first"',
    );
    assert.ok(!existsSync(out));
  });

  it('grouping reads completion, falls back to the reward when the key is absent, and skips unparseable scores', async () => {
    const dir = runDir('fallback', [
      { task: 'fb', trial: 0, completion: 'absent', reward: 1 },
      { task: 'fb', trial: 1, completion: 'absent', reward: 1 }, // mean of rewards 1 ⇒ TRIVIAL
      { task: 'np', trial: 0, completion: 'oops', reward: 1 },
      { task: 'np', trial: 1, completion: null, reward: 1 }, // nothing readable ⇒ 0
      { task: 'mix', trial: 0, completion: '0.5', reward: 1 },
      { task: 'mix', trial: 1, completion: 1, reward: 1 },
    ]);
    const { report, out } = await run('fallback', [{ dir }]);
    assert.deepEqual(report.funnel.groups, {
      TRIVIAL: { tasks: 1, records: 2 },
      KEEP: { tasks: 1, records: 2 },
      UNSOLVABLE: { tasks: 1, records: 2 },
    });
    assert.deepEqual(
      readFileSync(join(out, 'rl_tasks.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
      [
        {
          task_id: 'mix',
          spec_path: 'specs/mix.yaml',
          teacher_mean_completion: 0.75,
          group: 'KEEP',
          family: 'fam_mix',
        },
      ],
    );
  });

  it('merging runs: the first copy of a (task, trial) wins; malformed lines are counted and skipped', async () => {
    const a = runDir(
      'merge-a',
      [
        { task: 'm_t', trial: 0, completion: 0.5, tag: 'A' },
        { task: 'm_t', trial: 1, completion: 0.5, tag: 'A' },
      ],
      ['{not json', '{"kind":"trajectory","task_id":"m_t"}', '', '[1,2]'],
    );
    const b = runDir('merge-b', [
      { task: 'm_t', trial: 1, completion: 0.5, tag: 'B' },
      { task: 'm_t', trial: 2, completion: 0.5, tag: 'B' },
    ]);
    const { report, rows, rejections } = await run('merge', [{ dir: a }, { dir: b }]);
    assert.deepEqual(
      rows.map((r) => [r.meta.trial, finalText(r)]),
      [
        [0, 'Summary of TK-1 (A).'],
        [1, 'Summary of TK-1 (A).'],
        [2, 'Summary of TK-1 (B).'],
      ],
    );
    const f = report.funnel;
    assert.deepEqual([f.records_in, f.malformed, f.duplicates, f.superseded, f.rows_out], [7, 3, 1, 0, 3]);
    assert.deepEqual(
      rejections.filter((r) => r.reason === 'malformed_record').map((r) => [r.stage, r.source, r.line]),
      [
        ['read', a, 3],
        ['read', a, 4],
        ['read', a, 6],
      ],
    );
    assert.deepEqual(
      rejections.filter((r) => r.reason === 'duplicate').map((r) => [r.stage, r.source, r.task_id, r.trial, r.line]),
      [['merge', b, 'm_t', 1, 1]],
    );
  });

  it('a line that looks like a trajectory but is not one (no audit) is counted as malformed and skipped, not fatal', async () => {
    const broken = traj({ task: 'm_b', trial: 1, completion: 0.5 }) as Partial<Trajectory>;
    delete broken.audit;
    const dir = runDir('broken', [{ task: 'm_b', trial: 0, completion: 0.5 }], [JSON.stringify(broken)]);
    const { report, rows, rejections } = await run('broken', [{ dir }]);
    assert.deepEqual(ids(rows), ['m_b#0']);
    assert.equal(report.funnel.malformed, 1);
    assert.deepEqual(
      rejections.map((r) => [r.reason, r.line]),
      [['malformed_record', 2]],
    );
  });

  it('--replace supersedes every earlier record of its tasks (and its own duplicates count as duplicates)', async () => {
    const old = runDir('old', [
      { task: 'fix_t', trial: 0, completion: 0.5, tag: 'old' },
      { task: 'fix_t', trial: 1, completion: 0.5, tag: 'old' },
      { task: 'fix_t', trial: 2, completion: 0.5, tag: 'old' },
      { task: 'same_t', trial: 0, completion: 0.5, tag: 'old' },
    ]);
    const fixed = runDir('fixed', [
      { task: 'fix_t', trial: 0, completion: 0.25, tag: 'new' },
      { task: 'fix_t', trial: 0, completion: 0.25, tag: 'dup' },
    ]);
    const { report, rows, rejections } = await run('replace', [{ dir: old }, { dir: fixed, replace: true }]);
    assert.deepEqual(rows.map((r) => [r.meta.task_id, r.meta.trial, finalText(r)]).sort(), [
      ['fix_t', 0, 'Summary of TK-1 (new).'],
      ['same_t', 0, 'Summary of TK-1 (old).'],
    ]);
    assert.equal(report.funnel.superseded, 3);
    assert.equal(report.funnel.duplicates, 1);
    assert.deepEqual(
      rejections.filter((r) => r.reason === 'superseded').map((r) => [r.stage, r.source, r.trial]),
      [
        ['merge', old, 0],
        ['merge', old, 1],
        ['merge', old, 2],
      ],
    );
    assert.deepEqual(report.sources, [
      { path: old, replace: false },
      { path: fixed, replace: true },
    ]);
    // the replacement alone decides the group: mean 0.25 ⇒ KEEP, teacher mean from the new records only
    const rl = readFileSync(join(TMP, 'replace-ds', 'rl_tasks.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { task_id: string; teacher_mean_completion: number });
    assert.deepEqual(
      rl.map((r) => [r.task_id, r.teacher_mean_completion]),
      [
        ['fix_t', 0.25],
        ['same_t', 0.5],
      ],
    );
  });

  it('infra_error copies never win deduplication and never count in grouping (`curate runs/infra runs/llm1`)', async () => {
    const infra = runDir(
      'infra',
      [0, 1, 2].map((trial) => ({
        task: 'easy_t',
        trial,
        completion: 0,
        reward: 0,
        end: 'infra_error' as const,
        tag: 'infra',
      })),
    );
    const llm1 = runDir(
      'llm1',
      [0, 1, 2].map((trial) => ({ task: 'easy_t', trial, completion: 1, reward: 1, tag: 'llm' })),
    );
    const { report, rows, rejections } = await run('infra-first', [{ dir: infra }, { dir: llm1 }]);
    // the good copies decide: mean 1 ⇒ TRIVIAL (one record for the prefix), not KEEP
    assert.deepEqual(report.funnel.groups, {
      TRIVIAL: { tasks: 1, records: 3 },
      KEEP: { tasks: 0, records: 0 },
      UNSOLVABLE: { tasks: 0, records: 0 },
    });
    assert.deepEqual(
      rows.map((r) => [r.meta.trial, finalText(r)]),
      [[0, 'Summary of TK-1 (llm).']],
    );
    assert.equal(report.funnel.duplicates, 3);
    assert.deepEqual(
      rejections.filter((r) => r.reason === 'duplicate').map((r) => [r.source, r.line]),
      [
        [infra, 1],
        [infra, 2],
        [infra, 3],
      ],
    );
    // and a scored first copy still wins over a later infra_error one
    const { report: r2 } = await run('llm-first', [{ dir: llm1 }, { dir: infra }]);
    assert.equal(r2.funnel.groups.TRIVIAL.tasks, 1);
    assert.deepEqual(r2.funnel.not_scored, { infra_error: 0, unscored: 0 });
  });

  it('a task with only infra errors or unscored records gets no group (not UNSOLVABLE); they are counted and rejected', async () => {
    const dir = runDir('only-infra', [
      { task: 'down_t', trial: 0, completion: 0, reward: 0, end: 'infra_error' },
      { task: 'down_t', trial: 1, completion: 0, reward: 0, end: 'infra_error' },
      { task: 'judge_t', trial: 0, completion: 0, reward: null },
      // a KEEP task is not pulled down by its infra error: mean of the two scored attempts
      { task: 'mixed_t', trial: 0, completion: 0.5 },
      { task: 'mixed_t', trial: 1, completion: 1 },
      { task: 'mixed_t', trial: 2, completion: 0, reward: 0, end: 'infra_error' },
    ]);
    const { report, rejections, out } = await run('only-infra', [{ dir }]);
    assert.deepEqual(report.funnel.groups, {
      TRIVIAL: { tasks: 0, records: 0 },
      KEEP: { tasks: 1, records: 2 },
      UNSOLVABLE: { tasks: 0, records: 0 },
    });
    assert.deepEqual(report.funnel.not_scored, { infra_error: 3, unscored: 1 });
    assert.equal(report.funnel.rejected.infra_error, 3);
    assert.equal(report.funnel.rejected.unscored, 1);
    assert.deepEqual(
      rejections.filter((r) => r.task_id === 'down_t').map((r) => [r.stage, r.reason]),
      [
        ['group', 'infra_error'],
        ['group', 'infra_error'],
      ],
    );
    const rl = readFileSync(join(out, 'rl_tasks.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { task_id: string; teacher_mean_completion: number });
    assert.deepEqual(
      rl.map((r) => [r.task_id, r.teacher_mean_completion]),
      [['mixed_t', 0.75]],
    );
  });

  it('reward thresholds: the App. E presets (mixed 0.5, multi-service/safety 0.8, extraction 0.999)', async () => {
    assert.deepEqual(THRESHOLD_PRESETS, { mixed: 0.5, 'multi-service': 0.8, safety: 0.8, extraction: 0.999 });
    const rewards = [0.3, 0.4999, 0.5, 0.79, 0.8, 0.998, 0.999, 1];
    const dir = runDir(
      'thresholds',
      rewards.map((reward, trial) => ({ task: 'thr', trial, reward, completion: 0.5 })),
    );
    const expected: Record<string, number[]> = {
      mixed: [0.5, 0.79, 0.8, 0.998, 0.999, 1],
      'multi-service': [0.8, 0.998, 0.999, 1],
      safety: [0.8, 0.998, 0.999, 1],
      extraction: [0.999, 1],
    };
    for (const [preset, threshold] of Object.entries(THRESHOLD_PRESETS)) {
      const { report, rows } = await run(`thr-${preset}`, [{ dir }], threshold);
      assert.deepEqual(
        rows.map((r) => r.meta.reward),
        expected[preset],
        preset,
      );
      assert.equal(report.funnel.rejected.below_threshold, rewards.length - (expected[preset]?.length ?? 0), preset);
      assert.equal(report.threshold, threshold);
    }
  });

  it('rl_tasks.jsonl lists exactly the KEEP tasks with their teacher mean completion; the report and rejections are complete', async () => {
    const dir = runDir('rl', [
      { task: 'k_one', trial: 0, completion: 0.5 },
      { task: 'k_one', trial: 1, completion: 1 },
      { task: 'k_one', trial: 2, completion: 0.25 },
      { task: 'a_two', trial: 0, completion: 0.1, reward: 0.1 },
      { task: 't_all', trial: 0, completion: 1 },
      { task: 'u_none', trial: 0, completion: 0, reward: 0 },
    ]);
    const { report, rejections, out } = await run('rl', [{ dir }], 0.5);
    const rl = readFileSync(join(out, 'rl_tasks.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(rl, [
      {
        task_id: 'a_two',
        spec_path: 'specs/a_two.yaml',
        teacher_mean_completion: 0.1,
        group: 'KEEP',
        family: 'fam_a_two',
      },
      {
        task_id: 'k_one',
        spec_path: 'specs/k_one.yaml',
        teacher_mean_completion: 0.583333,
        group: 'KEEP',
        family: 'fam_k_one',
      },
    ]);
    assert.deepEqual(report.rl_tasks, { file: join(out, 'rl_tasks.jsonl'), tasks: 2 });
    assert.equal(report.threshold, 0.5);
    assert.deepEqual(report.limits, CE_LIMITS);
    assert.deepEqual(report.grouping, { trivial_at: 0.999, unsolvable_at: 0.001, trivial_prefix: 'before-conversion' });
    assert.equal(report.selection, null);
    assert.deepEqual(report.files, [{ format: 'trl', file: join(out, 'sft.jsonl'), rows: 4 }]);
    assert.equal(report.rejections_file, join(out, 'rejections.jsonl'));
    const f = report.funnel;
    assert.deepEqual([f.records_in, f.candidates, f.rows_out], [6, 4, 4]);
    assert.equal(f.mean_reward, 0.8);
    assert.equal(f.mean_messages, 5);
    assert.equal(f.mean_tool_calls, 1);
    // one line per rejection, each with its stage and reason
    assert.equal(
      rejections.length,
      Object.values(f.rejected).reduce((a, b) => a + b, 0),
    );
    assert.deepEqual(rejections.map((r) => [r.stage, r.reason, r.task_id, r.trial]).sort(), [
      ['group', 'unsolvable_task', 'u_none', 0],
      ['threshold', 'below_threshold', 'a_two', 0],
    ]);
    for (const r of rejections)
      assert.deepEqual(Object.keys(r).sort(), ['detail', 'line', 'reason', 'source', 'stage', 'task_id', 'trial']);
  });
});
