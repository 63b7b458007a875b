import { CoworkError } from '../schema/errors.js';

/** One prompt position of a vLLM completion's `prompt_logprobs` (null at position 0). */
export type PositionLogprobs = null | {
  /** the teacher's logprob of the prompt token at this position */
  logprob: number;
  /** its text as the teacher's tokenizer decodes it */
  decoded: string;
  /** the k most probable tokens, most probable first, and their logprobs */
  top_ids: number[];
  top_logprobs: number[];
};

export interface ChoiceLogprobs {
  entries: PositionLogprobs[];
  /** `prompt_token_ids` of the choice (vLLM `return_token_ids`), when present */
  echoed: number[] | null;
}

type Logprob = { logprob?: unknown; rank?: unknown; decoded_token?: unknown };

/**
 * The prompt logprobs of a vLLM /v1/completions answer to a batch of token-id prompts: `choices[i]` (by its
 * `index`) answers `prompts[i]`; its `prompt_logprobs` is a list aligned with the prompt tokens, the first entry
 * null, each other a dict token_id → {logprob, rank, decoded_token} holding the prompt token (with its
 * full-vocabulary rank) and the top-k (ranks 1..k). The top-k are ordered by rank, so key order does not
 * matter. Throws CoworkError bad_input, naming the choice and position, when the payload is not of this shape.
 */
export function parseCompletionLogprobs(
  text: string,
  prompts: readonly (readonly number[])[],
  k: number,
  where: string,
): ChoiceLogprobs[] {
  let res: { choices?: unknown };
  try {
    res = JSON.parse(text) as typeof res;
  } catch {
    throw new CoworkError('bad_input', `${where}: the response is not JSON`);
  }
  const choices = Array.isArray(res?.choices) ? (res.choices as Record<string, unknown>[]) : [];
  return prompts.map((ids, i) => {
    const c = choices.find((x) => x?.index === i) ?? (choices.length === prompts.length ? choices[i] : undefined);
    const bad = (why: string) => new CoworkError('bad_input', `${where}: choices[${i}] ${why}`);
    if (!c)
      throw bad(
        `is missing (${choices.length} choices for ${prompts.length} prompts; does the server accept a batch of token-id prompts? try --batch 1)`,
      );
    const list = c.prompt_logprobs;
    if (!Array.isArray(list))
      throw bad(
        'has no prompt_logprobs; distillation needs a vLLM server (vllm serve), which returns them for the prompt_logprobs request field',
      );
    if (list.length !== ids.length) throw bad(`has ${list.length} prompt_logprobs for ${ids.length} prompt tokens`);
    const entries = list.map((d, p): PositionLogprobs => {
      if (d === null) {
        if (p === 0) return null;
        throw bad(`prompt_logprobs[${p}] is null`);
      }
      if (typeof d !== 'object' || Array.isArray(d))
        throw bad(`prompt_logprobs[${p}] is not a token_id → logprob dict`);
      const dict = d as Record<string, Logprob>;
      const own = dict[String(ids[p])];
      if (!own || typeof own.logprob !== 'number')
        throw bad(`prompt_logprobs[${p}] has no entry for prompt token ${ids[p]}`);
      if (typeof own.decoded_token !== 'string')
        throw bad(`prompt_logprobs[${p}] has no decoded_token (is the server running with skip_tokenizer_init?)`);
      const top = Object.entries(dict)
        .filter(([, v]) => typeof v?.rank === 'number' && v.rank <= k)
        .sort((a, b) => (a[1].rank as number) - (b[1].rank as number));
      if (top.length !== k)
        throw bad(
          `prompt_logprobs[${p}] has ${top.length} of the top ${k} tokens; the server must return prompt_logprobs = ${k}`,
        );
      return {
        logprob: own.logprob,
        decoded: own.decoded_token,
        top_ids: top.map(([id]) => Number(id)),
        top_logprobs: top.map(([, v]) => v.logprob as number),
      };
    });
    return { entries, echoed: Array.isArray(c.prompt_token_ids) ? (c.prompt_token_ids as number[]) : null };
  });
}
