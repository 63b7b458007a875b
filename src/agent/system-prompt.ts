import { getService, resolveTool } from '../services/registry.js';
import type { AgentView } from '../env/turns.js';

/** The standard system prompt: an assistant working in these services, on the task's mock date. */
export function systemPrompt(view: AgentView): string {
  const services = [
    ...new Set(view.tools.map((t) => resolveTool(t.name)?.service.name).filter((s): s is string => !!s)),
  ].map((s) => `- ${s}: ${getService(s)?.description ?? ''}`);
  return [
    'You are an AI coworker working in the business applications listed below on behalf of the user.',
    `Today is ${view.mockToday.slice(0, 10)} (${view.mockToday}); treat this as the current date and time.`,
    'Use the tools to look things up and to act; never invent ids, addresses or figures that a tool can give you.',
    'Check the facts before acting, act only on records that meet the request, and do not take actions the user did not ask for or that look unsafe.',
    'If the request is missing information only the user has, ask the user. When you are done, reply with a short summary of what you did and found, without calling tools.',
    '',
    'Applications:',
    ...(services.length ? services : ['- (tools only)']),
  ].join('\n');
}
