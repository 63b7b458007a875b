import { BoundedMap } from '../schema/bounded-map.js';
// Per-session token traces held in memory and appended to a JSONL file when a session closes (or at shutdown),
// optionally joined with the episode's reward from an env server (`GET <env>/state?episode_id=<session>`).
// What is held is bounded: each call's metadata is kept as JSON text and counted with the session's token
// lists; a call is admitted only while its session and the whole store stay under their limits, and a session
// without calls for `idleMs` is written and forgotten (the same as a close).

import { mkdir, open } from 'node:fs/promises';
import { getHeapStatistics } from 'node:v8';
import { dirname } from 'node:path';
import { CoworkError } from '../schema/errors.js';
import { jsonlLine } from '../schema/jsonl.js';
import type { Capture } from './capture.js';
import { emptySession, type MergeStep, mergeCall, type SessionTokens, type Trace } from './merge.js';

export const DEFAULT_TRACES_OUT = 'traces.jsonl';
const ENV_TIMEOUT_MS = 10_000;
const MiB = 1024 * 1024;
/** Retained bytes per open session [64 MiB]. */
export const DEFAULT_SESSION_BYTES = 64 * MiB;
/** Retained + in-flight bytes of all sessions: a quarter of V8's heap limit, at most 1 GiB. */
export const DEFAULT_TOTAL_BYTES = Math.min(1024 * MiB, Math.floor(getHeapStatistics().heap_size_limit / 4));
/** An open session without calls for this long is written and forgotten [600 s, the env server's --session-ttl]. */
export const DEFAULT_IDLE_MS = 600_000;
/** Session ids whose written trace/call counts are remembered (a reopened id continues its numbering). */
const MAX_OFFSETS = 100_000;
// what a retained token, an untokenised call and an open session cost beyond their JSON text, in bytes
const TOKEN_BYTES = 8;
const UNTOKENISED_BYTES = 128;
const SESSION_BYTES = 1024;
/** a request in flight is held as its text, its parsed form and the copy sent upstream (measured: 2–2.5× its size) */
const IN_FLIGHT_FACTOR = 3;

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
  /** bytes an open session may hold (call metadata as JSON text + token lists) [DEFAULT_SESSION_BYTES] */
  maxSessionBytes?: number;
  /** bytes all open sessions plus the requests in flight may hold [DEFAULT_TOTAL_BYTES] */
  maxTotalBytes?: number;
  /** ms without a call before an open session is written and forgotten; 0 = never [DEFAULT_IDLE_MS] */
  idleMs?: number;
  /** the clock idleness is measured with [Date.now] */
  now?(): number;
}

/** Why a call was not admitted: the HTTP status, an OpenAI error type and a message saying what to do. */
export interface Refusal {
  status: 413 | 503;
  type: 'session_full' | 'proxy_full';
  message: string;
}

/** A call admitted into a session: its request bytes count as in flight until `release`. */
export interface Admission {
  release(): void;
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
  /** the last joined call's metadata as JSON text (a parsed request can take several times its size), per trace */
  traceMeta: Map<number, string>;
  /** per untokenised call */
  callMeta: Map<number, string>;
  /** UTF-8 bytes of the metadata text */
  metaBytes: number;
  /** bytes held: SESSION_BYTES + metadata text + token lists */
  bytes: number;
  /** when its last call was admitted or recorded (the store's clock) */
  active: number;
}

