import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { CoworkError } from '../schema/errors.js';
import { fromAnthropic } from './anthropic.js';
import { createChatModel, MODEL_STRING_HELP, type ModelOptions, parseModelString } from './client.js';
import { LlmError } from './errors.js';
import { CallLimiter } from './limits.js';
import type { RetryOptions } from './retry.js';
import { type FakeReply, type FakeServer, startFakeServer } from './testing/fake-server.js';
import type { ChatMessage, ChatTool } from './types.js';

let server: FakeServer;
// replies come from this script (reset before each test) so a failing test never leaks replies into the next
const script: FakeReply[] = [];
let otherwise: FakeReply = { status: 500, message: 'no scripted reply' };
const reply = (...r: FakeReply[]) => void script.push(...r);

before(async () => {
  server = await startFakeServer({ fallback: () => script.shift() ?? otherwise });
});
after(() => server.close());
beforeEach(() => {
  script.length = 0;
  server.requests.length = 0;
  otherwise = { status: 500, message: 'no scripted reply' };
});

/** retry options that record the backoff delays and retried error kinds instead of sleeping */
function recorder(extra: RetryOptions = {}) {
  const delays: number[] = [];
  const kinds: string[] = [];
  const retry: RetryOptions = {
    baseMs: 1,
    random: () => 0,
    sleep: async (ms) => void delays.push(ms),
    onRetry: (e) => void kinds.push(e.kind),
    ...extra,
  };
  return { delays, kinds, retry };
}
const compat = (opts: ModelOptions = {}) =>
  createChatModel(`openai-compatible:${server.openaiBaseURL}#m1`, {
    env: {},
    retry: { baseMs: 1 },
    timeoutMs: 5000,
    ...opts,
  });
const claude = (opts: ModelOptions = {}) =>
  createChatModel('anthropic:claude-test', {
    env: { ANTHROPIC_API_KEY: 'ak-test', ANTHROPIC_BASE_URL: server.url },
    retry: { baseMs: 1 },
    timeoutMs: 5000,
    ...opts,
  });
const hi: ChatMessage[] = [{ role: 'user', content: 'hi' }];
const body = (i = 0) => server.requests[i]?.body as Record<string, unknown>;

const TOOL: ChatTool = {
  name: 'todo_get_task',
  description: 'Get a task',
  parameters: { type: 'object', properties: { task_id: { type: 'string' } }, required: ['task_id'] },
};
const CONVERSATION: ChatMessage[] = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Find task t1' },
  {
    role: 'assistant',
    content: 'Looking.',
    tool_calls: [
      { id: 'c1', name: 'todo_get_task', arguments: { task_id: 't1' } },
      { id: 'c2', name: 'todo_list_tasks', arguments: {} },
    ],
  },
  { role: 'tool', tool_call_id: 'c1', content: '{"title":"Report"}' },
  { role: 'tool', tool_call_id: 'c2', content: '[]' },
];

describe('parseModelString', () => {
  it('parses the three providers', () => {
    assert.deepEqual(parseModelString('openai:gpt-5.1'), { provider: 'openai', model: 'gpt-5.1' });
    assert.deepEqual(parseModelString('anthropic:claude-sonnet-4-6'), {
      provider: 'anthropic',
      model: 'claude-sonnet-4-6',
    });
    assert.deepEqual(parseModelString('openai-compatible:http://127.0.0.1:8000/v1#qwen3-8b'), {
      provider: 'openai-compatible',
      model: 'qwen3-8b',
      baseURL: 'http://127.0.0.1:8000/v1',
    });
    // colons in model names (fine-tunes, Ollama tags) stay in the model
    assert.deepEqual(parseModelString('openai:ft:gpt-4o:acme:1'), { provider: 'openai', model: 'ft:gpt-4o:acme:1' });
    assert.deepEqual(parseModelString('openai-compatible:https://h.example/v1#qwen3:8b'), {
      provider: 'openai-compatible',
      model: 'qwen3:8b',
      baseURL: 'https://h.example/v1',
    });
  });

  it('rejects bad strings with bad_input and the expected format', () => {
    const bad = (s: string, hint: string) =>
      assert.throws(
        () => parseModelString(s),
        (e: unknown) =>
          e instanceof CoworkError &&
          e.code === 'bad_input' &&
          e.message.includes(`"${s}"`) &&
          e.message.includes(hint),
      );
    for (const s of ['gpt-4o', '', ':gpt-4o', 'OpenAI:gpt-4o', 'mistral:large', 'openai:', 'anthropic:'])
      bad(s, MODEL_STRING_HELP);
    for (const s of [
      'openai-compatible:',
      'openai-compatible:qwen3',
      'openai-compatible:http://h:8000/v1',
      'openai-compatible:http://h:8000/v1#',
      'openai-compatible:#qwen3',
      'openai-compatible:ftp://h/v1#qwen3',
    ]) {
      bad(s, 'openai-compatible:<base-url>#<model>');
    }
  });
});

