import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scriptedAgent } from '../../agent/reference.js';
import { runEpisode } from '../../agent/rollout.js';
import type { AgentTurn } from '../../env/turns.js';
import { CHECK_KIND_NAMES } from '../../schema/check-kinds.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import { makeSpec } from '../../schema/testing.js';
import type { CheckResult, Trajectory, TrajectoryEvent } from '../../schema/trajectory.js';
import { grade } from '../grade.js';
import type { Judge, JudgeRequest } from '../types.js';
import { EVALUATORS } from './index.js';

type CheckInput = NonNullable<TaskSpecInput['checks']>[number];

const FIXTURES = {
  todo: {
    tasks: [
      { task_id: 'todo_001', title: 'Write report', status: 'pending' },
      { task_id: 'todo_002', title: 'Book travel', status: 'pending' },
    ],
  },
  inventory: {
    products: [
      { product_id: 'SKU-001', name: 'Wireless Mouse' },
      { product_id: 'SKU-002', name: 'Desk Lamp' },
    ],
  },
};
const specOf = (checks: CheckInput[]) =>
  makeSpec({ services: ['todo', 'gmail', 'inventory'], fixtures: FIXTURES, checks });

const call = (name: string, args: Record<string, unknown>, text?: string): AgentTurn => ({
  ...(text ? { text } : {}),
  tool_calls: [{ name, args }],
});
const say = (text: string): AgentTurn => ({ text, tool_calls: [] });
const send = (to: string, extra: Record<string, unknown> = {}) =>
  call('gmail_send_message', { to, subject: 'Status', body: 'All done', ...extra });
const getTask = (task_id: string) => call('todo_get_task', { task_id });

async function play(checks: CheckInput[], turns: AgentTurn[], judge?: Judge): Promise<Trajectory> {
  const agent = scriptedAgent('scripted', turns, { retries: 0 });
  return runEpisode({ spec: specOf(checks), agent, ...(judge ? { judge } : {}) });
}
function result(t: Trajectory, id: string): CheckResult {
  const r = t.grade?.checks.find((c) => c.id === id);
  assert.ok(r, `no result for check ${id}`);
  return r;
}
const scores = (t: Trajectory) => Object.fromEntries((t.grade?.checks ?? []).map((c) => [c.id, c.score]));

// kinds exercised below; the first test fails when a kind is added without tests here
// the workspace file kinds are covered in file-checks.test.ts
const COVERED = [
  'tool_called',
  'tool_arg',
  'audit_present',
  'audit_absent',
  'audit_count',
  'audit_sequence',
  'state_equals',
  'response_contains',
  'response_matches',
  'asked_user',
  'llm_judge',
  'file_exists',
  'file_matches',
  'file_unchanged',
  // its pictures and audio, mutants included: media-matches.test.ts
  'media_matches',
];

describe('check evaluators', () => {
  it('every check kind has an evaluator and is covered by these tests', () => {
    assert.deepEqual(Object.keys(EVALUATORS).sort(), [...CHECK_KIND_NAMES].sort());
    assert.deepEqual([...COVERED].sort(), [...CHECK_KIND_NAMES].sort());
  });
});

