import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { loadSpecs } from '../run/task-files.js';
import { type RunningServer, startServer } from './serve.js';

import { ROOT, spawnCli } from '../cli/testing.js';
const SPECS = (await loadSpecs([join(ROOT, 'examples/tasks')])).map((s) => s.spec);
type Json = Record<string, any>;

/** A ws client that queues incoming messages; `next()` waits for the next one (bounded). */
async function connect(url: string) {
  const ws = new WebSocket(url);
  const inbox: Json[] = [];
  const waiters: ((m: Json) => void)[] = [];
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString()) as Json;
    const w = waiters.shift();
    if (w) w(m);
    else inbox.push(m);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = () =>
    new Promise<Json>((resolve, reject) => {
      const m = inbox.shift();
      if (m) return resolve(m);
      const t = setTimeout(() => reject(new Error('no message within 5 s')), 5000);
      waiters.push((x) => {
        clearTimeout(t);
        resolve(x);
      });
    });
  const send = (msg: unknown) => ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  const ask = async (msg: unknown) => {
    send(msg);
    return next();
  };
  return { ws, next, send, ask, closed };
}

describe('env server over WebSocket (real socket on 127.0.0.1)', () => {
  let srv: RunningServer;
  let wsUrl: string;
  before(async () => {
    srv = await startServer({ specs: SPECS, host: '127.0.0.1', port: 0, maxSessions: 3, ttlS: 0, log: () => {} });
    wsUrl = `${srv.url.replace('http', 'ws')}/ws`;
  });
  after(() => srv.close());

  it('reset, step, state, mcp and close on one connection', async () => {
    const c = await connect(wsUrl);
    const before = await c.ask({ type: 'state' });
    assert.deepEqual(before, { type: 'state', data: { episode_id: null, step_count: 0 } });
    const reset = await c.ask({ type: 'reset', data: { task_id: 'support_escalation', episode_id: 'w1' } });
    assert.equal(reset.type, 'observation');
    assert.deepEqual([reset.data.observation.episode_id, reset.data.reward, reset.data.done], ['w1', null, false]);
    assert.ok(reset.data.observation.tools.length > 0);
    const step = await c.ask({
      type: 'step',
      data: { tool_call: { name: 'helpdesk_list_tickets', arguments: { status: 'open' } } },
    });
    assert.equal(step.type, 'observation');
    assert.equal(step.data.observation.tool_result.ok, true);
    assert.deepEqual(
      [
        step.data.reward,
        step.data.done,
        step.data.observation.metadata.step,
        step.data.observation.metadata.step_reward,
      ],
      [0, false, 1, 0.1],
    );
    assert.match(step.data.observation.metadata.anchor, /^[0-9a-f]{16}$/);
    const list = await c.ask({ type: 'mcp', data: { jsonrpc: '2.0', id: 7, method: 'tools/list' } });
    assert.equal(list.type, 'mcp');
    assert.equal(list.data.id, 7);
    assert.ok(list.data.result.tools.some((t: Json) => t.name === 'crm_get_customer'));
    const call = await c.ask({
      type: 'mcp',
      data: {
        jsonrpc: '2.0',
        id: 8,
        method: 'tools/call',
        params: { name: 'crm_get_customer', arguments: { customer_id: 'CUS-204' } },
      },
    });
    assert.equal(call.data.result.isError, false);
    assert.equal(call.data.result._meta.step, 2);
    const state = await c.ask({ type: 'state' });
    assert.deepEqual(
      [state.type, state.data.episode_id, state.data.step_count, state.data.done],
      ['state', 'w1', 2, false],
    );
    // HTTP sees the same episode
    const viaHttp = (await (await fetch(`${srv.url}/state?episode_id=w1`)).json()) as Json;
    assert.equal(viaHttp.step_count, 2);
    const fin = await c.ask({ type: 'step', data: { message: 'Escalated TK-1042 and TK-1055.' } });
    assert.deepEqual(
      [fin.data.done, fin.data.observation.metadata.reason, typeof fin.data.reward],
      [true, 'agent_done', 'number'],
    );
    assert.ok(fin.data.observation.metadata.reward_components.checks);
    c.send({ type: 'close' });
    assert.equal((await c.closed).code, 1000);
    assert.equal(srv.manager.find('w1'), undefined);
  });

  it("a second reset replaces the connection's episode; a disconnect closes it", async () => {
    const c = await connect(wsUrl);
    await c.ask({ type: 'reset', data: { episode_id: 'r1' } });
    const again = await c.ask({ type: 'reset', data: { episode_id: 'r1', seed: 1 } });
    assert.equal(again.data.observation.metadata.task_id, SPECS[1]?.id);
    assert.equal(srv.manager.size, 1);
    c.ws.close();
    await c.closed;
    for (let i = 0; i < 100 && srv.manager.size > 0; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(srv.manager.size, 0);
  });

  it('every error code: INVALID_JSON, UNKNOWN_TYPE, VALIDATION_ERROR, SESSION_ERROR, FACTORY_ERROR, EXECUTION_ERROR', async () => {
    const c = await connect(wsUrl);
    const err = async (msg: unknown) => {
      const r = await c.ask(msg);
      assert.equal(r.type, 'error', JSON.stringify(r));
      return r.data as Json;
    };
    assert.equal((await err('{"type": ')).code, 'INVALID_JSON');
    const unknown = await err({ type: 'render' });
    assert.deepEqual(
      [unknown.code, unknown.message],
      ['UNKNOWN_TYPE', 'Unknown message type: "render" (known: reset, step, state, mcp, close)'],
    );
    // a first step before any reset runs on the episode a plain reset starts (OpenEnv's env exists from the
    // connection on); that connection's episode is then the one its later messages use
    const first = await connect(wsUrl);
    const early = await first.ask({ type: 'step', data: { tool_call: { name: 'crm_get_customer', arguments: {} } } });
    assert.deepEqual([early.type, early.data.observation.metadata.step], ['observation', 1]);
    const st = await first.ask({ type: 'state' });
    assert.equal(st.data.step_count, 1);
    first.ws.close();
    await first.closed;
    // before a reset, as OpenEnv's session from the connection on, tools/list answers (the first task's tools)
    const noEp = await c.ask({ type: 'mcp', data: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
    assert.deepEqual([noEp.type, noEp.data.result.tools.length > 0], ['mcp', true]);
    const v = await err({ type: 'reset', data: { seed: -3 } });
    assert.equal(v.code, 'VALIDATION_ERROR');
    assert.match(v.message, /data\.seed: must be at least 0/);
    assert.equal((await err([1, 2])).code, 'VALIDATION_ERROR');
    const f = await err({ type: 'reset', data: { task_id: 'no_such_task' } });
    assert.deepEqual([f.code, f.factory_name, f.task_id], ['FACTORY_ERROR', 'coworkenv', 'no_such_task']);
    // an id held by another live episode (here an HTTP one) is restarted: the reset starts it over
    await fetch(`${srv.url}/reset`, { method: 'POST', body: JSON.stringify({ episode_id: 'taken' }) });
    const held = srv.manager.find('taken');
    const taken = await c.ask({ type: 'reset', data: { episode_id: 'taken' } });
    assert.deepEqual([taken.type, taken.data.observation.episode_id, held?.closed], ['observation', 'taken', true]);
    await c.ask({ type: 'reset', data: { task_id: 'support_escalation' } });
    const shape = await err({ type: 'step', data: { tool: 'x' } });
    assert.equal(shape.code, 'VALIDATION_ERROR');
    assert.match(shape.message, /data: unknown action shape/);
    const bad = await c.ask({ type: 'step', data: { tool_call: { name: 'no_such_tool', arguments: {} } } });
    assert.equal(bad.data.observation.tool_result.ok, false, 'an unknown tool is an observation, not an error');
    await c.ask({ type: 'step', data: { message: 'done' } });
    const ex = await err({ type: 'step', data: { message: 'again' } });
    assert.equal(ex.code, 'EXECUTION_ERROR');
    assert.match(ex.message, /is done \(agent_done\)/);
    c.ws.close();
    await c.closed;
  });

  it('CAPACITY_REACHED: a full server refuses the connection and resets beyond capacity', async () => {
    const held = [];
    for (let i = 0; i < 3; i++) {
      const c = await connect(wsUrl);
      await c.ask({ type: 'reset', data: {} });
      held.push(c);
    }
    const extra = await connect(wsUrl);
    const refused = await extra.next();
    assert.deepEqual(
      [refused.type, refused.data.code, refused.data.active_sessions, refused.data.max_sessions],
      ['error', 'CAPACITY_REACHED', 3, 3],
    );
    assert.equal((await extra.closed).code, 1013);
    // a connection without an episode, while the others fill the server
    held[0]?.ws.close();
    await held[0]?.closed;
    for (let i = 0; i < 100 && srv.manager.size > 2; i++) await new Promise((r) => setTimeout(r, 10));
    const idle = await connect(wsUrl);
    const http = (await (
      await fetch(`${srv.url}/reset`, { method: 'POST', body: '{"episode_id": "h1"}' })
    ).json()) as Json;
    const r = await idle.ask({ type: 'reset' });
    assert.deepEqual([r.type, r.data.code], ['error', 'CAPACITY_REACHED']);
    for (const c of [...held.slice(1), idle]) {
      c.ws.close();
      await c.closed;
    }
    await fetch(`${srv.url}/episodes/${http.observation.episode_id}`, { method: 'DELETE' });
    for (let i = 0; i < 100 && srv.manager.size > 0; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(srv.manager.size, 0);
  });

  it('an mcp message before a reset: tools/list starts nothing, openenv/session/create starts the chosen task', async () => {
    const c = await connect(wsUrl);
    const rpc = (id: number, method: string, params: Json = {}) =>
      c.ask({ type: 'mcp', data: { jsonrpc: '2.0', id, method, params } });
    const tools = await rpc(1, 'tools/list');
    assert.ok(tools.data.result.tools.length > 0);
    assert.deepEqual((await c.ask({ type: 'state' })).data, { episode_id: null, step_count: 0 });
    const other = SPECS.find((s) => s.id !== SPECS[0]?.id)?.id as string;
    const created = await rpc(2, 'openenv/session/create', { task_id: other });
    const id = created.data.result.session_id as string;
    assert.equal(srv.manager.find(id)?.spec.id, other);
    // the connection's episode now exists: create answers its id again
    assert.equal((await rpc(3, 'openenv/session/create')).data.result.session_id, id);
    assert.equal((await rpc(4, 'openenv/session/create', { task_id: 'nope' })).data.result.session_id, id);
    c.ws.close();
    await c.closed;
    for (let i = 0; i < 100 && srv.manager.find(id); i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(srv.manager.find(id), undefined);
    // a tools/call before any reset starts the connection's episode with the defaults
    const d = await connect(wsUrl);
    const call = await d.ask({
      type: 'mcp',
      data: { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } },
    });
    assert.deepEqual([call.data.error.code, call.data.error.data.isError], [-32602, true]);
    const started = (await d.ask({ type: 'state' })).data;
    assert.deepEqual([started.task_id, started.step_count], [SPECS[0]?.id, 1]);
    d.ws.close();
    await d.closed;
  });

  it("WS /mcp: bare JSON-RPC on the connection's own episode; a client picks its task; closing ends it", async () => {
    const c = await connect(`${srv.url.replace('http', 'ws')}/mcp`);
    const rpc = (id: number, method: string, params: Json = {}) => c.ask({ jsonrpc: '2.0', id, method, params });
    assert.equal((await rpc(1, 'initialize')).result.serverInfo.name, 'coworkenv');
    const listed = await rpc(2, 'tools/list');
    assert.ok(listed.result.tools.some((t: Json) => t.name === 'crm_get_customer'));
    const task = SPECS.find((s) => s.id === 'support_escalation')?.id as string;
    const { session_id } = (await rpc(3, 'openenv/session/create', { task_id: task })).result as Json;
    const call = await rpc(4, 'tools/call', { name: 'crm_get_customer', arguments: { customer_id: 'CUS-204' } });
    assert.deepEqual([call.id, call.result.isError, call.result._meta.episode_id], [4, false, session_id]);
    assert.equal(srv.manager.find(session_id)?.steps, 1);
    // a notification gets no answer: the next answer is the ping's
    c.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    assert.deepEqual(await rpc(5, 'ping'), { jsonrpc: '2.0', id: 5, result: {} });
    const bad = await c.ask('{nope');
    assert.deepEqual([bad.error.code, bad.id], [-32700, null]);
    assert.match(bad.error.message, /^Parse error/);
    c.ws.close();
    await c.closed;
    for (let i = 0; i < 100 && srv.manager.find(session_id); i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(srv.manager.find(session_id), undefined);
    // a tools/call before anything else starts the episode with the defaults
    const d = await connect(`${srv.url.replace('http', 'ws')}/mcp`);
    const first = await d.ask({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'no_such_tool' } });
    assert.equal(first.error.data.isError, true);
    assert.equal(srv.manager.find(first.error.data._meta.episode_id)?.spec.id, SPECS[0]?.id);
    d.ws.close();
    await d.closed;
  });

  it("under a task's base URL, /ws and /mcp start that task; an unknown task is refused", async () => {
    const base = `${srv.url.replace('http', 'ws')}/tasks/payment_change_refusal`;
    const m = await connect(`${base}/mcp`);
    const created = await m.ask({ jsonrpc: '2.0', id: 1, method: 'openenv/session/create' });
    assert.equal(srv.manager.find(created.result.session_id)?.spec.id, 'payment_change_refusal');
    m.ws.close();
    await m.closed;
    const w = await connect(`${base}/ws`);
    assert.equal((await w.ask({ type: 'reset', data: {} })).type, 'observation');
    assert.equal((await w.ask({ type: 'state' })).data.task_id, 'payment_change_refusal');
    w.ws.close();
    await w.closed;
    await assert.rejects(connect(`${srv.url.replace('http', 'ws')}/tasks/nope/ws`));
  });

  it('a message above the body limit closes the connection (1009); other paths are refused', async () => {
    const c = await connect(wsUrl);
    c.send(JSON.stringify({ type: 'reset', data: { pad: 'x'.repeat(1024 * 1024 + 10) } }));
    assert.equal((await c.closed).code, 1009);
    await assert.rejects(connect(`${srv.url.replace('http', 'ws')}/other`));
  });
});

describe('WS sessions are released by identity, not by id (reaped ids reused by other clients)', () => {
  let srv: RunningServer;
  let wsUrl: string;
  before(async () => {
    srv = await startServer({ specs: SPECS, host: '127.0.0.1', port: 0, maxSessions: 8, ttlS: 600, log: () => {} });
    wsUrl = `${srv.url.replace('http', 'ws')}/ws`;
  });
  after(() => srv.close());
  const reapAll = () => srv.manager.reap(Date.now() + 3_600_000);
  const waitFor = async (cond: () => boolean) => {
    for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  };

  it("a reaped client's step, reset and disconnect leave the new owner of its id alone", async () => {
    const a = await connect(wsUrl);
    await a.ask({ type: 'reset', data: { task_id: 'support_escalation', episode_id: 'shared' } });
    assert.deepEqual(reapAll(), ['shared']);
    // another client (WS) takes the id; an HTTP client takes a second reaped id below
    const b = await connect(wsUrl);
    const bReset = await b.ask({ type: 'reset', data: { task_id: 'support_escalation', episode_id: 'shared' } });
    assert.equal(bReset.data.observation.episode_id, 'shared');
    const bSession = srv.manager.find('shared');
    assert.ok(bSession);
    // a's stale episode: step and state do not reach b's
    const stale = await a.ask({ type: 'step', data: { tool_call: { name: 'helpdesk_list_tickets', arguments: {} } } });
    assert.deepEqual([stale.type, stale.data.code], ['error', 'SESSION_ERROR']);
    assert.match(stale.data.message, /episode shared was closed \(idle TTL 600s\); send reset/);
    assert.deepEqual((await a.ask({ type: 'state' })).data, { episode_id: null, step_count: 0 });
    const mcp = await a.ask({
      type: 'mcp',
      data: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'helpdesk_list_tickets', arguments: {} } },
    });
    assert.equal(mcp.data.error.code, -32000);
    assert.equal(bSession.state().step_count, 0, "a's calls never stepped b's episode");
    // a's next reset releases only a's own (reaped) episode
    const aAgain = await a.ask({ type: 'reset', data: { task_id: 'support_escalation' } });
    assert.equal(aAgain.type, 'observation');
    assert.equal(srv.manager.find('shared'), bSession, "a's reset left b's episode live");
    assert.equal(bSession.closed, false);
    const bStep = await b.ask({ type: 'step', data: { tool_call: { name: 'helpdesk_list_tickets', arguments: {} } } });
    assert.equal(bStep.data.observation.tool_result.ok, true);

    // a's second episode is reaped too, and its id is taken over HTTP; then a disconnects
    const aId = aAgain.data.observation.episode_id as string;
    bSession.lastActive = Date.now() + 3_600_000; // keep b's episode fresh for this reap
    assert.deepEqual(reapAll(), [aId]);
    const viaHttp = (await (
      await fetch(`${srv.url}/reset`, { method: 'POST', body: JSON.stringify({ episode_id: aId }) })
    ).json()) as Json;
    assert.equal(viaHttp.observation.episode_id, aId);
    a.ws.close();
    await a.closed;
    await new Promise((r) => setTimeout(r, 50));
    assert.ok(srv.manager.find(aId), "a's disconnect left the HTTP client's episode live");
    assert.equal(srv.manager.find('shared'), bSession, "a's disconnect left b's episode live");
    // b's own disconnect still closes b's episode
    b.ws.close();
    await b.closed;
    await waitFor(() => srv.manager.find('shared') === undefined);
    assert.equal(srv.manager.find('shared'), undefined);
    assert.equal(bSession.closed, true);
    await fetch(`${srv.url}/episodes/${aId}`, { method: 'DELETE' });
    assert.equal(srv.manager.size, 0);
  });

  it('release() and touch() act only on the live object', () => {
    const first = srv.manager.create({ episode_id: 'same' });
    assert.equal(srv.manager.close('same'), true);
    const second = srv.manager.create({ episode_id: 'same' });
    assert.equal(srv.manager.touch(first), false);
    assert.equal(srv.manager.release(first), false);
    assert.equal(srv.manager.find('same'), second);
    assert.equal(srv.manager.touch(second), true);
    assert.equal(srv.manager.release(second), true);
    assert.equal(srv.manager.release(second), false, 'idempotent');
    assert.equal(srv.manager.find('same'), undefined);
  });
});

describe('coworkenv serve (CLI process)', () => {
  it('serves on a free loopback port, answers, and exits 0 on SIGTERM', async () => {
    const child = spawnCli([
      'serve',
      join(ROOT, 'examples/tasks'),
      '--port',
      '0',
      '--max-sessions',
      '8',
      '--session-ttl',
      '5',
    ]);
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no listening notice within 20 s: ${stderr}`)), 20_000);
        child.stderr.on('data', (d: Buffer) => {
          stderr += d.toString();
          const m = /on (http:\/\/127\.0\.0\.1:\d+) /.exec(stderr);
          if (m) {
            clearTimeout(t);
            resolve(m[1] as string);
          }
        });
      });
      assert.match(
        stderr,
        /6 task\(s\) on http:\/\/127\.0\.0\.1:\d+ \(WebSocket ws:\/\/127\.0\.0\.1:\d+\/ws\); max 8 sessions, idle TTL 5s/,
      );
      assert.deepEqual(await (await fetch(`${url}/health`)).json(), { status: 'healthy' });
      const meta = (await (await fetch(`${url}/metadata`)).json()) as Json;
      assert.deepEqual(await (await fetch(`${url}/sessions`)).json(), {
        active_sessions: 0,
        max_sessions: 8,
        session_ttl_s: 5,
      });
      assert.equal(meta.name, 'coworkenv');
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal(await exited, 0);
    assert.match(stderr, /SIGTERM received/);
    assert.equal(stdout, '', 'nothing on stdout');
  });
});

describe('coworkenv serve under a wrapper that does not pass SIGTERM on (npx, sh -c)', () => {
  it('the server notices its parent is gone, closes and exits', { timeout: 60_000 }, async () => {
    // the wrapper starts the CLI, prints its pid, and dies on SIGTERM without forwarding it (as npx does)
    const script = `const { spawn } = require('node:child_process');
const c = spawn(process.execPath, ['bin/coworkenv.js', 'serve', 'examples/tasks', '--port', '0'], { stdio: ['ignore', 'ignore', 'inherit'], env: process.env });
console.log(c.pid);
process.on('SIGTERM', () => process.exit(0));`;
    const { spawn } = await import('node:child_process');
    const { cliEnv } = await import('../cli/testing.js');
    const wrapper = spawn(process.execPath, ['-e', script], {
      cwd: ROOT,
      env: cliEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    wrapper.stdout.on('data', (d: Buffer) => (out += d.toString()));
    wrapper.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    let pid = 0;
    try {
      for (let i = 0; i < 400 && !/on http:\/\/127\.0\.0\.1:\d+/.test(err); i++)
        await new Promise((r) => setTimeout(r, 50));
      assert.match(err, /on http:\/\/127\.0\.0\.1:\d+/);
      pid = Number(out.trim());
      assert.ok(pid > 0 && alive(pid));
      wrapper.kill('SIGTERM');
      for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
      assert.equal(alive(pid), false, 'the orphaned server stopped');
      assert.match(err, /parent process exited, closing 0 session\(s\)/);
    } finally {
      if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
      wrapper.kill('SIGKILL');
    }
  });
});