describe('createChatModel: keys', () => {
  it('a missing key is a config error naming the variable', () => {
    const config = (name: string) => (e: unknown) =>
      e instanceof CoworkError && e.code === 'config' && e.message.includes(name);
    assert.throws(() => createChatModel('openai:gpt-5.1', { env: {} }), config('OPENAI_API_KEY'));
    assert.throws(
      () => createChatModel('openai:gpt-5.1', { env: { OPENAI_API_KEY: '', ANTHROPIC_API_KEY: 'ak' } }),
      config('OPENAI_API_KEY'),
    );
    assert.throws(
      () => createChatModel('anthropic:claude-test', { env: { OPENAI_API_KEY: 'sk' } }),
      config('ANTHROPIC_API_KEY'),
    );
  });

  it('openai-compatible needs no key (sends EMPTY, never OPENAI_API_KEY); openai uses OPENAI_API_KEY and OPENAI_BASE_URL', async () => {
    reply({ text: 'a' }, { text: 'b' });
    const local = createChatModel(`openai-compatible:${server.openaiBaseURL}#m1`, {
      env: { OPENAI_API_KEY: 'sk-real-openai-key' },
      retry: { baseMs: 1 },
    });
    assert.deepEqual(
      [local.id, local.provider, local.model],
      [`openai-compatible:${server.openaiBaseURL}#m1`, 'openai-compatible', 'm1'],
    );
    assert.equal((await local.chat(hi)).text, 'a');
    assert.equal(server.requests[0]?.headers.authorization, 'Bearer EMPTY');
    const openai = createChatModel('openai:gpt-test', {
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.openaiBaseURL },
      retry: { baseMs: 1 },
    });
    assert.deepEqual([openai.provider, openai.model], ['openai', 'gpt-test']);
    assert.equal((await openai.chat(hi)).text, 'b');
    assert.equal(server.requests[1]?.headers.authorization, 'Bearer sk-test');
    assert.equal(body(1).model, 'gpt-test');
  });
});