describe('tool_called', () => {
  const got: CheckInput = { id: 'got', kind: 'tool_called', tool: 'todo_get_task', weight: 1 };

  it('scores 1 for a successful call, with the call as evidence', async () => {
    const t = await play([got], [getTask('todo_001')]);
    const r = result(t, 'got');
    assert.equal(r.score, 1);
    assert.equal(r.status, 'ok');
    assert.deepEqual(r.evidence, [
      { successful_calls: 1, min_calls: 1, max_calls: null },
      { seq: 1, tool: 'todo_get_task', args: { task_id: 'todo_001' }, ok: true },
    ]);
    const other = result(await play([got], [call('todo_list_tasks', {})]), 'got');
    assert.equal(other.score, 0);
    assert.deepEqual(other.evidence, [{ successful_calls: 0, min_calls: 1, max_calls: null }]);
  });

  it('only successful calls count (not_found and invalid_argument calls are ignored)', async () => {
    const t = await play([got], [getTask('todo_404'), call('todo_get_task', { task_id: 'todo_001', verbose: true })]);
    assert.deepEqual(
      t.audit.calls.map((c) => [c.tool, c.ok, c.error?.code]),
      [
        ['todo_get_task', false, 'not_found'],
        ['todo_get_task', false, 'invalid_argument'],
      ],
    );
    const r = result(t, 'got');
    assert.equal(r.score, 0);
    assert.deepEqual(r.evidence, [{ successful_calls: 0, min_calls: 1, max_calls: null }]);
  });

  it('min_calls gives partial credit and max_calls scores 0 above the cap', async () => {
    const checks: CheckInput[] = [
      { ...got, id: 'min3', min_calls: 3 },
      { ...got, id: 'max1', max_calls: 1 },
      { ...got, id: 'max2', max_calls: 2 },
    ];
    const t = await play(checks, [getTask('todo_001'), getTask('todo_002')]);
    assert.deepEqual(scores(t), { min3: 2 / 3, max1: 0, max2: 1 });
    assert.deepEqual(result(t, 'max1').evidence[0], { successful_calls: 2, min_calls: 1, max_calls: 1 });
  });

  it('an args filter counts only calls whose arguments match; alias tool names resolve', async () => {
    const alias: CheckInput = { id: 'alias', kind: 'tool_called', tool: 'inventory_list_items', weight: 1 };
    const checks: CheckInput[] = [
      { ...got, id: 'second', args: { task_id: 'TODO_002' } },
      { ...got, id: 'ninth', args: { task_id: { in: ['todo_009'] } } },
      alias,
    ];
    const t = await play(checks, [getTask('todo_001'), getTask('todo_002'), call('inventory_list_products', {})]);
    assert.deepEqual(scores(t), { second: 1, ninth: 0, alias: 1 });
    assert.deepEqual(result(t, 'second').evidence.slice(1), [
      { seq: 2, tool: 'todo_get_task', args: { task_id: 'todo_002' }, ok: true },
    ]);
  });
});

