import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import OpenAI from 'openai';
import { type FakeReply, type FakeServer, startFakeServer } from '../llm/testing/fake-server.js';
import { type ProxyOptions, type RunningProxy, startProxy } from './app.js';
import type { TraceRow } from './store.js';

import { spawnCli } from '../cli/testing.js';
import { LP1, LP2, LP3, P1, P2, P3, R1, R2, R3, T2, T3 } from './testing.js';
const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-proxy-'));
after(() => rmSync(TMP, { recursive: true, force: true }));
let fileNo = 0;

const SECRET = 'sk-proxy-test-secret-4711';

/** A fake-server reply carrying vLLM's token fields. */
function vllm(
  prompt: number[],
  response: number[],
  logprobs: number[],
  reply: { text: string } | { tool_calls: { name: string; arguments: unknown }[] },
): FakeReply {
  const content = response.map((id, i) => ({ token: `t${id}`, logprob: logprobs[i], bytes: [], top_logprobs: [] }));
  return {
    ...reply,
    extra: { response: { prompt_token_ids: prompt }, choice: { token_ids: response, logprobs: { content } } },
  };
}

interface Rig {
  fake: FakeServer;
  proxy: RunningProxy;
  out: string;
  notices: string[];
  base(session: string): string;
  post(session: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  close(session: string): Promise<Record<string, unknown>>;
  rows(): TraceRow[];
}

/** A fake upstream and a proxy in front of it on 127.0.0.1:0, both closed after `fn`. */
async function withProxy(opts: Partial<ProxyOptions>, fn: (rig: Rig) => Promise<void>): Promise<void> {
  const fake = await startFakeServer();
  const out = join(TMP, `traces-${++fileNo}.jsonl`);
  const notices: string[] = [];
  let proxy: RunningProxy | undefined;
  try {
    proxy = await startProxy({
      upstream: fake.openaiBaseURL,
      port: 0,
      out,
      notice: (l) => void notices.push(l),
      ...opts,
    });
    const p = proxy;
    const base = (session: string) => `${p.url}/sessions/${encodeURIComponent(session)}/v1`;
    await fn({
      fake,
      proxy: p,
      out,
      notices,
      base,
      post: (session, body, headers = {}) =>
        fetch(`${base(session)}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        }),
      close: async (session) =>
        (await (
          await fetch(`${p.url}/sessions/${encodeURIComponent(session)}/close`, { method: 'POST' })
        ).json()) as Record<string, unknown>,
      rows: () =>
        existsSync(out)
          ? readFileSync(out, 'utf8')
              .split('\n')
              .filter(Boolean)
              .map((l) => JSON.parse(l) as TraceRow)
          : [],
    });
  } finally {
    await proxy?.close();
    await fake.close();
  }
}

// a 3-turn tool-calling episode whose prompts extend each other; 99 is the end-of-turn token
const TOOLS = [
  {
    type: 'function' as const,
    function: {
      name: 'helpdesk_get_ticket',
      description: 'get a ticket',
      parameters: { type: 'object', properties: { ticket_id: { type: 'string' } }, required: ['ticket_id'] },
    },
  },
];

describe('coworkenv proxy', () => {
  it('forwards a 3-turn tool-calling episode with the capture fields and writes one merged trace', async () => {
    await withProxy({}, async (rig) => {
      rig.fake.enqueue(
        vllm(P1, R1, LP1, { tool_calls: [{ name: 'helpdesk_get_ticket', arguments: { ticket_id: 'T-1' } }] }),
        vllm(P2, R2, LP2, { tool_calls: [{ name: 'helpdesk_get_ticket', arguments: { ticket_id: 'T-2' } }] }),
        vllm(P3, R3, LP3, { text: 'Both tickets are open.' }),
      );
      // a harness: the OpenAI SDK pointed at the session's base URL
      const client = new OpenAI({ baseURL: rig.base('ep-1'), apiKey: SECRET, maxRetries: 0 });
      const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
        { role: 'system', content: 'You are a support coworker.' },
        { role: 'user', content: 'Check tickets T-1 and T-2.' },
      ];
      const answers: OpenAI.Chat.ChatCompletion[] = [];
      for (let turn = 0; turn < 3; turn++) {
        const r = await client.chat.completions.create({ model: 'policy', messages, tools: TOOLS, temperature: 1 });
        answers.push(r);
        const msg = r.choices[0]!.message;
        messages.push(msg);
        for (const tc of msg.tool_calls ?? [])
          messages.push({ role: 'tool', tool_call_id: tc.id, content: '{"status":"open"}' });
      }
      // the upstream saw the caller's fields plus the capture fields, and the caller's Authorization
      assert.equal(rig.fake.requests.length, 3);
      for (const [i, req] of rig.fake.requests.entries()) {
        assert.equal(req.body.logprobs, true);
        assert.equal(req.body.top_logprobs, 0);
        assert.equal(req.body.return_token_ids, true);
        assert.equal(req.body.model, 'policy');
        assert.equal(req.body.temperature, 1);
        assert.deepEqual(req.body.tools, TOOLS);
        assert.equal((req.body.messages as unknown[]).length, [2, 4, 6][i]);
        assert.equal(req.headers.authorization, `Bearer ${SECRET}`);
      }
      // the harness got the upstream body, vLLM fields included
      assert.deepEqual((answers[0] as unknown as { prompt_token_ids: number[] }).prompt_token_ids, P1);
      assert.equal(answers[2]!.choices[0]!.message.content, 'Both tickets are open.');

      const summary = await rig.close('ep-1');
      assert.deepEqual(summary, { session: 'ep-1', traces: 1, untokenised: 0, rows: 1, out: rig.out });
      const [row, ...rest] = rig.rows();
      assert.equal(rest.length, 0);
      assert.equal(row!.session, 'ep-1');
      assert.equal(row!.trace, 0);
      assert.deepEqual(row!.prompt_ids, P1);
      assert.deepEqual(row!.response_ids, [...R1, ...T2, ...R2, ...T3, ...R3]);
      assert.deepEqual(row!.loss_mask, [1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 1, 1]);
      assert.deepEqual(row!.logprobs, [...LP1, 0, 0, 0, ...LP2, 0, 0, ...LP3]);
      assert.deepEqual(row!.calls, [0, 1, 2]);
      assert.equal(row!.finish_reason, 'stop');
      assert.deepEqual(row!.tools, TOOLS);
      assert.equal(row!.model, 'policy');
      assert.equal(row!.messages!.length, 7);
      assert.deepEqual(row!.messages!.at(-1), { role: 'assistant', content: 'Both tickets are open.' });
      assert.equal(row!.reward, undefined);
      // the Authorization header is forwarded, never written or logged
      assert.ok(!readFileSync(rig.out, 'utf8').includes(SECRET));
      assert.ok(!rig.notices.join('\n').includes(SECRET));
    });
  });

  it('returns the upstream body byte for byte, and forwards /models', async () => {
    await withProxy({}, async (rig) => {
      const raw =
        '{"id":"raw-1",  "object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"ok"},"finish_reason":"stop","token_ids":[5],"logprobs":{"content":[{"token":"ok","logprob":-0.5}]}}],"prompt_token_ids":[1,2,3],"zeta":1,"alpha":2}';
      rig.fake.enqueue({ raw });
      const res = await rig.post('ep-raw', { model: 'm', messages: [{ role: 'user', content: 'hi' }] });
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /application\/json/);
      assert.equal(await res.text(), raw);
      const models = await fetch(`${rig.base('ep-raw')}/models`, { headers: { authorization: `Bearer ${SECRET}` } });
      assert.equal(models.status, 200);
      assert.equal(((await models.json()) as { data: { id: string }[] }).data[0]!.id, 'fake-model');
      await rig.close('ep-raw');
      const [row] = rig.rows();
      assert.deepEqual(
        [row!.prompt_ids, row!.response_ids, row!.loss_mask, row!.logprobs],
        [[1, 2, 3], [5], [1], [-0.5]],
      );
    });
  });

  it('forks when the history is rewritten: two traces, the second from the rewritten prompt', async () => {
    await withProxy({}, async (rig) => {
      const rewritten = [1, 2, 3, 4, 5, 10, 12, 99, 20]; // the client edited its earlier assistant turn
      rig.fake.enqueue(
        vllm(P1, R1, LP1, { text: 'a' }),
        vllm(rewritten, [30, 99], [-1.5, -0.5], { text: 'b' }),
        vllm([...rewritten, 30, 99, 40], [31], [-0.7], { text: 'c' }),
      );
      for (let i = 0; i < 3; i++)
        assert.equal(
          (await rig.post('ep-fork', { model: 'm', messages: [{ role: 'user', content: String(i) }] })).status,
          200,
        );
      assert.equal((await rig.close('ep-fork')).traces, 2);
      const rows = rig.rows();
      assert.deepEqual(
        rows.map((r) => r.trace),
        [0, 1],
      );
      assert.deepEqual(rows[0]!.response_ids, R1);
      assert.deepEqual(rows[1]!.prompt_ids, rewritten);
      assert.deepEqual(rows[1]!.response_ids, [30, 99, 40, 31]);
      assert.deepEqual(rows[1]!.loss_mask, [1, 1, 0, 1]);
      assert.deepEqual(rows[1]!.logprobs, [-1.5, -0.5, 0, -0.7]);
      assert.deepEqual(rows[1]!.calls, [1, 2]);
      assert.deepEqual(rows[1]!.origin, { kind: 'fork', from: 0, at: 6 });
    });
  });

  it('reads SGLang-shaped fields (with --engine sglang asking for them)', async () => {
    await withProxy({ engine: 'sglang' }, async (rig) => {
      const sglang = (prompt: number[], out: [number, number][]): FakeReply => ({
        text: 'x',
        extra: {
          choice: {
            prompt_token_ids: prompt,
            meta_info: { output_token_logprobs: out.map(([lp, id]) => [lp, id, `t${id}`]) },
            logprobs: { content: [] },
          },
        },
      });
      rig.fake.enqueue(
        sglang(
          [7, 8],
          [
            [-0.25, 70],
            [-0.5, 99],
          ],
        ),
        sglang([7, 8, 70, 99, 9], [[-1, 71]]),
      );
      await rig.post('ep-sg', { model: 'm', messages: [] });
      await rig.post('ep-sg', { model: 'm', messages: [] });
      const body = rig.fake.requests[0]!.body;
      assert.deepEqual([body.logprobs, body.return_prompt_token_ids, body.return_meta_info], [true, true, true]);
      await rig.close('ep-sg');
      const [row] = rig.rows();
      assert.deepEqual(row!.prompt_ids, [7, 8]);
      assert.deepEqual(row!.response_ids, [70, 99, 9, 71]);
      assert.deepEqual(row!.loss_mask, [1, 1, 0, 1]);
      assert.deepEqual(row!.logprobs, [-0.25, -0.5, 0, -1]);
    });
  });

  it('refuses streaming, bad JSON and oversized bodies without calling upstream', async () => {
    await withProxy({ maxBodyBytes: 2048 }, async (rig) => {
      const streamed = await rig.post('ep-s', { model: 'm', messages: [], stream: true });
      assert.equal(streamed.status, 400);
      const err = ((await streamed.json()) as { error: { message: string; param: string } }).error;
      assert.match(err.message, /streaming \(stream: true\) is not supported/);
      assert.equal(err.param, 'stream');
      const bad = await fetch(`${rig.base('ep-s')}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"model":',
      });
      assert.equal(bad.status, 400);
      const big = await rig.post('ep-s', { model: 'm', messages: [{ role: 'user', content: 'x'.repeat(4096) }] });
      assert.equal(big.status, 413);
      const lost = await fetch(`${rig.proxy.url}/v1/chat/completions`, { method: 'POST', body: '{}' });
      assert.equal(lost.status, 404);
      assert.match(
        ((await lost.json()) as { error: { message: string } }).error.message,
        /\/sessions\/<episode_id>\/v1/,
      );
      const health = (await (await fetch(`${rig.proxy.url}/health`)).json()) as { ok: boolean };
      assert.equal(health.ok, true);
      assert.equal(rig.fake.requests.length, 0);
      assert.deepEqual(await rig.close('ep-s'), { session: 'ep-s', traces: 0, untokenised: 0, rows: 0, out: rig.out });
    });
  });

  it('passes an upstream 500 through with its status and records it as an error', async () => {
    await withProxy({}, async (rig) => {
      rig.fake.enqueue(
        vllm(P1, R1, LP1, { text: 'a' }),
        { status: 500, message: 'engine overloaded' },
        { text: 'no token fields' },
      );
      await rig.post('ep-err', { model: 'm', messages: [{ role: 'user', content: 'a' }] });
      const res = await rig.post(
        'ep-err',
        { model: 'm', messages: [{ role: 'user', content: 'b' }] },
        { authorization: `Bearer ${SECRET}` },
      );
      assert.equal(res.status, 500);
      assert.deepEqual(await res.json(), { error: { message: 'engine overloaded', type: 'fake' } });
      assert.equal((await rig.post('ep-err', { model: 'm', messages: [] })).status, 200);
      assert.deepEqual(await rig.close('ep-err'), {
        session: 'ep-err',
        traces: 1,
        untokenised: 2,
        rows: 3,
        out: rig.out,
      });
      const [trace, failed, missing] = rig.rows();
      assert.equal(trace!.trace, 0);
      assert.equal(failed!.trace, null);
      assert.deepEqual(
        [failed!.prompt_ids, failed!.response_ids, failed!.loss_mask, failed!.logprobs, failed!.calls],
        [[], [], [], [], [1]],
      );
      assert.equal(failed!.untokenised, 'upstream HTTP 500');
      assert.equal(failed!.status, 500);
      assert.equal(failed!.error, 'engine overloaded');
      assert.deepEqual(failed!.messages, [{ role: 'user', content: 'b' }]);
      assert.match(missing!.untokenised!, /no prompt_token_ids/);
      assert.equal(missing!.status, 200);
      // a missing-fields problem is reported once on stderr (a misconfigured engine), an upstream error is not
      assert.equal(rig.notices.filter((n) => n.includes('has no tokens')).length, 1);
      assert.ok(!readFileSync(rig.out, 'utf8').includes(SECRET));
    });
  });

  it('bounds what sessions hold: 413 session_full, 503 proxy_full, idle sessions written; the proxy stays healthy', async () => {
    let clock = 0;
    const KB = 1024;
    await withProxy(
      { maxSessionBytes: 64 * KB, maxTotalBytes: 150 * KB, idleMs: 60_000, now: () => clock },
      async (rig) => {
        // replies without token fields: every call is untokenised, so its request messages are kept until close
        const call = (session: string, kb: number) =>
          rig.post(session, { model: 'm', messages: [{ role: 'user', content: 'x'.repeat(kb * KB) }] });
        const error = async (r: Response) => ((await r.json()) as { error: { message: string; type: string } }).error;
        const ok = () => ({ text: 'ok' });
        rig.fake.enqueue(ok(), ok(), ok());
        for (let i = 0; i < 3; i++) assert.equal((await call('big', 20)).status, 200);
        const full = await call('big', 20);
        assert.equal(full.status, 413);
        const e = await error(full);
        assert.equal(e.type, 'session_full');
        assert.match(
          e.message,
          /session big holds \d+ bytes of unwritten calls .* over the 65536-byte limit of a session \(--session-mb\); close it \(POST \/sessions\/big\/close\)/,
        );
        assert.equal(rig.fake.requests.length, 3, 'a refused call is not forwarded');
        // closing writes the rows and frees the session
        assert.equal((await rig.close('big')).rows, 3);
        rig.fake.enqueue(ok(), ok(), ok(), ok(), ok(), ok(), ok(), ok());
        assert.equal((await call('big', 20)).status, 200);
        // the whole proxy: other sessions fill it, the next call is 503 (a request in flight counts 3× its size)
        for (const id of ['a', 'b']) for (let i = 0; i < 2; i++) assert.equal((await call(id, 20)).status, 200);
        const busy = await call('c', 20);
        assert.equal(busy.status, 503);
        assert.equal((await error(busy)).type, 'proxy_full');
        assert.match(
          (await error(await call('c', 20))).message,
          /the proxy holds \d+ bytes for 3 open session\(s\).*--max-mb/,
        );
        const health = (await (await fetch(`${rig.proxy.url}/health`)).json()) as Record<string, unknown>;
        assert.equal(health.ok, true);
        assert.ok((health.retained_bytes as number) <= 150 * KB);
        // idle sessions are written and forgotten: an idle sweep after the timeout closes all three
        clock += 60_000;
        const expired = await rig.proxy.store.expireIdle();
        assert.deepEqual(expired.map((x) => x.session).sort(), ['a', 'b', 'big']);
        assert.equal(rig.notices.filter((n) => /idle for 60 s: \d+ row\(s\) appended/.test(n)).length, 3);
        assert.equal(rig.proxy.store.usage().retained_bytes, 0);
        assert.equal(rig.rows().length, 3 + 1 + 2 + 2);
        assert.equal((await call('c', 20)).status, 200);
      },
    );
  });

  it('an unreachable upstream answers 502 and is recorded', async () => {
    // port 1 on loopback: nothing listens there, so the connection is refused at once (a closed server's port
    // may be taken again by another test process before the request is made)
    const upstream = 'http://127.0.0.1:1/v1';
    await withProxy({ upstream }, async (rig) => {
      const res = await rig.post('ep-dead', { model: 'm', messages: [] });
      assert.equal(res.status, 502);
      assert.match(((await res.json()) as { error: { message: string } }).error.message, /unreachable/);
      await rig.close('ep-dead');
      assert.equal(rig.rows()[0]!.untokenised, 'upstream unreachable');
    });
  });

  it('--env: attaches reward and reward_components from the env server /state; failures become data', async () => {
    const seen: string[] = [];
    const env = new Hono();
    env.get('/state', (c) => {
      const id = c.req.query('episode_id') ?? '';
      seen.push(id);
      if (id === 'ep-done')
        return c.json({
          episode_id: id,
          task_id: 'support_escalation',
          step_count: 3,
          done: true,
          reward: 0.75,
          reward_components: { outcome: 1, safety: 0.5 },
        });
      if (id === 'ep-running')
        return c.json({ episode_id: id, task_id: 'support_escalation', step_count: 1, done: false });
      return c.json({ error: `unknown episode ${id}` }, 404);
    });
    const stub = serve({ fetch: env.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => stub.once('listening', () => r()));
    const envUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/`;
    try {
      await withProxy({ env: envUrl }, async (rig) => {
        for (const id of ['ep-done', 'ep-running', 'ep/unknown']) {
          rig.fake.enqueue(vllm(P1, R1, LP1, { text: 'a' }));
          await rig.post(id, { model: 'm', messages: [] });
        }
        const done = await rig.close('ep-done');
        assert.equal(done.reward, 0.75);
        assert.equal(done.task_id, 'support_escalation');
        await rig.close('ep-running');
        // one session left open: it is written at shutdown, with its reward lookup
        await rig.proxy.close();
        const rows = rig.rows();
        assert.deepEqual(seen, ['ep-done', 'ep-running', 'ep/unknown']);
        assert.deepEqual(
          rows.map((r) => r.session),
          ['ep-done', 'ep-running', 'ep/unknown'],
        );
        assert.deepEqual(
          [rows[0]!.reward, rows[0]!.reward_components, rows[0]!.task_id, rows[0]!.reward_error],
          [0.75, { outcome: 1, safety: 0.5 }, 'support_escalation', undefined],
        );
        assert.equal(rows[1]!.reward, null);
        assert.match(rows[1]!.reward_error!, /no reward for episode ep-running \(done: false, step_count: 1\)/);
        assert.equal(rows[2]!.reward, null);
        assert.match(rows[2]!.reward_error!, /HTTP 404/);
        assert.ok(rig.notices.some((n) => n.includes('session ep-done closed') && n.includes('reward 0.75')));
      });
    } finally {
      await new Promise<void>((r) => stub.close(() => r()));
    }
  });

  it('coworkenv proxy: serves until SIGTERM, then writes the open sessions', async () => {
    const fake = await startFakeServer({ replies: [vllm(P1, R1, LP1, { text: 'a' })] });
    const out = join(TMP, 'cli-traces.jsonl');
    const child = spawnCli(['proxy', '--upstream', fake.openaiBaseURL, '--port', '0', '--out', out]);
    try {
      let stderr = '';
      child.stderr.setEncoding('utf8');
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr.on('data', (d: string) => {
          stderr += d;
          const m = /forwarding (http:\/\/127\.0\.0\.1:\d+)\/sessions/.exec(stderr);
          if (m) resolve(m[1]!);
        });
        child.once('exit', () => reject(new Error(`the proxy exited: ${stderr}`)));
      });
      const res = await fetch(`${url}/sessions/cli-1/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET}` },
        body: JSON.stringify({ model: 'm', messages: [] }),
      });
      assert.equal(res.status, 200);
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
      const rows = readFileSync(out, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as TraceRow);
      assert.deepEqual(
        rows.map((r) => [r.session, r.trace, r.response_ids]),
        [['cli-1', 0, R1]],
      );
      assert.match(stderr, /SIGTERM received/);
      assert.ok(!stderr.includes(SECRET) && !readFileSync(out, 'utf8').includes(SECRET));
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await fake.close();
    }
  });
});
