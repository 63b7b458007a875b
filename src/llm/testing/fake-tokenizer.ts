// The fake server's vLLM side (fake-server.ts): a character tokenizer, a Qwen-like chat template, and a
// teacher whose prompt_logprobs are exact without a softmax over the vocabulary.

export interface FakeTokenizerOptions {
  /** decode id i as the character of id i − shift: a different tokenizer over the same id range [0] */
  shift?: number;
  /** ids at or above this are out of vocabulary (HTTP 400, as vLLM) [FAKE_VOCAB] */
  vocabSize?: number;
  /** the largest prompt_logprobs accepted (vLLM's --max-logprobs) [20] */
  maxLogprobs?: number;
}

/** What the toy answers with: the body as text or UTF-8 bytes, or vLLM's HTTP 400. */
export type ToyReply = { raw: string } | { bytes: Uint8Array } | { status: number; message: string };

// ---- a toy vLLM: tokenizer, chat template, prompt_logprobs ----
// one token per code point (id = code point + 16) plus three special tokens; a Qwen-like chat template.
// the teacher's next-token distribution at position p is geometric over a permutation of the vocabulary
// seeded by (previous token, p): exact log-probabilities and ranks without a softmax over the vocabulary.

const SPECIAL = ['<|im_start|>', '<|im_end|>', '<|endoftext|>'] as const;
const SPECIAL_RE = /<\|im_start\|>|<\|im_end\|>|<\|endoftext\|>/g;
const OFFSET = 16;
/** the toy vocabulary's size: a prime above every code point's id */
export const FAKE_VOCAB = 1_114_159;
const STEP = 7919;
const STEP_INV = 304_322; // STEP⁻¹ mod FAKE_VOCAB
const Q = 0.5;

/** Token ids of a text under the toy tokenizer (special tokens recognised). */
export function fakeEncode(text: string): number[] {
  const ids: number[] = [];
  let last = 0;
  for (const m of text.matchAll(SPECIAL_RE)) {
    for (const ch of text.slice(last, m.index)) ids.push((ch.codePointAt(0) as number) + OFFSET);
    ids.push(SPECIAL.indexOf(m[0] as (typeof SPECIAL)[number]) + 1);
    last = m.index + m[0].length;
  }
  for (const ch of text.slice(last)) ids.push((ch.codePointAt(0) as number) + OFFSET);
  return ids;
}

/** The text of one token id under the toy tokenizer shifted by `shift` (another tokenizer over the same ids). */
export function fakeDecode(id: number, shift = 0): string {
  if (id >= 1 && id <= SPECIAL.length) return SPECIAL[id - 1] as string;
  const cp = id - OFFSET - shift;
  return cp >= 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : '\uFFFD';
}

// JSON.stringify(fakeDecode(id, shift)) without the intermediate steps: ASCII from a table, any other
// character (never a lone surrogate, the only one JSON.stringify would escape) quoted as is
const ASCII_JSON = Array.from({ length: 128 }, (_, cp) => JSON.stringify(String.fromCharCode(cp)));
const SPECIAL_JSON = SPECIAL.map((s) => JSON.stringify(s));
const NO_CHAR_JSON = JSON.stringify('\uFFFD');
function decodedJson(id: number, shift: number): string {
  if (id >= 1 && id <= SPECIAL.length) return SPECIAL_JSON[id - 1] as string;
  const cp = id - OFFSET - shift;
  if (cp >= 0 && cp < 128) return ASCII_JSON[cp] as string;
  return cp >= 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? `"${String.fromCodePoint(cp)}"` : NO_CHAR_JSON;
}

type Msg = { role?: unknown; content?: unknown; tool_calls?: { function?: { name?: unknown; arguments?: unknown } }[] };

const renderCalls = (calls: Msg['tool_calls']) =>
  (calls ?? []).map((c) => {
    const a = c.function?.arguments;
    const args = typeof a === 'string' ? (JSON.parse(a || '{}') as unknown) : (a ?? {});
    return `<tool_call>\n${JSON.stringify({ name: c.function?.name, arguments: args })}\n</tool_call>`;
  });

/** What an assistant turn generates: its content, then its tool calls (the end-of-turn token not included). */
export function fakeAssistantText(m: Msg): string {
  return [typeof m.content === 'string' ? m.content : '', ...renderCalls(m.tool_calls)].filter(Boolean).join('\n');
}

