import type { Diagnostic } from '../../schema/diagnostics.js';
import { isError } from '../../schema/diagnostics.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import { extractJson } from '../../llm/json-text.js';
import type { ChatMessage, ChatModel } from '../../llm/types.js';
import { type GateOptions, runGate } from '../../validate/index.js';
import type { SynthOutcome } from '../plan/outcome.js';
import { escapeRegex } from '../../schema/text.js';

// `synth --paraphrase <model>`: a model rewrites a released task's procedural request into the words a coworker
// would use. the ids, names, numbers, paths and quoted phrases the task depends on must survive verbatim, and the
// rewritten task goes through the full gate again; any failure keeps the original request and says why.

export type ParaphraseReason =
  | 'model_error'
  | 'not_json'
  | 'unchanged'
  | 'too_long'
  | 'dropped_anchors'
  | 'gate_failed';

export interface ParaphraseResult {
  status: 'rewritten' | 'kept';
  /** why the original was kept */
  reason?: ParaphraseReason;
  message?: string;
  original: string;
  /** the model's text (also when it was refused) */
  proposed?: string;
  /** the gate's errors on the refused rewrite */
  diagnostics?: Diagnostic[];
}

/** An outcome after paraphrasing: a rewritten candidate, or the original with the reason it was kept. */
export type ParaphrasedOutcome = SynthOutcome & { paraphrase?: ParaphraseResult };

/** A rewrite may be at most this many times the original's length (plus 200 characters). */
const MAX_GROWTH = 2.5;

const PATTERNS: RegExp[] = [
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, // e-mail addresses
  /(?:[a-z0-9_.-]+\/)+(?:[\w-]+\.[A-Za-z0-9]{1,5}\b|(?=[\s,;:)]|\.?$|\.\s))/g, // paths, folders (data/q4.xlsx, invoices/)
  /\b[\w-]+\.(?:xlsx|docx|pdf|pptx|csv|tsv|md|txt|json|yaml|yml|ya?ml|log|sh|py|ts|js|ini|conf|toml)\b/gi, // file names
  /\b[A-Za-z]+[-_][\w-]*\d[\w-]*\b/g, // ids such as TK-4690, msg_1401
  /\b[a-z]+(?:_[a-z0-9]+)+\b/g, // snake_case values (mid_market, transaction_id)
  /"[^"\n]{2,}"|“[^”\n]{2,}”/g, // quoted phrases, quotes included
  /[$€£]?\d+(?:[.,:]\d+)*%?/g, // numbers, amounts, times
];
const CAPITALISED = /\b[A-Z][\w'’-]*(?:\s+(?:of\s+|de\s+|van\s+)?[A-Z][\w'’-]*)*/g;

// keys of checks whose strings are grading machinery or what the agent says, not values taken from the request
const NOT_VALUES = new Set([
  ...['id', 'kind', 'service', 'record', 'collection', 'field', 'tool', 'tools', 'which', 'over', 'mode', 'arg'],
  ...['description', 'rubric', 'regex', 'pattern', 'topics', 'all', 'any', 'none', 'if_failed', 'aggregate'],
]);

function strings(v: unknown, out: string[] = [], skip: ReadonlySet<string> = new Set()): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out, skip);
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) if (!skip.has(k)) strings(x, out, skip);
  return out;
}

/**
 * What a rewrite of the request must keep verbatim: e-mail addresses, paths, file names, ids, snake_case values,
 * quoted phrases and numbers; capitalised names the records contain (not a sentence's first word alone); and
 * any phrase of up to four words that is a whole value the checks or the forbidden list compare against.
 */
