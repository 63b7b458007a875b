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
  let res: unknown;
  try {
    res = JSON.parse(text);
  } catch {
    throw new CoworkError('bad_input', `${where}: the response is not JSON`);
  }
  return completionLogprobsOf(res, prompts, k, where);
}

/** `parseCompletionLogprobs` of an answer already parsed (postJsonValue): the large body is parsed once. */
export function completionLogprobsOf(
  res: unknown,
  prompts: readonly (readonly number[])[],
  k: number,
  where: string,
): ChoiceLogprobs[] {
  const all = (res as { choices?: unknown } | null)?.choices;
  const choices = Array.isArray(all) ? (all as Record<string, unknown>[]) : [];
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
    const entries: PositionLogprobs[] = [];
    for (let p = 0; p < list.length; p++) entries.push(positionOf(list[p], p, ids, k, bad));
    return { entries, echoed: Array.isArray(c.prompt_token_ids) ? (c.prompt_token_ids as number[]) : null };
  });
}

const KEYS: string[] = [];
const RANKS: number[] = [];
const VALS: Logprob[] = [];

// one position's dict; a loop over its keys (no entries/filter/sort/map arrays: it runs for every prompt token)
function positionOf(
  d: unknown,
  p: number,
  ids: readonly number[],
  k: number,
  bad: (why: string) => CoworkError,
): PositionLogprobs {
  if (d === null) {
    if (p === 0) return null;
    throw bad(`prompt_logprobs[${p}] is null`);
  }
  if (typeof d !== 'object' || Array.isArray(d)) throw bad(`prompt_logprobs[${p}] is not a token_id → logprob dict`);
  const dict = d as Record<string, Logprob>;
  const own = dict[ids[p] as number]; // the same property as String(ids[p]), without the string
  if (!own || typeof own.logprob !== 'number')
    throw bad(`prompt_logprobs[${p}] has no entry for prompt token ${ids[p]}`);
  if (typeof own.decoded_token !== 'string')
    throw bad(`prompt_logprobs[${p}] has no decoded_token (is the server running with skip_tokenizer_init?)`);
  // the entries of rank ≤ k in key order, then a stable insertion sort by rank (Array#sort's order), in
  // scratch arrays reused across positions
  const all = Object.keys(dict);
  let n = 0;
  for (let a = 0; a < all.length; a++) {
    const key = all[a] as string;
    const v = dict[key];
    const rank = v?.rank;
    if (typeof rank !== 'number' || !(rank <= k)) continue;
    let j = n++;
    for (; j > 0 && (RANKS[j - 1] as number) - rank > 0; j--) {
      KEYS[j] = KEYS[j - 1] as string;
      RANKS[j] = RANKS[j - 1] as number;
      VALS[j] = VALS[j - 1] as Logprob;
    }
    KEYS[j] = key;
    RANKS[j] = rank;
    VALS[j] = v as Logprob;
  }
  if (n !== k)
    throw bad(`prompt_logprobs[${p}] has ${n} of the top ${k} tokens; the server must return prompt_logprobs = ${k}`);
  const top_ids: number[] = [];
  const top_logprobs: number[] = [];
  for (let j = 0; j < k; j++) {
    top_ids.push(Number(KEYS[j]));
    top_logprobs.push((VALS[j] as Logprob).logprob as number);
  }
  return { logprob: own.logprob, decoded: own.decoded_token, top_ids, top_logprobs };
}