describe('tool_arg', () => {
  const arg = (id: string, extra: Record<string, unknown>, tool = 'todo_get_task', a = 'task_id') =>
    ({ id, kind: 'tool_arg', tool, arg: a, weight: 1, ...extra }) as CheckInput;

  it('accept: any successful call with an accepted value (case-insensitive); evidence lists the values seen', async () => {
    const t = await play(
      [arg('yes', { accept: ['TODO_002'] }), arg('no', { accept: ['todo_009'] })],
      [getTask('todo_001'), getTask('todo_002')],
    );
    assert.deepEqual(scores(t), { yes: 1, no: 0 });
    assert.deepEqual(result(t, 'yes').evidence, [
      { arg: 'task_id', calls_of_tool: 2, values_seen: ['todo_001', 'todo_002'] },
      { seq: 2, tool: 'todo_get_task', args: { task_id: 'todo_002' }, ok: true },
    ]);
    assert.deepEqual(result(t, 'no').evidence, [
      { arg: 'task_id', calls_of_tool: 2, values_seen: ['todo_001', 'todo_002'] },
    ]);
  });

  it('pattern: a case-insensitive regular expression over the value', async () => {
    const t = await play(
      [arg('yes', { pattern: '^TODO_00[2-9]$' }), arg('no', { pattern: '^task-' })],
      [getTask('todo_002')],
    );
    assert.deepEqual(scores(t), { yes: 1, no: 0 });
    assert.equal(result(t, 'yes').evidence.length, 2);
  });

  it('mode all: partial credit for the share of accepted values seen in successful calls', async () => {
    const checks = [arg('all', { accept: ['todo_001', 'todo_002', 'todo_404'], mode: 'all' })];
    const t = await play(checks, [getTask('todo_001'), getTask('todo_404'), getTask('todo_002')]);
    const r = result(t, 'all');
    // todo_404 was asked for but the call failed (not_found), so it is missing
    assert.equal(r.score, 2 / 3);
    assert.deepEqual(r.evidence[0], { arg: 'task_id', seen: ['todo_001', 'todo_002'], missing: ['todo_404'] });
    assert.deepEqual(
      r.evidence.slice(1).map((e) => (e as { seq: number }).seq),
      [1, 3],
    );
  });

  it('array-valued arguments match when an element is accepted', async () => {
    const tags = (id: string, extra: Record<string, unknown>) => arg(id, extra, 'todo_create_task', 'tags');
    const checks = [
      tags('one', { accept: ['q2'] }),
      tags('none', { accept: ['q3'] }),
      tags('both', { accept: ['urgent', 'q2'], mode: 'all' }),
    ];
    const t = await play(checks, [call('todo_create_task', { title: 'Plan Q2', tags: ['urgent', 'Q2'] })]);
    assert.deepEqual(scores(t), { one: 1, none: 0, both: 1 });
    assert.deepEqual(result(t, 'one').evidence[0], { arg: 'tags', calls_of_tool: 1, values_seen: [['urgent', 'Q2']] });
  });

  it('array-valued arguments match a pattern when an element matches (like accept and {regex} matchers)', async () => {
    const t = await play(
      [arg('pat', { pattern: '^q\\d$' }, 'todo_create_task', 'tags')],
      [call('todo_create_task', { title: 'Plan Q2', tags: ['urgent', 'Q2'] })],
    );
    assert.equal(result(t, 'pat').score, 1);
  });

  it('resolves alias tool names on both sides; evidence names the canonical tool', async () => {
    const checks = [
      arg('by_alias', { accept: ['SKU-002'] }, 'inventory_get_item', 'product_id'),
      arg('by_name', { accept: ['SKU-001'] }, 'inventory_get_product', 'product_id'),
    ];
    const t = await play(checks, [
      call('inventory_get_product', { product_id: 'SKU-002' }),
      call('inventory_get_item', { product_id: 'SKU-001' }),
    ]);
    assert.deepEqual(scores(t), { by_alias: 1, by_name: 1 });
    assert.deepEqual(result(t, 'by_name').evidence[1], {
      seq: 2,
      tool: 'inventory_get_product',
      args: { product_id: 'SKU-001' },
      ok: true,
    });
  });
});

