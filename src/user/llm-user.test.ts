import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { historyMessages } from '../agent/llm-agent.js';
import { runEpisode } from '../agent/rollout.js';
import { scriptedAgent } from '../agent/reference.js';
import { createEpisode } from '../env/episode.js';
import { createChatModel } from '../llm/client.js';
import { type FakeServer, startFakeServer } from '../llm/testing/fake-server.js';
import { makeSpec } from '../schema/testing.js';
import { END_MARK, llmUser, OPENING, replySystemPrompt, SILENT_TURN, userSystemPrompt, userView } from './llm-user.js';

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
const model = () =>
  createChatModel(`openai-compatible:${server.openaiBaseURL}#user-sim`, { retry: { retries: 0, baseMs: 1 } });

describe('LLM user simulator', () => {
  it('role-plays from private state in its own context; the agent sees only its public replies', async () => {
    server.enqueue(
      { text: 'The budget review, please — move it to Thursday at 14:00.' },
      { text: `Perfect, thanks. ${END_MARK}` },
    );
    const episode = createEpisode(spec);
    const user = llmUser(spec, episode, model());
    const agent = scriptedAgent(
      'asker',
      [
        { text: 'Which meeting should I move, and to when?', tool_calls: [] },
        { text: 'Done: the budget review is on Thursday at 14:00.', tool_calls: [] },
      ],
      { retries: 0 },
    );
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
    // from the user's side the assistant's words are the "user" role, its own words (the request first)
    // "assistant"; a stage note opens the conversation so that it starts with "user"
    const plan = spec.user as NonNullable<typeof spec.user>;
    assert.deepEqual(server.requests[0]?.body.messages, [
      { role: 'system', content: replySystemPrompt(plan, ['It is the budget review.']) },
      { role: 'user', content: OPENING },
      { role: 'assistant', content: 'Please move my meeting.' },
      { role: 'user', content: 'Which meeting should I move, and to when?' },
    ]);
    assert.deepEqual(server.requests[1]?.body.messages, [
      { role: 'system', content: userSystemPrompt(plan) },
      { role: 'user', content: OPENING },
      { role: 'assistant', content: 'Please move my meeting.' },
      { role: 'user', content: 'Which meeting should I move, and to when?' },
      { role: 'assistant', content: 'The budget review, please — move it to Thursday at 14:00.' },
      { role: 'user', content: 'Done: the budget review is on Thursday at 14:00.' },
    ]);
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
    // the instruction joins the one system message at the start; the conversation still ends with the assistant's words
    const messages = server.requests.at(-1)?.body.messages as { role: string; content: string }[];
    assert.deepEqual(
      messages.map((m) => m.role),
      ['system', 'user', 'assistant', 'user'],
    );
    assert.match(
      messages[0]?.content ?? '',
      /In your next reply, also tell the assistant \(in your own words\): It is the budget review\.$/,
    );
    assert.equal(messages.at(-1)?.content, 'Which meeting do you mean?');
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
    await assert.rejects(
      user.respond({ history: [{ type: 'assistant', text: 'Done.', tool_calls: [] }], turn: 1 }),
      /empty reply/,
    );
  });

  it('Anthropic: the private context is the system parameter; the messages start with the user and alternate', async () => {
    server.enqueue({ text: 'The budget review.' }, { text: `Thanks. ${END_MARK}` });
    const claude = createChatModel('anthropic:claude-test', {
      env: { ANTHROPIC_API_KEY: 'ak-test', ANTHROPIC_BASE_URL: server.url },
      retry: { retries: 0, baseMs: 1 },
    });
    const from = server.requests.length;
    const episode = createEpisode(spec);
    const agent = scriptedAgent(
      'asker',
      [
        { text: 'Which meeting should I move, and to when?', tool_calls: [] },
        { text: 'Moved it.', tool_calls: [] },
      ],
      { retries: 0 },
    );
    const t = await runEpisode({ spec, agent, user: llmUser(spec, episode, claude), episode, noGrade: true });
    const end = t.events.at(-1);
    assert.equal(end?.type === 'episode_end' && end.reason, 'user_done');
    const plan = spec.user as NonNullable<typeof spec.user>;
    const text = (s: string) => [{ type: 'text', text: s }];
    const [first, second] = server.requests.slice(from).map((r) => r.body);
    assert.equal(first?.system, replySystemPrompt(plan, ['It is the budget review.']));
    assert.deepEqual(first?.messages, [
      { role: 'user', content: text(OPENING) },
      { role: 'assistant', content: text('Please move my meeting.') },
      { role: 'user', content: text('Which meeting should I move, and to when?') },
    ]);
    assert.equal(second?.system, userSystemPrompt(plan));
    assert.deepEqual(second?.messages, [
      { role: 'user', content: text(OPENING) },
      { role: 'assistant', content: text('Please move my meeting.') },
      { role: 'user', content: text('Which meeting should I move, and to when?') },
      { role: 'assistant', content: text('The budget review.') },
      { role: 'user', content: text('Moved it.') },
    ]);
  });

  it('the user-side view merges consecutive turns of one side and fills a missing opening or closing turn', () => {
    const history = [
      { type: 'user' as const, text: 'Please move my meeting.', source: 'request' as const },
      {
        type: 'assistant' as const,
        text: 'Let me look.',
        tool_calls: [{ id: 'c1', name: 'todo_list_tasks', args: {} }],
      },
      {
        type: 'tool' as const,
        call_id: 'c1',
        name: 'todo_list_tasks',
        args: {},
        ok: true,
        content: '{}',
        latency_us: 0,
      },
      { type: 'patch' as const, by: 'user' as const, service: 'workspace', op: 'patch_file' as const },
      { type: 'assistant' as const, text: 'Which meeting?', tool_calls: [] },
      { type: 'user' as const, text: 'The budget review.', source: 'sim' as const },
      { type: 'assistant' as const, tool_calls: [] },
    ];
    assert.deepEqual(userView(history), [
      { role: 'user', content: OPENING },
      { role: 'assistant', content: 'Please move my meeting.' },
      { role: 'user', content: 'Let me look.\n\nWhich meeting?' },
      { role: 'assistant', content: 'The budget review.' },
      { role: 'user', content: SILENT_TURN },
    ]);
    // no request in the history: the assistant's words open the conversation, no stage note needed
    assert.deepEqual(userView([{ type: 'assistant', text: 'Done.', tool_calls: [] }]), [
      { role: 'user', content: 'Done.' },
    ]);
    assert.deepEqual(userView([]), [{ role: 'user', content: OPENING }]);
    // two user lines in a row (a signal line after the request) become one turn
    assert.deepEqual(
      userView([
        { type: 'user', text: 'Hi.', source: 'request' },
        { type: 'user', text: 'Also, the file changed.', source: 'sim' },
        { type: 'assistant', text: 'Noted.', tool_calls: [] },
      ]),
      [
        { role: 'user', content: OPENING },
        { role: 'assistant', content: 'Hi.\n\nAlso, the file changed.' },
        { role: 'user', content: 'Noted.' },
      ],
    );
  });

  it('the persona prompt names every private field and the end sentinel', () => {
    const text = userSystemPrompt(spec.user as NonNullable<typeof spec.user>);
    for (const part of ['busy finance lead', GOAL, ...KNOWLEDGE, 'room numbers', END_MARK])
      assert.ok(text.includes(part), part);
  });
});

describe('LLM agent history', () => {
  it("cuts long observations with a marker and skips the user's patch events", () => {
    const msgs = historyMessages(
      [
        { type: 'user', text: 'hi', source: 'request' },
        { type: 'assistant', tool_calls: [{ id: 'c1', name: 'todo_list_tasks', args: {} }] },
        {
          type: 'tool',
          call_id: 'c1',
          name: 'todo_list_tasks',
          args: {},
          ok: true,
          content: 'x'.repeat(30),
          latency_us: 0,
        },
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
