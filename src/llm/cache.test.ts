import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { type CacheMode, ChatCache, cacheKey } from './cache.js';
import { createChatModel } from './client.js';
import { LlmError } from './errors.js';
import { type FakeReply, type FakeServer, startFakeServer } from './testing/fake-server.js';
import type { ChatMessage, ChatModel } from './types.js';

const SECRET = 'sk-COWORK-SECRET-7f3a9c1e5b';
let server: FakeServer;
let root: string;
const script: FakeReply[] = [];
const reply = (...r: FakeReply[]) => void script.push(...r);
let n = 0;
const freshDir = () => join(root, `cache-${++n}`);

before(async () => {
  server = await startFakeServer({ fallback: () => script.shift() ?? { status: 500, message: 'no scripted reply' } });
  root = await mkdtemp(join(tmpdir(), 'coworkenv-cache-test-'));
});
after(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});
beforeEach(() => {
  script.length = 0;
  server.requests.length = 0;
});

const modelWith = (cache: ChatCache, env: Record<string, string> = {}): ChatModel =>
  createChatModel(`openai-compatible:${server.openaiBaseURL}#m1`, {
    env,
    cache,
    retry: { baseMs: 1, retries: 1 },
    timeoutMs: 5000,
  });
const cached = (dir: string, mode: CacheMode = 'readwrite') => modelWith(new ChatCache(dir, mode));
const ask = (content = 'What is open?'): ChatMessage[] => [{ role: 'user', content }];

/** every file under dir, relative paths */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

describe('cacheKey', () => {
  it('is the sha256 of the canonical request: key order does not matter, content does', () => {
    const a = cacheKey({
      provider: 'openai',
      model: 'm',
      params: { temperature: 0, max_tokens: 5 },
      messages: [{ role: 'user', content: 'x' }],
    });
    const b = cacheKey({
      model: 'm',
      messages: [{ content: 'x', role: 'user' }],
      params: { max_tokens: 5, temperature: 0 },
      provider: 'openai',
      tools: [],
    });
    assert.match(a, /^[0-9a-f]{64}$/);
    assert.equal(a, b);
    const variants = [
      {
        provider: 'openai@http://other/v1',
        model: 'm',
        params: { temperature: 0, max_tokens: 5 },
        messages: [{ role: 'user' as const, content: 'x' }],
      },
      {
        provider: 'openai',
        model: 'm2',
        params: { temperature: 0, max_tokens: 5 },
        messages: [{ role: 'user' as const, content: 'x' }],
      },
      {
        provider: 'openai',
        model: 'm',
        params: { temperature: 0.1, max_tokens: 5 },
        messages: [{ role: 'user' as const, content: 'x' }],
      },
      {
        provider: 'openai',
        model: 'm',
        params: { temperature: 0, max_tokens: 5 },
        messages: [{ role: 'user' as const, content: 'y' }],
      },
      {
        provider: 'openai',
        model: 'm',
        params: { temperature: 0, max_tokens: 5 },
        messages: [{ role: 'user' as const, content: 'x' }],
        tools: [{ name: 't', description: 'd', parameters: {} }],
      },
    ];
    const keys = new Set([a, ...variants.map(cacheKey)]);
    assert.equal(keys.size, 6);
  });
});