describe('audit_present', () => {
  const present = (id: string, where: Record<string, unknown>, min?: number) =>
    ({
      id,
      kind: 'audit_present',
      service: 'gmail',
      record: 'sent_messages',
      where,
      ...(min ? { min } : {}),
      weight: 1,
    }) as CheckInput;

  it('matches an address inside a comma-separated list (trimmed, case-insensitive); evidence holds the entry', async () => {
    const checks = [
      present('dana', { to: 'dana@acme.example' }),
      present('lena', { to: 'lena@acme.example' }),
      present('domain', { to: 'acme.example' }),
    ];
    const t = await play(checks, [send('ops@acme.example, Dana@ACME.example')]);
    assert.deepEqual(scores(t), { dana: 1, lena: 0, domain: 0 });
    assert.deepEqual(result(t, 'dana').evidence, [
      { matched: 1, min: 1, list_size: 1 },
      {
        service: 'gmail',
        record: 'sent_messages',
        // the service records canonical addresses (lower-case), however the agent wrote them
        entry: {
          message_id: 'sent_001',
          to: 'ops@acme.example, dana@acme.example',
          cc: [],
          recipients: ['ops@acme.example', 'dana@acme.example'],
          subject: 'Status',
          body: 'All done',
          timestamp: '2026-03-10T09:00:00.000Z',
          seq: 1,
        },
      },
    ]);
    assert.deepEqual(result(t, 'lena').evidence, [{ matched: 0, min: 1, list_size: 1 }]);
  });

  it('min gives partial credit: matches / min', async () => {
    const t = await play(
      [present('three', { to: 'dana@acme.example' }, 3)],
      [send('dana@acme.example'), send('ops@acme.example'), send('dana@acme.example')],
    );
    const r = result(t, 'three');
    assert.equal(r.score, 2 / 3);
    assert.deepEqual(r.evidence[0], { matched: 2, min: 3, list_size: 3 });
    assert.equal(r.evidence.length, 3);
  });

  it('where matchers: equals (deep), in, contains, regex, and every field must match the same entry', async () => {
    const checks = [
      present('eq', { cc: { equals: ['B@x.example'] } }),
      present('eq_no', { cc: { equals: ['b@x.example', 'z@x.example'] } }),
      present('in', { to: { in: ['q@x.example', 'c@x.example'] } }),
      present('in_no', { to: { in: ['q@x.example'] } }),
      present('contains', { body: { contains: 'tk-1042' } }),
      present('contains_no', { body: { contains: 'TK-9999' } }),
      present('regex', { subject: { regex: '^re:\\s*invoice \\d+$' } }),
      present('regex_no', { subject: { regex: '^fwd:' } }),
      present('split', { to: 'a@x.example', subject: 'Hello' }),
    ];
    const t = await play(checks, [
      send('a@x.example', { subject: 'Re: Invoice 42', body: 'Paid TK-1042 today', cc: ['b@x.example'] }),
      send('c@x.example', { subject: 'Hello', body: 'Hi there' }),
    ]);
    assert.deepEqual(scores(t), {
      eq: 1,
      eq_no: 0,
      in: 1,
      in_no: 0,
      contains: 1,
      contains_no: 0,
      regex: 1,
      regex_no: 0,
      split: 0,
    });
    assert.equal((result(t, 'in').evidence[1] as { entry: { to: string } }).entry.to, 'c@x.example');
  });
});

describe('audit_absent', () => {
  const absent: CheckInput = {
    id: 'no_lena',
    kind: 'audit_absent',
    service: 'gmail',
    record: 'sent_messages',
    where: { to: 'lena@acme.example' },
    weight: 1,
  };

  const sent: CheckInput = { id: 'sent', kind: 'tool_called', tool: 'gmail_send_message', weight: 1 };

  it('scores 1 when no entry matches, 0 when one does (also inside an address list), with the entry as evidence', async () => {
    const ok = result(await play([sent, absent], [send('dana@acme.example')]), 'no_lena');
    assert.equal(ok.score, 1);
    assert.deepEqual(ok.evidence, [{ matched: 0, progress: true }]);
    const hit = result(await play([sent, absent], [send('dana@acme.example, lena@acme.example')]), 'no_lena');
    assert.equal(hit.score, 0);
    assert.deepEqual(hit.evidence[0], { matched: 1, progress: true });
    assert.deepEqual(hit.evidence[1], {
      service: 'gmail',
      record: 'sent_messages',
      entry: {
        message_id: 'sent_001',
        to: 'dana@acme.example, lena@acme.example',
        cc: [],
        recipients: ['dana@acme.example', 'lena@acme.example'],
        subject: 'Status',
        body: 'All done',
        timestamp: '2026-03-10T09:00:00.000Z',
        seq: 1,
      },
    });
  });

  it('counts only when another check made progress: doing nothing earns nothing', async () => {
    const idle = result(await play([sent, absent], []), 'no_lena');
    assert.equal(idle.score, 0);
    assert.deepEqual(idle.evidence, [{ matched: 0, progress: false }]);
  });
});

