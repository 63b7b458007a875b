import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { historyMessages } from '../agent/llm-agent.js';
import { runEpisode } from '../agent/rollout.js';
import { scriptedAgent } from '../agent/reference.js';
import { createEpisode } from '../env/episode.js';
import { createChatModel } from '../llm/client.js';
import { type FakeServer, startFakeServer } from '../llm/testing/fake-server.js';
import { makeSpec } from '../spec/testing.js';
import { END_MARK, llmUser, userSystemPrompt } from './llm-user.js';

const GOAL = 'Move the budget review with Ana to Thursday 14:00 because of the offsite';
const KNOWLEDGE = ['The meeting to move is the budget review on Tuesday', 'The new time is Thursday at 14:00'];

const spec = makeSpec({
  id: 'llm_user_case',
  services: ['todo'],
  fixtures: { todo: { tasks: [{ task_id: 'todo_001', title: 'Budget review prep', status: 'pending' }] } },
  request: 'Please move my meeting.',
  checks: [{ id: 'asked', kind: 'asked_user', weight: 1 }],
  user: {
    persona: 'A busy finance lead who answers briefly.',
    goal: GOAL,
    knowledge: KNOWLEDGE,
    boundary: 'Does not know room numbers.',
    signals: [{ id: 'note', trigger: { asks_about: ['which meeting'] }, effect: { say: 'It is the budget review.' } }],
    max_rounds: 4,
  },
});

let server: FakeServer;
before(async () => {
  server = await startFakeServer();
});
after(() => server.close());
const model = () => createChatModel(`openai-compatible:${server.openaiBaseURL}#user-sim`, { retry: { retries: 0, baseMs: 1 } });

describe('LLM user simulator', () => {
  it('role-plays from private state in its own context; the agent sees only its public replies', async () => {
    server.enqueue({ text: 'The budget review, please — move it to Thursday at 14:00.' }, { text: `Perfect, thanks. ${END_MARK}` });
    const episode = createEpisode(spec);
    const user = llmUser(spec, episode, model());
    const agent = scriptedAgent('asker', [{ text: 'Which meeting should I move, and to when?', tool_calls: [] }, { text: 'Done: the budget review is on Thursday at 14:00.', tool_calls: [] }], { retries: 0 });
    const t = await runEpisode({ spec, agent, user, episode });
    const end = t.events.at(-1);
    assert.equal(end?.type === 'episode_end' && end.reason, 'user_done');
    const userTexts = t.events.flatMap((e) => (e.type === 'user' && e.source === 'sim' ? [e.text] : []));
    // the end sentinel is stripped, the text kept
    assert.deepEqual(userTexts, ['The budget review, please — move it to Thursday at 14:00.', 'Perfect, thanks.']);
    // private state lives only in the user model's system prompt, never in agent-visible events
    const system = (server.requests[0]?.body.messages as { role: string; content: string }[])[0];
    assert.equal(system?.role, 'system');
    assert.ok(system?.content.includes(GOAL) && system.content.includes(KNOWLEDGE[0] as string));
    const visible = JSON.stringify(t.events.filter((e) => e.type !== 'episode_start'));
    for (const secret of [GOAL, ...KNOWLEDGE]) assert.ok(!visible.includes(secret), secret);
    // from the user's side the assistant's words are the "user" role, its own earlier replies "assistant"
    const second = server.requests[1]?.body.messages as { role: string; content: string }[];
    assert.deepEqual(second.slice(1).map((m) => m.role), ['assistant', 'user', 'assistant', 'user']);
    assert.equal(second[1]?.content, 'Please move my meeting.');
  });

  it('is told to convey what the signal plan says when its trigger fires', async () => {
    server.enqueue({ text: 'The budget review.' });
    const episode = createEpisode(spec);
    const user = llmUser(spec, episode, model());
    const history = [
      { type: 'user' as const, text: 'Please move my meeting.', source: 'request' as const },
      { type: 'assistant' as const, text: 'Which meeting do you mean?', tool_calls: [] },
    ];
    const reply = await user.respond({ history, turn: 1 });
    assert.equal(reply.done, false);
    assert.deepEqual(user.fired(), ['note']);
    const messages = server.requests.at(-1)?.body.messages as { role: string; content: string }[];
    assert.match(messages.at(-1)?.content ?? '', /It is the budget review\./);
  });

  it('a failing user model is an error (the run records infra_error), never "the user was satisfied"', async () => {
    server.enqueue({ status: 500 });
    const episode = createEpisode(spec);
    const agent = scriptedAgent('asker', [{ text: 'Which meeting?', tool_calls: [] }], { retries: 0 });
    const t = await runEpisode({ spec, agent, user: llmUser(spec, episode, model()), episode });
    const end = t.events.at(-1);
    assert.equal(end?.type === 'episode_end' && end.reason, 'infra_error');
    assert.match(end?.type === 'episode_end' ? (end.error ?? '') : '', /^user simulator: /);
  });

  it('an empty reply without the end sentinel is an error', async () => {
    server.enqueue({ text: '   ' });
    const user = llmUser(spec, createEpisode(spec), model());
    await assert.rejects(user.respond({ history: [{ type: 'assistant', text: 'Done.', tool_calls: [] }], turn: 1 }), /empty reply/);
  });

  it('the persona prompt names every private field and the end sentinel', () => {
    const text = userSystemPrompt(spec.user as NonNullable<typeof spec.user>);
    for (const part of ['busy finance lead', GOAL, ...KNOWLEDGE, 'room numbers', END_MARK]) assert.ok(text.includes(part), part);
  });
});

describe('LLM agent history', () => {
  it('cuts long observations with a marker and skips the user\'s patch events', () => {
    const msgs = historyMessages(
      [
        { type: 'user', text: 'hi', source: 'request' },
        { type: 'assistant', tool_calls: [{ id: 'c1', name: 'todo_list_tasks', args: {} }] },
        { type: 'tool', call_id: 'c1', name: 'todo_list_tasks', args: {}, ok: true, content: 'x'.repeat(30), latency_us: 0 },
        { type: 'patch', by: 'user', service: 'workspace', op: 'patch_file' },
      ],
      10,
    );
    assert.deepEqual(msgs, [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', name: 'todo_list_tasks', arguments: {} }] },
      { role: 'tool', tool_call_id: 'c1', content: `${'x'.repeat(10)}\n...[truncated: 20 more characters]` },
    ]);
  });
});
