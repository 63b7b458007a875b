import { CoworkError } from '../schema/errors.js';
import type { TokenScores } from './select.js';

// Cowork-Gym §3.4 model-conditioned selection, formats.md §9: per-token surprisal s_t = −log p_θ(y_t | h_t) and
// rank r_t (1 = the student's most probable token) over the assistant tokens of a trajectory scored by the student;
// NLL = mean s_t, RSR = Σ min(r_t, r_max) / max(Σ s_t, 1e-12) (UmeanNever/RankSurprisalRatio rsr_cal.py).

/** The prompt token actually present at one position, as vLLM reports it (its `Logprob`). */
export interface TokenLogprob {
  logprob: number;
  /** rank in the student's full-vocabulary distribution, 1 = most probable */
  rank: number;
  decoded_token: string;
}

/** Chat-template markers around each assistant turn, matched on the decoded tokens. */
export interface ChatMarkers {
  start: string;
  end: string;
}

/** The assistant header and end of turn of the RSR reference code (`ASSISTANT_MARKERS`). */
export const MARKER_PRESETS = {
  qwen: { start: '<|im_start|>assistant\n', end: '<|im_end|>' },
  llama3: { start: '<|start_header_id|>assistant<|end_header_id|>\n\n', end: '<|eot_id|>' },
} as const satisfies Record<string, ChatMarkers>;

export const QWEN_MARKERS: ChatMarkers = MARKER_PRESETS.qwen;
/** r_max: ranks are clipped here (the RSR paper's default) */
export const RANK_CLIP = 100;
/** RSR's denominator floor (`max(sum_nll, 1e-12)`) */
export const SURPRISAL_FLOOR = 1e-12;

/**
 * NLL and RSR over the positions where `assistantMask` is true. Positions without a logprob (vLLM's leading
 * null) are skipped. No scored token gives {nll: 0, rsr: 0, tokens: 0}.
 */
export function scoreTokens(
  entries: readonly (TokenLogprob | null | undefined)[],
  assistantMask: readonly boolean[],
  rankClip = RANK_CLIP,
): TokenScores {
  if (assistantMask.length !== entries.length)
    throw new CoworkError(
      'internal',
      `assistant mask has ${assistantMask.length} positions, the logprobs ${entries.length}`,
    );
  let surprisal = 0;
  let rank = 0;
  let tokens = 0;
  entries.forEach((e, i) => {
    if (!assistantMask[i] || !e) return;
    surprisal += -e.logprob;
    rank += Math.min(e.rank, rankClip);
    tokens++;
  });
  if (tokens === 0) return { nll: 0, rsr: 0, tokens: 0 };
  return { nll: surprisal / tokens, rsr: rank / Math.max(surprisal, SURPRISAL_FLOOR), tokens };
}

// GPT-2 byte-level BPE spells whitespace with these characters when a server returns raw vocabulary pieces
// (convert_ids_to_tokens) instead of decoded text; one character each, so offsets are unchanged
const BYTE_LEVEL: Record<string, string> = { Ġ: ' ', Ċ: '\n', ĉ: '\t', č: '\r' };
const byteLevelText = (s: string) => s.replace(/[ĠĊĉč]/g, (c) => BYTE_LEVEL[c] ?? c);

/**
 * Which tokens are assistant tokens: those overlapping the text between the end of each `start` marker and the
 * next `end` marker (the end marker itself excluded; a turn without an end runs to the last token), as in the
 * RSR reference's `_scan_response_positions`. Markers are matched on the concatenated decoded tokens, so a
 * marker may span several tokens (`<|im_start|>`, `assistant`, `\n`). If the start marker never occurs, the
 * tokens are retried as byte-level BPE pieces (`Ċ` for a newline).
 */