export class TraceStore {
  readonly out: string;
  readonly maxSessionBytes: number;
  readonly maxTotalBytes: number;
  readonly idleMs: number;
  private readonly open = new Map<string, OpenSession>();
  /** traces and calls already written per session id, so a reopened id continues their numbering */
  private readonly offsets = new BoundedMap<string, { traces: number; calls: number }>(MAX_OFFSETS);
  /** request bytes in flight, per session */
  private readonly inflight = new Map<string, number>();
  private retained = 0;
  private inflightTotal = 0;
  private sweeper: ReturnType<typeof setInterval> | undefined;
  private unwritten: TraceRow[] = [];
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly opts: StoreOptions = {}) {
    this.out = opts.out ?? DEFAULT_TRACES_OUT;
    this.maxSessionBytes = opts.maxSessionBytes ?? DEFAULT_SESSION_BYTES;
    this.maxTotalBytes = opts.maxTotalBytes ?? DEFAULT_TOTAL_BYTES;
    this.idleMs = opts.idleMs ?? DEFAULT_IDLE_MS;
  }

  /** Sessions with calls not yet written. */
  openSessions(): string[] {
    return [...this.open.keys()];
  }

  /** Bytes held by open sessions, and by requests in flight (counted IN_FLIGHT_FACTOR× their size). */
  usage(): { retained_bytes: number; inflight_bytes: number } {
    return { retained_bytes: this.retained, inflight_bytes: this.inflightTotal };
  }

  private now(): number {
    return this.opts.now?.() ?? Date.now();
  }

  /**
   * Admits a call of `bytes` (its request body) into `session`, or says why not: the session would hold more
   * than maxSessionBytes (413 session_full: close it), or the store more than maxTotalBytes (503 proxy_full).
   */
  admit(session: string, bytes: number): Admission | Refusal {
    const held = (this.open.get(session)?.bytes ?? 0) + (this.inflight.get(session) ?? 0);
    if (held + bytes > this.maxSessionBytes)
      return {
        status: 413,
        type: 'session_full',
        message: `session ${session} holds ${held} bytes of unwritten calls and this request has ${bytes}, over the ${this.maxSessionBytes}-byte limit of a session (--session-mb); close it (POST /sessions/${encodeURIComponent(session)}/close) to write its rows, then go on`,
      };
    const total = this.retained + this.inflightTotal;
    const reserve = bytes * IN_FLIGHT_FACTOR;
    if (total + reserve > this.maxTotalBytes)
      return {
        status: 503,
        type: 'proxy_full',
        message: `the proxy holds ${total} bytes for ${this.open.size} open session(s) and calls in flight; this request (${bytes} bytes, counted ${IN_FLIGHT_FACTOR}× while in flight) would pass its ${this.maxTotalBytes}-byte limit (--max-mb); close finished sessions (POST /sessions/<id>/close) or retry later`,
      };
    this.inflight.set(session, (this.inflight.get(session) ?? 0) + bytes);
    this.inflightTotal += reserve;
    const s = this.open.get(session);
    if (s) s.active = this.now();
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const left = (this.inflight.get(session) ?? 0) - bytes;
        if (left > 0) this.inflight.set(session, left);
        else this.inflight.delete(session);
        this.inflightTotal -= reserve;
      },
    };
  }

  /** Merges a forwarded request into its session. */
  record(session: string, rec: CallRecord): MergeStep[] {
    let s = this.open.get(session);
    if (!s) {
      s = {
        tokens: emptySession(),
        traceMeta: new Map(),
        callMeta: new Map(),
        metaBytes: 0,
        bytes: 0,
        active: this.now(),
      };
      this.open.set(session, s);
      this.startSweeper();
    }
    const open = s;
    const req = rec.request;
    const base: CallMeta = {
      ...(typeof req.model === 'string' ? { model: req.model } : {}),
      ...(Array.isArray(req.tools) ? { tools: req.tools } : {}),
    };
    const choices = isObject(rec.response) && Array.isArray(rec.response.choices) ? rec.response.choices : [];
    const steps = rec.captures.map((capture, i) => {
      const { session: tokens, step } = mergeCall(open.tokens, capture);
      open.tokens = tokens;
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
        keepMeta(
          open,
          open.callMeta,
          step.call,
          JSON.stringify({ ...meta, status: rec.status, ...(rec.error ? { error: rec.error } : {}) }),
        );
      else keepMeta(open, open.traceMeta, step.trace, JSON.stringify(meta));
      return step;
    });
    const bytes = sessionBytes(open);
    this.retained += bytes - open.bytes;
    open.bytes = bytes;
    open.active = this.now();
    return steps;
  }

  /** Writes and forgets every session without a call for idleMs (none in flight); what the sweeper runs. */
  async expireIdle(): Promise<CloseSummary[]> {
    if (this.idleMs <= 0) return [];
    const due = this.now() - this.idleMs;
    const idle = [...this.open].filter(([id, s]) => s.active <= due && !this.inflight.has(id)).map(([id]) => id);
    const closed = await Promise.all(
      idle.map((id) =>
        this.close(id).then(
          (summary) => {
            this.opts.notice?.(
              `coworkenv proxy: session ${id} idle for ${Math.round(this.idleMs / 1000)} s: ${summary.rows} row(s) appended to ${this.out}`,
            );
            return summary;
          },
          (e: Error) => {
            this.opts.notice?.(
              `coworkenv proxy: session ${id}: ${e.message}; the rows are kept and retried at shutdown`,
            );
            return undefined;
          },
        ),
      ),
    );
    return closed.filter((c): c is CloseSummary => c !== undefined);
  }

  private startSweeper(): void {
    if (this.sweeper || this.idleMs <= 0) return;
    this.sweeper = setInterval(
      () => {
        if (this.open.size === 0) return this.stopSweeper();
        void this.expireIdle();
      },
      Math.max(10, Math.min(this.idleMs / 2, 30_000)),
    );
    this.sweeper.unref();
  }

  private stopSweeper(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  /** Writes a session's rows (with its reward when an env server is configured) and forgets it. */
  async close(session: string): Promise<CloseSummary> {
    const s = this.open.get(session);
    this.open.delete(session);
    const summary: CloseSummary = { session, traces: 0, untokenised: 0, rows: 0, out: this.out };
    if (!s) return summary;
    this.retained -= s.bytes;
    const offset = this.offsets.get(session) ?? { traces: 0, calls: 0 };
    // the oldest ids are forgotten first (the map is bounded): a reopened id that old starts its numbering at 0 again
    this.offsets.delete(session);
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
    this.stopSweeper();
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

/** Keeps a call's metadata text under `key` (a trace keeps only its last joined call's), counting its bytes. */
function keepMeta(s: OpenSession, map: Map<number, string>, key: number, text: string): void {
  const old = map.get(key);
  if (old !== undefined) s.metaBytes -= Buffer.byteLength(old);
  s.metaBytes += Buffer.byteLength(text);
  map.set(key, text);
}

/** What an open session holds, in bytes: its metadata text (UTF-8) and its token lists. */
function sessionBytes(s: OpenSession): number {
  let n = SESSION_BYTES + s.metaBytes + s.tokens.untokenised.length * UNTOKENISED_BYTES;
  // prompt ids, then response ids, loss mask and logprobs (one entry per response id each), and call indices
  for (const t of s.tokens.traces)
    n += (t.prompt_ids.length + 3 * t.response_ids.length + t.calls.length) * TOKEN_BYTES;
  return n;
}

const metaOf = (text: string | undefined): CallMeta => (text === undefined ? {} : (JSON.parse(text) as CallMeta));

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
      ...metaOf(s.traceMeta.get(i)),
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
      ...metaOf(s.callMeta.get(u.call)),
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