describe('OpenAI-compatible round trip', () => {
  it('sends messages, tools and params; returns text, parsed tool calls, usage and the raw payload', async () => {
    reply({
      text: 'Checking.',
      tool_calls: [{ name: 'todo_get_task', arguments: { task_id: 't2' } }],
      extra: { choice: { token_ids: [5, 6] }, response: { prompt_token_ids: [1, 2, 3] } },
    });
    const res = await compat().chat(CONVERSATION, [TOOL], {
      temperature: 0.2,
      max_tokens: 64,
      extra: { return_token_ids: true },
    });
    assert.equal(res.text, 'Checking.');
    assert.equal(res.tool_calls.length, 1);
    assert.deepEqual(
      { ...res.tool_calls[0], id: undefined },
      { id: undefined, name: 'todo_get_task', arguments: { task_id: 't2' } },
    );
    assert.match(res.tool_calls[0]?.id ?? '', /^call_\d+_1$/);
    assert.equal(res.malformed_calls, undefined);
    assert.deepEqual(res.usage, { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 });
    assert.equal(res.finish_reason, 'tool_calls');
    const raw = res.raw as {
      prompt_token_ids: number[];
      choices: { token_ids: number[]; message: { tool_calls: { id: string }[] } }[];
    };
    assert.deepEqual(raw.prompt_token_ids, [1, 2, 3]);
    assert.deepEqual(raw.choices[0]?.token_ids, [5, 6]);
    assert.equal(raw.choices[0]?.message.tool_calls[0]?.id, res.tool_calls[0]?.id);

    assert.equal(server.requests.length, 1);
    assert.equal(server.requests[0]?.api, 'openai');
    const b = body();
    assert.deepEqual([b.model, b.temperature, b.max_tokens, b.return_token_ids], ['m1', 0.2, 64, true]);
    assert.deepEqual(b.tools, [
      { type: 'function', function: { name: TOOL.name, description: TOOL.description, parameters: TOOL.parameters } },
    ]);
    assert.deepEqual(b.messages, [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Find task t1' },
      {
        role: 'assistant',
        content: 'Looking.',
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'todo_get_task', arguments: '{"task_id":"t1"}' } },
          { id: 'c2', type: 'function', function: { name: 'todo_list_tasks', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: '{"title":"Report"}' },
      { role: 'tool', tool_call_id: 'c2', content: '[]' },
    ]);
  });

  it('finish_reason and usage come from the response; unset params are not sent', async () => {
    reply({
      text: 'truncat',
      usage: { prompt_tokens: 3, completion_tokens: 2 },
      extra: { choice: { finish_reason: 'length' } },
    });
    const res = await compat().chat(hi);
    assert.deepEqual([res.text, res.finish_reason, res.tool_calls], ['truncat', 'length', []]);
    assert.deepEqual(res.usage, { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 });
    assert.deepEqual(Object.keys(body()).sort(), ['messages', 'model']);
  });

  it('malformed tool-call arguments are kept as the raw string and named in malformed_calls', async () => {
    reply({
      tool_calls: [
        { name: 'broken', arguments: '{"x": 1' },
        { name: 'fine', arguments: { y: 2 } },
        { name: 'empty', arguments: '' },
      ],
    });
    const res = await compat().chat(hi, [TOOL]);
    assert.deepEqual(
      res.tool_calls.map((c) => [c.name, c.arguments]),
      [
        ['broken', '{"x": 1'],
        ['fine', { y: 2 }],
        ['empty', {}],
      ],
    );
    assert.deepEqual(res.malformed_calls, ['broken']);
    assert.equal(res.text, null);
  });
});