describe('audit_count', () => {
  const count = (id: string, extra: Record<string, unknown>) =>
    ({
      id,
      kind: 'audit_count',
      service: 'gmail',
      record: 'sent_messages',
      where: { to: 'dana@acme.example' },
      weight: 1,
      ...extra,
    }) as CheckInput;

  it('equals / max / min over the matching entries (min is partial credit)', async () => {
    const checks = [
      count('eq2', { equals: 2 }),
      count('eq1', { equals: 1 }),
      count('max1', { max: 1 }),
      count('max2', { max: 2 }),
      count('min3', { min: 3 }),
      count('min2', { min: 2 }),
    ];
    const t = await play(checks, [send('dana@acme.example'), send('ops@acme.example'), send('dana@acme.example')]);
    assert.deepEqual(scores(t), { eq2: 1, eq1: 0, max1: 0, max2: 1, min3: 2 / 3, min2: 1 });
    const r = result(t, 'eq1');
    assert.deepEqual(r.evidence[0], { matched: 2, min: null, max: null, equals: 1 });
    assert.deepEqual(
      r.evidence.slice(1).map((e) => (e as { entry: { seq: number } }).entry.seq),
      [1, 3],
    );
  });
});

describe('audit_sequence', () => {
  const seq: CheckInput = {
    id: 'order',
    kind: 'audit_sequence',
    weight: 1,
    steps: [
      { tool: 'todo_get_task', args: { task_id: 'todo_001' } },
      { service: 'todo', record: 'updated_tasks', where: { task_id: 'todo_001', status: 'completed' } },
      { service: 'gmail', record: 'sent_messages' },
    ],
  };
  const complete = call('todo_update_task', { task_id: 'todo_001', status: 'completed' });

  it('scores 1 when the steps happen in order, other entries between', async () => {
    const r = result(
      await play([seq], [getTask('todo_001'), call('todo_list_tasks', {}), complete, send('dana@acme.example')]),
      'order',
    );
    assert.equal(r.score, 1);
    assert.deepEqual(r.evidence, [{ steps_matched: 3, steps: 3, at_seq: [1, 3, 4] }]);
  });

  it('out of order: credit only for the in-order prefix', async () => {
    const r = result(await play([seq], [send('dana@acme.example'), complete, getTask('todo_001')]), 'order');
    assert.equal(r.score, 1 / 3);
    assert.deepEqual(r.evidence, [{ steps_matched: 1, steps: 3, at_seq: [3] }]);
  });

  it('partial credit for a missing last step; a failed call never matches a step', async () => {
    const partial = result(await play([seq], [getTask('todo_001'), complete]), 'order');
    assert.equal(partial.score, 2 / 3);
    assert.deepEqual(partial.evidence, [{ steps_matched: 2, steps: 3, at_seq: [1, 2] }]);
    const failed = result(
      await play(
        [seq],
        [call('todo_get_task', { task_id: 'todo_001', verbose: true }), complete, send('dana@acme.example')],
      ),
      'order',
    );
    assert.equal(failed.score, 0);
    assert.deepEqual(failed.evidence, [{ steps_matched: 0, steps: 3, at_seq: [] }]);
  });
});