/** The toy chat template (Qwen-like; tool names listed in the system turn), with the generation prompt if asked. */
export function fakeChatTemplate(
  messages: readonly Msg[],
  tools: readonly { function?: { name?: unknown } }[] = [],
  addGenerationPrompt = true,
): string {
  let out = '';
  messages.forEach((m, i) => {
    let content = m.role === 'assistant' ? fakeAssistantText(m) : typeof m.content === 'string' ? m.content : '';
    if (i === 0 && m.role === 'system' && tools.length)
      content += `\n\n# Tools\n${tools.map((t) => String(t.function?.name)).join(', ')}`;
    out += `<|im_start|>${String(m.role)}\n${content}<|im_end|>\n`;
  });
  return addGenerationPrompt ? `${out}<|im_start|>assistant\n` : out;
}

/** The student's sampling log-probability of a token (deterministic, in (−0.5, 0)). */
export const fakeSampleLogprob = (id: number, position: number) => -(((id * 31 + position) % 97) + 1) / 200;

const LOG_TOP = Math.log(1 - Q);
const LOG_Q = Math.log(Q);
/** the teacher's logprob of the token of rank r (1-based) */
const fakeLogprob = (r: number) => LOG_TOP + (r - 1) * LOG_Q;
/** the position's hash: the id of rank 1 */
const fakeHead = (prev: number, position: number) => (prev * 1_000_003 + position * 7) % FAKE_VOCAB;
// exact in doubles: the product is below 2·FAKE_VOCAB·STEP_INV < 7e11, far under 2^53
const fakeRank = (h: number, id: number) => (((((id - h) % FAKE_VOCAB) + FAKE_VOCAB) * STEP_INV) % FAKE_VOCAB) + 1;

/** The teacher's distribution at position p: [id, logprob] of rank r (1-based), and the rank of an id. */
export function fakeTeacher(
  prev: number,
  position: number,
): { at(rank: number): [number, number]; rankOf(id: number): number } {
  const h = fakeHead(prev, position);
  return {
    at: (r) => [(h + (r - 1) * STEP) % FAKE_VOCAB, fakeLogprob(r)],
    rankOf: (id) => fakeRank(h, id),
  };
}

// a chat completion with vLLM's token fields (return_token_ids + logprobs): the prompt is the template with the
// generation prompt, the sampled tokens the assistant turn plus <|im_end|>
export function withTokens(res: Record<string, unknown>, body: Record<string, unknown>): Record<string, unknown> {
  const prompt = fakeEncode(
    fakeChatTemplate((body.messages ?? []) as Msg[], (body.tools ?? []) as { function?: { name?: unknown } }[]),
  );
  const choice = (res.choices as Record<string, unknown>[])[0] as Record<string, unknown>;
  if ('token_ids' in choice) return res; // scripted by the test
  const ids = [...fakeEncode(fakeAssistantText(choice.message as Msg)), 2];
  const content = ids.map((id, i) => ({
    token: fakeDecode(id),
    logprob: fakeSampleLogprob(id, prompt.length + i),
    bytes: [...Buffer.from(fakeDecode(id))],
    top_logprobs: [],
  }));
  return { ...res, prompt_token_ids: prompt, choices: [{ ...choice, token_ids: ids, logprobs: { content } }] };
}

/** vLLM's /v1/completions answer with prompt_logprobs: one choice per prompt (a token-id list, a list of them, or text). */
export function fakePromptLogprobsReply(body: Record<string, unknown>, tok: FakeTokenizerOptions): ToyReply {
  const a = promptLogprobsAnswer(body, tok);
  return Array.isArray(a) ? { raw: a.map((x) => (typeof x === 'string' ? x : x.toString('utf8'))).join('') } : a;
}

// the same answer as bytes (what the server sends unless scripted): the kept lists need no encoding
export function promptLogprobsBytes(body: Record<string, unknown>, tok: FakeTokenizerOptions): ToyReply {
  const a = promptLogprobsAnswer(body, tok);
  return Array.isArray(a) ? { bytes: Buffer.concat(a.map((x) => (typeof x === 'string' ? Buffer.from(x) : x))) } : a;
}

