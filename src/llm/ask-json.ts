import { LlmError } from './errors.js';
import type { ChatModel, ChatParams } from './types.js';

export interface AskJsonOptions<T> {
  system: string;
  user: string;
  params: ChatParams;
  /** tries in all; only a malformed answer is retried */
  attempts: number;
  /** what a retry adds to the prompt after a malformed answer (its error at hand) */
  retryNote: (retry: number, last: LlmError) => string;
  /** turns the answer into a value, throwing LlmError('malformed') when it cannot */
  parse: (text: string | null) => T;
}

/**
 * Asks a model for a JSON answer and parses it, retrying malformed answers. Each retry is worded differently,
 * so a cached malformed answer is never replayed as the retry's answer. Throws the last error.
 */
export async function askJson<T>(model: ChatModel, o: AskJsonOptions<T>): Promise<T> {
  let last: unknown;
  for (let i = 0; i < o.attempts; i++) {
    try {
      const content = i === 0 ? o.user : `${o.user}\n\n${o.retryNote(i, last as LlmError)}`;
      const res = await model.chat(
        [
          { role: 'system', content: o.system },
          { role: 'user', content },
        ],
        undefined,
        o.params,
      );
      return o.parse(res.text);
    } catch (e) {
      last = e;
      if (!(e instanceof LlmError) || e.kind !== 'malformed') break;
    }
  }
  throw last;
}
