import type { UserReply } from '../env/turns.js';
import type { Episode } from '../env/episode.js';
import type { ChatMessage, ChatModel, ChatParams } from '../llm/types.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { TrajectoryEvent } from '../schema/trajectory.js';
import type { UserPlan } from '../schema/user-plan.js';
import { type PlannedUser, requireUserPlan } from './scripted.js';
import { SignalEngine } from './signals.js';

export const END_MARK = '<<END>>';

/** The simulated user's private context; it lives only in the user model's conversation. */
export function userSystemPrompt(plan: UserPlan): string {
  return [
    'You are role-playing the USER of an AI assistant at work. You are not the assistant.',
    `Persona: ${plan.persona}`,
    `Your goal (private — never state it unless the assistant asks about it): ${plan.goal}`,
    plan.knowledge.length
      ? `What you know (reveal a fact only when the assistant asks about it):\n${plan.knowledge.map((k) => `- ${k}`).join('\n')}`
      : 'You know nothing beyond your request.',
    plan.boundary ? `Boundary: ${plan.boundary}` : '',
    "Rules: stay in persona; answer in 1–3 sentences; never invent facts you were not given — say you do not know instead; do not do the assistant's work.",
    'A message that is only a note in parentheses (like the first one) comes from the simulation, not from the assistant.',
    `When your goal is met, or you have nothing more to add, end your message with ${END_MARK}.`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** Stage notes that keep the user model's conversation well-formed; never shown to the agent. */
export const OPENING = '(The assistant is ready. Start the conversation.)';
export const SILENT_TURN = '(The assistant ended its turn without saying anything.)';

/**
 * The public conversation seen from the user's side: the assistant's words are what the user reads (role
 * `user`), the user's own words its replies (role `assistant`). Chat APIs and templates (Anthropic; Mistral
 * and Gemma in vLLM) require it to start with `user`, alternate strictly and, to ask for a reply, end with
 * `user`: consecutive turns of one side are merged and stage notes fill a missing opening or closing turn.
 */
export function userView(history: readonly TrajectoryEvent[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  const push = (role: 'user' | 'assistant', text: string) => {
    const last = out.at(-1);
    if (last?.role === role) last.content = `${last.content ?? ''}\n\n${text}`;
    else out.push({ role, content: text });
  };
  for (const e of history) {
    if (e.type === 'user') push('assistant', e.text);
    else if (e.type === 'assistant' && e.text) push('user', e.text);
  }
  if (out[0]?.role !== 'user') out.unshift({ role: 'user', content: OPENING });
  if (out.at(-1)?.role !== 'user') out.push({ role: 'user', content: SILENT_TURN });
  return out;
}

/** The system prompt of one reply: the private context plus what the signal plan makes the user say now. */
export function replySystemPrompt(plan: UserPlan, must: readonly string[]): string {
  const base = userSystemPrompt(plan);
  return must.length
    ? `${base}\nIn your next reply, also tell the assistant (in your own words): ${must.join(' / ')}`
    : base;
}

/**
 * Cowork-Gym's LLM user: role-plays π_U from its private state in a separate model context, while the
 * signal plan still changes the world (files, records) exactly as the scripted user would. It ends
 * explicitly with a sentinel that is stripped, never by dropping text; a failing model is an error
 * (the run records infra_error), never "the user was satisfied".
 */
export function llmUser(
  spec: TaskSpec,
  episode: Episode,
  model: ChatModel,
  opts: { params?: ChatParams } = {},
): PlannedUser {
  const planned = requireUserPlan(spec);
  const plan = planned.user;
  const engine = new SignalEngine(planned, episode);
  const params: ChatParams = { temperature: 0.7, max_tokens: 400, ...opts.params };
  let rounds = 0;
  return {
    name: 'llm',
    config: { name: 'llm', model: model.id, params, max_rounds: plan.max_rounds },
    fired: () => engine.fired(),
    observe: async (view) => engine.observe(view),
    async respond(view, signal): Promise<UserReply> {
      rounds++;
      const f = engine.speak(view);
      // exactly one system message, first (Anthropic: the system parameter); the turn's instruction lives there too
      const messages: ChatMessage[] = [
        { role: 'system', content: replySystemPrompt(plan, f.says) },
        ...userView(view.history),
      ];
      const res = await model.chat(messages, undefined, params, signal);
      const raw = res.text ?? '';
      const saysEnd = raw.includes(END_MARK);
      const text = raw.split(END_MARK).join('').trim();
      if (!text && !saysEnd) throw new Error('the user model returned an empty reply');
      const done = f.ended || saysEnd || rounds >= plan.max_rounds;
      return { done, events: f.events, ...(text ? { text } : {}) };
    },
  };
}
