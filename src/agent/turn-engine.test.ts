import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEpisode } from '../env/episode.js';
import { CoworkError } from '../schema/errors.js';
import type { TaskSpecInput } from '../schema/task-spec.js';
import { makeSpec } from '../schema/testing.js';
import type { TrajectoryEvent } from '../schema/trajectory.js';
import { TrajectoryRecorder } from './recorder.js';
import { DeadlineError, type EndingRule, TurnEngine } from './turn-engine.js';
import type { UserSimulator, UserView } from '../env/turns.js';

const fixtures = { todo: { tasks: [{ task_id: 'todo_001', title: 'Write report', status: 'pending' }] } };
const checks: TaskSpecInput['checks'] = [{ id: 'listed', kind: 'tool_called', tool: 'todo_list_tasks', weight: 1 }];
const specOf = (maxTurns = 30) =>
  makeSpec({
    services: ['todo'],
    fixtures,
    checks,
    reference: [{ call: 'todo_list_tasks', args: {} }, { say: 'Done.' }],
    limits: { max_turns: maxTurns },
  });

function engineOf(opts: { user?: UserSimulator; ending?: EndingRule; maxTurns?: number } = {}): TurnEngine {
  const spec = specOf(opts.maxTurns);
  const episode = createEpisode(spec, { seed: 0, trial: 0 });
  const recorder = new TrajectoryRecorder({
    spec,
    episode,
    seed: 0,
    trial: 0,
    agent: { name: 'test', config: {} },
    user: opts.user,
  });
  return new TurnEngine({ spec, episode, recorder, user: opts.user, ...(opts.ending ? { ending: opts.ending } : {}) });
}

// a user that answers from a script and logs what it was shown
function userOf(
  replies: ({ text?: string; done: boolean } | Error)[],
  observe?: (view: UserView) => Promise<TrajectoryEvent[]>,
): UserSimulator & { seen: string[] } {
  const seen: string[] = [];
  return {
    name: 'fake-user',
    config: {},
    seen,
    async respond(view) {
      seen.push(`respond@${view.turn}:${view.history.at(-1)?.type}`);
      const r = replies.shift();
      if (!r) throw new Error('no scripted reply left');
      if (r instanceof Error) throw r;
      return r;
    },
    ...(observe ? { observe } : {}),
  };
}

const kinds = (e: TurnEngine) =>
  e.recorder.events.slice(2).map((ev) => (ev.type === 'user' ? `user/${ev.source}` : ev.type));
const list = { tool_calls: [{ name: 'todo_list_tasks', args: {} }] };

describe('turn engine: tool turns', () => {
  it('runs every call of a turn in order, then lets the user observe the result', async () => {
    const views: string[] = [];
    const user = userOf([], async (view) => {
      views.push(view.history.map((e) => e.type).join(','));
      return [{ type: 'user', text: 'I renamed a file meanwhile.', source: 'sim' }];
    });
    const e = engineOf({ user });
    const r = await e.turn({
      tool_calls: [
        { name: 'todo_list_tasks', args: {} },
        { name: 'todo_get_task', args: { task_id: 'todo_001' } },
      ],
    });
    assert.equal(r.refused, false);
    assert.deepEqual(
      r.tools.map((t) => [t.call_id, t.name, t.ok]),
      [
        ['call_1_1', 'todo_list_tasks', true],
        ['call_1_2', 'todo_get_task', true],
      ],
    );
    assert.equal(r.from, 3, 'observations start right after the assistant event');
    // observe() saw both tool results, and its events follow them
    assert.deepEqual(views, ['episode_start,user,assistant,tool,tool']);
    assert.deepEqual(kinds(e), ['assistant', 'tool', 'tool', 'user/sim']);
    assert.equal(e.reason, undefined);
    assert.equal(user.seen.length, 0, 'a tool turn never asks the user to respond');
  });

  it('a failing observe() ends the episode as infra_error after the tool result is recorded', async () => {
    const e = engineOf({
      user: userOf([], async () => {
        throw new Error('sim crashed');
      }),
    });
    const r = await e.turn(list);
    assert.equal(r.tools.length, 1);
    assert.equal(e.reason, 'infra_error');
    assert.equal(e.error, 'user simulator: sim crashed');
    const t = await e.finish('agent_done');
    assert.deepEqual(t.events.at(-1), {
      type: 'episode_end',
      reason: 'infra_error',
      turns: 1,
      error: 'user simulator: sim crashed',
    });
  });
});

