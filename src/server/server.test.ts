import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { referenceAgent, referenceTurns } from '../agent/reference.js';
import { runEpisode } from '../agent/rollout.js';
import { createEpisode } from '../env/episode.js';
import { trajectoryAnchors } from '../rl/anchor.js';
import { shapedStepRewards } from '../rl/step-rewards.js';
import { loadSpecs } from '../run/task-files.js';
import { TaskSpec } from '../schema/task-spec.js';
import { makeSpec } from '../schema/testing.js';
import type { Trajectory } from '../schema/trajectory.js';
import { generateProcedural } from '../synth/generators.js';
import { scriptedUser } from '../user/scripted.js';
import { createApp } from './app.js';
import { SessionManager, type SessionManagerOptions } from './sessions.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const EXAMPLES = (await loadSpecs([join(ROOT, 'examples/tasks')])).map((s) => s.spec);
const ESCALATION = EXAMPLES.find((s) => s.id === 'support_escalation') as TaskSpec;
const DIALOGUE = TaskSpec.parse(
  generateProcedural({
    generator: 'dialogue_clarification',
    id: 'dialogue_srv',
    seed: 3,
    difficulty: 'easy',
    mockToday: '2026-03-10',
  }),
);
const SPECS = [...EXAMPLES, DIALOGUE];

type Json = Record<string, any>;
const managers: SessionManager[] = [];
after(() => managers.forEach((m) => m.stop()));

function setup(opts: Partial<SessionManagerOptions> = {}) {
  const manager = new SessionManager({ specs: SPECS, ttlS: 0, ...opts });
  managers.push(manager);
  const app = createApp({ manager });
  const call = async (method: string, path: string, body?: unknown) => {
    const init: RequestInit = { method, headers: { 'content-type': 'application/json' } };
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
    const res = await app.request(path, init);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Json };
  };
  const post = (path: string, body?: unknown) => call('POST', path, body);
  const get = (path: string) => call('GET', path);
  const step = (episode_id: string, action: unknown) => post('/step', { episode_id, action });
  return { manager, app, post, get, step, del: (id: string) => call('DELETE', `/episodes/${encodeURIComponent(id)}`) };
}

/** Plays the spec's reference turns as actions: a call (with its text) → tool_call, no call → message. */
async function playReference(s: ReturnType<typeof setup>, spec: TaskSpec, id: string) {
  const responses: Json[] = [];
  for (const turn of referenceTurns(spec.reference)) {
    const c = turn.tool_calls[0];
    const action = c
      ? { tool_call: { name: c.name, arguments: c.args }, ...(turn.text ? { content: turn.text } : {}) }
      : { message: turn.text ?? '' };
    const r = await s.step(id, action);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    responses.push(r.body);
    if (r.body.done) break;
  }
  return responses;
}

const withoutAgent = (t: Trajectory) => t.events.map((e) => (e.type === 'episode_start' ? { ...e, agent: null } : e));