// an error reply, or the answer's text in pieces (each prompt's prompt_logprobs list as UTF-8)
function promptLogprobsAnswer(
  body: Record<string, unknown>,
  tok: FakeTokenizerOptions,
): ToyReply | (string | Buffer)[] {
  const k = Number(body.prompt_logprobs ?? 0);
  const max = tok.maxLogprobs ?? 20;
  if (k > max)
    return { status: 400, message: `Requested prompt logprobs of ${k}, which is greater than max allowed: ${max}` };
  const p = body.prompt;
  const prompts: number[][] =
    typeof p === 'string'
      ? [fakeEncode(p)]
      : Array.isArray(p) && Array.isArray(p[0])
        ? (p as number[][])
        : [p as number[]];
  const vocab = tok.vocabSize ?? FAKE_VOCAB;
  for (const ids of prompts) {
    const bad = ids.find((id) => !Number.isInteger(id) || id < 0 || id >= vocab);
    if (bad !== undefined) return { status: 400, message: `Token id ${bad} is out of vocabulary` };
  }
  const shift = tok.shift ?? 0;
  const out: (string | Buffer)[] = [
    `{"id":"cmpl-fake","object":"text_completion","created":1700000000,"model":${JSON.stringify(String(body.model ?? 'fake-model'))},"choices":[`,
  ];
  prompts.forEach((ids, index) => {
    const key = `${k} ${shift} ${ids.join(',')}`;
    let list = promptLogprobsMemo.get(key);
    if (list === undefined) {
      list = Buffer.from(promptLogprobsList(ids, k, shift));
      remember(key, list);
    }
    const head = JSON.stringify({
      index,
      text: '.',
      logprobs: null,
      finish_reason: 'length',
      stop_reason: null,
      ...(body.return_token_ids ? { prompt_token_ids: ids } : {}),
    });
    out.push(`${index ? ',' : ''}${head.slice(0, -1)},"prompt_logprobs":[`, list, ']}');
  });
  const tokens = prompts.reduce((a, ids) => a + ids.length, 0);
  out.push(
    `],"usage":{"prompt_tokens":${tokens},"completion_tokens":${prompts.length},"total_tokens":${tokens + prompts.length}}}`,
  );
  return out;
}

// the tests score the same student sequences in many runs: a prompt's list (a pure function of the ids, k and
// the shift) is kept as UTF-8, up to MEMO_BYTES in all (oldest dropped first)
const MEMO_BYTES = 128_000_000;
const promptLogprobsMemo = new Map<string, Buffer>();
let memoBytes = 0;
function remember(key: string, list: Buffer): void {
  promptLogprobsMemo.set(key, list);
  memoBytes += list.length;
  for (const [old, v] of promptLogprobsMemo) {
    if (memoBytes <= MEMO_BYTES) break;
    promptLogprobsMemo.delete(old);
    memoBytes -= v.length;
  }
}

/** The text inside a prompt's `prompt_logprobs` [...]: `null`, then each position's dict as vLLM writes it. */
function promptLogprobsList(ids: readonly number[], k: number, shift: number): string {
  const lpText = ['']; // the logprob text of ranks 1..k, as JSON.stringify writes it
  for (let r = 1; r <= k; r++) lpText.push(String(fakeLogprob(r)));
  // fragments joined once (thousands of positions × (k+1) entries): `"<id>":{"logprob":…,"rank":…,
  // "decoded_token":…}` exactly as JSON.stringify writes the entry
  const out: string[] = ids.length ? ['null'] : [];
  for (let i = 1; i < ids.length; i++) {
    const id = ids[i] as number;
    const h = fakeHead(ids[i - 1] as number, i);
    const rank = fakeRank(h, id);
    // vLLM's order: the prompt token first (with its full-vocabulary rank), then the top-k it is not among
    out.push(',{"', String(id), '":{"logprob":', String(fakeLogprob(rank)), ',"rank":', String(rank));
    out.push(',"decoded_token":', decodedJson(id, shift), '}');
    for (let r = 1; r <= k; r++) {
      const x = (h + (r - 1) * STEP) % FAKE_VOCAB;
      if (x === id) continue;
      out.push(',"', String(x), '":{"logprob":', lpText[r] as string, ',"rank":', String(r));
      out.push(',"decoded_token":', decodedJson(x, shift), '}');
    }
    out.push('}');
  }
  return out.join('');
}