describe('turn engine: message turns', () => {
  it('silence rule: a message without a user ends the episode as agent_done', async () => {
    const e = engineOf();
    const r = await e.turn({ text: 'All done.', tool_calls: [] });
    assert.equal(r.reply, undefined);
    assert.equal(e.reason, 'agent_done');
    await assert.rejects(e.turn(list), (err: unknown) => err instanceof CoworkError && err.code === 'internal');
  });

  it('silence rule: the user answers; done ends the episode as user_done', async () => {
    const user = userOf([
      { text: 'The report one.', done: false },
      { text: 'Thanks.', done: true },
    ]);
    const e = engineOf({ user });
    assert.equal((await e.turn({ text: 'Which task?', tool_calls: [] })).reply?.text, 'The report one.');
    assert.equal(e.reason, undefined);
    await e.turn({ text: 'Done.', tool_calls: [] });
    assert.equal(e.reason, 'user_done');
    assert.deepEqual(e.conversation, { over: true, reason: 'user_done' });
    assert.deepEqual(user.seen, ['respond@1:assistant', 'respond@2:assistant']);
    assert.deepEqual(kinds(e), ['assistant', 'user/sim', 'assistant', 'user/sim']);
  });

  it('a failing user simulator is infra_error, never user_done', async () => {
    const e = engineOf({ user: userOf([new Error('model endpoint down')]) });
    const r = await e.turn({ text: 'Which task?', tool_calls: [] });
    assert.equal(r.reply, undefined);
    assert.equal(e.reason, 'infra_error');
    assert.equal(e.error, 'user simulator: model endpoint down');
  });

  it('a user wait cut short by the wall clock ends as timeout, with no error text', async () => {
    const e = engineOf({ user: userOf([{ text: 'never seen', done: false }]) });
    await e.turn(
      { text: 'Which task?', tool_calls: [] },
      { race: <T>(_p: Promise<T>) => Promise.reject<T>(new DeadlineError()) },
    );
    assert.equal(e.reason, 'timeout');
    assert.equal(e.error, undefined);
  });

  it('finish: a final answer ends the episode as agent_done without asking the user', async () => {
    const user = userOf([{ text: 'unused', done: false }]);
    const e = engineOf({ user, ending: 'finish' });
    await e.turn({ text: 'Here is the report.', tool_calls: [] }, { finish: true });
    assert.equal(e.reason, 'agent_done');
    assert.equal(user.seen.length, 0);
  });

  it('finish rule: messages without a listening user get no answer and do not end the episode', async () => {
    const none = engineOf({ ending: 'finish' });
    await none.turn({ text: 'Anyone there?', tool_calls: [] });
    assert.equal(none.reason, undefined);
    assert.deepEqual(none.conversation, { over: true, reason: 'no_user' });

    const user = userOf([{ text: 'Bye.', done: true }]);
    const e = engineOf({ user, ending: 'finish' });
    await e.turn({ text: 'Done?', tool_calls: [] });
    assert.equal(e.reason, undefined, "the user's done closes the conversation only");
    assert.deepEqual(e.conversation, { over: true, reason: 'user_done' });
    assert.equal((await e.turn({ text: 'One more thing.', tool_calls: [] })).reply, undefined);
    assert.equal(user.seen.length, 1, 'a closed conversation is not answered');

    const closed = engineOf({ user: userOf([]), ending: 'finish' });
    closed.closeConversation();
    assert.deepEqual(closed.conversation, { over: true, reason: 'agent_ended' });
  });
});

