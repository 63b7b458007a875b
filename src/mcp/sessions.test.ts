import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { inProcess, ROOT } from '../cli/testing.js';
import { outcomeOf, RunStore } from '../run/run-store.js';
import { summarizeRun } from '../run/summary.js';
import { loadSpecs } from '../run/task-files.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { Trajectory } from '../schema/trajectory.js';
import { type McpHttpServer, startMcpHttp } from './serve.js';
import { DISCONNECTED } from './disconnected.js';

// Real MCP clients (the official TypeScript SDK) coming and going on one `mcp --http` server, in process.

const PAYMENT = join(ROOT, 'examples/tasks/payment_change_refusal.yaml');
type Json = Record<string, unknown>;

async function connect(url: string, name: string) {
  const transport = new StreamableHTTPClientTransport(new URL(url));
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  const call = (tool: string, args: Json = {}) => client.callTool({ name: tool, arguments: args });
  return { client, transport, call };
}

/** The spec's reference played as MCP calls, then finish. */
async function play(c: Awaited<ReturnType<typeof connect>>, spec: TaskSpec): Promise<void> {
  const said: string[] = [];
  for (const step of spec.reference) {
    if ('call' in step) assert.ok(!(await c.call(step.call, step.args as Json)).isError, step.call);
    else if ('ask' in step) await c.call('send_message_to_user', { message: step.ask });
    else said.push(step.say);
  }
  const done = await c.call('finish', { answer: said.join('\n') });
  assert.equal(JSON.parse((done.content as { text: string }[])[0]?.text ?? '{}').status, 'finished');
}

