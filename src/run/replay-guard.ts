import { LlmError } from '../llm/errors.js';
import type { ChatModel } from '../llm/types.js';
import { CoworkError } from '../schema/errors.js';

/**
 * Notices --replay cache misses. The agent turns a failed call into infra_error, the judge into
 * judge_error and the LLM user into a failed simulator — each would be recorded as data; a miss means the
 * rerun is not the recorded one, so the run must stop instead (`runTasks({fatal: guard.miss})`).
 */
export interface ReplayGuard {
  /** the same model; its cache misses are remembered (and still thrown) */
  watch(model: ChatModel): ChatModel;
  /** the first miss as the run's error, or undefined */
  miss(): CoworkError | undefined;
}

export function replayGuard(): ReplayGuard {
  let first: LlmError | undefined;
  return {
    watch: (model) => ({
      id: model.id,
      provider: model.provider,
      model: model.model,
      async chat(...args) {
        try {
          return await model.chat(...args);
        } catch (e) {
          if (e instanceof LlmError && e.kind === 'cache_miss') first ??= e;
          throw e;
        }
      },
    }),
    miss: () =>
      first
        ? new CoworkError('config', `${first.message}; the run stopped and the episode that missed was not recorded`)
        : undefined,
  };
}
