// Per-session token traces held in memory and appended to a JSONL file when a session closes (or at shutdown),
// optionally joined with the episode's reward from an env server (`GET <env>/state?episode_id=<session>`).

import { mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CoworkError } from '../schema/errors.js';
import { jsonlLine } from '../schema/jsonl.js';
import type { Capture } from './capture.js';
import { emptySession, type MergeStep, mergeCall, type SessionTokens, type Trace } from './merge.js';

export const DEFAULT_TRACES_OUT = 'traces.jsonl';
const ENV_TIMEOUT_MS = 10_000;

/** One JSONL row: a token trace (`trace` ≥ 0), or a call that yielded no tokens (`trace: null`, empty id lists). */
export interface TraceRow {
  session: string;
  /** index within the session (continues across closes of the same id); null: an untokenised call */
  trace: number | null;
  prompt_ids: number[];
  response_ids: number[];
  loss_mask: (0 | 1)[];
  logprobs: number[];
  /** the session's call indices in this row (0-based; a request with n > 1 choices counts as n calls) */
  calls: number[];
  /** the last call's request messages + its response message (when there was one) */
  messages?: unknown[];
  tools?: unknown[];
  model?: string;
  finish_reason: string | null;
  origin?: Trace['origin'];
  /** why the call has no tokens */
  untokenised?: string;
  /** the upstream HTTP status, on untokenised rows */
  status?: number;
  /** the upstream error message, on untokenised rows */
  error?: string;
  task_id?: string;
  reward?: number | null;
  reward_components?: Record<string, unknown>;
  reward_error?: string;
}

/** What the proxy knows about one forwarded request. */
export interface CallRecord {
  /** one per choice (see capture.ts) */
  captures: Capture[];
  /** the request body as forwarded */
  request: Record<string, unknown>;
  /** the parsed upstream body, when it was JSON */
  response?: unknown;
  status: number;
  error?: string;
}

export interface EnvReward {
  reward: number | null;
  reward_components?: Record<string, unknown>;
  reward_error?: string;
  task_id?: string;
}

export interface CloseSummary extends Partial<EnvReward> {
  session: string;
  traces: number;
  untokenised: number;
  rows: number;
  out: string;
}

export interface StoreOptions {
  /** JSONL file rows are appended to [traces.jsonl] */
  out?: string;
  /** env server base URL: rewards are fetched from its /state on close */
  env?: string;
  envTimeoutMs?: number;
  fetch?: typeof fetch;
  notice?(line: string): void;
}

interface CallMeta {
  messages?: unknown[];
  tools?: unknown[];
  model?: string;
  status?: number;
  error?: string;
}

interface OpenSession {
  tokens: SessionTokens;
  /** the last joined call's metadata, per trace */
  traceMeta: Map<number, CallMeta>;
  /** per untokenised call */
  callMeta: Map<number, CallMeta>;
}

export class TraceStore {
  readonly out: string;
  private readonly open = new Map<string, OpenSession>();
  /** traces and calls already written per session id, so a reopened id continues their numbering */
  private readonly offsets = new Map<string, { traces: number; calls: number }>();
  private unwritten: TraceRow[] = [];
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly opts: StoreOptions = {}) {
    this.out = opts.out ?? DEFAULT_TRACES_OUT;
  }

  /** Sessions with calls not yet written. */
  openSessions(): string[] {
    return [...this.open.keys()];
  }

  /** Merges a forwarded request into its session. */
  record(session: string, rec: CallRecord): MergeStep[] {
    const s = this.open.get(session) ?? { tokens: emptySession(), traceMeta: new Map(), callMeta: new Map() };
    this.open.set(session, s);
    const req = rec.request;
    const base: CallMeta = {
      ...(typeof req.model === 'string' ? { model: req.model } : {}),
      ...(Array.isArray(req.tools) ? { tools: req.tools } : {}),
    };
    const choices = isObject(rec.response) && Array.isArray(rec.response.choices) ? rec.response.choices : [];
    return rec.captures.map((capture, i) => {
      const { session: tokens, step } = mergeCall(s.tokens, capture);
      s.tokens = tokens;
      const choice = choices[i];
      const reply = isObject(choice) && choice.message !== undefined ? [choice.message] : [];
      const meta: CallMeta = {
        ...base,
        ...(Array.isArray(req.messages)
          ? { messages: [...req.messages, ...reply] }
          : reply.length
            ? { messages: reply }
            : {}),
      };
      if (step.kind === 'untokenised')
        s.callMeta.set(step.call, { ...meta, status: rec.status, ...(rec.error ? { error: rec.error } : {}) });
      else s.traceMeta.set(step.trace, meta);
      return step;
    });
  }

  /** Writes a session's rows (with its reward when an env server is configured) and forgets it. */
  async close(session: string): Promise<CloseSummary> {
    const s = this.open.get(session);
    this.open.delete(session);
    const summary: CloseSummary = { session, traces: 0, untokenised: 0, rows: 0, out: this.out };
    if (!s) return summary;
    const offset = this.offsets.get(session) ?? { traces: 0, calls: 0 };
    this.offsets.set(session, { traces: offset.traces + s.tokens.traces.length, calls: offset.calls + s.tokens.calls });
    const reward = this.opts.env
      ? await fetchEnvReward(this.opts.env, session, { fetch: this.opts.fetch, timeoutMs: this.opts.envTimeoutMs })
      : undefined;
    const rows = sessionRows(session, s, offset).map((r) => (reward ? { ...r, ...reward } : r));
    await this.write(rows);
    return {
      ...summary,
      traces: s.tokens.traces.length,
      untokenised: s.tokens.untokenised.length,
      rows: rows.length,
      ...reward,
    };
  }

  /** Closes every open session (shutdown) and retries rows an earlier write failed on. */
  async closeAll(): Promise<CloseSummary[]> {
    const retry = this.unwritten;
    this.unwritten = [];
    if (retry.length) await this.write(retry);
    return Promise.all(this.openSessions().map((id) => this.close(id)));
  }

  private write(rows: TraceRow[]): Promise<void> {
    if (!rows.length) return Promise.resolve();
    const next = this.writes.then(async () => {
      try {
        await appendLines(this.out, rows.map(jsonlLine).join(''));
      } catch (e) {
        this.unwritten.push(...rows);
        throw e;
      }
    });
    this.writes = next.catch(() => {});
    return next;
  }
}