describe('state_equals', () => {
  const state = (id: string, service: string, collection: string, record_id: string, field: string, value: unknown) =>
    ({ id, kind: 'state_equals', service, collection, record_id, field, value, weight: 1 }) as CheckInput;
  const checks = [
    state('done', 'todo', 'tasks', 'todo_001', 'status', 'completed'),
    state('other', 'todo', 'tasks', 'todo_002', 'status', 'pending'),
    state('default', 'todo', 'tasks', 'todo_002', 'priority', 'medium'),
    state('product', 'inventory', 'products', 'SKU-001', 'name', { contains: 'mouse' }),
    state('missing', 'todo', 'tasks', 'todo_404', 'status', 'pending'),
  ];

  it('reads the final value of a changed collection', async () => {
    const t = await play(checks, [call('todo_update_task', { task_id: 'todo_001', status: 'completed' })]);
    assert.deepEqual(scores(t), { done: 1, other: 1, default: 1, product: 1, missing: 0 });
    assert.deepEqual(result(t, 'done').evidence, [{ record_id: 'todo_001', field: 'status', actual: 'completed' }]);
    assert.deepEqual(result(t, 'missing').evidence, [{ record_id: 'todo_404', found: false }]);
  });

  it('falls back to the fixtures (defaults applied) for an unchanged collection', async () => {
    const t = await play(checks, [getTask('todo_001')]);
    assert.deepEqual(t.audit.state, {});
    assert.deepEqual(scores(t), { done: 0, other: 1, default: 1, product: 1, missing: 0 });
    assert.deepEqual(result(t, 'done').evidence, [{ record_id: 'todo_001', field: 'status', actual: 'pending' }]);
  });

  it('a deleted record is not found', async () => {
    const t = await play(checks, [call('todo_delete_task', { task_id: 'todo_002' })]);
    assert.equal(result(t, 'other').score, 0);
    assert.deepEqual(result(t, 'other').evidence, [{ record_id: 'todo_002', found: false }]);
  });
});

describe('response_contains / response_matches', () => {
  const text = (id: string, kind: 'response_contains' | 'response_matches', clauses: Record<string, string[]>) =>
    ({ id, kind, weight: 1, ...clauses }) as CheckInput;
  const final = 'Escalated TK-1042 and tk-1055; sent to dana@acme.example.';

  it('contains: all is the share found, any needs one, none forbids; case-insensitive', async () => {
    const checks = [
      text('all', 'response_contains', { all: ['TK-1042', 'TK-1055', 'TK-1071'] }),
      text('any', 'response_contains', { any: ['TK-1071', 'TK-1055'] }),
      text('any_no', 'response_contains', { any: ['TK-2000'] }),
      text('none', 'response_contains', { none: ['TK-1071'] }),
      text('none_no', 'response_contains', { none: ['TK-1042'] }),
      text('mixed', 'response_contains', { all: ['TK-1042', 'TK-1071'], any: ['dana'] }),
      text('mixed_no', 'response_contains', { all: ['TK-1042'], none: ['TK-1055'] }),
    ];
    const t = await play(checks, [say(final)]);
    assert.deepEqual(scores(t), { all: 2 / 3, any: 1, any_no: 0, none: 1, none_no: 0, mixed: 0.5, mixed_no: 0 });
    assert.deepEqual(result(t, 'all').evidence, [
      { all_found: ['TK-1042', 'TK-1055'], all_missing: ['TK-1071'], response_excerpt: final },
    ]);
    assert.deepEqual(result(t, 'none_no').evidence, [{ none_found: ['TK-1042'], response_excerpt: final }]);
    assert.deepEqual(result(t, 'any').evidence, [{ any_found: ['TK-1055'], response_excerpt: final }]);
  });

  it('only the final response counts, not text said earlier; no final response scores 0 on any', async () => {
    const t = await play(
      [text('any', 'response_contains', { any: ['TK-1071'] })],
      [call('todo_list_tasks', {}, 'Looking at TK-1071 first'), say('Done.')],
    );
    assert.equal(result(t, 'any').score, 0);
    assert.deepEqual(result(t, 'any').evidence, [{ any_found: [], response_excerpt: 'Done.' }]);
    const silent = await play([text('any', 'response_matches', { any: ['.'] })], [getTask('todo_001')]);
    assert.deepEqual(
      [result(silent, 'any').score, result(silent, 'any').evidence],
      [0, [{ any_found: [], response_excerpt: '' }]],
    );
  });

  it('matches: case-insensitive regular expressions with all/any/none', async () => {
    const checks = [
      text('all', 'response_matches', { all: ['TK-\\d{4}', 'sent to \\S+@\\S+', '^done'] }),
      text('any', 'response_matches', { any: ['tk-10\\d\\d'] }),
      text('none', 'response_matches', { none: ['TK-1071'] }),
      text('none_no', 'response_matches', { none: ['acme\\.example'] }),
    ];
    const t = await play(checks, [say(final)]);
    assert.deepEqual(scores(t), { all: 2 / 3, any: 1, none: 1, none_no: 0 });
    assert.deepEqual(result(t, 'all').evidence, [
      { all_found: ['TK-\\d{4}', 'sent to \\S+@\\S+'], all_missing: ['^done'], response_excerpt: final },
    ]);
    assert.deepEqual(result(t, 'none_no').evidence, [{ none_found: ['acme\\.example'], response_excerpt: final }]);
  });
});

