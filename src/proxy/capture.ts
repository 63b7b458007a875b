// Pure extraction of token ids and logprobs from an OpenAI-compatible chat completion (reference/formats.md §7).
//   vLLM   (`logprobs: true, return_token_ids: true`): top-level `prompt_token_ids`, `choices[i].token_ids`,
//          `choices[i].logprobs.content[] = {token, logprob, …}` (one entry per sampled token).
//   SGLang (`logprobs: true, return_prompt_token_ids: true, return_meta_info: true`): `choices[i].prompt_token_ids`,
//          `choices[i].meta_info.output_token_logprobs = [[logprob, token_id, token?], …]` (preferred over
//          `logprobs.content`, which some versions truncate).
// Anything missing or inconsistent yields an `untokenised` capture with a reason, never an exception.

/** The token-level record of one sampled completion. */
export interface TokenCapture {
  ok: true;
  source: 'vllm' | 'sglang';
  prompt_ids: number[];
  response_ids: number[];
  /** one per response id */
  logprobs: number[];
  finish_reason: string | null;
}

/** A call whose tokens could not be recovered (upstream error, fields missing, lengths disagreeing). */
export interface Untokenised {
  ok: false;
  reason: string;
  finish_reason: string | null;
}

export type Capture = TokenCapture | Untokenised;

/** The request fields asking an engine for the token ids and logprobs this module reads. */
export const CAPTURE_FIELDS = {
  vllm: { logprobs: true, top_logprobs: 0, return_token_ids: true },
  sglang: {
    logprobs: true,
    top_logprobs: 0,
    return_token_ids: true,
    return_prompt_token_ids: true,
    return_meta_info: true,
  },
} as const satisfies Record<string, Record<string, unknown>>;

export type Engine = keyof typeof CAPTURE_FIELDS;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTokenId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isLogprob = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** One capture per choice of a chat completion body (one `untokenised` capture when the body has no choices). */
export function captureCompletion(body: unknown): Capture[] {
  if (!isObject(body)) return [untokenised('the response body is not a JSON object')];
  const choices = body.choices;
  if (!Array.isArray(choices) || choices.length === 0) return [untokenised('the response has no choices')];
  return choices.map((_, i) => captureChoice(body, i));
}

/** The capture of `choices[index]` of a chat completion body. */
export function captureChoice(body: unknown, index = 0): Capture {
  if (!isObject(body)) return untokenised('the response body is not a JSON object');
  const choice = Array.isArray(body.choices) ? body.choices[index] : undefined;
  if (!isObject(choice)) return untokenised(`the response has no choices[${index}]`);
  const finish = typeof choice.finish_reason === 'string' ? choice.finish_reason : null;
  const fail = (reason: string): Untokenised => untokenised(reason, finish);

  const meta = isObject(choice.meta_info) ? choice.meta_info : undefined;
  const sglang = meta !== undefined && 'output_token_logprobs' in meta;
  const promptRaw = body.prompt_token_ids ?? choice.prompt_token_ids;
  if (promptRaw === undefined || promptRaw === null) {
    return fail(
      'no prompt_token_ids in the response (vLLM: top level, with return_token_ids; SGLang: in the choice, with return_prompt_token_ids)',
    );
  }
  const prompt = ids(promptRaw, 'prompt_token_ids');
  if (typeof prompt === 'string') return fail(prompt);
  if (prompt.length === 0) return fail('prompt_token_ids is empty');

  if (sglang) {
    const entries = meta.output_token_logprobs;
    if (!Array.isArray(entries)) return fail('meta_info.output_token_logprobs is not a list');
    const response: number[] = [];
    const logprobs: number[] = [];
    for (const [i, e] of entries.entries()) {
      if (!Array.isArray(e) || !isLogprob(e[0]) || !isTokenId(e[1])) {
        return fail(`meta_info.output_token_logprobs[${i}] is not [logprob, token_id, token?]`);
      }
      logprobs.push(e[0]);
      response.push(e[1]);
    }
    return { ok: true, source: 'sglang', prompt_ids: prompt, response_ids: response, logprobs, finish_reason: finish };
  }

  if (choice.token_ids === undefined || choice.token_ids === null)
    return fail('no token_ids in the choice (vLLM needs return_token_ids: true)');
  const response = ids(choice.token_ids, 'choices[].token_ids');
  if (typeof response === 'string') return fail(response);
  const lp = isObject(choice.logprobs) ? choice.logprobs.content : undefined;
  if (!Array.isArray(lp)) return fail('no logprobs.content in the choice (the engine needs logprobs: true)');
  if (lp.length !== response.length)
    return fail(`logprobs.content has ${lp.length} entries for ${response.length} token ids`);
  const logprobs: number[] = [];
  for (const [i, e] of lp.entries()) {
    const v = isObject(e) ? e.logprob : undefined;
    if (!isLogprob(v)) return fail(`logprobs.content[${i}].logprob is not a finite number`);
    logprobs.push(v);
  }
  return { ok: true, source: 'vllm', prompt_ids: prompt, response_ids: response, logprobs, finish_reason: finish };
}

export function untokenised(reason: string, finish_reason: string | null = null): Untokenised {
  return { ok: false, reason, finish_reason };
}

function ids(v: unknown, name: string): number[] | string {
  if (!Array.isArray(v)) return `${name} is not a list`;
  const bad = v.findIndex((x) => !isTokenId(x));
  return bad === -1 ? (v as number[]) : `${name}[${bad}] is not a token id`;
}
