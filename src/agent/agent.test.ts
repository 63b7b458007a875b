import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEpisode } from '../env/episode.js';
import type { InjectedFault } from '../env/types.js';
import { canonicalJson } from '../schema/canonical-json.js';
import { jsonlLine, parseJsonl } from '../schema/jsonl.js';
import type { TaskSpec, TaskSpecInput } from '../schema/task-spec.js';
import { makeSpec } from '../schema/testing.js';
import { type AssistantEvent, type ToolEvent, Trajectory } from '../schema/trajectory.js';
import { noisyAgent } from './noisy.js';
import { referenceAgent, referenceTurns, scriptedAgent } from './reference.js';
import { runEpisode } from './rollout.js';
import { InfraError } from './types.js';
import type { Agent, UserSimulator, UserView } from '../env/turns.js';

const fixtures = {
  todo: {
    tasks: [
      { task_id: 'todo_001', title: 'Write report', status: 'pending' },
      { task_id: 'todo_002', title: 'Book travel', status: 'pending' },
      { task_id: 'todo_003', title: 'Call vendor', status: 'in_progress' },
    ],
  },
};
const reference: TaskSpecInput['reference'] = [
  { call: 'todo_list_tasks', args: {} },
  { say: 'Reading the report task.' },
  { call: 'todo_get_task', args: { task_id: 'todo_001' } },
  { call: 'todo_update_task', args: { task_id: 'todo_001', status: 'completed' } },
  { say: 'Completed todo_001.' },
];
const checks: TaskSpecInput['checks'] = [
  { id: 'listed', kind: 'tool_called', tool: 'todo_list_tasks', weight: 0.2 },
  { id: 'read', kind: 'tool_arg', tool: 'todo_get_task', arg: 'task_id', accept: ['todo_001'], weight: 0.3 },
  {
    id: 'done',
    kind: 'state_equals',
    service: 'todo',
    collection: 'tasks',
    record_id: 'todo_001',
    field: 'status',
    value: 'completed',
    weight: 0.5,
  },
];
const make = (fields: Partial<TaskSpecInput> = {}) =>
  makeSpec({ services: ['todo'], fixtures, reference, checks, ...fields });
const spec = make();

const assistants = (t: Trajectory) => t.events.filter((e): e is AssistantEvent => e.type === 'assistant');
const tools = (t: Trajectory) => t.events.filter((e): e is ToolEvent => e.type === 'tool');
const callsOf = (t: Trajectory) =>
  assistants(t).flatMap((e) => e.tool_calls.map((c) => ({ name: c.name, args: c.args })));
const endOf = (t: Trajectory) => t.events.at(-1);
const agentOf = (name: string, next: Agent['next']): Agent => ({ name, config: { name }, next });

// the fault stream of (spec, seed, trial) does not depend on which tool is called
function faultsOf(s: TaskSpec, seed: number, n: number): (InjectedFault | undefined)[] {
  const e = createEpisode(s, { seed });
  return Array.from({ length: n }, () => e.call('todo_list_tasks', {}).injected);
}
function seedWhere(s: TaskSpec, n: number, ok: (f: (InjectedFault | undefined)[]) => boolean): number {
  for (let seed = 0; seed < 2000; seed++) if (ok(faultsOf(s, seed, n))) return seed;
  throw new Error('no seed found');
}
const retryable = (f: InjectedFault | undefined) => f === 'rate_limited' || f === 'server_error';

