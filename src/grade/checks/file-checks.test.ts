import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scriptedAgent } from '../../agent/reference.js';
import { runEpisode } from '../../agent/rollout.js';
import type { AgentTurn } from '../../env/turns.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import { makeSpec } from '../../schema/testing.js';
import type { CheckResult, Trajectory } from '../../schema/trajectory.js';
import { checkConsistency } from '../../validate/consistency.js';
import { GATE_STEPS, runGate } from '../../validate/index.js';

type CheckInput = NonNullable<TaskSpecInput['checks']>[number];

const CSV = 'region,quarter,amount\nnorth,q1,120\nsouth,q1,80\nnorth,q2,95';
const FILES = {
  'data/sales.csv': CSV,
  'config/settings.json': '{"mode": "draft", "owners": [{"name": "Ana", "tags": ["ops", "urgent"]}]}',
  'img/logo.png': { content: Buffer.from([0x89, 0x50, 0x00, 0xff]).toString('base64'), encoding: 'base64' },
  'notes.txt': 'keep me as I am',
};
const specOf = (checks: CheckInput[], files: unknown = FILES) =>
  makeSpec({ services: ['workspace'], fixtures: { workspace: { files } as Record<string, unknown> }, checks });

const write = (path: string, content: string): AgentTurn => ({
  tool_calls: [{ name: 'fs_write', args: { path, content } }],
});
const shell = (command: string): AgentTurn => ({ tool_calls: [{ name: 'shell', args: { command } }] });

async function play(checks: CheckInput[], turns: AgentTurn[], files: unknown = FILES): Promise<Trajectory> {
  return runEpisode({ spec: specOf(checks, files), agent: scriptedAgent('scripted', turns, { retries: 0 }) });
}
function result(t: Trajectory, id: string): CheckResult {
  const r = t.grade?.checks.find((c) => c.id === id);
  assert.ok(r, `no result for check ${id}`);
  return r;
}
const scores = (t: Trajectory) => Object.fromEntries((t.grade?.checks ?? []).map((c) => [c.id, c.score]));

describe('file_exists', () => {
  const made: CheckInput = { id: 'made', kind: 'file_exists', path: '/workspace/out/report.md', weight: 1 };

  it('scores 1 for a file the agent created (any path spelling), with evidence', async () => {
    const t = await play(
      [made, { ...made, id: 'dot', path: './out/report.md' }, { ...made, id: 'fixture', path: 'notes.txt' }],
      [write('out/report.md', '# Report')],
    );
    assert.deepEqual(scores(t), { made: 1, dot: 1, fixture: 1 });
    assert.deepEqual(result(t, 'made').evidence, [{ path: '/workspace/out/report.md', exists: true }]);
  });

  it('scores 0 for a missing or removed file', async () => {
    const t = await play([made, { ...made, id: 'gone', path: 'notes.txt' }], [shell('rm notes.txt')]);
    assert.deepEqual(scores(t), { made: 0, gone: 0 });
    assert.deepEqual(result(t, 'gone').evidence, [{ path: 'notes.txt', exists: false }]);
  });
});