describe('ChatCache over the fake server', () => {
  it('a hit returns cached:true without calling the server, also from a new cache instance', async () => {
    const dir = freshDir();
    reply({ text: 'first answer', usage: { prompt_tokens: 7, completion_tokens: 3 } });
    const model = cached(dir);
    const live = await model.chat(ask(), undefined, { temperature: 0 });
    assert.equal(live.text, 'first answer');
    assert.equal(live.cached, undefined);
    const hit = await model.chat(ask(), undefined, { temperature: 0 });
    assert.equal(hit.cached, true);
    assert.deepEqual({ ...hit, cached: undefined }, { ...live, cached: undefined });
    const again = await cached(dir).chat(ask(), undefined, { temperature: 0 });
    assert.deepEqual(
      [again.text, again.cached, again.usage],
      ['first answer', true, { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 }],
    );
    assert.equal(server.requests.length, 1);
    // a different request is a miss
    reply({ text: 'second answer' });
    assert.equal((await model.chat(ask(), undefined, { temperature: 1 })).text, 'second answer');
    assert.equal(server.requests.length, 2);
  });

  it('the entry lives at <dir>/<key[0..2]>/<key>.json, written atomically (no .tmp left)', async () => {
    const dir = freshDir();
    reply({ tool_calls: [{ name: 'todo_get_task', arguments: { task_id: 't1' } }] });
    await cached(dir).chat(ask(), undefined, { max_tokens: 9 });
    const key = cacheKey({
      provider: `openai-compatible@${server.openaiBaseURL}`,
      model: 'm1',
      params: { max_tokens: 9 },
      messages: ask(),
    });
    assert.deepEqual(await filesUnder(dir), [join(key.slice(0, 2), `${key}.json`)]);
    const stored = JSON.parse(await readFile(join(dir, key.slice(0, 2), `${key}.json`), 'utf8')) as {
      key: string;
      result: Record<string, unknown>;
    };
    assert.equal(stored.key, key);
    assert.deepEqual(stored.result.tool_calls, [
      {
        id: (stored.result.tool_calls as { id: string }[])[0]?.id,
        name: 'todo_get_task',
        arguments: { task_id: 't1' },
      },
    ]);
    assert.equal('cached' in stored.result, false);
  });

  it('errors are not cached', async () => {
    const dir = freshDir();
    reply({ status: 400, message: 'bad' });
    const model = cached(dir);
    await assert.rejects(model.chat(ask()), (e: unknown) => e instanceof LlmError && e.kind === 'bad_request');
    reply({ status: 500 }, { status: 500 });
    await assert.rejects(model.chat(ask()), (e: unknown) => e instanceof LlmError && e.kind === 'server');
    assert.deepEqual(await filesUnder(dir), []);
    reply({ text: 'recovered' });
    const res = await model.chat(ask());
    assert.deepEqual([res.text, res.cached], ['recovered', undefined]);
    assert.equal(server.requests.length, 4);
  });

  it('empty responses are not cached', async () => {
    const dir = freshDir();
    reply({ text: '' }, { text: 'now something' });
    const model = cached(dir);
    assert.equal((await model.chat(ask())).text, '');
    assert.deepEqual(await filesUnder(dir), []);
    const second = await model.chat(ask());
    assert.deepEqual([second.text, second.cached], ['now something', undefined]);
    assert.equal(server.requests.length, 2);
  });

  it('replay mode: a miss fails loudly without calling the server; a hit answers', async () => {
    const dir = freshDir();
    await assert.rejects(
      cached(dir, 'replay').chat(ask()),
      (e: unknown) =>
        e instanceof LlmError &&
        e.kind === 'cache_miss' &&
        !e.retryable &&
        /replay/.test(e.message) &&
        e.message.includes('m1'),
    );
    assert.equal(server.requests.length, 0);
    reply({ text: 'recorded' });
    await cached(dir).chat(ask());
    const replayed = await cached(dir, 'replay').chat(ask());
    assert.deepEqual([replayed.text, replayed.cached], ['recorded', true]);
    await assert.rejects(
      cached(dir, 'replay').chat(ask('another question')),
      (e: unknown) => e instanceof LlmError && e.kind === 'cache_miss',
    );
    assert.equal(server.requests.length, 1);
  });

  it('replay needs no API key (it never reaches the provider); without replay a missing key is a config error', async () => {
    const dir = freshDir();
    reply({ text: 'recorded with a key' });
    const base = { OPENAI_BASE_URL: server.openaiBaseURL };
    const opts = (mode: CacheMode, env: Record<string, string>) => ({
      env,
      cache: new ChatCache(dir, mode),
      retry: { baseMs: 1, retries: 0 },
      timeoutMs: 5000,
    });
    await createChatModel('openai:m1', opts('readwrite', { ...base, OPENAI_API_KEY: 'sk-test' })).chat(ask());
    const replayed = await createChatModel('openai:m1', opts('replay', base)).chat(ask());
    assert.deepEqual([replayed.text, replayed.cached], ['recorded with a key', true]);
    assert.throws(
      () => createChatModel('openai:m1', opts('readwrite', base)),
      /OPENAI_API_KEY is not set; export it to use openai:m1/,
    );
    assert.throws(() => createChatModel('anthropic:claude-x', opts('off', {})), /ANTHROPIC_API_KEY is not set/);
    assert.equal(server.requests.length, 1);
  });

  it('off mode bypasses: every call reaches the server, nothing is read or written', async () => {
    const dir = freshDir();
    reply({ text: 'recorded' });
    await cached(dir).chat(ask());
    reply({ text: 'live 1' }, { text: 'live 2' });
    const off = cached(dir, 'off');
    const a = await off.chat(ask());
    const b = await off.chat(ask());
    assert.deepEqual([a.text, a.cached, b.text, b.cached], ['live 1', undefined, 'live 2', undefined]);
    assert.equal(server.requests.length, 3);
    assert.equal((await filesUnder(dir)).length, 1);
    const offOnly = freshDir();
    reply({ text: 'x' });
    await cached(offOnly, 'off').chat(ask());
    assert.equal(existsSync(offOnly), false);
  });

  it('concurrent identical requests share one in-flight call', async () => {
    const dir = freshDir();
    reply({ text: 'shared' }, { text: 'should not be used' });
    const model = cached(dir);
    const results = await Promise.all([1, 2, 3, 4].map(() => model.chat(ask('same question'))));
    assert.deepEqual(
      results.map((r) => r.text),
      ['shared', 'shared', 'shared', 'shared'],
    );
    assert.equal(server.requests.length, 1);
    assert.equal((await filesUnder(dir)).length, 1);
  });

  it('two cache instances over one directory: concurrent identical requests both succeed, one entry, no .tmp', async () => {
    // e.g. two models built from the same flags (each gets its own ChatCache over the shared --cache-dir)
    const dir = freshDir();
    reply({ text: 'same answer' }, { text: 'same answer' });
    const results = await Promise.allSettled([cached(dir).chat(ask()), cached(dir).chat(ask())]);
    assert.deepEqual(
      results.map((r) => (r.status === 'fulfilled' ? r.value.text : String(r.reason))),
      ['same answer', 'same answer'],
    );
    const files = await filesUnder(dir);
    assert.equal(files.length, 1);
    assert.equal(
      files.some((f) => f.endsWith('.tmp')),
      false,
    );
  });

  it('clear() deletes the cache; the next call is a miss', async () => {
    const dir = freshDir();
    reply({ text: 'one' }, { text: 'two' });
    const cache = new ChatCache(dir);
    const model = modelWith(cache);
    await model.chat(ask());
    assert.equal((await filesUnder(dir)).length, 1);
    await cache.clear();
    assert.equal(existsSync(dir), false);
    await cache.clear(); // clearing a missing cache is fine
    const res = await model.chat(ask());
    assert.deepEqual([res.text, res.cached], ['two', undefined]);
    assert.equal(server.requests.length, 2);
  });

  it('a cache file never contains the API key', async () => {
    const dir = freshDir();
    const cache = new ChatCache(dir);
    reply({ text: 'compat answer' }, { text: 'openai answer' }, { text: 'anthropic answer' });
    await modelWith(cache, { OPENAI_COMPATIBLE_API_KEY: SECRET }).chat(ask());
    await createChatModel('openai:gpt-test', {
      env: { OPENAI_API_KEY: SECRET, OPENAI_BASE_URL: server.openaiBaseURL },
      cache,
      retry: { baseMs: 1 },
    }).chat(ask());
    await createChatModel('anthropic:claude-test', {
      env: { ANTHROPIC_API_KEY: SECRET, ANTHROPIC_BASE_URL: server.url },
      cache,
      retry: { baseMs: 1 },
    }).chat(ask());
    // the key really was used on the wire
    assert.equal(server.requests.length, 3);
    for (const r of server.requests) assert.ok(JSON.stringify(r.headers).includes(SECRET));
    const files = await filesUnder(dir);
    assert.equal(files.length, 3);
    for (const f of files) {
      const text = await readFile(join(dir, f), 'utf8');
      assert.equal(text.includes(SECRET), false, f);
      assert.equal(text.includes('COWORK-SECRET'), false, f);
    }
  });
});