const waitFor = async (cond: () => boolean, what: string) => {
  for (let i = 0; i < 300 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(cond(), `timed out waiting for ${what}`);
};

describe('coworkenv mcp --http: a session per client', () => {
  let dir: string;
  let spec: TaskSpec;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'coworkenv-mcp-sessions-'));
    spec = ((await loadSpecs([PAYMENT]))[0] as { spec: TaskSpec }).spec;
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('three clients in sequence (one vanishing without DELETE) and two in parallel: all served, one abandoned record, pass@k unchanged', {
    timeout: 60_000,
  }, async () => {
    const out = join(dir, 'mcp', 'trajectories.jsonl');
    const notices: string[] = [];
    const srv: McpHttpServer = await startMcpHttp({
      spec,
      out,
      http: { host: '127.0.0.1', port: 0 },
      idleTimeoutS: 0.5,
      notice: (l) => notices.push(l),
    });
    try {
      // 1: plays and finishes, then ends its session (DELETE)
      const one = await connect(srv.url, 'first');
      await play(one, spec);
      await one.transport.terminateSession();
      await one.client.close();
      // 2: calls a tool and vanishes: no DELETE, its socket simply goes away
      const two = await connect(srv.url, 'vanishing');
      assert.ok(!(await two.call('gmail_list_messages')).isError);
      await two.client.close();
      // 3: served at once, while 2's session still waits for its idle timeout
      assert.equal(srv.open, 1, "the vanished client's session is still open");
      const three = await connect(srv.url, 'third');
      await play(three, spec);
      await three.transport.terminateSession();
      await three.client.close();
      // 4 and 5 in parallel, each its own episode
      const [four, five] = await Promise.all([connect(srv.url, 'parallel-a'), connect(srv.url, 'parallel-b')]);
      await Promise.all([play(four, spec), play(five, spec)]);
      await Promise.all([four.transport.terminateSession(), five.transport.terminateSession()]);
      await Promise.all([four.client.close(), five.client.close()]);
      // a probe (inspector-style: list the tools, leave) records nothing
      const probe = await connect(srv.url, 'probe');
      assert.ok((await probe.client.listTools()).tools.some((t) => t.name === 'finish'));
      await probe.transport.terminateSession();
      await probe.client.close();
      // the vanished client's episode is released by the idle timeout and written as abandoned
      await waitFor(() => srv.recorded.length === 5, 'the abandoned record');
      await waitFor(() => srv.open === 0, 'every session released');
    } finally {
      await srv.close();
    }
    const records = (await readFile(out, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => Trajectory.parse(JSON.parse(l)));
    assert.equal(records.length, 5, 'four finished episodes and one abandoned; the probe left nothing');
    assert.deepEqual(records.map((t) => t.trial).sort(), [0, 1, 2, 3, 4]);
    const ends = records.map((t) => t.events.at(-1) as { reason: string; error?: string });
    const abandoned = records.filter((_, i) => ends[i]?.reason === 'abandoned');
    assert.equal(abandoned.length, 1);
    const gone = abandoned[0] as Trajectory;
    assert.equal(gone.grade, undefined, 'an abandoned episode is not graded');
    assert.match(
      (gone.events.at(-1) as { error: string }).error,
      new RegExp(`^${DISCONNECTED} \\(no request for 0.5s`),
    );
    assert.equal((gone.events[0] as unknown as { agent: { client: { name: string } } }).agent.client.name, 'vanishing');
    const finished = records.filter((t) => t !== gone);
    assert.ok(
      finished.every((t) => t.grade?.score === 1 && (t.events.at(-1) as { reason: string }).reason === 'agent_done'),
    );
    assert.ok(notices.some((l) => /left before any call; nothing recorded/.test(l)));

    // summary reads the MCP output without run.json; the abandoned record changes neither k nor pass@k
    const { config, store } = await RunStore.read(out);
    assert.equal(config.trials, 4);
    const withIt = summarizeRun(config.tasks, store.done.values(), config.trials);
    const without = summarizeRun(config.tasks, finished.map(outcomeOf), 4);
    assert.deepEqual(withIt.overall, without.overall);
    assert.equal(withIt.overall.pass_at_k, 1);
    assert.deepEqual(
      withIt.abandoned.map((a) => [a.trial, a.counted]),
      [[gone.trial, false]],
    );
    // asked for: counted as a failure
    const counted = summarizeRun(config.tasks, store.done.values(), 5, { includeAbandoned: true });
    assert.equal(counted.tasks[0]?.trials, 5);
    assert.ok((counted.overall.mean ?? 1) < 1);

    // the CLI commands read the same file: summary, grade (abandoned skipped), advantages (abandoned never a sample)
    const summary = JSON.parse(await inProcess('summary', out, '--json')) as {
      summary: { overall: { pass_at_k: number }; abandoned: unknown[] };
    };
    assert.deepEqual([summary.summary.overall.pass_at_k, summary.summary.abandoned.length], [1, 1]);
    const graded = JSON.parse(await inProcess('grade', out, '--tasks', PAYMENT, '--json')) as {
      results: { trial: number; skipped?: string; score?: number }[];
    };
    assert.deepEqual(
      graded.results.filter((r) => r.skipped).map((r) => [r.trial, r.skipped]),
      [[gone.trial, 'abandoned']],
    );
    assert.ok(graded.results.filter((r) => !r.skipped).every((r) => r.score === 1));
    const adv = join(dir, 'adv.jsonl');
    const meta = JSON.parse(
      await inProcess('advantages', join(dir, 'mcp'), '--method', 'grpo', '--out', adv, '--json'),
    ) as { counts: { trajectories: number; valid_groups: number } };
    assert.deepEqual([meta.counts.trajectories, meta.counts.valid_groups], [5, 1]);
  });

  it('an unknown session id gets 404 (start a new session); a request without one that is not initialize gets 400', async () => {
    const srv = await startMcpHttp({
      spec,
      out: join(dir, 'x.jsonl'),
      http: { host: '127.0.0.1', port: 0 },
      notice: () => {},
    });
    try {
      const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      const unknown = await fetch(srv.url, { method: 'POST', headers: { ...headers, 'mcp-session-id': 'nope' }, body });
      assert.equal(unknown.status, 404);
      assert.match(
        ((await unknown.json()) as { error: { message: string } }).error.message,
        /Session not found: nope.*initialize/,
      );
      const none = await fetch(srv.url, { method: 'POST', headers, body });
      assert.equal(none.status, 400);
      const bad = await fetch(srv.url, { method: 'POST', headers, body: '{' });
      assert.equal(bad.status, 400);
    } finally {
      await srv.close();
    }
  });

  it('close() ends open sessions: an episode with calls is written as abandoned', { timeout: 30_000 }, async () => {
    const out = join(dir, 'close.jsonl');
    const srv = await startMcpHttp({ spec, out, http: { host: '127.0.0.1', port: 0 }, notice: () => {} });
    const c = await connect(srv.url, 'stays');
    assert.ok(!(await c.call('gmail_list_messages')).isError);
    await srv.close('server stopped (SIGTERM)');
    await c.client.close().catch(() => {});
    const [t] = (await readFile(out, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => Trajectory.parse(JSON.parse(l)));
    assert.deepEqual(t?.events.at(-1), {
      type: 'episode_end',
      reason: 'abandoned',
      turns: 1,
      error: `${DISCONNECTED} (server stopped (SIGTERM))`,
    });
  });
});