describe('Anthropic round trip', () => {
  it('system apart, tools as input_schema, tool results as one user turn of tool_result blocks', async () => {
    reply({ text: 'On it.', tool_calls: [{ name: 'todo_get_task', arguments: { task_id: 't2' } }] });
    const msgs: ChatMessage[] = [{ role: 'system', content: 'Rule two.' }, ...CONVERSATION];
    const res = await claude().chat(msgs, [TOOL], {
      temperature: 0.3,
      max_tokens: 128,
      extra: { metadata: { user_id: 'u1' } },
    });
    assert.equal(res.text, 'On it.');
    assert.deepEqual(
      res.tool_calls.map((c) => [c.name, c.arguments]),
      [['todo_get_task', { task_id: 't2' }]],
    );
    assert.match(res.tool_calls[0]?.id ?? '', /^toolu_\d+_1$/);
    assert.equal(res.finish_reason, 'tool_calls');
    assert.deepEqual(res.usage, { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 });
    assert.equal((res.raw as { stop_reason: string }).stop_reason, 'tool_use');

    const req = server.requests[0];
    assert.equal(req?.api, 'anthropic');
    assert.match(`${req?.headers['x-api-key'] ?? ''} ${req?.headers.authorization ?? ''}`, /\bak-test\b/); // the SDK picks the header
    const b = body();
    assert.deepEqual([b.model, b.max_tokens, b.temperature, b.metadata], ['claude-test', 128, 0.3, { user_id: 'u1' }]);
    assert.equal(b.system, 'Rule two.\n\nBe brief.');
    assert.deepEqual(b.tools, [{ name: TOOL.name, description: TOOL.description, input_schema: TOOL.parameters }]);
    assert.deepEqual(b.messages, [
      { role: 'user', content: [{ type: 'text', text: 'Find task t1' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Looking.' },
          { type: 'tool_use', id: 'c1', name: 'todo_get_task', input: { task_id: 't1' } },
          { type: 'tool_use', id: 'c2', name: 'todo_list_tasks', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'c1', content: '{"title":"Report"}' },
          { type: 'tool_result', tool_use_id: 'c2', content: '[]' },
        ],
      },
    ]);
  });

  it('a text answer maps end_turn to stop; max_tokens defaults to 4096 and no system is sent without one', async () => {
    reply({ text: 'Hello.' });
    const res = await claude().chat(hi);
    assert.deepEqual([res.text, res.finish_reason, res.tool_calls], ['Hello.', 'stop', []]);
    assert.equal(body().max_tokens, 4096);
    assert.equal('system' in body(), false);
    assert.equal('tools' in body(), false);
  });

  it('finish_reason mapping of the other stop reasons', () => {
    const of = (stop_reason: string | null) =>
      fromAnthropic(
        { content: [{ type: 'text', text: 'x' }], stop_reason, usage: { input_tokens: 1, output_tokens: 2 } },
        0,
      ).finish_reason;
    assert.deepEqual(
      [of('max_tokens'), of('stop_sequence'), of('pause_turn'), of(null)],
      ['length', 'stop', 'pause_turn', 'stop'],
    );
  });
});

describe('retries', () => {
  it('429 honours Retry-After (capped at maxMs)', async () => {
    reply({ status: 429, retryAfter: 3 }, { text: 'ok' });
    const r = recorder();
    assert.equal((await compat({ retry: r.retry }).chat(hi)).text, 'ok');
    assert.deepEqual([r.delays, r.kinds, server.requests.length], [[3000], ['rate_limited'], 2]);
    reply({ status: 429, retryAfter: 30 }, { text: 'ok' });
    const capped = recorder({ maxMs: 1000 });
    await claude({ retry: capped.retry }).chat(hi);
    assert.deepEqual(capped.delays, [1000]);
  });

  it('500 is retried with exponential backoff', async () => {
    reply({ status: 500 }, { status: 503 }, { text: 'ok' });
    const r = recorder({ baseMs: 4 });
    assert.equal((await compat({ retry: r.retry }).chat(hi)).text, 'ok');
    // random 0 ⇒ half of base·2^attempt
    assert.deepEqual([r.delays, r.kinds, server.requests.length], [[2, 4], ['server', 'server'], 3]);
  });

  it('a malformed JSON body is retried (both providers)', async () => {
    reply({ malformed: true }, { text: 'ok' }, { malformed: true }, { text: 'ok too' });
    const r = recorder();
    assert.equal((await compat({ retry: r.retry }).chat(hi)).text, 'ok');
    assert.equal((await claude({ retry: r.retry }).chat(hi)).text, 'ok too');
    assert.deepEqual(r.kinds, ['malformed', 'malformed']);
    assert.equal(server.requests.length, 4);
  });

  it('a hanging endpoint times out per call and is retried', async () => {
    reply({ hang: true }, { text: 'ok' });
    const r = recorder();
    assert.equal((await compat({ retry: r.retry, timeoutMs: 150 }).chat(hi)).text, 'ok');
    assert.deepEqual([r.kinds, server.requests.length], [['timeout'], 2]);
  });

  it('400 and 401 are not retried', async () => {
    for (const [status, kind] of [
      [400, 'bad_request'],
      [401, 'auth'],
      [403, 'auth'],
    ] as const) {
      for (const model of [compat, claude]) {
        server.requests.length = 0;
        reply({ status, message: 'nope' }, { text: 'never reached' });
        const r = recorder();
        await assert.rejects(
          model({ retry: r.retry }).chat(hi),
          (e: unknown) => e instanceof LlmError && e.kind === kind && e.status === status && !e.retryable,
        );
        assert.deepEqual([r.delays, server.requests.length], [[], 1]);
        script.length = 0;
      }
    }
  });

  it('gives up after the retry budget with an LlmError of the last kind', async () => {
    const cases: [FakeReply, string, number | undefined][] = [
      [{ status: 500 }, 'server', 500],
      [{ status: 429, retryAfter: 1 }, 'rate_limited', 429],
      [{ malformed: true }, 'malformed', undefined],
      [{ hang: true }, 'timeout', undefined],
    ];
    for (const [answer, kind, status] of cases) {
      server.requests.length = 0;
      otherwise = answer;
      const r = recorder({ retries: 2 });
      await assert.rejects(
        compat({ retry: r.retry, timeoutMs: 100 }).chat(hi),
        (e: unknown) => e instanceof LlmError && e.kind === kind && e.status === status,
      );
      assert.equal(server.requests.length, 3, kind);
      assert.equal(r.delays.length, 2, kind);
    }
  });
});

describe('limits', () => {
  const tick = async (n = 5) => {
    for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
  };

  it('concurrency 2 (shared by two models): the server never has more than 2 calls in flight', async () => {
    const limiter = new CallLimiter({ concurrency: 2 });
    let settled = 0;
    let peak = 0;
    // counted when a request reaches the server: arrived minus settled = in flight. The first two hang until
    // their client timeout, so without the limiter the others would arrive while both are still open.
    const seen =
      (r: FakeReply): FakeReply =>
      () => {
        peak = Math.max(peak, server.requests.length - settled);
        return r;
      };
    reply(seen({ hang: true }), seen({ hang: true }), seen({ text: 'c' }), seen({ text: 'd' }), seen({ text: 'e' }));
    const opts: ModelOptions = { limiter, timeoutMs: 400, retry: { retries: 0 } };
    const a = compat(opts);
    const b = claude(opts);
    const outcomes = await Promise.all(
      [a, b, a, b, a].map((m) =>
        m
          .chat(hi)
          .then(
            (r) => String(r.text),
            (e: unknown) => (e instanceof LlmError ? e.kind : String(e)),
          )
          .finally(() => settled++),
      ),
    );
    assert.deepEqual(outcomes.slice(0, 2), ['timeout', 'timeout']);
    assert.deepEqual(outcomes.slice(2).sort(), ['c', 'd', 'e']);
    assert.equal(server.requests.length, 5);
    assert.equal(peak, 2);
  });

  it('a waiting call starts only when a slot frees', async () => {
    const limiter = new CallLimiter({ concurrency: 2 });
    const started: number[] = [];
    const release: (() => void)[] = [];
    const runs = [0, 1, 2, 3].map((i) =>
      limiter.run(
        () =>
          new Promise<number>((resolve) => {
            started.push(i);
            release[i] = () => resolve(i);
          }),
      ),
    );
    await tick();
    assert.deepEqual(started, [0, 1]);
    release[1]?.();
    await tick();
    assert.deepEqual(started, [0, 1, 2]);
    release[0]?.();
    release[2]?.();
    await tick();
    release[3]?.();
    assert.deepEqual(await Promise.all(runs), [0, 1, 2, 3]);
  });

  it('rpm: at most n starts per sliding minute (injected clock); a blocked call can be aborted', async () => {
    let t = 1_000_000;
    const limiter = new CallLimiter({ rpm: 2, now: () => t });
    const model = compat({ limiter });
    otherwise = { text: 'ok' };
    await model.chat(hi);
    t += 30_000;
    await model.chat(hi);
    t += 29_999; // the first start is 59.999 s old: still inside the window
    const ac = new AbortController();
    const blocked = model.chat(hi, undefined, {}, ac.signal);
    await tick();
    assert.equal(server.requests.length, 2);
    ac.abort();
    await assert.rejects(blocked, (e: unknown) => e instanceof LlmError && e.kind === 'aborted');
    assert.equal(server.requests.length, 2);
    t += 1; // the first start is now 60 s old and leaves the window
    assert.equal((await model.chat(hi)).text, 'ok');
    assert.equal(server.requests.length, 3);
  });
});
