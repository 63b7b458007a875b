import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { ModelFlags } from '../llm/flags.js';
import { ChatCache } from '../llm/cache.js';
import {
  type FakePromptPosition,
  type FakeReply,
  type FakeRequest,
  type FakeServer,
  startFakeServer,
  vllmPromptLogprobsBody,
} from '../llm/testing/fake-server.js';
import { toyVllm } from '../llm/testing/toy-vllm.js';
import { CoworkError } from '../schema/errors.js';
import type { Trajectory } from '../schema/trajectory.js';
import { CE_LIMITS } from './convert.js';
import { chatMessages, type EndpointScorerOptions, endpointScorer } from './endpoint-scorer.js';
import { curate } from './pipeline.js';
import type { Scorer, TokenScores } from './select.js';
import { resolveSource } from './sources.js';
import type { SftExample } from './types.js';
import { runCli as cli } from '../cli/testing.js';

let server: FakeServer;
let tmp: string;
const script: FakeReply[] = [];
const NO_REPLY: FakeReply = { status: 500, message: 'no scripted reply' };
let otherwise: FakeReply = NO_REPLY;
const reply = (...r: FakeReply[]) => void script.push(...r);
const NO_CACHE: ModelFlags = { cache: false, llmRetries: 0, llmTimeout: 10 };

before(async () => {
  server = await startFakeServer({ fallback: () => script.shift() ?? otherwise });
  tmp = await mkdtemp(join(tmpdir(), 'coworkenv-scorer-'));
});
after(async () => {
  await server.close();
  await rm(tmp, { recursive: true, force: true });
});
beforeEach(() => {
  script.length = 0;
  server.requests.length = 0;
  otherwise = NO_REPLY;
});

const MODEL = () => `openai-compatible:${server.openaiBaseURL}#student-1`;
const scorer = (flags: ModelFlags = NO_CACHE, opts: EndpointScorerOptions = {}) =>
  endpointScorer(MODEL(), flags, { env: { OPENAI_COMPATIBLE_API_KEY: 'sk-local' }, ...opts });
const T = {} as Trajectory;
const isErr = (code: string, re: RegExp) => (e: unknown) =>
  e instanceof CoworkError && e.code === code && re.test(e.message);
const close = (a: number, b: number) => assert.ok(Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b)), `${a} ≉ ${b}`);

const EXAMPLE: SftExample = {
  messages: [
    { role: 'system', content: 'Be brief' },
    { role: 'user', content: 'Find t1' },
    {
      role: 'assistant',
      content: 'Checking.',
      tool_calls: [{ type: 'function', function: { name: 'todo_get_task', arguments: { task_id: 't1' } } }],
    },
    { role: 'tool', name: 'todo_get_task', content: '{"title":"Report"}' },
    { role: 'assistant', content: 'Done.' },
  ],
  tools: [
    {
      type: 'function',
      function: {
        name: 'todo_get_task',
        description: 'Get a task',
        parameters: { type: 'object', properties: { task_id: { type: 'string' } } },
      },
    },
  ],
  meta: { task_id: 'demo_task', trial: 3, reward: 1, completion: 1, family: 'f', labels: { capabilities: [] } },
};

