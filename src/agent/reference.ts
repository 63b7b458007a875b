import type { TaskSpec } from '../schema/task-spec.js';
import type { Agent, AgentTurn, AgentView } from '../env/turns.js';

export interface ReferenceOptions {
  /** re-issue a call after an injected 429/500, up to this many times (0 = give up) */
  retries?: number;
}

const RETRYABLE = new Set(['rate_limited', 'server_error']);

/** A scripted turn; `ask` marks a question to the user, which must stay its own turn. */
export type ScriptTurn = AgentTurn & { ask?: true };

/** Turns reference steps into assistant turns: `say` text rides on the next call, `ask` and the final `say` are their own turns. */
export function referenceTurns(steps: TaskSpec['reference']): ScriptTurn[] {
  const turns: ScriptTurn[] = [];
  let text: string[] = [];
  const flush = () => {
    const t = text.join('\n');
    text = [];
    return t;
  };
  for (const step of steps) {
    if ('say' in step) text.push(step.say);
    else if ('ask' in step)
      turns.push({ text: [flush(), step.ask].filter(Boolean).join('\n'), tool_calls: [], ask: true });
    else {
      const t = flush();
      turns.push({ ...(t ? { text: t } : {}), tool_calls: [{ name: step.call, args: step.args }] });
    }
  }
  const last = flush();
  turns.push(last ? { text: last, tool_calls: [] } : { tool_calls: [] });
  return turns;
}

/** Retry helper shared by scripted policies: the previous call hit an injected fault worth retrying. */
export function lastCallRetryable(view: AgentView): boolean {
  const last = view.history.at(-1);
  return last?.type === 'tool' && !last.ok && RETRYABLE.has(last.error?.code ?? '');
}

/** Replays `spec.reference` (and retries injected faults). */
export function referenceAgent(spec: TaskSpec, opts: ReferenceOptions = {}): Agent {
  return scriptedAgent('reference', referenceTurns(spec.reference), { retries: opts.retries ?? 3 });
}

/** Plays a fixed list of turns, repeating a turn whose single call hit a retryable fault. */
export function scriptedAgent(
  name: string,
  turns: readonly AgentTurn[],
  config: { retries: number } & Record<string, unknown>,
): Agent {
  let i = 0;
  let retried = 0;
  return {
    name,
    config: { name, ...config },
    async next(view) {
      const prev = turns[i - 1];
      if (prev && prev.tool_calls.length > 0 && lastCallRetryable(view) && retried < config.retries) {
        retried++;
        return { tool_calls: prev.tool_calls.map((c) => ({ ...c })) };
      }
      retried = 0;
      const turn = turns[i++];
      if (!turn) return { tool_calls: [] };
      const { ask: _, ...rest } = turn as ScriptTurn;
      return { ...rest, tool_calls: turn.tool_calls.map((c) => ({ ...c })) };
    },
  };
}
