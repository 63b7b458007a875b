import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import pLimit from 'p-limit';
import { makeSpec } from '../schema/testing.js';
import { type RunningServer, startServer } from './serve.js';

const SESSIONS = 1000;
const CONCURRENCY = 64;
const FIXTURE = ['todo_001', 'todo_002', 'todo_003'].map((task_id, i) => ({
  task_id,
  title: `Task ${i + 1}`,
  status: 'pending',
  description: `initial ${i + 1}`,
}));
const SPEC = makeSpec({
  id: 'load_todo',
  services: ['todo'],
  fixtures: { todo: { tasks: FIXTURE } },
  limits: { max_turns: 10 },
});

type Json = Record<string, any>;
type Task = { task_id: string; description: string };

describe('env server under load (loopback HTTP)', () => {
  let srv: RunningServer;
  // keep-alive connections, at most CONCURRENCY of them: the client's own bound on requests in flight
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  before(async () => {
    srv = await startServer({
      specs: [SPEC],
      host: '127.0.0.1',
      port: 0,
      maxSessions: SESSIONS,
      ttlS: 0,
      log: () => {},
    });
  });
  after(async () => {
    agent.destroy();
    await srv.close();
  });

  const http = (method: string, path: string, body?: unknown) =>
    new Promise<{ status: number; body: Json }>((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        {
          host: '127.0.0.1',
          port: srv.port,
          path,
          method,
          agent,
          headers: data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {},
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Json }));
        },
      );
      req.on('error', reject);
      req.end(data);
    });
  const post = async (path: string, body: unknown): Promise<Json> => {
    const res = await http('POST', path, body);
    assert.equal(res.status, 200, `${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const call = async (id: string, name: string, args: Record<string, unknown>) => {
    const r = await post('/step', { episode_id: id, action: { tool_call: { name, arguments: args } } });
    assert.equal(r.observation.tool_result.ok, true, r.observation.tool_result.content);
    return JSON.parse(r.observation.tool_result.content) as Json;
  };

  it(`${SESSIONS} live sessions each see and mutate only their own records`, async () => {
    const limit = pLimit(CONCURRENCY);
    const ids = Array.from({ length: SESSIONS }, (_, i) => `load-${i}`);
    await Promise.all(ids.map((id) => limit(() => post('/reset', { episode_id: id }))));
    assert.equal(srv.manager.size, SESSIONS, 'every session is live at once');

    // every session writes a distinct value into one record, then reads all records back
    const results = await Promise.all(
      ids.map((id, i) =>
        limit(async () => {
          const target = FIXTURE[i % FIXTURE.length] as Task;
          await call(id, 'todo_update_task', { task_id: target.task_id, description: `value of ${id}` });
          const { tasks } = (await call(id, 'todo_list_tasks', {})) as { tasks: Task[] };
          const one = (await call(id, 'todo_get_task', { task_id: target.task_id })) as Task;
          return { id, target, tasks, one };
        }),
      ),
    );
    for (const { id, target, tasks, one } of results) {
      assert.equal(one.description, `value of ${id}`);
      assert.deepEqual(
        tasks.map((t) => [t.task_id, t.description]),
        FIXTURE.map((f) => [f.task_id, f.task_id === target.task_id ? `value of ${id}` : f.description]),
        `${id} sees its own value and the fixtures' initial values`,
      );
    }
    // the audit of each episode holds only its own calls
    for (const id of ids.slice(0, 50)) {
      const calls = srv.manager.find(id)?.episode.audit().calls ?? [];
      assert.equal(calls.length, 3);
      assert.ok(calls.every((c) => c.tool !== 'todo_update_task' || (c.args as Json).description === `value of ${id}`));
    }

    await Promise.all(
      ids.map((id) => limit(async () => assert.equal((await http('DELETE', `/episodes/${id}`)).status, 200))),
    );
    assert.equal(srv.manager.size, 0);
  });
});