// the example as a Qwen template renders it: [decoded token, logprob, rank, alternatives listed after it]
const a = (t: string, logprob: number, rank: number, alts: [number, number][] = []) => ({ t, logprob, rank, alts });
const RENDERED = [
  a('<|im_start|>', 0, 1),
  a('system', -3, 40),
  a('\n', -0.1, 1),
  a('Be brief', -4, 900),
  a('<|im_end|>', -0.01, 1),
  a('\n', 0, 1),
  a('<|im_start|>', 0, 1),
  a('user', -0.5, 2),
  a('\n', 0, 1),
  a('Find t1', -7, 5000),
  a('<|im_end|>', 0, 1),
  a('\n', 0, 1),
  a('<|im_start|>', 0, 1),
  a('assistant', -0.2, 1),
  a('\n', 0, 1),
  a('Checking.', -0.5, 3, [
    [1, -0.2],
    [2, -0.9],
  ]),
  a('<tool_call>', -1.5, 120, [[3, -0.01]]),
  a('{"name":"todo_get_task"}', -0.2, 1),
  a('</tool_call>', -0.8, 2, [[4, -0.5]]),
  a('<|im_end|>', -0.3, 1),
  a('\n', 0, 1),
  a('<|im_start|>', 0, 1),
  a('user', -0.5, 2),
  a('\n', 0, 1),
  a('<tool_response>{"title":"Report"}</tool_response>', -9, 77_000),
  a('<|im_end|>', 0, 1),
  a('\n', 0, 1),
  a('<|im_start|>', 0, 1),
  a('assistant', -0.1, 1),
  a('\n', 0, 1),
  a('Done', -0.1, 1),
  a('.', -0.05, 1),
  a('<|im_end|>', -0.02, 1),
  a('\n', -0.4, 1),
];
// assistant tokens: Checking. <tool_call> {…} </tool_call> Done .
const SUM_S = 0.5 + 1.5 + 0.2 + 0.8 + 0.1 + 0.05;
const SUM_R = 3 + 100 + 1 + 2 + 1 + 1;
const positions = (rows = RENDERED): FakePromptPosition[] =>
  rows.map((r, i) =>
    i === 0
      ? null
      : [
          [1000 + i, { logprob: r.logprob, rank: r.rank, decoded_token: r.t }],
          ...r.alts.map(([id, lp], j): [number, { logprob: number; rank: number; decoded_token: string }] => [
            id,
            { logprob: lp, rank: j + 1, decoded_token: `alt${id}` },
          ]),
        ],
  );