describe('referenceTurns', () => {
  it('puts say text on the next call, and makes ask and the final say their own turns', () => {
    const steps = make({
      reference: [
        { say: 'Looking.' },
        { call: 'todo_list_tasks', args: {} },
        { say: 'A' },
        { say: 'B' },
        { call: 'todo_get_task', args: { task_id: 'todo_001' } },
        { ask: 'Which one?' },
        { say: 'Closing.' },
        { ask: 'Sure?' },
        { call: 'todo_update_task', args: { task_id: 'todo_001', status: 'completed' } },
        { say: 'Done.' },
        { say: 'Bye.' },
      ],
    }).reference;
    assert.deepEqual(referenceTurns(steps), [
      { text: 'Looking.', tool_calls: [{ name: 'todo_list_tasks', args: {} }] },
      { text: 'A\nB', tool_calls: [{ name: 'todo_get_task', args: { task_id: 'todo_001' } }] },
      { text: 'Which one?', tool_calls: [], ask: true },
      { text: 'Closing.\nSure?', tool_calls: [], ask: true },
      { tool_calls: [{ name: 'todo_update_task', args: { task_id: 'todo_001', status: 'completed' } }] },
      { text: 'Done.\nBye.', tool_calls: [] },
    ]);
  });

  it('ends with an empty turn when there is no final say', () => {
    assert.deepEqual(referenceTurns([]), [{ tool_calls: [] }]);
    assert.deepEqual(referenceTurns(make({ reference: [{ call: 'todo_list_tasks', args: {} }] }).reference), [
      { tool_calls: [{ name: 'todo_list_tasks', args: {} }] },
      { tool_calls: [] },
    ]);
  });
});

describe('referenceAgent', () => {
  it('replays the reference and scores 1', async () => {
    const t = await runEpisode({ spec, agent: referenceAgent(spec) });
    assert.deepEqual(callsOf(t), [
      { name: 'todo_list_tasks', args: {} },
      { name: 'todo_get_task', args: { task_id: 'todo_001' } },
      { name: 'todo_update_task', args: { task_id: 'todo_001', status: 'completed' } },
    ]);
    assert.deepEqual(
      assistants(t).map((e) => e.text ?? null),
      [null, 'Reading the report task.', null, 'Completed todo_001.'],
    );
    assert.deepEqual(endOf(t), { type: 'episode_end', reason: 'agent_done', turns: 4 });
    const start = t.events[0];
    assert.equal(start?.type, 'episode_start');
    assert.match(start?.type === 'episode_start' ? start.spec_hash : '', /^[0-9a-f]{64}$/);
    assert.deepEqual(
      { ...start, spec_hash: '' },
      {
        type: 'episode_start',
        task_id: 'test_task',
        trial: 0,
        seed: 0,
        spec_hash: '',
        mock_today: '2026-03-10T09:00:00Z',
        agent: { name: 'reference', retries: 3 },
        tools: ['todo_list_tasks', 'todo_get_task', 'todo_create_task', 'todo_update_task', 'todo_delete_task'],
      },
    );
    assert.deepEqual(t.events[1], { type: 'user', text: 'Do the thing.', source: 'request' });
    assert.equal(t.grade?.score, 1);
  });

  it('retries an injected 429/500 up to `retries` times, then gives up and moves on', async () => {
    const faulty = make({ errors: { rate: 0.5 } });
    const twice = seedWhere(faulty, 3, (f) => retryable(f[0]) && retryable(f[1]) && f[2] === undefined);
    const run = async (retries?: number) => {
      const t = await runEpisode({
        spec: faulty,
        agent: referenceAgent(faulty, retries === undefined ? {} : { retries }),
        seed: twice,
      });
      return t.audit.calls.slice(0, 3).map((c) => `${c.tool}:${c.ok}`);
    };
    assert.deepEqual(await run(), ['todo_list_tasks:false', 'todo_list_tasks:false', 'todo_list_tasks:true']);
    assert.deepEqual(await run(1), ['todo_list_tasks:false', 'todo_list_tasks:false', 'todo_get_task:true']);
    assert.deepEqual(await run(0), ['todo_list_tasks:false', 'todo_get_task:false', 'todo_update_task:true']);

    const four = seedWhere(faulty, 4, (f) => f.every(retryable));
    const t = await runEpisode({ spec: faulty, agent: referenceAgent(faulty), seed: four });
    assert.deepEqual(
      t.audit.calls.slice(0, 5).map((c) => c.tool),
      ['todo_list_tasks', 'todo_list_tasks', 'todo_list_tasks', 'todo_list_tasks', 'todo_get_task'],
    );
    assert.deepEqual(t.events[0]?.type === 'episode_start' && t.events[0].agent, { name: 'reference', retries: 3 });
  });

  it('does not retry a slow (successful) call', async () => {
    const faulty = make({ errors: { rate: 0.5 } });
    const seed = seedWhere(faulty, 1, (f) => f[0] === 'slow');
    const t = await runEpisode({ spec: faulty, agent: referenceAgent(faulty), seed });
    const first = tools(t)[0];
    assert.equal(first?.injected, 'slow');
    assert.equal(first?.ok, true);
    assert.ok((first?.latency_us ?? 0) >= 2_000_000);
    assert.equal(tools(t)[1]?.name, 'todo_get_task');
  });
});

