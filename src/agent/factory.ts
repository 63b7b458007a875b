import { llmAgent } from './llm-agent.js';
import type { Agent, UserSimulator } from '../env/turns.js';
import type { Episode } from '../env/episode.js';
import type { ChatModel, ChatParams } from '../llm/types.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { llmUser } from '../user/llm-user.js';
import { scriptedUser } from '../user/scripted.js';
import { makeAgent, POLICIES, type PolicyOptions } from './policies.js';

/** An agent factory from a policy name or a chat model. */
export function agentFactory(
  agent: string | ChatModel,
  opts: { skip?: number; swap?: number; params?: ChatParams; vision?: boolean } = {},
): (spec: TaskSpec, o: PolicyOptions) => Agent {
  if (typeof agent !== 'string')
    return () =>
      llmAgent(agent, {
        ...(opts.params ? { params: opts.params } : {}),
        ...(opts.vision === false ? { vision: false } : {}),
      });
  const name = agent;
  return (spec, o) =>
    makeAgent(name, spec, {
      ...o,
      ...(opts.skip !== undefined ? { skip: opts.skip } : {}),
      ...(opts.swap !== undefined ? { swap: opts.swap } : {}),
    });
}

export const isPolicy = (name: string) => name in POLICIES;

/** The user simulator for dialogue specs: scripted (default), none, or an LLM role-player. */
export function userFactory(
  user: 'scripted' | 'none' | ChatModel,
): (spec: TaskSpec, episode: Episode) => UserSimulator | undefined {
  return (spec, episode) => {
    if (!spec.user || user === 'none') return undefined;
    return user === 'scripted' ? scriptedUser(spec, episode) : llmUser(spec, episode, user);
  };
}