describe('endpointScorer (vLLM prompt_logprobs)', () => {
  it('sends the example with max_tokens 1 and prompt_logprobs, and scores the answer exactly', async () => {
    reply({ raw: vllmPromptLogprobsBody(positions()) });
    const s = await (await scorer()).score(EXAMPLE, T);
    assert.deepEqual(s.tokens, 6);
    close(s.nll, SUM_S / 6);
    close(s.rsr, SUM_R / SUM_S);
    assert.equal(server.requests.length, 1);
    const req = server.requests[0] as FakeRequest;
    const body = req.body as Record<string, unknown> & {
      messages: Record<string, unknown>[];
      tools: { function: { name: string } }[];
    };
    assert.equal(req.headers.authorization, 'Bearer sk-local');
    assert.equal(body.model, 'student-1');
    assert.equal(body.max_tokens, 1);
    assert.equal(body.prompt_logprobs, 0);
    assert.equal(body.add_generation_prompt, false);
    assert.equal(body.return_token_ids, true);
    assert.equal(body.stream, undefined);
    assert.deepEqual(body.messages, [
      { role: 'system', content: 'Be brief' },
      { role: 'user', content: 'Find t1' },
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'todo_get_task', arguments: '{"task_id":"t1"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"title":"Report"}' },
      { role: 'assistant', content: 'Done.' },
    ]);
    assert.equal(body.tools[0]?.function.name, 'todo_get_task');
  });

  it('credentials in the endpoint URL are sent as the chat clients send them, and never shown', async () => {
    reply({ raw: vllmPromptLogprobsBody(positions()) });
    const base = server.openaiBaseURL.replace('http://', 'http://user:sk-url-secret@');
    const s = await endpointScorer(`openai-compatible:${base}?api_key=sk-query-secret#student-1`, NO_CACHE, {
      env: { OPENAI_COMPATIBLE_API_KEY: 'sk-local' },
    });
    await s.score(EXAMPLE, T);
    const req = server.requests[0] as FakeRequest;
    assert.equal(req.headers.authorization, `Basic ${Buffer.from('user:sk-url-secret').toString('base64')}`);
    assert.match(req.url, /\/chat\/completions\?api_key=sk-query-secret$/);
  });

  it('uses prompt_token_ids when the server returns them (object key order lost)', async () => {
    const pos = positions();
    const ids = pos.map((p, i) => (p ? (p[0] as [number, unknown])[0] : i));
    // sorted numerically by JSON.stringify: the alternatives (ids 1–4) now come first
    reply({
      text: '.',
      extra: {
        response: { prompt_token_ids: ids, prompt_logprobs: pos.map((p) => (p ? Object.fromEntries(p) : null)) },
      },
    });
    const s = await (await scorer()).score(EXAMPLE, T);
    close(s.rsr, SUM_R / SUM_S);
    assert.equal(s.tokens, 6);
  });

  it('takes k, other markers and extra body fields', async () => {
    const llama = [
      a('<|begin_of_text|>', 0, 1),
      a('<|start_header_id|>', 0, 1),
      a('assistant', 0, 1),
      a('<|end_header_id|>', 0, 1),
      a('\n\n', 0, 1),
      a('Hi', -2, 4),
      a('<|eot_id|>', -1, 1),
    ];
    reply({ raw: vllmPromptLogprobsBody(positions(llama)) });
    const s = await (
      await scorer(NO_CACHE, {
        promptLogprobs: 5,
        markers: 'llama3',
        rankClip: 3,
        extraBody: { chat_template_kwargs: { enable_thinking: false } },
      })
    ).score(EXAMPLE, T);
    assert.deepEqual(s, { nll: 2, rsr: 3 / 2, tokens: 1 });
    const body = server.requests[0]?.body as Record<string, unknown>;
    assert.equal(body.prompt_logprobs, 5);
    assert.deepEqual(body.chat_template_kwargs, { enable_thinking: false });
    await assert.rejects(scorer(NO_CACHE, { promptLogprobs: -1 }), isErr('bad_input', /prompt_logprobs/));
  });

  it('accepts only openai-compatible model strings', async () => {
    for (const m of ['openai:gpt-5.1', 'anthropic:claude-sonnet-4-6', 'qwen3-8b']) {
      await assert.rejects(
        endpointScorer(m, NO_CACHE),
        isErr('bad_input', /vLLM.*openai-compatible:<base-url>#<model>/),
      );
    }
    await assert.rejects(
      endpointScorer('openai-compatible:nourl', NO_CACHE),
      isErr('bad_input', /openai-compatible:<base-url>#<model>/),
    );
  });

  it('explains a server that is not vLLM, and markers that match nothing', async () => {
    reply({ text: 'hello' });
    await assert.rejects(
      (await scorer()).score(EXAMPLE, T),
      isErr('bad_input', /demo_task trial 3: .*no prompt_logprobs.*vLLM/),
    );
    reply({ raw: vllmPromptLogprobsBody(positions()) });
    await assert.rejects(
      (await scorer(NO_CACHE, { markers: 'llama3' })).score(EXAMPLE, T),
      isErr('bad_input', /no assistant tokens between the markers/),
    );
  });

  it('retries 5xx and malformed answers, not 400s; endpoint failures are CoworkErrors', async () => {
    const retry = { retries: 2, baseMs: 1, sleep: async () => {} };
    reply({ status: 503 }, { malformed: true }, { raw: vllmPromptLogprobsBody(positions()) });
    assert.equal((await (await scorer(NO_CACHE, { retry })).score(EXAMPLE, T)).tokens, 6);
    assert.equal(server.requests.length, 3);
    server.requests.length = 0;
    reply({ status: 400, message: 'This model’s maximum context length is 32768 tokens' });
    await assert.rejects(
      (await scorer(NO_CACHE, { retry })).score(EXAMPLE, T),
      isErr('bad_input', /HTTP 400: This model’s maximum context length.*max_model_len/),
    );
    assert.equal(server.requests.length, 1);
    reply({ status: 500 }, { status: 500 }, { status: 500 });
    await assert.rejects((await scorer(NO_CACHE, { retry })).score(EXAMPLE, T), isErr('config', /HTTP 500/));
  });

  it('times out by --llm-timeout', async () => {
    reply({ hang: true });
    await assert.rejects(
      (await scorer({ ...NO_CACHE, llmTimeout: 1 })).score(EXAMPLE, T),
      isErr('config', /did not answer within 1 s/),
    );
  });

  it('caches scores by request and settings; --replay answers from the cache only', async () => {
    const flags: ModelFlags = { cacheDir: join(tmp, 'cache'), llmRetries: 0 };
    reply({ raw: vllmPromptLogprobsBody(positions()) });
    const first = await (await scorer(flags)).score(EXAMPLE, T);
    const again = await (await scorer(flags)).score(EXAMPLE, T);
    assert.deepEqual(again, first);
    assert.equal(server.requests.length, 1);
    assert.deepEqual(await (await scorer({ ...flags, replay: true })).score(EXAMPLE, T), first);
    // other scoring settings are another key
    await assert.rejects(
      (await scorer({ ...flags, replay: true }, { rankClip: 50 })).score(EXAMPLE, T),
      isErr('config', /replay mode/),
    );
    await assert.rejects(
      (await scorer(flags, { cache: new ChatCache(join(tmp, 'empty'), 'replay') })).score(EXAMPLE, T),
      isErr('config', /replay mode/),
    );
    assert.equal(server.requests.length, 1);
  });

  it('pairs tool results with calls by name, oldest first', () => {
    const call = (name: string) => ({ type: 'function' as const, function: { name, arguments: {} } });
    const msgs = chatMessages([
      { role: 'assistant', tool_calls: [call('a'), call('b'), call('a')] },
      { role: 'tool', name: 'b', content: '1' },
      { role: 'tool', name: 'a', content: '2' },
      { role: 'tool', name: 'zzz', content: '3' },
      { role: 'tool', name: 'a', content: '4' },
    ]);
    assert.deepEqual(
      msgs.map((m) => m.tool_call_id ?? m.tool_calls?.map((c) => c.id).join(',')),
      ['call_1,call_2,call_3', 'call_2', 'call_1', 'call_3', 'call_4'],
    );
  });
});

// ---- end to end: a noisy-teacher run → curate() with RSR selection through the fake vLLM ----

const jsonl = async <R>(file: string) =>
  (await readFile(file, 'utf8'))
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as R);