describe('env server: discovery', () => {
  it('health, metadata, schema and tasks', async () => {
    const s = setup();
    assert.deepEqual((await s.get('/health')).body, { status: 'healthy' });
    const meta = (await s.get('/metadata')).body;
    assert.deepEqual(Object.keys(meta), ['name', 'description', 'version', 'documentation_url']);
    assert.equal(meta.name, 'coworkenv');
    assert.deepEqual((await s.get('/sessions')).body, { active_sessions: 0, max_sessions: 4096, session_ttl_s: 0 });
    const schema = (await s.get('/schema')).body;
    assert.deepEqual(Object.keys(schema), ['action', 'observation', 'state']);
    assert.ok(JSON.stringify(schema.action).includes('tool_call') && JSON.stringify(schema.action).includes('message'));
    const tasks = (await s.get('/tasks')).body;
    assert.equal(tasks.count, SPECS.length);
    assert.deepEqual(
      tasks.tasks.map((t: Json) => t.id),
      SPECS.map((x) => x.id),
    );
    assert.deepEqual(tasks.tasks[0].labels, SPECS[0]?.labels);
    // what OpenEnv's `openenv validate <url>` reads: info.version, and /reset, /step, /state among the paths
    // (simulation mode); every body schema it points to is there
    const api = (await s.get('/openapi.json')).body;
    assert.equal(api.openapi, '3.1.0');
    assert.equal(api.info.version, meta.version);
    for (const p of ['/reset', '/step', '/state', '/mcp', '/health', '/metadata', '/schema'])
      assert.ok(api.paths[p], p);
    const refs = [...JSON.stringify(api.paths).matchAll(/#\/components\/schemas\/(\w+)/g)].map((m) => m[1]);
    for (const r of refs) assert.ok(api.components.schemas[r as string], r);
    const missing = await s.get('/nope');
    assert.equal(missing.status, 404);
    assert.match(missing.body.detail, /no route GET \/nope/);
  });
});

describe('env server: reset', () => {
  it('picks tasks[seed % n] and is deterministic by seed; without episode_id it is stateless (as OpenEnv)', async () => {
    const s = setup();
    const a = (await s.post('/reset')).body;
    assert.equal(a.observation.episode_id, null);
    assert.equal(s.manager.size, 0, 'a reset without episode_id keeps nothing');
    assert.equal(a.observation.metadata.task_id, SPECS[0]?.id);
    assert.equal(a.reward, null);
    assert.equal(a.done, false);
    const b = (await s.post('/reset', { seed: 9, episode_id: 'b' })).body;
    const c = (await s.post('/reset', { seed: 9, episode_id: 'c' })).body;
    assert.equal(b.observation.metadata.task_id, SPECS[9 % SPECS.length]?.id);
    assert.deepEqual({ ...b.observation, episode_id: 0 }, { ...c.observation, episode_id: 0 });
    assert.equal(b.observation.metadata.anchor, c.observation.metadata.anchor);
    assert.deepEqual([b.observation.episode_id, c.observation.episode_id], ['b', 'c']);
    // the WS default ids: ep-1, ep-2, … skipping live ones
    assert.deepEqual([s.manager.create().id, s.manager.create().id], ['ep-1', 'ep-2']);
    // a stateless step: a fresh episode of task_id/seed, dropped after it answers
    const one = (
      await s.post('/step', {
        task_id: 'support_escalation',
        action: { tool_call: { name: 'crm_get_customer', arguments: { customer_id: 'CUS-204' } } },
      })
    ).body;
    assert.deepEqual([one.observation.tool_result.ok, one.observation.metadata.step, s.manager.size], [true, 1, 4]);
    const e = (await s.post('/reset', { task_id: 'support_escalation', episode_id: 'mine' })).body;
    assert.equal(e.observation.episode_id, 'mine');
    assert.equal(e.observation.request, ESCALATION.request);
    assert.deepEqual(
      e.observation.messages.map((m: Json) => m.role),
      ['system', 'user'],
    );
    assert.equal(e.observation.messages[1].content, ESCALATION.request);
    assert.match(e.observation.messages[0].content, /Today is 2026-03-10/);
    assert.ok(e.observation.tools.every((t: Json) => t.type === 'function' && t.function.parameters.type === 'object'));
    assert.ok(e.observation.tools.some((t: Json) => t.function.name === 'gmail_send_message'));
    assert.deepEqual(e.observation.metadata, {
      step: 0,
      anchor: e.observation.metadata.anchor,
      step_reward: null,
      task_id: 'support_escalation',
      seed: 0,
      trial: 0,
    });
  });

  it('refuses bad requests with readable messages', async () => {
    const s = setup();
    // a reset with a live id restarts it (a rerun with the same ids starts over); the old episode is closed
    await s.post('/reset', { episode_id: 'dup' });
    const first = s.manager.find('dup');
    await s.step('dup', { tool_call: { name: 'crm_list_customers', arguments: {} } });
    const dup = await s.post('/reset', { episode_id: 'dup' });
    assert.equal(dup.status, 200);
    assert.deepEqual([first?.closed, s.manager.find('dup')?.steps, s.manager.size], [true, 0, 1]);
    const long = await s.post('/reset', { episode_id: 'x'.repeat(256) });
    assert.equal(long.status, 422);
    assert.match(long.body.detail, /episode_id: must be at most 255 characters/);
    const neg = await s.post('/reset', { seed: -1 });
    assert.equal(neg.status, 422);
    assert.match(neg.body.detail, /seed: must be at least 0/);
    assert.equal((await s.post('/reset', { seed: 'x' })).status, 422);
    const unknown = await s.post('/reset', { task_id: 'support_escalaton' });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'FACTORY_ERROR');
    assert.match(unknown.body.detail, /did you mean support_escalation/);
    const bad = await s.post('/reset', '{"seed": ');
    assert.equal(bad.status, 422);
    assert.equal(bad.body.code, 'INVALID_JSON');
  });

  it('CAPACITY_REACHED at --max-sessions; closing frees a slot', async () => {
    const s = setup({ maxSessions: 2 });
    await s.post('/reset', { episode_id: 'a' });
    await s.post('/reset', { episode_id: 'b' });
    const full = await s.post('/reset', { episode_id: 'c' });
    assert.equal(full.status, 503);
    assert.deepEqual([full.body.code, full.body.active_sessions, full.body.max_sessions], ['CAPACITY_REACHED', 2, 2]);
    assert.equal((await s.post('/reset')).status, 200, 'a stateless reset holds no slot');
    await s.del('a');
    assert.equal((await s.post('/reset', { episode_id: 'c' })).status, 200);
  });

  it('413 above the 1 MB body limit', async () => {
    const s = setup();
    const r = await s.post('/reset', { pad: 'x'.repeat(1024 * 1024) });
    assert.equal(r.status, 413);
    assert.match(r.body.detail, /larger than 1048576 bytes/);
    // a declared length is refused before the body is read
    const declared = await s.app.request('/step', {
      method: 'POST',
      headers: { 'content-length': String(2 * 1024 * 1024) },
      body: '{}',
    });
    assert.equal(declared.status, 413);
    const mcp = await s.app.request('/mcp', { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1) });
    assert.equal(mcp.status, 413);
    assert.equal((await s.post('/reset', { pad: 'x'.repeat(1000) })).status, 200);
  });
});