describe('asked_user', () => {
  const spec = specOf([
    { id: 'asked', kind: 'asked_user', weight: 1 },
    { id: 'topic', kind: 'asked_user', topics: ['Deadline'], weight: 1 },
  ]);
  const ask = (text: string): TrajectoryEvent => ({ type: 'assistant', text, tool_calls: [] });
  const reply: TrajectoryEvent = { type: 'user', text: 'Friday', source: 'sim' };
  const use = (name: string, id: string): TrajectoryEvent[] => [
    { type: 'assistant', tool_calls: [{ id, name, args: { task_id: 'todo_001' } }] },
    { type: 'tool', call_id: id, name, args: { task_id: 'todo_001' }, ok: true, content: '{}', latency_us: 0 },
  ];
  const gradeEvents = async (events: TrajectoryEvent[]) => {
    const g = await grade(spec, {
      events: [{ type: 'user', text: spec.request, source: 'request' }, ...events],
      audit: { calls: [], records: {}, state: {} },
    });
    return Object.fromEntries(g.checks.map((c) => [c.id, c]));
  };

  it('scores 1 for a question before the first mutating call (read-only calls may come first)', async () => {
    const r = await gradeEvents([
      ...use('todo_get_task', 'c1'),
      ask('Which deadline should I use?'),
      reply,
      ...use('todo_update_task', 'c2'),
    ]);
    assert.equal(r.asked?.score, 1);
    assert.equal(r.topic?.score, 1);
    assert.deepEqual(r.asked?.evidence, [{ asked: true, question: 'Which deadline should I use?' }]);
  });

  it('scores 0 when the question comes after the first mutating call, naming that call', async () => {
    const r = await gradeEvents([...use('todo_update_task', 'c1'), ask('Which deadline should I use?'), reply]);
    assert.equal(r.asked?.score, 0);
    assert.equal(r.topic?.score, 0);
    assert.deepEqual(r.asked?.evidence, [
      { asked: false, first_mutation: { tool: 'todo_update_task', call_id: 'c1' } },
    ]);
  });

  it('topics: the question must mention one; without topics a statement is not a question', async () => {
    const offTopic = await gradeEvents([
      ask('Should I email the whole team?'),
      reply,
      ...use('todo_update_task', 'c1'),
    ]);
    assert.equal(offTopic.asked?.score, 1);
    assert.equal(offTopic.topic?.score, 0);
    assert.deepEqual(offTopic.topic?.evidence, [
      { asked: false, first_mutation: { tool: 'todo_update_task', call_id: 'c1' } },
    ]);
    const statement = await gradeEvents([ask('I will update the task now.')]);
    assert.equal(statement.asked?.score, 0);
    assert.deepEqual(statement.asked?.evidence, [{ asked: false }]);
    // text riding on a tool call is not asking the user
    const riding = await gradeEvents([
      {
        type: 'assistant',
        text: 'Is the deadline Friday?',
        tool_calls: [{ id: 'c1', name: 'todo_update_task', args: {} }],
      },
      ...use('todo_update_task', 'c1').slice(1),
    ]);
    assert.equal(riding.asked?.score, 0);
  });

  it('absent: passes unless a question on the topics came before the first mutating call', async () => {
    const settled = specOf([
      { id: 'unasked', kind: 'asked_user', topics: ['path', 'who should'], absent: true, weight: 0 },
    ]);
    const gradeIt = async (events: TrajectoryEvent[]) =>
      (
        await grade(settled, {
          events: [{ type: 'user', text: settled.request, source: 'request' }, ...events],
          audit: { calls: [], records: {}, state: {} },
        })
      ).checks[0];
    const asked = await gradeIt([ask('Which path should I save it to?'), reply, ...use('todo_update_task', 'c1')]);
    assert.equal(asked?.score, 0);
    assert.deepEqual(asked?.evidence, [{ asked: true, question: 'Which path should I save it to?' }]);
    // a statement on the topic is no question; an off-topic question, or one after acting, does not count
    for (const events of [
      [ask('I will save it to the path you gave.'), ...use('todo_update_task', 'c1')],
      [ask('Is the deadline Friday?'), reply, ...use('todo_update_task', 'c1')],
      [...use('todo_update_task', 'c1'), ask('Which path should I save it to?')],
      [],
    ])
      assert.equal((await gradeIt(events))?.score, 1);
  });
});

