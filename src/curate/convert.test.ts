import assert from 'node:assert/strict';
import { okGrade } from '../grade/testing.js';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { systemPrompt } from '../agent/system-prompt.js';
import { makeSpec } from '../schema/testing.js';
import type { Grade, Trajectory, TrajectoryEvent } from '../schema/trajectory.js';
import {
  CE_LIMITS,
  charLength,
  charSlice,
  type Converted,
  convertTrajectory,
  offeredTools,
  TRUNCATION_MARKER,
} from './convert.js';
import { curate } from './pipeline.js';
import { resolveSource } from './sources.js';
import type { SftMessage } from './types.js';

const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-convert-'));
after(() => rmSync(TMP, { recursive: true, force: true }));

const MOCK_TODAY = '2026-03-10T09:00:00Z';
const TOOLS = ['helpdesk_list_tickets', 'helpdesk_get_ticket'];

const grade = (score: number): Grade => okGrade({ completion: score, code: score, score, passed: score >= 0.75 });

interface Shape {
  /** the initial request; null = no request event */
  request?: string | null;
  /** clarification exchanges before the tool turns: assistant question + simulator reply */
  sim?: string[];
  /** one entry per tool turn: how many (parallel) calls it makes */
  turns?: number[];
  /** observation length of every tool result */
  obs?: number;
  /** record tool-call arguments as JSON strings (as some providers do) */
  stringArgs?: boolean;
  /** an assistant event with neither text nor tool calls */
  emptyAssistant?: boolean;
  /** the final assistant text; null = none */
  final?: string | null;
}

/** A complete, graded record of the given shape (it passes every validity check). */
function record(taskId: string, trial: number, s: Shape, score = 0.8): Trajectory {
  const events: TrajectoryEvent[] = [
    {
      type: 'episode_start',
      task_id: taskId,
      trial,
      seed: 0,
      spec_hash: 'h',
      mock_today: MOCK_TODAY,
      agent: { name: 'teacher' },
      tools: TOOLS,
    },
  ];
  if (s.request !== null)
    events.push({ type: 'user', text: s.request ?? 'Find the open login ticket and summarise it.', source: 'request' });
  if (s.emptyAssistant) events.push({ type: 'assistant', tool_calls: [] });
  for (const text of s.sim ?? []) {
    events.push({ type: 'assistant', text: 'Which ticket do you mean?', tool_calls: [] });
    events.push({ type: 'user', text, source: 'sim' });
  }
  let j = 0;
  (s.turns ?? []).forEach((n, t) => {
    const calls = Array.from({ length: n }, () => {
      const args = { ticket_id: `TK-${1000 + j}` };
      return { id: `c${t}_${j}`, name: TOOLS[j++ % 2] as string, args: s.stringArgs ? JSON.stringify(args) : args };
    });
    events.push({ type: 'assistant', tool_calls: calls });
    for (const c of calls)
      events.push({
        type: 'tool',
        call_id: c.id,
        name: c.name,
        args: c.args,
        ok: true,
        content: 'o'.repeat(s.obs ?? 120),
        latency_us: 5,
      });
  });
  if (s.final !== null) events.push({ type: 'assistant', text: s.final ?? 'Here is what I found.', tool_calls: [] });
  events.push({ type: 'episode_end', reason: 'agent_done', turns: (s.turns?.length ?? 0) + 1 });
  return {
    kind: 'trajectory',
    version: 1,
    task_id: taskId,
    trial,
    events,
    audit: { calls: [], records: {}, state: {} },
    grade: grade(score),
  };
}

const ok = (c: Converted) => {
  assert.ok(c.ok, c.ok ? '' : `${c.reason}: ${c.detail}`);
  return c;
};
const reasonOf = (c: Converted) => (c.ok ? 'ok' : c.reason);
const ones = (n: number) => Array.from({ length: n }, () => 1);

type Category = 'ok' | 'no_interaction' | 'too_few_messages' | 'too_many_tool_calls' | 'too_long';