describe('noisyAgent', () => {
  const noisy = (o: Parameters<typeof noisyAgent>[1], s: TaskSpec = spec) =>
    runEpisode({ spec: s, agent: noisyAgent(s, o), seed: o?.seed ?? 0, trial: o?.trial ?? 0 });

  it('is deterministic for the same spec, seed, trial, skip and swap, and differs across trials', async () => {
    const o = { seed: 3, trial: 1, skip: 0.4, swap: 0.4 };
    assert.equal(canonicalJson((await noisy(o)).events), canonicalJson((await noisy(o)).events));
    const runs = new Set<string>();
    for (let trial = 0; trial < 8; trial++) runs.add(canonicalJson(callsOf(await noisy({ ...o, trial }))));
    assert.ok(runs.size > 1, 'eight trials all played the same calls');
  });

  it('records its parameters in episode_start.agent', async () => {
    const t = await noisy({ seed: 3, trial: 1, skip: 0.4, swap: 0.25 });
    assert.deepEqual(t.events[0]?.type === 'episode_start' && t.events[0].agent, {
      name: 'noisy',
      retries: 3,
      seed: 3,
      trial: 1,
      skip: 0.4,
      swap: 0.25,
    });
    const d = await noisy({});
    assert.deepEqual(d.events[0]?.type === 'episode_start' && d.events[0].agent, {
      name: 'noisy',
      retries: 3,
      seed: 0,
      trial: 0,
      skip: 0.15,
      swap: 0.15,
    });
  });

  it('with skip=1 makes no calls and still gives its final answer', async () => {
    const t = await noisy({ seed: 5, skip: 1, swap: 0 });
    assert.deepEqual(t.audit.calls, []);
    assert.deepEqual(
      assistants(t).map((e) => e.tool_calls.length),
      [0],
    );
    assert.equal(assistants(t)[0]?.text, 'Reading the report task.\nCompleted todo_001.');
    assert.deepEqual(endOf(t), { type: 'episode_end', reason: 'agent_done', turns: 1 });
  });

  it('with swap=1 replaces the id by a distractor from the same fixture collection', async () => {
    for (let trial = 0; trial < 4; trial++) {
      const calls = callsOf(await noisy({ seed: 2, trial, skip: 0, swap: 1 }));
      assert.deepEqual(
        calls.map((c) => c.name),
        ['todo_list_tasks', 'todo_get_task', 'todo_update_task'],
      );
      assert.deepEqual(calls[0]?.args, {});
      for (const c of calls.slice(1)) {
        const args = c.args as { task_id: string; status?: string };
        assert.ok(['todo_002', 'todo_003'].includes(args.task_id), `trial ${trial}: ${args.task_id}`);
      }
      assert.equal((calls[2]?.args as { status: string }).status, 'completed');
    }
  });

  it('with skip=0 and swap=0 plays exactly the reference turns, ask turns included', async () => {
    const asking = make({
      reference: [
        { call: 'todo_list_tasks', args: {} },
        { ask: 'Which task should I complete?' },
        { call: 'todo_update_task', args: { task_id: 'todo_001', status: 'completed' } },
        { say: 'Completed todo_001.' },
      ],
      checks: [
        { id: 'asked', kind: 'asked_user', weight: 0.5 },
        {
          id: 'done',
          kind: 'state_equals',
          service: 'todo',
          collection: 'tasks',
          record_id: 'todo_001',
          field: 'status',
          value: 'completed',
          weight: 0.5,
        },
      ],
    });
    const user = (): UserSimulator => ({
      name: 'fake',
      config: {},
      respond: async (v) =>
        v.history.at(-1)?.type === 'assistant' && /\?/.test((v.history.at(-1) as AssistantEvent).text ?? '')
          ? { text: 'todo_001', done: false }
          : { done: true },
    });
    const ref = await runEpisode({ spec: asking, agent: referenceAgent(asking), user: user() });
    const noisyRun = await runEpisode({ spec: asking, agent: noisyAgent(asking, { skip: 0, swap: 0 }), user: user() });
    assert.equal(ref.grade?.score, 1);
    assert.deepEqual(
      assistants(noisyRun).map((e) => [e.text ?? null, e.tool_calls.length]),
      assistants(ref).map((e) => [e.text ?? null, e.tool_calls.length]),
    );
    assert.equal(noisyRun.grade?.score, 1);
  });
});