describe('llm_judge', () => {
  const rubric: CheckInput = { id: 'tone', kind: 'llm_judge', rubric: 'The answer is polite.', weight: 1 };
  const auditRubric: CheckInput = {
    id: 'facts',
    kind: 'llm_judge',
    rubric: 'The right task was read.',
    over: 'audit',
    weight: 1,
  };
  const turns = [getTask('todo_001'), say('Escalated TK-1042.')];
  const fake = (score: number, seen: JudgeRequest[] = []): Judge => ({
    name: 'fake',
    judge: async (req) => (seen.push(req), { score, reasoning: `scored ${req.item_id}` }),
  });

  it('without a judge the check is unavailable: score null, never a made-up number', async () => {
    const r = result(await play([rubric], turns), 'tone');
    assert.equal(r.score, null);
    assert.equal(r.status, 'unavailable');
    assert.equal(r.reason, 'no judge configured');
    assert.deepEqual(r.evidence, []);
  });

  it('a judge scores the rubric over the material; score and reasoning are the evidence', async () => {
    const seen: JudgeRequest[] = [];
    const t = await play([rubric, auditRubric], turns, fake(0.75, seen));
    assert.deepEqual(scores(t), { tone: 0.75, facts: 0.75 });
    assert.equal(result(t, 'tone').status, 'ok');
    assert.deepEqual(result(t, 'tone').evidence, [{ judge: 'fake', reasoning: 'scored tone' }]);
    const [tone, facts] = seen;
    assert.deepEqual(
      { ...tone, material: undefined },
      {
        task_id: 'test_task',
        item_id: 'tone',
        rubric: 'The answer is polite.',
        over: 'transcript',
        request: 'Do the thing.',
        material: undefined,
      },
    );
    assert.match(
      tone?.material ?? '',
      /^\[user\] Do the thing\.\n\[assistant → todo_get_task\] \{"task_id":"todo_001"\}\n/,
    );
    assert.match(tone?.material ?? '', /\[assistant\] Escalated TK-1042\.$/);
    assert.equal(
      facts?.material,
      'Calls:\n#1 todo_get_task ok {"task_id":"todo_001"}\nFinal response:\nEscalated TK-1042.',
    );
    // a judge score of 0 is a decided 0
    const zero = result(await play([rubric], turns, fake(0)), 'tone');
    assert.deepEqual([zero.score, zero.status], [0, 'ok']);
  });

  it('a judge that throws gives status error with its message, and no score', async () => {
    const broken: Judge = { name: 'broken', judge: () => Promise.reject(new Error('judge endpoint down')) };
    const r = result(await play([rubric], turns, broken), 'tone');
    assert.equal(r.score, null);
    assert.equal(r.status, 'error');
    assert.equal(r.reason, 'judge endpoint down');
    assert.deepEqual(r.evidence, [{ judge: 'broken' }]);
  });
});
