// Pure prefix merging of one session's calls into token traces (reference/formats.md §7: Polar's prefix
// merging, slime's CLEAN/FORK).
//   CLEAN: a call joins the trace whose whole token sequence so far (prompt_ids + response_ids, i.e. the last
//          joined call's prompt + its sampled response) is a token-prefix of the call's prompt_ids. The new prompt
//          tokens after that prefix (tool results, user turns, template glue) are appended with loss_mask 0 and
//          logprob 0.0, then the call's sampled response_ids with loss_mask 1 and their real logprobs.
//   FORK:  anything else (the first call, rewritten history, a retry of the same prompt, a re-tokenised
//          response) starts a new trace whose prompt_ids are the call's whole prompt.
// Invariant of every trace: loss_mask.length === logprobs.length === response_ids.length.

import type { Capture } from './capture.js';

export interface Trace {
  /** the first call's prompt */
  prompt_ids: number[];
  /** everything after it: sampled spans (mask 1) and the interstitial prompt tokens between them (mask 0) */
  response_ids: number[];
  loss_mask: (0 | 1)[];
  /** the sampled token's logprob under mask 1, 0.0 under mask 0 */
  logprobs: number[];
  /** the session's call indices (0-based, in arrival order) merged into this trace */
  calls: number[];
  /** of the last merged call */
  finish_reason: string | null;
  /** how the trace began: the session's first tokenised call, or a FORK: `at` tokens of the call's prompt matched trace `from`, the nearest one */
  origin: { kind: 'first' } | { kind: 'fork'; from: number; at: number };
}

export interface UntokenisedCall {
  call: number;
  reason: string;
  finish_reason: string | null;
}

/** The merge state of one session. */
export interface SessionTokens {
  traces: Trace[];
  untokenised: UntokenisedCall[];
  /** calls seen so far (the next call's index) */
  calls: number;
}

export type MergeStep =
  | {
      kind: 'clean';
      call: number;
      trace: number /** interstitial prompt tokens appended with mask 0 */;
      appended: number;
    }
  | { kind: 'fork'; call: number; trace: number }
  | { kind: 'untokenised'; call: number; reason: string };

export function emptySession(): SessionTokens {
  return { traces: [], untokenised: [], calls: 0 };
}

/** Merges one call (its capture) into a session; returns the new state, the input left untouched. */
export function mergeCall(session: SessionTokens, capture: Capture): { session: SessionTokens; step: MergeStep } {
  const call = session.calls;
  if (!capture.ok) {
    return {
      session: {
        ...session,
        calls: call + 1,
        untokenised: [...session.untokenised, { call, reason: capture.reason, finish_reason: capture.finish_reason }],
      },
      step: { kind: 'untokenised', call, reason: capture.reason },
    };
  }
  const prompt = capture.prompt_ids;
  const target = chainFor(session.traces, prompt);
  const traces = [...session.traces];
  if (target === undefined) {
    const nearest = nearestTrace(session.traces, prompt);
    traces.push({
      prompt_ids: [...prompt],
      response_ids: [...capture.response_ids],
      loss_mask: capture.response_ids.map(() => 1 as const),
      logprobs: [...capture.logprobs],
      calls: [call],
      finish_reason: capture.finish_reason,
      origin: nearest ? { kind: 'fork', ...nearest } : { kind: 'first' },
    });
    return { session: { ...session, traces, calls: call + 1 }, step: { kind: 'fork', call, trace: traces.length - 1 } };
  }
  const t = session.traces[target] as Trace;
  const tail = prompt.slice(t.prompt_ids.length + t.response_ids.length);
  traces[target] = {
    ...t,
    response_ids: [...t.response_ids, ...tail, ...capture.response_ids],
    loss_mask: [...t.loss_mask, ...tail.map(() => 0 as const), ...capture.response_ids.map(() => 1 as const)],
    logprobs: [...t.logprobs, ...tail.map(() => 0), ...capture.logprobs],
    calls: [...t.calls, call],
    finish_reason: capture.finish_reason,
  };
  return {
    session: { ...session, traces, calls: call + 1 },
    step: { kind: 'clean', call, trace: target, appended: tail.length },
  };
}

/** Merges a sequence of captures from an empty session. */
export function mergeAll(captures: readonly Capture[]): SessionTokens {
  return captures.reduce((s, c) => mergeCall(s, c).session, emptySession());
}

/** prompt_ids + response_ids: the trace's whole token sequence. */
export function traceTokens(t: Trace): number[] {
  return [...t.prompt_ids, ...t.response_ids];
}

/** Broken invariants of a trace (none: `[]`). */
export function traceProblems(t: Trace): string[] {
  const problems: string[] = [];
  if (t.loss_mask.length !== t.response_ids.length)
    problems.push(`loss_mask has ${t.loss_mask.length} entries for ${t.response_ids.length} response ids`);
  if (t.logprobs.length !== t.response_ids.length)
    problems.push(`logprobs has ${t.logprobs.length} entries for ${t.response_ids.length} response ids`);
  t.loss_mask.forEach((m, i) => {
    if (m === 0 && t.logprobs[i] !== 0) problems.push(`logprobs[${i}] is ${t.logprobs[i]} under mask 0`);
  });
  return problems;
}

/**
 * The trace this prompt extends: among those whose whole sequence is a token-prefix of it, the longest (ties:
 * the one a call joined last). Interleaved sub-agents with their own histories thus stay in their own traces.
 */
function chainFor(traces: readonly Trace[], prompt: readonly number[]): number | undefined {
  let best: number | undefined;
  let bestLen = -1;
  let bestLast = -1;
  traces.forEach((t, i) => {
    const len = t.prompt_ids.length + t.response_ids.length;
    if (len > prompt.length || len < bestLen) return;
    const last = t.calls.at(-1) ?? -1;
    if (len === bestLen && last < bestLast) return;
    if (!startsWith(prompt, t.prompt_ids, 0) || !startsWith(prompt, t.response_ids, t.prompt_ids.length)) return;
    best = i;
    bestLen = len;
    bestLast = last;
  });
  return best;
}

/** The trace sharing the longest token prefix with a prompt that forks (for diagnostics), if any trace exists. */
function nearestTrace(traces: readonly Trace[], prompt: readonly number[]): { from: number; at: number } | undefined {
  let best: { from: number; at: number } | undefined;
  traces.forEach((t, from) => {
    let at = 0;
    const n = Math.min(prompt.length, t.prompt_ids.length + t.response_ids.length);
    while (
      at < n &&
      prompt[at] === (at < t.prompt_ids.length ? t.prompt_ids[at] : t.response_ids[at - t.prompt_ids.length])
    )
      at++;
    if (!best || at >= best.at) best = { from, at };
  });
  return best;
}

function startsWith(seq: readonly number[], part: readonly number[], offset: number): boolean {
  for (let i = 0; i < part.length; i++) if (seq[offset + i] !== part[i]) return false;
  return true;
}