describe('runEpisode endings', () => {
  it('ends with max_turns when the agent never stops', async () => {
    const looping = agentOf('loop', async () => ({ tool_calls: [{ name: 'todo_list_tasks', args: {} }] }));
    const t = await runEpisode({ spec: make({ limits: { max_turns: 3 } }), agent: looping });
    assert.deepEqual(endOf(t), { type: 'episode_end', reason: 'max_turns', turns: 3 });
    assert.equal(t.audit.calls.length, 3);
    assert.equal(Trajectory.safeParse(t).success, true);
  });

  it('ends with timeout when the agent never answers', async () => {
    const stuck = agentOf('stuck', () => new Promise(() => {}));
    const t = await runEpisode({ spec: make({ limits: { timeout_s: 1 } }), agent: stuck });
    assert.deepEqual(endOf(t), { type: 'episode_end', reason: 'timeout', turns: 0 });
    assert.equal(t.grade?.completion, 0);
  });

  it('a long shell command stops by the episode deadline instead of running past it', async () => {
    // one long command, then silence until the clock runs out: the command must end by the deadline, not by failing
    let asked = false;
    const sleeper = agentOf('sleeper', async () => {
      if (asked) return new Promise<never>(() => {});
      asked = true;
      return { tool_calls: [{ name: 'shell', args: { command: 'sleep 20', timeout_seconds: 60 } }] };
    });
    const ws = makeSpec({
      services: ['workspace'],
      fixtures: { workspace: { files: { 'a.txt': 'x' } } },
      limits: { timeout_s: 1 },
    });
    const started = Date.now();
    const t = await runEpisode({ spec: ws, agent: sleeper });
    assert.ok(Date.now() - started < 6_000, `took ${Date.now() - started} ms`);
    assert.equal((endOf(t) as { reason?: string } | undefined)?.reason, 'timeout');
    const err = tools(t)[0]?.error;
    assert.equal(err?.code, 'command_failed');
    assert.equal((err as { limit?: string } | undefined)?.limit, 'timeout', err?.message);
  });

  it('ends with agent_error when the agent throws, keeping its message', async () => {
    let n = 0;
    const failing = agentOf('failing', async () => {
      if (n++ === 1) throw new Error('model returned garbage');
      return { tool_calls: [{ name: 'todo_list_tasks', args: {} }] };
    });
    const t = await runEpisode({ spec, agent: failing });
    assert.deepEqual(endOf(t), {
      type: 'episode_end',
      reason: 'agent_error',
      turns: 1,
      error: 'model returned garbage',
    });
    assert.equal(t.audit.calls.length, 1);
  });

  it('ends with infra_error on an InfraError', async () => {
    const down = agentOf('down', async () => {
      throw new InfraError('endpoint unreachable after 3 retries');
    });
    const t = await runEpisode({ spec, agent: down });
    assert.deepEqual(endOf(t), {
      type: 'episode_end',
      reason: 'infra_error',
      turns: 0,
      error: 'endpoint unreachable after 3 retries',
    });
  });

  it('generates missing tool-call ids and keeps given ones', async () => {
    const agent = scriptedAgent(
      'ids',
      [
        {
          tool_calls: [
            { name: 'todo_list_tasks', args: {} },
            { id: 'mine', name: 'todo_get_task', args: { task_id: 'todo_001' } },
          ],
        },
        {
          tool_calls: [
            { name: 'todo_get_task', args: { task_id: 'todo_002' } },
            { name: 'nope', args: {} },
          ],
        },
      ],
      { retries: 0 },
    );
    const t = await runEpisode({ spec, agent });
    assert.deepEqual(
      assistants(t).flatMap((e) => e.tool_calls.map((c) => c.id)),
      ['call_1_1', 'mine', 'call_2_1', 'call_2_2'],
    );
    assert.deepEqual(
      tools(t).map((e) => e.call_id),
      ['call_1_1', 'mine', 'call_2_1', 'call_2_2'],
    );
    assert.equal(tools(t)[3]?.error?.code, 'unknown_tool');
  });
});

