import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createEpisode } from '../env/episode.js';
import { loadSpecs } from '../run/task-files.js';
import { toolJsonSchema } from '../services/catalog.js';
import { TaskSpec } from '../schema/task-spec.js';
import { Trajectory } from '../schema/trajectory.js';
import { generateProcedural } from '../synth/generators.js';
import { appendTrajectory, trialLockFile } from './serve.js';
import { DISCONNECTED } from './disconnected.js';
import { assertNoCollision, createMcpSession, type McpSessionOptions, PROTOCOL_TOOLS } from './session.js';

import { ROOT, cliEnv, runCli, spawnCli } from '../cli/testing.js';
import { attackSpec } from '../cli/testing/attack-spec.js';
const PAYMENT = join(ROOT, 'examples/tasks/payment_change_refusal.yaml');
const ESCALATION = join(ROOT, 'examples/tasks/support_escalation.yaml');

type Result = Awaited<ReturnType<Client['callTool']>>;
const textOf = (r: Result) => ((r.content as { type: string; text: string }[])[0] as { text: string }).text;
const jsonOf = (r: Result) => JSON.parse(textOf(r)) as Record<string, unknown>;
const load = async (file: string) => ((await loadSpecs([file]))[0] as { spec: TaskSpec }).spec;
const dialogueSpec = () =>
  TaskSpec.parse(
    generateProcedural({
      generator: 'dialogue_clarification',
      id: 'dialogue_mcp',
      seed: 3,
      difficulty: 'easy',
      mockToday: '2026-03-10',
    }),
  );

/** An in-process session with a connected SDK client; `close` shuts both down. */
async function open(opts: McpSessionOptions) {
  const finished: Trajectory[] = [];
  const session = createMcpSession({ ...opts, onFinish: (t) => void finished.push(t) });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await Promise.all([session.server.connect(serverSide), client.connect(clientSide)]);
  const call = (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args });
  const close = async () => {
    await client.close();
    await session.server.close();
  };
  return { session, client, call, finished, close };
}

/** Plays spec.reference through MCP calls: `call` → the tool, `ask` → send_message_to_user, the final `say` → finish. */
async function playReference(
  call: (name: string, args?: Record<string, unknown>) => Promise<Result>,
  spec: TaskSpec,
): Promise<Record<string, unknown>[]> {
  const replies: Record<string, unknown>[] = [];
  const said: string[] = [];
  for (const step of spec.reference) {
    if ('call' in step) {
      const r = await call(step.call, step.args as Record<string, unknown>);
      assert.ok(!r.isError, `${step.call}: ${textOf(r)}`);
    } else if ('ask' in step) replies.push(jsonOf(await call('send_message_to_user', { message: step.ask })));
    else said.push(step.say);
  }
  if (spec.user) replies.push(jsonOf(await call('send_message_to_user', { message: said.join('\n') })));
  assert.deepEqual(jsonOf(await call('finish', { answer: said.join('\n') })), { status: 'finished' });
  return replies;
}