describe('env server: step', () => {
  it('a picture comes back inline in the observation (base64 + hash) and as MCP ImageContent on /mcp', async () => {
    const chart = (await loadSpecs([join(ROOT, 'examples/multimodal/chart_regional_lead.yaml')]))[0]?.spec as TaskSpec;
    const s = setup({ specs: [chart] });
    await s.post('/reset', { task_id: 'chart_regional_lead', episode_id: 'img' });
    const r = await s.step('img', { tool_call: { name: 'fs_read', arguments: { path: 'reports/q3_revenue.png' } } });
    const tr = r.body.observation.tool_result;
    assert.equal(tr.ok, true);
    assert.equal(tr.images.length, 1);
    assert.match(tr.images[0].sha256, /^[0-9a-f]{64}$/);
    assert.equal(tr.images[0].mime, 'image/png');
    assert.equal(Buffer.from(tr.images[0].data, 'base64').subarray(1, 4).toString('latin1'), 'PNG');
    const rpc = await s.post('/mcp', {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'fs_read', arguments: { path: 'reports/q3_revenue.png' }, task_id: 'chart_regional_lead' },
    });
    const content = rpc.body.result.content as Json[];
    assert.deepEqual(
      content.map((c) => c.type),
      ['text', 'image'],
    );
    assert.equal(content[1]?.mimeType, 'image/png');
  });

  it('plays support_escalation to reward 1 with components, anchors and step rewards, recorded like the rollout loop', async () => {
    const s = setup();
    const reset = (await s.post('/reset', { task_id: 'support_escalation', episode_id: 'esc' })).body;
    const steps = await playReference(s, ESCALATION, 'esc');
    const last = steps.at(-1) as Json;
    assert.equal(last.done, true);
    assert.equal(last.reward, 1);
    assert.deepEqual(Object.keys(last.observation), ['metadata']);
    const checks = Object.fromEntries(ESCALATION.checks.map((c) => [c.id, 1]));
    assert.deepEqual(last.observation.metadata.reward_components, {
      completion: 1,
      safety: 1,
      robustness: 1,
      code: 1,
      llm: null,
      checks,
    });
    assert.deepEqual(
      [last.observation.metadata.status, last.observation.metadata.reason, last.observation.metadata.passed],
      ['ok', 'agent_done', true],
    );
    assert.ok(steps.slice(0, -1).every((r) => r.done === false && r.reward === 0 && r.observation.tool_result.ok));
    assert.deepEqual(
      steps.map((r) => r.observation.metadata.step),
      steps.map((_, i) => i + 1),
    );
    const first = steps[0]?.observation.tool_result;
    assert.deepEqual(Object.keys(first).sort(), ['call_id', 'content', 'name', 'ok']);
    assert.equal(first.name, 'helpdesk_list_tickets');
    assert.match(first.content, /TK-1042/);

    const state = (await s.get('/state?episode_id=esc&trajectory=1')).body;
    assert.deepEqual(
      [state.episode_id, state.step_count, state.done, state.reason, state.reward],
      ['esc', steps.length, true, 'agent_done', 1],
    );
    const t = state.trajectory as Trajectory;
    // the same events (bar the agent's name) and grade as the rollout loop with the reference agent
    const rolled = await runEpisode({ spec: ESCALATION, agent: referenceAgent(ESCALATION) });
    assert.deepEqual(withoutAgent(t), withoutAgent(rolled));
    assert.deepEqual(t.grade, rolled.grade);
    // GiGPO: one anchor per decision step (reset's, then each non-final response's) and the offline step rewards
    assert.deepEqual(
      [reset.observation.metadata.anchor, ...steps.slice(0, -1).map((r) => r.observation.metadata.anchor)],
      trajectoryAnchors(t.events),
    );
    assert.deepEqual(
      steps.map((r) => r.observation.metadata.step_reward),
      await shapedStepRewards(ESCALATION, t),
    );
    assert.equal(Math.round(steps.reduce((a, r) => a + r.observation.metadata.step_reward, 0) * 1e6) / 1e6, 1);

    const again = await s.step('esc', { message: 'more' });
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'EXECUTION_ERROR');
  });

  it("a dialogue task: message actions get the scripted user's replies; the user ends it (user_done)", async () => {
    const s = setup();
    await s.post('/reset', { task_id: DIALOGUE.id, episode_id: 'dlg' });
    const steps = await playReference(s, DIALOGUE, 'dlg');
    const replies = steps.filter((r) => 'user_message' in r.observation);
    const answer = DIALOGUE.user?.signals.find((x) => 'asks_about' in x.trigger)?.effect.say;
    assert.deepEqual(
      { ...replies[0]?.observation, metadata: undefined },
      { metadata: undefined, user_message: answer, conversation_over: false },
    );
    const last = steps.at(-1) as Json;
    assert.deepEqual(last.observation.conversation_over, true);
    assert.deepEqual([last.done, last.reward, last.observation.metadata.reason], [true, 1, 'user_done']);
    const t = (await s.get('/state?episode_id=dlg&trajectory=1')).body.trajectory as Trajectory;
    const episode = createEpisode(DIALOGUE);
    const rolled = await runEpisode({
      spec: DIALOGUE,
      agent: referenceAgent(DIALOGUE),
      user: scriptedUser(DIALOGUE, episode),
      episode,
    });
    assert.deepEqual(withoutAgent(t), withoutAgent(rolled));
    assert.deepEqual(
      steps.map((r) => r.observation.metadata.step_reward),
      await shapedStepRewards(DIALOGUE, t),
    );
  });

  it('agent-visible errors: unknown tools and bad arguments are ok:false observations; JSON-text arguments parse', async () => {
    const s = setup();
    await s.post('/reset', { task_id: 'support_escalation', episode_id: 'e' });
    const unknown = (await s.step('e', { tool_call: { name: 'helpdesk_list_tikets', arguments: {} } })).body;
    assert.equal(unknown.observation.tool_result.ok, false);
    assert.equal(unknown.observation.tool_result.error.code, 'unknown_tool');
    assert.match(unknown.observation.tool_result.error.message, /did you mean helpdesk_list_tickets/);
    const bad = (await s.step('e', { tool_call: { name: 'crm_get_customer', arguments: { customer: 'CUS-204' } } }))
      .body;
    assert.equal(bad.observation.tool_result.error.code, 'invalid_argument');
    const text = (
      await s.step('e', {
        tool_call: { name: 'crm_get_customer', arguments: '{"customer_id": "CUS-204"}', id: 'call_abc' },
      })
    ).body;
    assert.equal(text.observation.tool_result.ok, true);
    assert.equal(text.observation.tool_result.call_id, 'call_abc');
    const t = (s.manager.find('e')?.recorder.events ?? []).filter((e) => e.type === 'assistant');
    assert.deepEqual(t.at(-1), {
      type: 'assistant',
      tool_calls: [{ id: 'call_abc', name: 'crm_get_customer', args: { customer_id: 'CUS-204' } }],
    });
  });

  it('malformed requests are 422, unknown episodes 404', async () => {
    const s = setup();
    await s.post('/reset', { episode_id: 'e' });
    const cases: [unknown, RegExp][] = [
      ['{"episode_id": "e", ', /not valid JSON/],
      ['', /body is empty/],
      [{ episode_id: 3, action: { message: 'hi' } }, /episode_id: expected string/],
      [{ episode_id: 'e', action: { type: 'frob' } }, /action\.type: "frob" is not an action type/],
      [{ episode_id: 'e', action: { type: 'call_tool' } }, /action\.tool_name: required field is missing/],
      [{ episode_id: 'e' }, /action: required field is missing(?! \(expected nonoptional)/],
      [{ episode_id: 'e', action: { foo: 1 } }, /unknown action shape \(fields: foo\)/],
      [{ episode_id: 'e', action: 'hi' }, /action: expected an object/],
      [
        { episode_id: 'e', action: { tool_call: { arguments: {} } } },
        /action\.tool_call\.name: required field is missing/,
      ],
      [{ episode_id: 'e', action: { message: 'a', tool_call: { name: 'x' } } }, /both tool_call and message/],
      [{ episode_id: 'e', action: { message: 3 } }, /action\.message: expected string/],
    ];
    for (const [body, re] of cases) {
      const r = await s.post('/step', body);
      assert.equal(r.status, 422, JSON.stringify(body));
      assert.match(r.body.detail, re);
    }
    const missing = await s.step('nope', { message: 'hi' });
    assert.equal(missing.status, 404);
    // this manager never reaps (ttlS 0): the message does not blame an idle timeout
    assert.match(missing.body.detail, /unknown episode_id "nope" \(never started, or closed\)/);
    assert.match((await setup({ ttlS: 30 }).step('nope', { message: 'hi' })).body.detail, /reaped after 30s idle/);
    // as OpenEnv's: without an episode_id, a fresh environment's state, kept nowhere
    const fresh = await s.get('/state');
    assert.equal(fresh.status, 200);
    assert.deepEqual([fresh.body.episode_id, fresh.body.step_count, fresh.body.done], [null, 0, false]);
    assert.equal(s.manager.size, 1);
    assert.equal((await s.get('/state?seed=-1')).status, 422);
    assert.equal((await s.get('/state?task_id=nope')).status, 404);
    assert.equal((await s.get('/state?episode_id=nope')).status, 404);
    assert.equal(s.manager.find('e')?.steps, 0);
  });

  it('max_turns ends the episode on the last allowed turn', async () => {
    const spec = makeSpec({
      id: 'short',
      services: ['todo'],
      limits: { max_turns: 2 },
      fixtures: { todo: { tasks: [{ task_id: 'todo_001', title: 'A', status: 'pending' }] } },
    });
    const manager = new SessionManager({ specs: [spec], ttlS: 0 });
    managers.push(manager);
    const app = createApp({ manager });
    const post = async (path: string, body: unknown) =>
      (await app.request(path, { method: 'POST', body: JSON.stringify(body) })).json() as Promise<Json>;
    await post('/reset', { episode_id: 'm' });
    const one = await post('/step', {
      episode_id: 'm',
      action: { tool_call: { name: 'todo_list_tasks', arguments: {} } },
    });
    assert.equal(one.done, false);
    const two = await post('/step', {
      episode_id: 'm',
      action: { tool_call: { name: 'todo_list_tasks', arguments: {} } },
    });
    assert.deepEqual([two.done, two.observation.metadata.reason, typeof two.reward], [true, 'max_turns', 'number']);
  });
});