describe('trajectory records', () => {
  it('validate against Trajectory and survive a JSONL round trip', async () => {
    const faulty = make({ errors: { rate: 0.5 } });
    const seed = seedWhere(faulty, 2, (f) => f[0] === 'rate_limited');
    const trajectories = [
      await runEpisode({ spec: faulty, agent: referenceAgent(faulty), seed, trial: 2 }),
      await runEpisode({ spec: faulty, agent: noisyAgent(faulty, { seed: 1, skip: 0.3, swap: 0.5 }), seed: 1 }),
      await runEpisode({ spec, agent: agentOf('bad', async () => Promise.reject(new Error('x'))) }),
    ];
    assert.equal(tools(trajectories[0] as Trajectory)[0]?.error?.retry_after_seconds, 2);
    for (const t of trajectories) {
      const parsed = Trajectory.safeParse(t);
      assert.equal(parsed.success, true, parsed.error?.message);
      const { rows, problems } = parseJsonl(jsonlLine(t), Trajectory);
      assert.deepEqual(problems, []);
      assert.equal(rows.length, 1);
      assert.equal(canonicalJson(rows[0]), canonicalJson(t));
    }
  });
});

describe('user simulator seam', () => {
  it('answers once, then ends the episode as user_done', async () => {
    const views: UserView[] = [];
    let answered = false;
    const user: UserSimulator = {
      name: 'fake-user',
      config: { persona: 'terse' },
      async respond(view) {
        views.push({ ...view, history: [...view.history] });
        if (answered) return { done: true };
        answered = true;
        return { text: 'The report one.', done: false };
      },
    };
    const agent = scriptedAgent(
      'asker',
      [
        { text: 'Which task?', tool_calls: [] },
        { text: 'Completing todo_001.', tool_calls: [] },
      ],
      { retries: 0 },
    );
    const t = await runEpisode({ spec, agent, user });
    assert.deepEqual(
      t.events
        .slice(1)
        .map((e) =>
          e.type === 'user' ? `user/${e.source}: ${e.text}` : e.type === 'assistant' ? `assistant: ${e.text}` : e.type,
        ),
      [
        'user/request: Do the thing.',
        'assistant: Which task?',
        'user/sim: The report one.',
        'assistant: Completing todo_001.',
        'episode_end',
      ],
    );
    assert.deepEqual(endOf(t), { type: 'episode_end', reason: 'user_done', turns: 2 });
    assert.deepEqual(t.events[0]?.type === 'episode_start' && t.events[0].user, {
      name: 'fake-user',
      persona: 'terse',
    });
    assert.deepEqual(
      views.map((v) => v.turn),
      [1, 2],
    );
    assert.equal(views[0]?.history.at(-1)?.type, 'assistant');
  });

  it('a failing user simulator is infra_error, not user_done', async () => {
    const user: UserSimulator = {
      name: 'broken',
      config: {},
      respond: async () => Promise.reject(new Error('sim crashed')),
    };
    const t = await runEpisode({
      spec,
      agent: scriptedAgent('a', [{ text: 'Which?', tool_calls: [] }], { retries: 0 }),
      user,
    });
    assert.deepEqual(endOf(t), {
      type: 'episode_end',
      reason: 'infra_error',
      turns: 1,
      error: 'user simulator: sim crashed',
    });
  });
});