export function requestAnchors(spec: TaskSpecInput): string[] {
  const request = spec.request ?? '';
  const found = new Set<string>();
  for (const re of PATTERNS) for (const m of request.matchAll(re)) found.add(m[0].replace(/^[$€£]/, ''));
  const records = strings(spec.fixtures ?? {}).join('\n');
  for (const m of request.matchAll(CAPITALISED)) {
    const phrase = m[0];
    const before = request.slice(0, m.index).trimEnd();
    const sentenceStart = before === '' || /[.!?:]$/.test(before);
    if (sentenceStart && !phrase.includes(' ')) continue;
    // a sentence-initial phrase ("Messy Media reports …") counts from its second word when the first is common
    if (records.includes(phrase)) found.add(phrase);
    else if (sentenceStart) {
      const rest = phrase.replace(/^\S+\s+/, '');
      if (records.includes(rest)) found.add(rest);
    }
  }
  const values = new Set(
    strings([spec.checks ?? [], spec.forbidden ?? {}], [], NOT_VALUES).map((s) => s.toLowerCase()),
  );
  const words = request.split(/\s+/).map((w) => w.replace(/^[("'“]+|[)"'”.,;:!?]+$/g, ''));
  for (let n = 1; n <= 4; n++)
    for (let i = 0; i + n <= words.length; i++) {
      const phrase = words.slice(i, i + n).join(' ');
      if (phrase.length >= 3 && values.has(phrase.toLowerCase())) found.add(phrase);
    }
  // a shorter anchor that occurs only inside longer ones ("3" in q3.csv) adds nothing
  const longestFirst = [...found].filter((a) => a.trim() !== '').sort((a, b) => b.length - a.length);
  let rest = request;
  const kept: string[] = [];
  for (const a of longestFirst) {
    if (!rest.toLowerCase().includes(a.toLowerCase())) continue;
    kept.push(a);
    rest = rest.replace(new RegExp(escapeRegex(a), 'gi'), ' ');
  }
  return kept.sort((a, b) => request.indexOf(a) - request.indexOf(b) || (a < b ? -1 : 1));
}

/** The anchors a proposed request lacks (case-insensitive). */
export function missingAnchors(anchors: readonly string[], text: string): string[] {
  const t = text.toLowerCase();
  return anchors.filter((a) => !t.includes(a.toLowerCase()));
}

/** The paraphrase prompt: the request, its language and the items to keep verbatim. */
export function paraphraseMessages(spec: TaskSpecInput, anchors: readonly string[]): ChatMessage[] {
  const language = (spec.labels as { language?: string } | undefined)?.language ?? 'en';
  return [
    {
      role: 'system',
      content:
        'You rewrite task requests that an office worker sends to an AI assistant so that they read as a real coworker writes them: natural, direct, a little informal, 1–4 sentences. Answer with one JSON object {"request": "..."} and nothing else.',
    },
    {
      role: 'user',
      content: [
        `Rewrite this request (language: ${language}):\n${spec.request ?? ''}`,
        'Rules:',
        '- Keep the meaning and every condition, limit and instruction; add no new facts, names, numbers or criteria.',
        '- Do not read like a grading specification: say what the person wants and why, the way they would say it.',
        `- Keep each of these items exactly as written (same spelling, digits and quotes):\n${anchors.map((a) => `  - ${a}`).join('\n') || '  (none)'}`,
      ].join('\n'),
    },
  ];
}

/**
 * Rewrites an accepted outcome's request with `model` and re-runs the full gate (with `gate`, the options the
 * candidate was gated with) on the rewritten task; a refused
 * or failing rewrite keeps the original candidate, with the reason in `paraphrase`. Other outcomes pass unchanged.
 */
export async function paraphraseOutcome(
  o: SynthOutcome,
  model: ChatModel,
  gate: GateOptions = {},
): Promise<ParaphrasedOutcome> {
  const spec = o.candidate as TaskSpecInput | undefined;
  if (!o.accepted || !spec || typeof spec.request !== 'string') return o;
  const original = spec.request;
  const keep = (reason: ParaphraseReason, message: string, extra: Partial<ParaphraseResult> = {}) => ({
    ...o,
    paraphrase: { status: 'kept' as const, reason, message, original, ...extra },
  });
  const anchors = requestAnchors(spec);
  let text: string;
  try {
    const res = await model.chat(paraphraseMessages(spec, anchors), undefined, {
      temperature: 0.7,
      max_tokens: 1000,
      json: true,
    });
    text = res.text ?? '';
  } catch (e) {
    return keep('model_error', `the paraphrase model failed: ${(e as Error).message}`);
  }
  let proposed: string;
  try {
    const v = extractJson(text) as { request?: unknown } | null;
    if (!v || typeof v.request !== 'string' || !v.request.trim()) throw new SyntaxError('no "request" string');
    proposed = v.request.trim();
  } catch (e) {
    return keep('not_json', `the model did not answer {"request": "..."}: ${(e as Error).message}`);
  }
  if (proposed === original.trim()) return keep('unchanged', 'the model returned the request unchanged', { proposed });
  if (proposed.length > original.length * MAX_GROWTH + 200)
    return keep('too_long', `the rewrite has ${proposed.length} characters, the original ${original.length}`, {
      proposed,
    });
  const missing = missingAnchors(anchors, proposed);
  if (missing.length)
    return keep('dropped_anchors', `the rewrite drops ${missing.map((m) => JSON.stringify(m)).join(', ')}`, {
      proposed,
    });
  const candidate = { ...spec, request: proposed };
  const report = await runGate({ raw: candidate }, gate);
  if (!report.ok) {
    const errors = report.diagnostics.filter(isError);
    return keep(
      'gate_failed',
      `the rewritten task fails the gate: ${[...new Set(errors.map((d) => d.code))].join(', ')}`,
      {
        proposed,
        diagnostics: errors,
      },
    );
  }
  const killRate = report.steps.find((s) => s.name === 'mutation')?.stats?.kill_rate as number | undefined;
  // the rewritten request is a new spec: its substance share is recomputed from it in the summary
  const { substance: _stale, ...rest } = o;
  return {
    ...rest,
    candidate,
    diagnostics: report.diagnostics,
    ...(killRate !== undefined ? { killRate } : {}),
    paraphrase: { status: 'rewritten', original, proposed },
  };
}

/** The paraphrase part of a synth summary: counts, and every task that kept its original request with the reason. */
export interface ParaphraseSummary {
  model: string;
  tasks: number;
  rewritten: number;
  kept: number;
  kept_by_reason: Record<string, number>;
  kept_tasks: { id: string; reason: ParaphraseReason; message: string }[];
}

export function summarizeParaphrase(model: string, outcomes: readonly ParaphrasedOutcome[]): ParaphraseSummary {
  const done = outcomes.flatMap((o) => (o.paraphrase ? [{ id: o.id, p: o.paraphrase }] : []));
  const kept = done.filter((d) => d.p.status === 'kept');
  const byReason: Record<string, number> = {};
  for (const k of kept) byReason[k.p.reason ?? '?'] = (byReason[k.p.reason ?? '?'] ?? 0) + 1;
  return {
    model,
    tasks: done.length,
    rewritten: done.length - kept.length,
    kept: kept.length,
    kept_by_reason: byReason,
    kept_tasks: kept.map((k) => ({
      id: k.id,
      reason: k.p.reason as ParaphraseReason,
      message: k.p.message ?? '',
    })),
  };
}