describe('curate() with RSR selection through the endpoint scorer', () => {
  it('keeps the lowest-RSR half of each length bin and records the rest as not_selected', async () => {
    const run = join(tmp, 'run');
    const r = await cli('run', 'examples/tasks', '--agent', 'noisy', '--trials', '10', '--seed', '1', '--out', run);
    assert.equal(r.code, 0, r.stderr);

    const inner = await scorer({ cache: false, llmRetries: 0 });
    const scored: { key: string; s: TokenScores }[] = [];
    const recording: Scorer = {
      async score(ex, t) {
        const s = await inner.score(ex, t);
        scored.push({ key: `${ex.meta.task_id}#${ex.meta.trial}`, s });
        return s;
      },
    };
    otherwise = toyVllm;
    const out = join(tmp, 'ds');
    const report = await curate({
      sources: [await resolveSource(run)],
      out,
      formats: ['trl'],
      threshold: 0.5,
      limits: CE_LIMITS,
      secrets: [],
      select: { method: 'rsr', keep: 0.5, scorer: recording },
    });

    const n = scored.length;
    assert.ok(n >= 20, `only ${n} candidates`);
    assert.equal(report.funnel.candidates, n);
    assert.equal(server.requests.length, n);
    assert.ok(
      server.requests.every(
        (q) =>
          (q.body as { prompt_logprobs?: unknown; max_tokens?: unknown }).prompt_logprobs === 0 &&
          (q.body as { max_tokens?: unknown }).max_tokens === 1,
      ),
    );
    assert.deepEqual(report.selection, { method: 'rsr', keep: 0.5, bins: 10 });

    // the expected selection, bin by bin: equal-frequency bins by scored tokens, the lowest round(n/2) RSR kept
    const order = scored.map((x, id) => ({ ...x, id })).sort((p, q) => p.s.tokens - q.s.tokens || p.id - q.id);
    const kept = new Set<string>();
    for (let b = 0; b < 10; b++) {
      const bin = order
        .slice(Math.floor((b * n) / 10), Math.floor(((b + 1) * n) / 10))
        .sort((p, q) => p.s.rsr - q.s.rsr || p.id - q.id);
      for (const x of bin.slice(0, Math.round(bin.length / 2))) kept.add(x.key);
    }
    assert.ok(Math.abs(kept.size - n / 2) <= 5, `${kept.size} of ${n}`);

    const rows = await jsonl<SftExample>(join(out, 'sft.jsonl'));
    assert.deepEqual(new Set(rows.map((x) => `${x.meta.task_id}#${x.meta.trial}`)), kept);
    assert.equal(report.funnel.rows_out, kept.size);
    const byKey = new Map(scored.map((x) => [x.key, x.s]));
    for (const row of rows) assert.equal(row.meta.rsr, byKey.get(`${row.meta.task_id}#${row.meta.trial}`)?.rsr);

    const rejections = await jsonl<{ reason: string; task_id: string; trial: number }>(join(out, 'rejections.jsonl'));
    const notSelected = rejections.filter((x) => x.reason === 'not_selected');
    assert.equal(notSelected.length, n - kept.size);
    assert.equal(report.funnel.rejected.not_selected, n - kept.size);
    assert.ok(notSelected.every((x) => !kept.has(`${x.task_id}#${x.trial}`)));
  });
});