/** The rows of one session: its traces in order, then its untokenised calls. */
function sessionRows(session: string, s: OpenSession, offset: { traces: number; calls: number }): TraceRow[] {
  const shift = (calls: readonly number[]) => calls.map((c) => c + offset.calls);
  const traces = s.tokens.traces.map((t, i): TraceRow => {
    const origin = t.origin.kind === 'fork' ? { ...t.origin, from: t.origin.from + offset.traces } : t.origin;
    return {
      session,
      trace: i + offset.traces,
      prompt_ids: t.prompt_ids,
      response_ids: t.response_ids,
      loss_mask: t.loss_mask,
      logprobs: t.logprobs,
      calls: shift(t.calls),
      ...s.traceMeta.get(i),
      finish_reason: t.finish_reason,
      origin,
    };
  });
  const untokenised = s.tokens.untokenised.map(
    (u): TraceRow => ({
      session,
      trace: null,
      prompt_ids: [],
      response_ids: [],
      loss_mask: [],
      logprobs: [],
      calls: shift([u.call]),
      ...s.callMeta.get(u.call),
      finish_reason: u.finish_reason,
      untokenised: u.reason,
    }),
  );
  return [...traces, ...untokenised];
}

/** The episode's reward from an env server's /state; every failure is reported as data (`reward: null` + `reward_error`). */
export async function fetchEnvReward(
  env: string,
  episodeId: string,
  opts: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<EnvReward> {
  const url = `${env.replace(/\/+$/, '')}/state?episode_id=${encodeURIComponent(episodeId)}`;
  let body: unknown;
  try {
    const res = await (opts.fetch ?? fetch)(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? ENV_TIMEOUT_MS) });
    const text = await res.text();
    if (!res.ok) return { reward: null, reward_error: `GET ${url}: HTTP ${res.status} ${clip(text)}`.trimEnd() };
    body = JSON.parse(text);
  } catch (e) {
    return { reward: null, reward_error: `GET ${url}: ${(e as Error).message}` };
  }
  if (!isObject(body)) return { reward: null, reward_error: `GET ${url}: the body is not a JSON object` };
  const out: EnvReward = { reward: null, ...(typeof body.task_id === 'string' ? { task_id: body.task_id } : {}) };
  if (isObject(body.reward_components)) out.reward_components = body.reward_components;
  if (typeof body.reward === 'number' && Number.isFinite(body.reward)) out.reward = body.reward;
  else if (body.reward !== undefined && body.reward !== null)
    out.reward_error = `the env server's reward is not a number (${clip(JSON.stringify(body.reward))})`;
  else
    out.reward_error = `the env server has no reward for episode ${episodeId} (done: ${String(body.done ?? '?')}, step_count: ${String(body.step_count ?? '?')})`;
  return out;
}

async function appendLines(file: string, text: string): Promise<void> {
  try {
    await mkdir(dirname(file), { recursive: true });
    const fh = await open(file, 'a');
    try {
      await fh.appendFile(text);
      await fh.datasync();
    } finally {
      await fh.close();
    }
  } catch (e) {
    throw new CoworkError('io_error', `${file}: cannot append the traces (${(e as Error).message})`, undefined, {
      cause: e,
    });
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function clip(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