/** The 1,809-record candidate snapshot of CoworkEnv App. E, with a known category per record. */
function replayPool(): { shape: Shape; expect: Category }[] {
  const pool: { shape: Shape; expect: Category }[] = [];
  const add = (n: number, expect: Category, make: (i: number) => Shape) => {
    for (let i = 0; i < n; i++) pool.push({ shape: make(i), expect });
  };
  add(937, 'ok', (i) => {
    if (i % 50 === 7) return { sim: ['The login one, TK-1042.'] }; // 5 messages, no tools
    const k = 1 + (i % 20);
    const turns = i % 3 === 0 ? [...ones(k >> 1).map(() => 2), ...ones(k & 1)] : ones(k);
    return {
      turns,
      obs: [120, 1000, 1001, 50_000][i % 4] as number,
      stringArgs: i % 2 === 0,
      ...(i % 5 === 0 ? { sim: ['TK-1042, the login one.'] } : {}),
    };
  });
  add(
    494,
    'no_interaction',
    (i) =>
      [
        { turns: [], final: null }, // the agent produced nothing
        { emptyAssistant: true, final: null }, // only an empty assistant event
        { request: null, turns: ones(3 + (i % 25)) }, // no user message (some also over 20 calls)
        { request: null, final: 'Hello.' }, // 2 messages: no interaction wins over too few
      ][i % 4] as Shape,
  );
  add(
    142,
    'too_few_messages',
    (i) =>
      [
        {}, // system, user, assistant
        { turns: [1], final: null }, // 4 messages
        { request: 'r'.repeat(45_000) }, // too few wins over too long
      ][i % 3] as Shape,
  );
  add(
    140,
    'too_many_tool_calls',
    (i) =>
      [
        { turns: ones(21) },
        { turns: [3, 3, 3, 3, 3, 3, 3] }, // 21 parallel calls
        { turns: ones(21 + (i % 30)) },
        { turns: ones(25), obs: 5000, final: 'f'.repeat(30_000) }, // also too long: tool calls are tested first
      ][i % 4] as Shape,
  );
  add(
    96,
    'too_long',
    (i) =>
      [
        { turns: [1], final: 'f'.repeat(40_000) },
        { turns: ones(20), obs: 5000, final: 'f'.repeat(25_000) },
        { sim: ['s'.repeat(41_000)], turns: [2] },
      ][i % 3] as Shape,
  );
  // a deterministic shuffle: categories interleave as in a real snapshot
  let x = 12345;
  for (let i = pool.length - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    const k = x % (i + 1);
    [pool[i], pool[k]] = [pool[k] as (typeof pool)[number], pool[i] as (typeof pool)[number]];
  }
  return pool;
}

