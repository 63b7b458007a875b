import { captureChoice, type Capture } from '../proxy/capture.js';
import { mergeAll } from '../proxy/merge.js';
import type { Trajectory } from '../schema/trajectory.js';

/** One token sequence the student produced: a merged trace of its model calls (proxy prefix-merging rules). */
export interface StudentSequence {
  trace: number;
  /** prompt_ids ++ response_ids */
  ids: number[];
  /** 1 where the student sampled the token */
  sampled: (0 | 1)[];
  /** the student's sampling log-probability at sampled positions, 0 elsewhere */
  logprobs: number[];
  /** the student's text of each sampled token, where the endpoint reported it (vLLM `logprobs.content[].token`) */
  tokenText: Map<number, string>;
  /** the text of each merged turn with the position range its sampled tokens occupy */
  turns: { text: string; from: number; to: number }[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The student's token sequences of a trajectory recorded with `run --return-token-ids`: each assistant event's
 * `raw` holds the call's prompt_token_ids, the sampled token_ids and their logprobs; calls whose prompt extends
 * an earlier call's whole sequence join its trace (CLEAN), others start a new one (FORK), exactly as the proxy
 * merges them. A turn without token ids enters the next trace as context. `untokenised` counts such turns.
 */
export function studentSequences(t: Trajectory): { sequences: StudentSequence[]; untokenised: number; turns: number } {
  const captures: Capture[] = [];
  const texts: (string[] | undefined)[] = [];
  const turnText: string[] = [];
  for (const e of t.events) {
    if (e.type !== 'assistant') continue;
    const raw = isObject(e.raw) ? e.raw : {};
    const body = {
      prompt_token_ids: raw.prompt_token_ids,
      choices: [{ token_ids: raw.token_ids, logprobs: raw.logprobs, finish_reason: e.finish_reason ?? null }],
    };
    captures.push(
      raw.token_ids === undefined && raw.prompt_token_ids === undefined
        ? { ok: false, reason: 'no token ids recorded', finish_reason: null }
        : captureChoice(body),
    );
    const content = isObject(raw.logprobs) && Array.isArray(raw.logprobs.content) ? raw.logprobs.content : undefined;
    texts.push(content?.map((c) => (isObject(c) && typeof c.token === 'string' ? c.token : '')));
    turnText.push(e.text ?? '');
  }
  const merged = mergeAll(captures);
  const sequences = merged.traces.map((tr, trace): StudentSequence => {
    const ids = [...tr.prompt_ids, ...tr.response_ids];
    const sampled: (0 | 1)[] = [...tr.prompt_ids.map(() => 0 as const), ...tr.loss_mask];
    const logprobs = [...tr.prompt_ids.map(() => 0), ...tr.logprobs];
    const tokenText = new Map<number, string>();
    const turns: StudentSequence['turns'] = [];
    for (const call of tr.calls) {
      const c = captures[call];
      if (!c?.ok) continue;
      // a call's sampled tokens follow its whole prompt (a CLEAN call's prompt is the trace so far + new context)
      const from = c.prompt_ids.length;
      texts[call]?.forEach((s, i) => {
        if (s) tokenText.set(from + i, s);
      });
      turns.push({ text: turnText[call] ?? '', from, to: from + c.response_ids.length });
    }
    return { trace, ids, sampled, logprobs, tokenText, turns };
  });
  return { sequences, untokenised: merged.untokenised.length, turns: captures.length };
}