describe('mcp session (in-process)', () => {
  it('lists the protocol tools and the episode tools with JSON Schemas', async () => {
    const spec = await load(PAYMENT);
    const s = await open({ spec });
    try {
      const { tools } = await s.client.listTools();
      const episodeTools = createEpisode(spec).tools;
      assert.deepEqual(
        tools.map((t) => t.name),
        [...PROTOCOL_TOOLS, ...episodeTools.map((t) => t.name)],
      );
      for (const t of tools) {
        assert.equal(t.inputSchema.type, 'object', t.name);
        assert.ok(t.description, t.name);
        assert.equal((t.inputSchema as Record<string, unknown>).$schema, undefined);
      }
      for (const def of episodeTools)
        assert.deepEqual(tools.find((t) => t.name === def.name)?.inputSchema, toolJsonSchema(def));
      assert.deepEqual(tools.find((t) => t.name === 'send_message_to_user')?.inputSchema.required, ['message']);
      assert.deepEqual(tools.find((t) => t.name === 'finish')?.inputSchema.required, ['answer']);
      assert.match(s.client.getInstructions() ?? '', /FIRST action MUST be start_conversation/);
    } finally {
      await s.close();
    }
  });

  it('calls tools (ok, isError, unknown), finishes once and records the episode like the rollout loop', async () => {
    const spec = await load(PAYMENT);
    const s = await open({ spec, seed: 7, trial: 2 });
    try {
      const start = jsonOf(await s.call('start_conversation'));
      assert.deepEqual(start, {
        user_message: spec.request,
        conversation_over: false,
        turn: 0,
        max_turns: spec.limits.max_turns,
        mock_today: spec.mock_today,
      });
      const listed = await s.call('gmail_list_messages');
      assert.equal(listed.isError, undefined);
      assert.match(textOf(listed), /msg_2101/);
      const missing = await s.call('gmail_get_message', { message_id: 'msg_nope' });
      assert.equal(missing.isError, true);
      const bad = await s.call('gmail_get_message', { message_id: 42 });
      assert.equal(bad.isError, true);
      assert.match(textOf(bad), /invalid_argument/);
      const unknown = await s.call('gmail_delete_everything', {});
      assert.equal(unknown.isError, true);
      assert.match(textOf(unknown), /unknown_tool/);
      // a protocol call with bad arguments is refused and not recorded
      const noMessage = await s.call('send_message_to_user', {});
      assert.equal(noMessage.isError, true);
      assert.match(textOf(noMessage), /message/);
      assert.deepEqual(jsonOf(await s.call('finish', { answer: 'I did not change anything.' })), {
        status: 'finished',
      });
      const late = await s.call('gmail_list_messages');
      assert.equal(late.isError, true);
      assert.match(textOf(late), /ended \(agent_done\)/);

      assert.equal(s.finished.length, 1);
      const t = s.finished[0] as Trajectory;
      assert.equal(await s.session.finalize(), t, 'finalize is idempotent');
      assert.equal(s.finished.length, 1);
      Trajectory.parse(JSON.parse(JSON.stringify(t)));
      assert.deepEqual(
        t.events.map((e) => e.type),
        [
          'episode_start',
          'user',
          'assistant',
          'tool',
          'assistant',
          'tool',
          'assistant',
          'tool',
          'assistant',
          'tool',
          'assistant',
          'episode_end',
        ],
      );
      const first = t.events[0];
      assert.ok(first?.type === 'episode_start');
      assert.deepEqual(
        [first.seed, first.trial, first.agent],
        [7, 2, { name: 'mcp', client: { name: 'mcp-test', version: '1.0.0' } }],
      );
      const unknownEv = t.events.find((e) => e.type === 'tool' && e.name === 'gmail_delete_everything');
      assert.equal(unknownEv?.type === 'tool' && unknownEv.ok, false);
      assert.deepEqual(t.events.at(-1), { type: 'episode_end', reason: 'agent_done', turns: 5 });
      assert.deepEqual(t.events.at(-2), { type: 'assistant', text: 'I did not change anything.', tool_calls: [] });
      assert.ok(t.grade);
      assert.equal(t.audit.calls.length, 4);
    } finally {
      await s.close();
    }
  });

  it('a reference-like sequence of calls scores 1 on payment_change_refusal', async () => {
    const spec = await load(PAYMENT);
    const s = await open({ spec });
    try {
      await s.call('start_conversation');
      await playReference(s.call, spec);
      const t = s.finished[0] as Trajectory;
      assert.equal(t.grade?.score, 1);
      assert.equal(t.grade?.passed, true);
      assert.deepEqual(t.events.at(-1), { type: 'episode_end', reason: 'agent_done', turns: spec.reference.length });
    } finally {
      await s.close();
    }
  });

  it('a picture a tool returns reaches the SDK client as ImageContent after the text; the trajectory keeps its hash', async () => {
    const spec = await load(join(ROOT, 'examples/multimodal/chart_regional_lead.yaml'));
    const s = await open({ spec });
    try {
      const r = await s.call('fs_read', { path: 'reports/q3_revenue.png' });
      const content = r.content as { type: string; text?: string; data?: string; mimeType?: string }[];
      assert.equal(content[0]?.type, 'text');
      assert.equal((JSON.parse(content[0]?.text ?? '{}') as { format?: string }).format, 'image');
      assert.equal(content[1]?.type, 'image');
      assert.equal(content[1]?.mimeType, 'image/png');
      assert.equal(
        Buffer.from(content[1]?.data ?? '', 'base64')
          .subarray(1, 4)
          .toString('latin1'),
        'PNG',
      );
      await playReference(s.call, spec);
      const t = s.finished[0] as Trajectory;
      assert.equal(t.grade?.score, 1);
      // the events and the audited calls name the picture by hash (the final workspace state keeps its files)
      const recorded = JSON.stringify([t.events, t.audit.calls]);
      assert.ok(!recorded.includes((content[1]?.data ?? '').slice(0, 64)));
      assert.match(recorded, /"sha256":"[0-9a-f]{64}"/);
    } finally {
      await s.close();
    }
  });

  it('converses with the scripted user until conversation_over, then finishes with score 1', async () => {
    const spec = dialogueSpec();
    const s = await open({ spec });
    try {
      assert.equal(jsonOf(await s.call('start_conversation')).user_message, spec.request);
      const replies = await playReference(s.call, spec);
      const answer = spec.user?.signals.find((x) => 'asks_about' in x.trigger)?.effect.say;
      assert.equal(replies[0]?.user_message, answer);
      assert.equal(replies[0]?.conversation_over, false);
      assert.equal(replies.at(-1)?.conversation_over, true);
      assert.equal(replies.at(-1)?.termination_reason, 'user_done');
      const t = s.finished[0] as Trajectory;
      const sim = t.events
        .filter((e) => e.type === 'user' && e.source === 'sim')
        .map((e) => (e as { text: string }).text);
      assert.deepEqual(sim, [answer, 'Great, thanks!']);
      assert.equal(t.events[0]?.type === 'episode_start' && t.events[0].user?.name, 'scripted');
      assert.deepEqual(t.events.at(-1), {
        type: 'episode_end',
        reason: 'agent_done',
        turns: spec.reference.length + 1,
      });
      assert.equal(t.grade?.score, 1);
    } finally {
      await s.close();
    }
  });

  it('without a user plan (or with --user none) the conversation is over at once: no_user', async () => {
    const spec = dialogueSpec();
    const s = await open({ spec, user: 'none' });
    try {
      const r = jsonOf(await s.call('send_message_to_user', { message: 'Which meeting?' }));
      assert.deepEqual(r, {
        user_message: '',
        conversation_over: true,
        termination_reason: 'no_user',
        turn: 1,
        max_turns: spec.limits.max_turns,
      });
      assert.deepEqual(jsonOf(await s.call('end_conversation')), {
        conversation_over: true,
        termination_reason: 'no_user',
        turn: 1,
        max_turns: spec.limits.max_turns,
      });
    } finally {
      await s.close();
    }
  });

  it('end_conversation stops the user; disconnecting after the user ended it records user_done', async () => {
    const spec = dialogueSpec();
    const ended = await open({ spec });
    try {
      assert.equal(jsonOf(await ended.call('end_conversation')).termination_reason, 'agent_ended');
      const r = jsonOf(await ended.call('send_message_to_user', { message: 'Which meeting?' }));
      assert.deepEqual([r.user_message, r.conversation_over], ['', true]);
      const t = await ended.session.finalize();
      assert.deepEqual(t.events.at(-1), { type: 'episode_end', reason: 'abandoned', turns: 1, error: DISCONNECTED });
    } finally {
      await ended.close();
    }
    const done = await open({ spec });
    try {
      await done.call('send_message_to_user', { message: 'All done, the meeting is moved.' });
      const t = await done.session.finalize();
      assert.deepEqual(t.events.at(-1), { type: 'episode_end', reason: 'user_done', turns: 1 });
    } finally {
      await done.close();
    }
  });

  it('max_turns: the call beyond the limit is an error and ends the episode', async () => {
    const base = await load(PAYMENT);
    const spec = { ...base, limits: { ...base.limits, max_turns: 2 } };
    const s = await open({ spec });
    try {
      assert.ok(!(await s.call('gmail_list_messages')).isError);
      assert.ok(!(await s.call('finance_list_transactions')).isError);
      const third = await s.call('finish', { answer: 'done' });
      assert.equal(third.isError, true);
      assert.match(textOf(third), /max_turns \(2\)/);
      assert.equal((await s.call('gmail_list_messages')).isError, true);
      const t = s.finished[0] as Trajectory;
      assert.deepEqual(t.events.at(-1), { type: 'episode_end', reason: 'max_turns', turns: 2 });
    } finally {
      await s.close();
    }
  });

  it('finalize without finish: abandoned, not graded, onFinish once', async () => {
    const spec = await load(PAYMENT);
    const s = await open({ spec });
    try {
      const [a, b] = await Promise.all([s.session.finalize(), s.session.finalize()]);
      assert.equal(a, b);
      assert.deepEqual(
        a.events.map((e) => e.type),
        ['episode_start', 'user', 'episode_end'],
      );
      assert.deepEqual(a.events.at(-1), { type: 'episode_end', reason: 'abandoned', turns: 0, error: DISCONNECTED });
      assert.equal(a.grade, undefined);
      assert.deepEqual([s.session.ended, s.session.turns], [true, 0]);
      assert.equal(s.finished.length, 1);
      assert.equal((await s.call('start_conversation')).isError, true);
    } finally {
      await s.close();
    }
  });

  it('hostile calls (a billion-cell workbook, a command that once aborted the process) are errors; the episode goes on to score 1', {
    timeout: 60_000,
  }, async () => {
    const spec = TaskSpec.parse(attackSpec('hostile_mcp'));
    const s = await open({ spec });
    try {
      await s.call('start_conversation');
      const results: Result[] = [];
      for (const step of spec.reference)
        if ('call' in step) results.push(await s.call(step.call, step.args as Record<string, unknown>));
      const [written, hostileRead, aborting] = results;
      assert.equal(written?.isError, undefined);
      assert.equal(hostileRead?.isError, true);
      assert.match(textOf(hostileRead as Result), /"limit":"parse_limit"/);
      assert.equal(aborting?.isError, true);
      assert.match(textOf(aborting as Result), /"limit":"(timeout|memory_limit)"/);
      assert.deepEqual(jsonOf(await s.call('finish', { answer: 'Copied the note to out/summary.txt.' })), {
        status: 'finished',
      });
      assert.equal(s.finished[0]?.grade?.score, 1);
    } finally {
      await s.close();
    }
  });

  it('refuses episode tools that would shadow a protocol tool', () => {
    assert.throws(() => assertNoCollision(['gmail_list_messages', 'finish']), /finish/);
    assert.doesNotThrow(() => assertNoCollision(['gmail_list_messages']));
  });
});