describe('file_matches', () => {
  const m = (id: string, fields: Record<string, unknown>): CheckInput =>
    ({ id, kind: 'file_matches', path: 'out/result.json', weight: 1, ...fields }) as CheckInput;
  const REPORT =
    '{"totals": {"q1": 200, "label": "Q1 Sales"}, "rows": [{"id": "r1", "tags": []}, {"id": "r2", "tags": ["urgent", "late"]}]}';

  it('regex: the text matches (case-insensitive); invalid or absent ⇒ 0', async () => {
    const t = await play(
      [
        m('hit', { regex: 'q1 sales' }),
        m('miss', { regex: 'q2 sales' }),
        m('bad', { regex: '(' }),
        m('none', { path: 'out/nope.json', regex: '.' }),
      ],
      [write('out/result.json', REPORT)],
    );
    assert.deepEqual(scores(t), { hit: 1, miss: 0, bad: 0, none: 0 });
    assert.deepEqual(result(t, 'hit').evidence, [{ path: 'out/result.json', regex: true, excerpt: REPORT }]);
    assert.deepEqual(result(t, 'miss').evidence, [{ path: 'out/result.json', regex: false, excerpt: REPORT }]);
    assert.deepEqual(result(t, 'none').evidence, [{ path: 'out/nope.json', exists: false }]);
  });

  it('json: the value at a dot/bracket path, nested arrays included', async () => {
    const checks = [
      m('q1', { json: { path: 'totals.q1', value: 200 } }),
      m('q1_text', { json: { path: 'totals.q1', value: '200' } }),
      m('tag', { json: { path: 'rows[1].tags[0]', value: 'URGENT' } }),
      m('tags', { json: { path: 'rows[1].tags', value: { equals: ['urgent', 'late'] } } }),
      m('label', { json: { path: 'totals.label', value: { regex: '^q1 ' } } }),
      m('wrong', { json: { path: 'totals.q1', value: 250 } }),
      m('absent', { json: { path: 'rows[5].id', value: 'r6' } }),
    ];
    const t = await play(checks, [write('out/result.json', REPORT)]);
    assert.deepEqual(scores(t), { q1: 1, q1_text: 1, tag: 1, tags: 1, label: 1, wrong: 0, absent: 0 });
    assert.deepEqual(result(t, 'tag').evidence, [{ path: 'out/result.json', json_actual: 'urgent', excerpt: REPORT }]);
    assert.deepEqual(result(t, 'wrong').evidence, [{ path: 'out/result.json', json_actual: 200, excerpt: REPORT }]);
  });

  it('json: a file that is not JSON scores 0 with json_error', async () => {
    const t = await play([m('j', { path: 'notes.txt', json: { path: 'a', value: 1 } })], [write('out/other.txt', 'x')]);
    assert.equal(result(t, 'j').score, 0);
    assert.deepEqual(result(t, 'j').evidence, [
      { path: 'notes.txt', json_error: 'not valid JSON', json_actual: undefined, excerpt: 'keep me as I am' },
    ]);
  });

  it('csv: a column value in any row, in a row by index, or among rows matching where', async () => {
    const c = (id: string, csv: Record<string, unknown>) => m(id, { path: 'data/sales.csv', csv });
    const checks = [
      c('any', { column: 'amount', value: 95 }),
      c('row1', { column: 'amount', value: '80', row: 1 }),
      c('row0', { column: 'amount', value: '80', row: 0 }),
      c('where', { column: 'amount', value: 95, where: { region: 'north', quarter: 'Q2' } }),
      c('where_miss', { column: 'amount', value: 80, where: { region: 'north' } }),
      c('col_miss', { column: 'total', value: 80 }),
      c('row_out', { column: 'amount', value: 80, row: 9 }),
    ];
    const t = await play(checks, [write('out/x.txt', 'x')]);
    assert.deepEqual(scores(t), { any: 1, row1: 1, row0: 0, where: 1, where_miss: 0, col_miss: 0, row_out: 0 });
    const excerpt = CSV;
    assert.deepEqual(result(t, 'row1').evidence, [
      {
        path: 'data/sales.csv',
        csv_rows: 3,
        csv_matching_rows: [{ region: 'south', quarter: 'q1', amount: '80' }],
        csv_row: { region: 'south', quarter: 'q1', amount: '80' },
        excerpt,
      },
    ]);
    assert.deepEqual(result(t, 'where').evidence, [
      {
        path: 'data/sales.csv',
        csv_rows: 3,
        csv_matching_rows: [{ region: 'north', quarter: 'q2', amount: '95' }],
        excerpt,
      },
    ]);
    assert.deepEqual(result(t, 'row_out').evidence, [
      { path: 'data/sales.csv', csv_rows: 3, csv_matching_rows: [], csv_row: null, excerpt },
    ]);
  });

  it('csv: a file the agent wrote with the shell', async () => {
    const check = m('sum', { path: 'out/summary.csv', csv: { column: 'total', value: 200, where: { quarter: 'q1' } } });
    const good = await play(
      [check],
      [
        shell(
          'mkdir -p out && awk -F, \'NR > 1 && $2 == "q1" { s += $3 } END { print "quarter,total"; print "q1," s }\' data/sales.csv > out/summary.csv',
        ),
      ],
    );
    assert.equal(result(good, 'sum').score, 1);
    const bad = await play([check], [shell("mkdir -p out && printf 'quarter,total\\nq1,295\\n' > out/summary.csv")]);
    assert.equal(result(bad, 'sum').score, 0);
  });

  it('every given clause must hold', async () => {
    const both = { regex: 'q1 sales', json: { path: 'totals.q1', value: 200 } };
    const t = await play(
      [
        m('both', both),
        m('json_wrong', { ...both, json: { path: 'totals.q1', value: 1 } }),
        m('regex_wrong', { ...both, regex: 'q9' }),
      ],
      [write('out/result.json', REPORT)],
    );
    assert.deepEqual(scores(t), { both: 1, json_wrong: 0, regex_wrong: 0 });
    assert.deepEqual(result(t, 'json_wrong').evidence, [
      { path: 'out/result.json', regex: true, json_actual: 200, excerpt: REPORT },
    ]);
  });
});