export function assistantMask(tokens: readonly string[], markers: ChatMarkers = QWEN_MARKERS): boolean[] {
  if (!markers.start || !markers.end)
    throw new CoworkError('bad_input', 'chat-template markers must be non-empty strings');
  let text = tokens.join('');
  if (!text.includes(markers.start)) text = byteLevelText(text);
  const spans: [number, number][] = [];
  for (let from = 0; ; ) {
    const s = text.indexOf(markers.start, from);
    if (s < 0) break;
    const a = s + markers.start.length;
    const e = text.indexOf(markers.end, a);
    spans.push([a, e < 0 ? text.length : e]);
    if (e < 0) break;
    from = e + markers.end.length;
  }
  const mask: boolean[] = new Array<boolean>(tokens.length).fill(false);
  let offset = 0;
  let k = 0;
  tokens.forEach((t, i) => {
    const start = offset;
    offset += t.length;
    while (k < spans.length && (spans[k] as [number, number])[1] <= start) k++;
    const span = spans[k];
    // spans[k] ends after `start`: a token overlaps it if it ends after its start (an empty token: sits inside)
    if (span) mask[i] = t.length === 0 ? start >= span[0] : offset > span[0];
  });
  return mask;
}

/** What `parsePromptLogprobs` reads from a vLLM chat completion. */
export interface PromptLogprobs {
  /** the logprob of the token at each prompt position (null for the first) */
  entries: (TokenLogprob | null)[];
  /** how the actual token was identified: by `prompt_token_ids`, or as each dict's first entry */
  identifiedBy: 'prompt_token_ids' | 'first_entry';
}

// integer object keys: JSON.parse would reorder them numerically; prefixing keeps vLLM's insertion order.
// A key is a quoted run of digits right after `{` or `,` and before `:`; a quote inside a JSON string is always
// escaped (\"), so string contents never match.
const INT_KEY = /([{,]\s*)"(-?\d+)"(\s*:)/g;

/**
 * The prompt logprobs of a vLLM chat completion (its top-level `prompt_logprobs`, asked for with the
 * `prompt_logprobs` request field): a list aligned with the prompt tokens, the first entry null, each other a
 * dict token_id → {logprob, rank, decoded_token} holding the prompt token (with its full-vocabulary rank) and
 * the top-k alternatives (ranks 1..k). The prompt token is looked up in `prompt_token_ids` when the server
 * returned them (`return_token_ids`), else taken as the dict's first entry, where vLLM always puts it
 * (`append_logprobs_for_next_position`); key order is read from the raw text, as JSON.parse would sort the
 * integer keys. Throws CoworkError bad_input when the payload is not of this shape.
 */
export function parsePromptLogprobs(text: string, where = 'the endpoint'): PromptLogprobs {
  let res: { prompt_logprobs?: unknown; prompt_token_ids?: unknown };
  try {
    res = JSON.parse(text.replace(INT_KEY, '$1"#$2"$3')) as typeof res;
  } catch {
    throw new CoworkError('bad_input', `${where}: the response is not JSON`);
  }
  const list = res?.prompt_logprobs;
  if (!Array.isArray(list)) {
    throw new CoworkError(
      'bad_input',
      `${where}: the response has no prompt_logprobs; scoring needs a vLLM server (vllm serve), which returns them for the prompt_logprobs request field`,
    );
  }
  const ids =
    Array.isArray(res.prompt_token_ids) && res.prompt_token_ids.length === list.length
      ? (res.prompt_token_ids as unknown[])
      : undefined;
  const entries = list.map((d, i): TokenLogprob | null => {
    if (d === null) return null;
    const bad = (why: string) => new CoworkError('bad_input', `${where}: prompt_logprobs[${i}] ${why}`);
    if (typeof d !== 'object' || Array.isArray(d)) throw bad('is not a token_id → logprob dict');
    const pairs = Object.entries(d as Record<string, unknown>);
    const pick = ids ? pairs.find(([k]) => k === `#${String(ids[i])}`) : pairs[0];
    if (!pick) throw bad(ids ? `has no entry for prompt token ${String(ids[i])}` : 'is empty');
    const v = pick[1] as { logprob?: unknown; rank?: unknown; decoded_token?: unknown } | number;
    if (typeof v === 'number' || typeof v?.logprob !== 'number')
      throw bad('has no {logprob, rank, decoded_token} object (a vLLM older than 0.4.1?)');
    if (typeof v.rank !== 'number' || !(v.rank >= 1)) throw bad('has no token rank (a vLLM older than 0.4.1?)');
    if (typeof v.decoded_token !== 'string')
      throw bad('has no decoded_token (is the server running with skip_tokenizer_init?)');
    return { logprob: v.logprob, rank: v.rank, decoded_token: v.decoded_token };
  });
  return { entries, identifiedBy: ids ? 'prompt_token_ids' : 'first_entry' };
}