describe('turn engine: the wall clock', () => {
  it('a turn after the deadline ends the episode as timeout even before the timer has run', async () => {
    const e = engineOf({ maxTurns: 30 });
    let fired = false;
    e.arm(1, () => (fired = true));
    const until = Date.now() + 5;
    while (Date.now() < until); // the event loop is busy: the timer cannot run
    const before = e.recorder.events.length;
    const r = await e.turn(list);
    assert.equal(fired, false);
    assert.equal(r.refused, true);
    assert.equal(e.reason, 'timeout');
    assert.equal(e.recorder.events.length, before, 'nothing recorded');
  });
});

describe('turn engine: max_turns', () => {
  it('silence rule: the turn that reaches max_turns ends the episode after its tools and observe()', async () => {
    let observed = 0;
    const e = engineOf({
      maxTurns: 2,
      user: userOf([], async () => {
        observed++;
        return [];
      }),
    });
    await e.turn(list);
    assert.equal(e.reason, undefined);
    await e.turn(list);
    assert.equal(e.reason, 'max_turns');
    assert.equal(observed, 2);
    assert.equal((await e.finish('agent_done')).events.at(-1)?.type, 'episode_end');
  });

  it('silence rule: an ending the last turn found itself (user_done) is kept', async () => {
    const e = engineOf({ maxTurns: 1, user: userOf([{ done: true }]) });
    await e.turn({ text: 'Done.', tool_calls: [] });
    assert.equal(e.reason, 'user_done');
  });

  it('finish rule: a turn beyond max_turns is refused, records nothing and ends the episode', async () => {
    const e = engineOf({ maxTurns: 1, ending: 'finish' });
    await e.turn(list);
    assert.equal(e.reason, undefined, 'reaching the limit does not end an MCP episode');
    const before = e.recorder.events.length;
    const r = await e.turn({ text: 'final', tool_calls: [] }, { finish: true });
    assert.equal(r.refused, true);
    assert.equal(e.recorder.events.length, before);
    assert.equal(e.reason, 'max_turns');
    assert.equal(e.turns, 1);
  });
});

describe('turn engine: end and finish', () => {
  it('the first end wins; finish records episode_end once, grades unless told not to, and returns the same trajectory', async () => {
    const e = engineOf();
    await e.turn(list);
    e.end('agent_error', 'bad JSON from the model');
    e.end('timeout');
    const t1 = e.finish('abandoned');
    const t2 = e.finish('user_done', { noGrade: true });
    assert.equal(t1, t2);
    const t = await t1;
    assert.equal(t.events.filter((ev) => ev.type === 'episode_end').length, 1);
    assert.deepEqual(t.events.at(-1), {
      type: 'episode_end',
      reason: 'agent_error',
      turns: 1,
      error: 'bad JSON from the model',
    });
    assert.equal(t.grade?.checks[0]?.id, 'listed');

    const ungraded = engineOf();
    assert.equal((await ungraded.finish('abandoned', { noGrade: true })).grade, undefined);
    assert.equal(ungraded.finished, true);
  });

  it('arm() sets the episode deadline and fires once unless finish() came first', async () => {
    const e = engineOf();
    let fired = 0;
    // long enough that a loaded machine cannot spend it between arm() and the next line
    const expired = new Promise<void>((resolve) =>
      e.arm(100, () => {
        fired++;
        resolve();
      }),
    );
    assert.equal(e.armed, true);
    assert.equal(e.expired, false);
    await expired;
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(fired, 1);
    assert.equal(e.expired, true);

    const f = engineOf();
    let late = 0;
    f.arm(100, () => late++, true);
    await f.finish('agent_done', { noGrade: true });
    await new Promise((r) => setTimeout(r, 150));
    assert.equal(late, 0, 'finish stops the wall clock');
  });
});