describe('file_unchanged', () => {
  const progress: CheckInput = { id: 'made', kind: 'file_exists', path: 'out/report.md', weight: 0.5 };
  const keep: CheckInput = { id: 'keep', kind: 'file_unchanged', path: '/workspace/notes.txt', weight: 0.5 };

  it('unchanged with progress elsewhere ⇒ 1', async () => {
    const t = await play(
      [progress, keep, { ...keep, id: 'bin', path: 'img/logo.png', weight: 0 }],
      [write('out/report.md', 'done'), shell('cat notes.txt img/logo.png > /dev/null')],
    );
    assert.deepEqual(scores(t), { made: 1, keep: 1, bin: 1 });
    assert.deepEqual(result(t, 'keep').evidence, [{ path: '/workspace/notes.txt', unchanged: true, progress: true }]);
    assert.equal(t.grade?.completion, 1);
    assert.equal(t.grade?.score, 1);
  });

  it('changed or removed ⇒ 0', async () => {
    const edited = await play(
      [progress, keep],
      [
        write('out/report.md', 'done'),
        { tool_calls: [{ name: 'fs_edit', args: { path: 'notes.txt', old_string: 'keep', new_string: 'drop' } }] },
      ],
    );
    assert.deepEqual(scores(edited), { made: 1, keep: 0 });
    assert.deepEqual(result(edited, 'keep').evidence, [
      { path: '/workspace/notes.txt', unchanged: false, progress: true },
    ]);
    assert.equal(edited.grade?.completion, 0.5);
    const removed = await play([progress, keep], [write('out/report.md', 'done'), shell('rm notes.txt')]);
    assert.deepEqual(scores(removed), { made: 1, keep: 0 });
  });

  it('no progress on any other check ⇒ 0, even though the file is untouched', async () => {
    const t = await play([progress, keep], [shell('cat notes.txt')]);
    assert.deepEqual(scores(t), { made: 0, keep: 0 });
    assert.deepEqual(result(t, 'keep').evidence, [{ path: '/workspace/notes.txt', unchanged: true, progress: false }]);
    assert.equal(t.grade?.completion, 0);
  });

  it('reads fixtures given as an array of {path, content} records too', async () => {
    const files = [
      { path: 'notes.txt', content: 'keep me as I am' },
      { path: 'data/sales.csv', content: CSV },
    ];
    const t = await play([progress, keep], [write('out/report.md', 'done')], files);
    assert.deepEqual(result(t, 'keep').evidence, [{ path: '/workspace/notes.txt', unchanged: true, progress: true }]);
    assert.equal(result(t, 'keep').score, 1);
  });
});

describe('gate with workspace file checks', () => {
  const checks: CheckInput[] = [
    { id: 'total_file', kind: 'file_exists', path: 'out/total.txt', weight: 0.34 },
    {
      id: 'report_json',
      kind: 'file_matches',
      path: 'out/report.json',
      json: { path: 'totals[0].amount', value: 200 },
      weight: 0.33,
    },
    {
      id: 'summary_csv',
      kind: 'file_matches',
      path: 'out/summary.csv',
      csv: { column: 'total', value: 200, where: { quarter: 'q1' } },
      regex: '^quarter,total',
      weight: 0.33,
    },
    // a preservation check with weight would be a prohibition (gate step 4); weight 0 with a cap is a condition
    { id: 'notes_kept', kind: 'file_unchanged', path: 'notes.txt', weight: 0, cap: { completion_at_most: 0.5 } },
  ];
  const reference: TaskSpecInput['reference'] = [
    {
      call: 'shell',
      args: {
        command:
          'mkdir -p out && awk -F, \'NR > 1 && $2 == "q1" { s += $3 } END { print s }\' data/sales.csv > out/total.txt && printf \'quarter,total\\nq1,%s\\n\' "$(cat out/total.txt)" > out/summary.csv',
      },
    },
    { call: 'fs_write', args: { path: 'out/report.json', content: '{"totals": [{"quarter": "q1", "amount": 200}]}' } },
    { say: 'Q1 total: 200 (out/total.txt, out/summary.csv, out/report.json).' },
  ];
  const gateSpec = (files: unknown, list: CheckInput[] = checks) =>
    makeSpec({
      id: 'workspace_q1_total',
      family: 'workspace',
      services: ['workspace'],
      fixtures: { workspace: { files } as Record<string, unknown> },
      checks: list,
      reference,
      request: 'Total the Q1 sales in data/sales.csv into out/.',
    });
  const stepsOf = (r: Awaited<ReturnType<typeof runGate>>) =>
    r.steps.map((s) => ({ step: s.step, ok: s.ok, codes: s.diagnostics.map((d) => d.code) }));
  const allOk = GATE_STEPS.map((s) => ({ step: s.step, ok: true, codes: [] as string[] }));

  it('a spec with file_exists, file_matches and file_unchanged passes all 10 steps', async () => {
    const r = await runGate({ spec: gateSpec(FILES) });
    assert.deepEqual(stepsOf(r), allOk);
    assert.equal(r.ok, true);
  });

  it('the consistency step (7) grades the complete and the empty record of that spec', async () => {
    assert.deepEqual(await checkConsistency(gateSpec(FILES)), []);
  });

  it('array-form fixtures with file_exists and file_matches pass all 10 steps', async () => {
    const files = Object.entries(FILES).map(([path, v]) =>
      typeof v === 'string' ? { path, content: v } : { path, ...v },
    );
    const r = await runGate({
      spec: gateSpec(
        files,
        checks.slice(0, 3).map((c) => ({ ...c, weight: c.id === 'total_file' ? 0.34 : 0.33 })),
      ),
    });
    assert.deepEqual(stepsOf(r), allOk);
    // removing each of the 2 writes ("file not written") and writing a wrong number into the checked file ("wrong cell value")
    assert.deepEqual(r.steps.find((s) => s.step === 9)?.stats, { mutants: 3, killed: 3, kill_rate: 1 });
  });
});