describe('convertTrajectory: CE limits', () => {
  it('CE_LIMITS and the marker are the App. E values', () => {
    assert.deepEqual(CE_LIMITS, { minMessages: 5, maxToolCalls: 20, maxObservationChars: 1000, maxTotalChars: 40_000 });
    assert.equal(TRUNCATION_MARKER, '...[truncated]');
  });

  it('replay: the 1,809-record snapshot yields 937 demonstrations and 494 / 142 / 140 / 96 rejections', () => {
    const pool = replayPool();
    assert.equal(pool.length, 1809);
    const counts: Record<string, number> = {};
    pool.forEach(({ shape, expect }, i) => {
      const got = reasonOf(convertTrajectory(record(`replay_${i % 60}`, Math.floor(i / 60), shape)));
      assert.equal(got, expect, `record ${i}: ${JSON.stringify(shape).slice(0, 120)}`);
      counts[got] = (counts[got] ?? 0) + 1;
    });
    assert.deepEqual(counts, {
      ok: 937,
      no_interaction: 494,
      too_few_messages: 142,
      too_many_tool_calls: 140,
      too_long: 96,
    });
  });

  it('curate() on the same pool (one run, threshold 0, every task KEEP) reports the converter numbers in its funnel', async () => {
    const pool = replayPool();
    const dir = join(TMP, 'replay-run');
    mkdirSync(dir, { recursive: true });
    const records = pool.map(({ shape }, i) =>
      record(`replay_${i % 60}`, Math.floor(i / 60), shape, [0.6, 0.8, 1][Math.floor(i / 60) % 3] as number),
    );
    const taskIds = [...new Set(records.map((r) => r.task_id))];
    writeFileSync(
      join(dir, 'run.json'),
      JSON.stringify({
        version: 1,
        status: 'done',
        config: {
          name: 'replay',
          tasks: taskIds.map((id) => ({ id, spec_hash: 'h', family: 'mixed', capabilities: ['Tool_Calling'] })),
          agent: { name: 'teacher' },
          trials: 31,
          seed: 0,
        },
      }),
    );
    writeFileSync(join(dir, 'trajectories.jsonl'), records.map((r) => `${JSON.stringify(r)}\n`).join(''));
    const out = join(TMP, 'replay-ds');
    // the specs (--tasks): the records with simulator turns need them for the private-state check
    const specs = new Map(
      taskIds.map((id) => [id, { spec: makeSpec({ id, services: ['helpdesk'] }), file: `${id}.yaml` }]),
    );
    const report = await curate({
      sources: [await resolveSource(dir)],
      out,
      formats: ['trl'],
      threshold: 0,
      limits: CE_LIMITS,
      specs,
      secrets: [],
    });
    const f = report.funnel;
    assert.equal(f.records_in, 1809);
    assert.deepEqual(f.groups, {
      TRIVIAL: { tasks: 0, records: 0 },
      KEEP: { tasks: 60, records: 1809 },
      UNSOLVABLE: { tasks: 0, records: 0 },
    });
    assert.deepEqual(f.rejected, {
      no_interaction: 494,
      too_few_messages: 142,
      too_many_tool_calls: 140,
      too_long: 96,
    });
    assert.equal(f.candidates, 937);
    assert.equal(f.rows_out, 937);
    // the means are those of the converter's accepted examples
    const accepted = records
      .map((r) => convertTrajectory(r))
      .flatMap((c, i) => (c.ok ? [{ c, reward: records[i]?.grade?.score ?? 0 }] : []));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    assert.ok(Math.abs((f.mean_reward ?? 0) - mean(accepted.map((a) => a.reward))) < 1e-9);
    assert.ok(Math.abs((f.mean_messages ?? 0) - mean(accepted.map((a) => a.c.messages.length))) < 1e-9);
    assert.ok(Math.abs((f.mean_tool_calls ?? 0) - mean(accepted.map((a) => a.c.toolCalls))) < 1e-9);
    const rows = readFileSync(join(out, 'sft.jsonl'), 'utf8').trim().split('\n');
    assert.equal(rows.length, 937);
    const rejections = readFileSync(join(out, 'rejections.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { stage: string });
    assert.equal(rejections.length, 872);
    assert.ok(rejections.every((r) => r.stage === 'conversion'));
  });
});

describe('convertTrajectory: boundaries', () => {
  it('exactly 5 messages are accepted, 4 rejected as too_few_messages (system, user, assistant and tool all count)', () => {
    const five = ok(convertTrajectory(record('t', 0, { turns: [1] })));
    assert.deepEqual(
      five.messages.map((m) => m.role),
      ['system', 'user', 'assistant', 'tool', 'assistant'],
    );
    const four = convertTrajectory(record('t', 0, { turns: [1], final: null }));
    assert.deepEqual(four, { ok: false, reason: 'too_few_messages', detail: '4 messages' });
  });

  it('exactly 20 tool calls are accepted, 21 rejected (parallel calls count one by one)', () => {
    assert.equal(ok(convertTrajectory(record('t', 0, { turns: ones(20) }))).toolCalls, 20);
    assert.equal(ok(convertTrajectory(record('t', 0, { turns: [10, 10] }))).toolCalls, 20);
    assert.deepEqual(convertTrajectory(record('t', 0, { turns: ones(21) })), {
      ok: false,
      reason: 'too_many_tool_calls',
      detail: '21 tool calls',
    });
    assert.equal(reasonOf(convertTrajectory(record('t', 0, { turns: [20, 1] }))), 'too_many_tool_calls');
  });

  it('an observation of exactly 1000 chars is kept whole; 1001 becomes its first 1000 chars + "...[truncated]"', () => {
    const content = (n: number) =>
      ok(convertTrajectory(record('t', 0, { turns: [1], obs: n }))).messages.find((m) => m.role === 'tool')?.content;
    assert.equal(content(1000), 'o'.repeat(1000));
    assert.equal(content(1001), `${'o'.repeat(1000)}...[truncated]`);
    assert.equal(content(250_000), `${'o'.repeat(1000)}...[truncated]`);
  });

  it('shortening is separate from rejection: 20 observations of 60,000 chars still make a valid example', () => {
    const c = ok(convertTrajectory(record('t', 0, { turns: ones(20), obs: 60_000 })));
    assert.ok(c.chars < 40_000 && c.chars > 20 * 1014);
  });

  it('total chars exactly 40,000 are accepted and 40,001 rejected (content + JSON tool calls + the marker)', () => {
    const probe = record('t', 0, { turns: [1] });
    const sys = systemPrompt({
      request: '',
      mockToday: MOCK_TODAY,
      tools: offeredTools(probe),
      history: [],
      turn: 0,
    }).length;
    const callJson = JSON.stringify([
      { type: 'function', function: { name: 'helpdesk_list_tickets', arguments: { ticket_id: 'TK-1000' } } },
    ]).length;
    const fixed =
      sys + 'Find the open login ticket and summarise it.'.length + callJson + 1000 + TRUNCATION_MARKER.length;
    const withFinal = (n: number) => record('t', 0, { turns: [1], obs: 3000, final: 'f'.repeat(n) });
    const at = ok(convertTrajectory(withFinal(40_000 - fixed)));
    assert.equal(at.chars, 40_000);
    assert.deepEqual(convertTrajectory(withFinal(40_001 - fixed)), {
      ok: false,
      reason: 'too_long',
      detail: '40001 characters',
    });
  });

  it('simulator user turns become plain user messages (text exactly as recorded)', () => {
    const c = ok(convertTrajectory(record('t', 0, { sim: ['It is TK-1042, the login one.'], turns: [1] })));
    assert.deepEqual(
      c.messages.map((m) => m.role),
      ['system', 'user', 'assistant', 'user', 'assistant', 'tool', 'assistant'],
    );
    assert.deepEqual(c.messages[3], { role: 'user', content: 'It is TK-1042, the login one.' });
    assert.deepEqual(c.messages[1], { role: 'user', content: 'Find the open login ticket and summarise it.' });
  });

  it('tool-call arguments are objects, also when recorded as JSON strings; structured calls and tool names', () => {
    const c = ok(convertTrajectory(record('t', 0, { turns: [2], stringArgs: true })));
    const assistant = c.messages[2] as SftMessage;
    assert.deepEqual(assistant, {
      role: 'assistant',
      tool_calls: [
        { type: 'function', function: { name: 'helpdesk_list_tickets', arguments: { ticket_id: 'TK-1000' } } },
        { type: 'function', function: { name: 'helpdesk_get_ticket', arguments: { ticket_id: 'TK-1001' } } },
      ],
    });
    assert.deepEqual(
      c.messages.slice(3, 5).map((m) => [m.role, m.name]),
      [
        ['tool', 'helpdesk_list_tickets'],
        ['tool', 'helpdesk_get_ticket'],
      ],
    );
    // a string that is not a JSON object stays visible
    const t = record('t', 0, { turns: [1] });
    const ev = t.events.find((e) => e.type === 'assistant' && e.tool_calls.length);
    if (ev?.type === 'assistant' && ev.tool_calls[0]) ev.tool_calls[0].args = 'ticket TK-9';
    assert.deepEqual(ok(convertTrajectory(t)).messages[2]?.tool_calls?.[0]?.function.arguments, {
      _raw: 'ticket TK-9',
    });
  });

  it('a standardised system message comes first and the offered tools are exported as function schemas', () => {
    const c = ok(convertTrajectory(record('t', 0, { turns: [1] })));
    assert.equal(c.messages[0]?.role, 'system');
    assert.match(c.messages[0]?.content ?? '', /Today is 2026-03-10/);
    assert.deepEqual(
      c.tools.map((t) => [t.type, t.function.name]),
      [
        ['function', 'helpdesk_list_tickets'],
        ['function', 'helpdesk_get_ticket'],
      ],
    );
    assert.equal((c.tools[1]?.function.parameters as { type?: string }).type, 'object');
  });

  it('limits are configurable', () => {
    assert.ok(convertTrajectory(record('t', 0, {}), { ...CE_LIMITS, minMessages: 3 }).ok);
    assert.equal(
      reasonOf(convertTrajectory(record('t', 0, { turns: [1, 1] }), { ...CE_LIMITS, maxToolCalls: 1 })),
      'too_many_tool_calls',
    );
  });
});

describe('characters are code points', () => {
  it('counts an emoji as one character and never splits it when shortening', () => {
    assert.equal(charLength('a😀b'), 3);
    assert.equal(charSlice('ab😀cd', 3), 'ab😀');
    assert.equal(charSlice('😀😀', 1), '😀');
    const long = `${'a'.repeat(999)}😀${'b'.repeat(10)}`;
    assert.equal(charLength(long), 1010);
    const cut = `${charSlice(long, 1000)}${TRUNCATION_MARKER}`;
    assert.ok(cut.startsWith(`${'a'.repeat(999)}😀...[truncated]`));
    assert.ok(Buffer.from(cut, 'utf8').toString('utf8') === cut, 'no lone surrogate');
  });
});