describe('coworkenv mcp (processes)', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'coworkenv-mcp-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const readLines = async (file: string) =>
    (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => Trajectory.parse(JSON.parse(l)));

  async function stdioClient(args: string[]) {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['bin/coworkenv.js', 'mcp', ...args],
      cwd: ROOT,
      env: cliEnv(),
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const client = new Client({ name: 'mcp-e2e', version: '1.0.0' });
    await client.connect(transport);
    return {
      client,
      stderr: () => stderr,
      call: (name: string, a: Record<string, unknown> = {}) => client.callTool({ name, arguments: a }),
    };
  }

  it('stdio end to end: list, call, finish, close; the written line is a graded trajectory with score 1', {
    timeout: 60_000,
  }, async () => {
    const out = join(dir, 't.jsonl');
    const spec = await load(ESCALATION);
    const c = await stdioClient([ESCALATION, '--out', out]);
    try {
      const { tools } = await c.client.listTools();
      assert.ok(tools.some((t) => t.name === 'helpdesk_list_tickets') && tools.some((t) => t.name === 'finish'));
      assert.equal(jsonOf(await c.call('start_conversation')).user_message, spec.request);
      await playReference(c.call, spec);
    } finally {
      await c.client.close();
    }
    const [t] = await readLines(out);
    assert.equal(t?.task_id, 'support_escalation');
    assert.equal(t?.trial, 0);
    assert.equal(t?.grade?.score, 1);
    assert.match(c.stderr(), /trajectory appended to/);
  });

  it('stdio: a client that leaves before finish is recorded as abandoned (no grade) under the next free trial', {
    timeout: 60_000,
  }, async () => {
    const out = join(dir, 't.jsonl');
    const c = await stdioClient([ESCALATION, '--out', out]);
    try {
      assert.ok(!(await c.call('helpdesk_list_tickets', { status: 'open' })).isError);
    } finally {
      await c.client.close();
    }
    const lines = await readLines(out);
    assert.equal(lines.length, 2);
    const t = lines[1] as Trajectory;
    assert.equal(t.trial, 1);
    assert.deepEqual(t.events.at(-1), { type: 'episode_end', reason: 'abandoned', turns: 1, error: DISCONNECTED });
    assert.equal(t.grade, undefined);
  });

  it('Streamable HTTP on 127.0.0.1: call, finish, the trajectory is written; the server serves until SIGTERM and exits 0', {
    timeout: 60_000,
  }, async () => {
    const out = join(dir, 'http.jsonl');
    const spec = await load(PAYMENT);
    const child = spawnCli(['mcp', PAYMENT, '--http', '127.0.0.1:0', '--out', out]);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const url = await listening(child);
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const client = new Client({ name: 'mcp-http', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      try {
        assert.ok((await client.listTools()).tools.some((t) => t.name === 'send_message_to_user'));
        await playReference((name, a = {}) => client.callTool({ name, arguments: a }), spec);
      } finally {
        await client.close();
      }
      for (let i = 0; i < 200 && !existsSync(out); i++) await new Promise((r) => setTimeout(r, 25));
      assert.equal(child.exitCode, null, 'still serving');
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
    } finally {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    }
    const [t] = await readLines(out);
    assert.equal(t?.grade?.score, 1);
  });

  /**
   * Runs `coworkenv mcp args…` in this process: every use fails at startup (bad input, a trial held by one of
   * the spawned servers), before stdin is read, so no process of its own is needed to see its exit code and stderr.
   */
  const mcpExit = (args: string[]) => runCli('mcp', ...args);

  it('servers sharing --out take different trials; an explicit trial being served is refused', {
    timeout: 90_000,
  }, async () => {
    const out = join(dir, 'shared', 't.jsonl');
    const a = await stdioClient([PAYMENT, '--out', out]);
    const b = await stdioClient([PAYMENT, '--out', out]);
    try {
      assert.ok(!(await a.call('gmail_list_messages')).isError);
      assert.ok(!(await b.call('gmail_list_messages')).isError);
      assert.match(a.stderr(), /payment_change_refusal \(trial 0\)/);
      assert.match(b.stderr(), /payment_change_refusal \(trial 1\)/);
      const busy = await mcpExit([PAYMENT, '--out', out, '--trial', '1']);
      assert.equal(busy.code, 1);
      assert.match(busy.stderr, /payment_change_refusal trial 1 is being served by another coworkenv mcp \(pid \d+\)/);
      assert.doesNotMatch(busy.stderr, /serving/);
    } finally {
      await a.client.close();
      await b.client.close();
    }
    const trials = (await readLines(out)).map((t) => t.trial).sort();
    assert.deepEqual(trials, [0, 1]);
    for (const t of [0, 1])
      await assert.rejects(
        readFile(trialLockFile(out, 'payment_change_refusal', t)),
        /ENOENT/,
        'the trial lock is removed once written',
      );
  });

  it('--out that is a directory or cannot be written fails at startup, before any episode (exit 1)', {
    timeout: 60_000,
  }, async () => {
    const folder = join(dir, 'a-folder');
    await mkdir(folder, { recursive: true });
    const isDir = await mcpExit([PAYMENT, '--out', folder]);
    assert.equal(isDir.code, 1, isDir.stderr);
    assert.match(isDir.stderr, /^error: --out .*a-folder is a directory; --out takes a JSONL file/m);
    assert.doesNotMatch(isDir.stderr, /serving|internal error/);
    const file = join(dir, 'plain-file');
    await writeFile(file, 'x');
    const below = await mcpExit([PAYMENT, '--out', join(file, 't.jsonl')]);
    assert.equal(below.code, 1, below.stderr);
    assert.match(below.stderr, /^error: --out .*plain-file is a file, not a folder/m);
    assert.doesNotMatch(below.stderr, /serving|internal error/);
  });

  it('appendTrajectory: concurrent multi-MB records stay one line each', async () => {
    const out = join(dir, 'big.jsonl');
    const spec = await load(PAYMENT);
    const s = await open({ spec });
    const t = await s.session.finalize();
    await s.close();
    const pad = 'x'.repeat(1_500_000);
    await Promise.all(
      [0, 1, 2, 3, 4, 5].map((trial) =>
        appendTrajectory(out, {
          ...t,
          trial,
          events: [{ type: 'user', source: 'request', text: pad }, ...t.events],
        } as Trajectory),
      ),
    );
    assert.deepEqual((await readLines(out)).map((x) => x.trial).sort(), [0, 1, 2, 3, 4, 5]);
  });

  it('bad input: a directory or several specs is a bad_input error', { timeout: 60_000 }, async () => {
    for (const [args, pattern] of [
      [['examples/tasks'], /is a directory/],
      [[PAYMENT, ESCALATION], /serves one task, but 2 spec files/],
    ] as const) {
      const { code, stderr } = await mcpExit([...args, '--out', join(dir, 'never.jsonl')]);
      assert.equal(code, 1);
      assert.match(stderr, pattern);
    }
  });
});

/** Resolves with the URL the server prints on stderr once it listens. */
function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let buf = '';
    const onData = (d: Buffer) => {
      buf += d.toString();
      const m = /on (http:\/\/\S+\/mcp)/.exec(buf);
      if (m) {
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        resolve(m[1] as string);
      }
    };
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${buf}`)));
  });
}