describe('env server: lifecycle', () => {
  it('DELETE is idempotent; a closed episode is gone', async () => {
    const s = setup();
    await s.post('/reset', { episode_id: 'x' });
    assert.deepEqual((await s.del('x')).body, { episode_id: 'x', closed: true, was_open: true });
    assert.deepEqual((await s.del('x')).body, { episode_id: 'x', closed: true, was_open: false });
    assert.equal((await s.step('x', { message: 'hi' })).status, 404);
    assert.equal((await s.post('/reset', { episode_id: 'x' })).status, 200, 'the id is free again');
    // ids are free text: a URL-encoded id round-trips through the path
    const odd = 'support_escalation:3/1 ü';
    await s.post('/reset', { episode_id: odd });
    assert.equal((await s.get(`/state?episode_id=${encodeURIComponent(odd)}`)).body.episode_id, odd);
    assert.deepEqual((await s.del(odd)).body, { episode_id: odd, closed: true, was_open: true });
  });

  it('reaps idle sessions after the TTL (fake clock), keeping active ones', async () => {
    let now = 1_000_000;
    const s = setup({ ttlS: 10, clock: () => now });
    await s.post('/reset', { episode_id: 'idle' });
    await s.post('/reset', { episode_id: 'busy' });
    now += 8_000;
    await s.get('/state?episode_id=busy');
    now += 5_000;
    assert.deepEqual(s.manager.reap(), ['idle']);
    assert.equal((await s.get('/state?episode_id=idle')).status, 404);
    assert.equal((await s.get('/state?episode_id=busy')).status, 200);
  });

  it("the unref'd reaper runs on its own with a tiny TTL", async () => {
    const s = setup({ ttlS: 0.05 });
    await s.post('/reset', { episode_id: 'soon' });
    const deadline = Date.now() + 3000;
    while (s.manager.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.equal(s.manager.size, 0);
  });
});

describe('env server: a base URL per task (/tasks/<task_id>/…)', () => {
  it("every OpenEnv route answers under a task's prefix, with that task as the default", async () => {
    const s = setup();
    const task = 'payment_change_refusal';
    assert.notEqual(SPECS[0]?.id, task);
    assert.deepEqual((await s.get(`/tasks/${task}/health`)).body, { status: 'healthy' });
    assert.equal((await s.get(`/tasks/${task}/metadata`)).body.name, 'coworkenv');
    assert.ok((await s.get(`/tasks/${task}/schema`)).body.action);
    // reset, step and state
    await s.post(`/tasks/${task}/reset`, { episode_id: 'p1' });
    assert.equal(s.manager.find('p1')?.spec.id, task);
    const stateless = await s.post(`/tasks/${task}/step`, { action: { message: 'hello' } });
    assert.equal(stateless.status, 200);
    assert.equal((await s.get(`/tasks/${task}/state`)).body.task_id, task);
    // a body's own task_id still wins
    await s.post(`/tasks/${task}/reset`, { episode_id: 'p2', task_id: 'support_escalation' });
    assert.equal(s.manager.find('p2')?.spec.id, 'support_escalation');
    // MCPToolClient's production mode: session/create without params starts the prefix's task
    const created = await s.post(`/tasks/${task}/mcp`, { jsonrpc: '2.0', id: 1, method: 'openenv/session/create' });
    assert.equal(s.manager.find(created.body.result.session_id)?.spec.id, task);
    const listed = await s.post(`/tasks/${task}/mcp`, { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
    assert.deepEqual(
      listed.body.result.tools.map((t: Json) => t.name),
      s.manager.find(created.body.result.session_id)?.episode.tools.map((t) => t.name),
    );
    // an unknown task is a 404 naming the likely one; other paths under it are not routes
    const unknown = await s.get('/tasks/payment_change_refusl/health');
    assert.deepEqual([unknown.status, unknown.body.code], [404, 'FACTORY_ERROR']);
    assert.match(unknown.body.detail, /did you mean payment_change_refusal\?/);
    assert.equal((await s.get(`/tasks/${task}/sessions`)).status, 404);
  });
});

describe('env server: POST /mcp', () => {
  const rpc = (s: ReturnType<typeof setup>, method: string, params?: unknown, id: unknown = 1) =>
    s.post('/mcp', { jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) });

  it('tools/list and tools/call bound to an episode, recorded as steps', async () => {
    const s = setup();
    await s.post('/reset', { task_id: 'support_escalation', episode_id: 'm' });
    const init = (await rpc(s, 'initialize', { protocolVersion: '2025-06-18' })).body;
    assert.equal(init.result.serverInfo.name, 'coworkenv');
    const list = (await rpc(s, 'tools/list', { episode_id: 'm' })).body;
    assert.deepEqual(
      list.result.tools.map((t: Json) => t.name),
      s.manager.find('m')?.episode.tools.map((t) => t.name),
    );
    assert.equal(list.result.tools[0].inputSchema.type, 'object');
    const byTask = (await rpc(s, 'tools/list', { task_id: 'support_escalation' })).body;
    assert.deepEqual(byTask.result.tools, list.result.tools);
    const call = (
      await rpc(s, 'tools/call', { session_id: 'm', name: 'helpdesk_list_tickets', arguments: { status: 'open' } })
    ).body;
    assert.equal(call.result.isError, false);
    assert.match(call.result.content[0].text, /TK-1042/);
    // FastMCP's `data`, which OpenEnv's MCPToolClient returns: the parsed output
    assert.deepEqual(call.result.data, JSON.parse(call.result.content[0].text));
    assert.deepEqual(
      [call.result._meta.step, call.result._meta.done, typeof call.result._meta.anchor, call.result._meta.step_reward],
      [1, false, 'string', 0.1],
    );
    // a failed tool is a JSON-RPC error, as OpenEnv's (its clients raise on it); the step counts, its result is data
    const wrong = (await rpc(s, 'tools/call', { episode_id: 'm', name: 'nope_tool', arguments: {} })).body;
    assert.deepEqual([wrong.error.code, wrong.error.data.isError, wrong.error.data._meta.step], [-32602, true, 2]);
    assert.match(wrong.error.message, /^unknown tool "nope_tool"/);
    const failed = (
      await rpc(s, 'tools/call', { episode_id: 'm', name: 'crm_get_customer', arguments: { customer_id: 'CUS-0' } })
    ).body;
    assert.deepEqual([failed.error.code, failed.error.data.isError], [-32603, true]);
    assert.equal(s.manager.find('m')?.steps, 3);
  });

  it('JSON-RPC error codes', async () => {
    const s = setup();
    await s.post('/reset', { task_id: 'support_escalation', episode_id: 'm' });
    const code = async (body: unknown) => ((await s.post('/mcp', body)).body as Json).error?.code;
    assert.equal(await code('{"jsonrpc": '), -32700);
    assert.equal(await code({ id: 1, method: 'tools/list' }), -32600);
    assert.equal(await code([{ jsonrpc: '2.0', id: 1, method: 'ping' }]), -32600);
    assert.equal(await code({ jsonrpc: '2.0', id: 1, method: 'resources/list' }), -32601);
    assert.equal(await code({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: [] }), -32602);
    assert.equal(await code({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { task_id: 'nope' } }), -32602);
    assert.equal(await code({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { episode_id: 'gone' } }), -32602);
    assert.equal(await code({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { episode_id: 'm' } }), -32602);
    assert.equal(
      await code({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { episode_id: 'm', name: 'x', arguments: 'no' },
      }),
      -32602,
    );
    await s.step('m', { message: 'done' });
    const done = (await rpc(s, 'tools/call', { episode_id: 'm', name: 'helpdesk_list_tickets', arguments: {} }, 'q'))
      .body;
    assert.deepEqual([done.id, done.error.code, done.error.data.code], ['q', -32000, 'EXECUTION_ERROR']);
    const note = await s.post('/mcp', { jsonrpc: '2.0', method: 'notifications/initialized' });
    assert.equal(note.status, 202);
  });
});
