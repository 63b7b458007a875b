import type { ServiceState } from '../services/fixtures.js';
import { getService, type ResolvedTool, resolveTool } from '../services/registry.js';
import { ToolError } from '../services/tool-error.js';
import type { EpisodeSettings, Rec, ServiceDef, ToolDef } from '../services/types.js';
import { CoworkError } from '../schema/errors.js';
import { didYouMean } from '../schema/suggest.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { zodDiagnostics } from '../schema/zod-diagnostics.js';
import { type CallEffect, type CallMemo, callKey } from './call-memo.js';
import { drawFault } from './faults.js';
import { takeAttachments } from './images.js';
import { prepare } from './prepared.js';
import { createRng, type Rng } from './rng.js';
import { ServiceContext } from './service-context.js';
import type { Audit, AuditCall, CallResult, EpisodeInternals, ToolErrorInfo } from './types.js';

const TICK_MS = 1000;

export interface EpisodeOptions {
  seed?: number;
  trial?: number;
  /** workspace shell mode [virtual] */
  shell?: EpisodeSettings['shell'];
  /** shares asynchronous calls (the shell) with other episodes of a deterministic replay (call-memo.ts) */
  calls?: CallMemo;
  /** keep a checkpoint after every call ({@link Episode.checkpoints}) */
  checkpoints?: boolean;
  /** start where another episode of the same spec stood after its first calls (a replay sharing their prefix) */
  resume?: EpisodeResume;
}

/** An episode's state after a call: everything a call changes, copied (records are frozen and shared). */
export interface EpisodeCheckpoint {
  readonly state: Readonly<Record<string, Readonly<Record<string, readonly Rec[]>>>>;
  readonly owned: readonly string[];
  readonly records: Readonly<Record<string, Readonly<Record<string, readonly Rec[]>>>>;
  readonly calls: readonly AuditCall[];
  readonly counters: readonly (readonly [string, number])[];
  readonly clockMs: number;
  readonly callMs: number;
  readonly seq: number;
}

/** A call as it was made and answered, with the episode's checkpoint after it. */
export interface KeptCall {
  name: string;
  result: CallResult;
  checkpoint: EpisodeCheckpoint;
}

/**
 * Where a resumed episode starts: the checkpoint after a prefix of calls, and those calls' results. The
 * resumed episode answers the same calls, in the same order, from `calls` (anything else is a bug: thrown);
 * its state is then the checkpoint's. Only for fault-free episodes without a simulated user, whose state
 * after a call depends on nothing but the calls before it.
 */
export interface EpisodeResume {
  checkpoint: EpisodeCheckpoint;
  calls: readonly KeptCall[];
}

export type { EpisodeInternals } from './types.js';

/**
 * One isolated execution of a TaskSpec: its own copy-on-write state, a mock clock from `mock_today`
 * that advances per call, a seeded fault stream and the audit log.
 */
export class Episode {
  readonly spec: TaskSpec;
  readonly seed: number;
  readonly trial: number;
  readonly #in: EpisodeInternals;
  readonly #calls: AuditCall[] = [];
  readonly #records: Record<string, Record<string, Rec[]>> = {};
  readonly #owned = new Set<string>();
  readonly #contexts = new Map<string, ServiceContext>();
  #clockMs: number;
  #rng: Rng | undefined;
  readonly #memo: CallMemo | undefined;
  // the collections written while a memoised call runs (undefined when none runs)
  #touched: Set<string> | undefined;
  readonly #kept: KeptCall[] | undefined;
  // calls still to be answered from a resumed prefix
  readonly #prefix: KeptCall[];

  constructor(spec: TaskSpec, opts: EpisodeOptions = {}) {
    this.spec = spec;
    this.seed = opts.seed ?? 0;
    this.trial = opts.trial ?? 0;
    const prepared = prepare(spec);
    this.#clockMs = prepared.startMs;
    this.#memo = opts.calls;
    this.#kept = opts.checkpoints ? [] : undefined;
    this.#prefix = opts.resume ? [...opts.resume.calls] : [];
    const cp = opts.resume?.checkpoint;
    if (cp && spec.errors.rate > 0) throw new CoworkError('internal', 'only a fault-free episode can resume');
    const state: Record<string, Record<string, readonly Rec[]>> = {};
    for (const [svc, cols] of Object.entries(cp?.state ?? prepared.state)) state[svc] = { ...cols };
    if (cp) {
      // this episode writes its own copies: the checkpoint stays as it was
      for (const key of cp.owned) {
        const [svc, col] = key.split('.') as [string, string];
        const cols = state[svc] as Record<string, readonly Rec[]>;
        cols[col] = [...(cols[col] ?? [])];
        this.#owned.add(key);
      }
      for (const [svc, lists] of Object.entries(cp.records))
        this.#records[svc] = Object.fromEntries(Object.entries(lists).map(([l, rows]) => [l, [...rows]]));
      this.#calls.push(...cp.calls);
      this.#clockMs = cp.clockMs;
    }
    const owned = this.#owned;
    const records = this.#records;
    const touched = () => this.#touched;
    this.#in = {
      prepared,
      settings: Object.freeze({ shell: opts.shell ?? 'virtual' }),
      state,
      counters: new Map(cp?.counters ?? []),
      callMs: cp?.callMs ?? prepared.startMs,
      seq: cp?.seq ?? 0,
      deadlineMs: undefined,
      writable(service, collection) {
        const key = `${service}.${collection}`;
        const svc = state[service] as Record<string, readonly Rec[]>;
        touched()?.add(collection);
        if (!owned.has(key)) {
          owned.add(key);
          svc[collection] = [...(svc[collection] ?? [])];
        }
        return svc[collection] as Rec[];
      },
      recordList(service, list) {
        const svc = (records[service] ??= {});
        return (svc[list] ??= []);
      },
    };
  }

  /** Canonical tools the agent may call, in service order. */
  get tools(): readonly ToolDef[] {
    return this.#in.prepared.tools;
  }

  /** Sets the wall-clock deadline (Date.now() ms) of the episode: long-running tools (the shell) stop by it. */
  setDeadline(epochMs: number | undefined): void {
    this.#in.deadlineMs = epochMs;
  }

  /** The current mock time. */
  now(): string {
    return new Date(this.#clockMs).toISOString();
  }

  /**
   * Calls a synchronous tool. Every failure (unknown tool, bad arguments, not found, injected fault) is an
   * error result, never an exception. Asynchronous tools (shell) need {@link Episode.run}.
   */
  call(name: string, args?: unknown): CallResult {
    const pre = this.#answered(name);
    if (pre) return pre;
    // refuse before anything runs: an async tool started here would act in the background
    if (this.#in.prepared.allowed.get(name)?.tool.async)
      throw new CoworkError('internal', `${name} is asynchronous; call it with episode.run()`);
    const started = this.#start(name, args);
    if (started.invoke) {
      try {
        const result = started.invoke();
        if (isThenable(result)) {
          result.then(undefined, () => {});
          throw new CoworkError('internal', `${started.entry.tool} is asynchronous; call it with episode.run()`);
        }
        started.entry.result = result;
        started.entry.ok = true;
      } catch (e) {
        if (e instanceof CoworkError) throw e;
        started.entry.error = toErrorInfo(e);
      }
    }
    return this.#finish(started.entry);
  }

  /** Calls any tool, synchronous or not; the result is the same as {@link Episode.call}'s. */
  async run(name: string, args?: unknown): Promise<CallResult> {
    const pre = this.#answered(name);
    if (pre) return pre;
    const started = this.#start(name, args);
    if (started.invoke) {
      const { entry, resolved } = started;
      const service = resolved?.service;
      const key = service && resolved.tool.async ? this.#memoKey(entry, service) : undefined;
      const hit = key === undefined ? undefined : this.#memo?.get(key);
      if (hit && service) {
        this.#apply(service, hit);
        entry.result = structuredClone(hit.result);
        entry.ok = true;
        return this.#finish(entry);
      }
      const lengths = key === undefined || !service ? undefined : this.#listLengths(service);
      if (lengths) this.#touched = new Set();
      try {
        entry.result = await started.invoke();
        entry.ok = true;
        if (key !== undefined && lengths && service) this.#memo?.set(key, this.#effect(service, entry.result, lengths));
      } catch (e) {
        entry.error = toErrorInfo(e);
      } finally {
        if (lengths) this.#touched = undefined;
      }
    }
    return this.#finish(started.entry);
  }

  /** Calls of a resumed prefix not yet made again (0 once the replay passed its prefix). */
  get pendingPrefix(): number {
    return this.#prefix.length;
  }

  /** The calls made so far with the checkpoint after each (with the `checkpoints` option; else empty). */
  checkpoints(): readonly KeptCall[] {
    return this.#kept ?? [];
  }

  // the next call of a resumed prefix: its recorded result (its effect is already in the state)
  #answered(name: string): CallResult | undefined {
    const next = this.#prefix.shift();
    if (!next) return undefined;
    if (next.name !== name)
      throw new CoworkError('internal', `resumed episode: call ${name} where the prefix made ${next.name}`);
    return next.result;
  }

  #checkpoint(): EpisodeCheckpoint {
    const state: Record<string, Record<string, readonly Rec[]>> = {};
    for (const [svc, cols] of Object.entries(this.#in.state)) state[svc] = { ...cols };
    for (const key of this.#owned) {
      const [svc, col] = key.split('.') as [string, string];
      const cols = state[svc] as Record<string, readonly Rec[]>;
      cols[col] = [...(cols[col] ?? [])];
    }
    const records: Record<string, Record<string, readonly Rec[]>> = {};
    for (const [svc, lists] of Object.entries(this.#records))
      records[svc] = Object.fromEntries(Object.entries(lists).map(([l, rows]) => [l, [...rows]]));
    return {
      state,
      owned: [...this.#owned],
      records,
      calls: [...this.#calls],
      counters: [...this.#in.counters],
      clockMs: this.#clockMs,
      callMs: this.#in.callMs,
      seq: this.#in.seq,
    };
  }

  // the memo key of an async call about to run, or undefined (no memo, or another memoised call in flight)
  #memoKey(entry: AuditCall, service: ServiceDef): string | undefined {
    if (!this.#memo || this.#touched) return undefined;
    return callKey(
      { tool: entry.tool, params: entry.params, callMs: this.#in.callMs, seq: entry.seq, settings: this.#in.settings },
      this.#in.state[service.name] ?? {},
      this.#counters(service),
    );
  }

  #counters(service: ServiceDef): [string, number][] {
    const prefix = `${service.name}.`;
    return [...this.#in.counters].filter(([k]) => k.startsWith(prefix)).sort(([a], [b]) => (a < b ? -1 : 1));
  }

  #listLengths(service: ServiceDef): Map<string, number> {
    return new Map(Object.entries(this.#records[service.name] ?? {}).map(([l, rows]) => [l, rows.length]));
  }

  #effect(service: ServiceDef, result: unknown, lengths: Map<string, number>): CallEffect {
    const written: Record<string, readonly Rec[]> = {};
    for (const c of this.#touched ?? []) written[c] = [...(this.#in.state[service.name]?.[c] ?? [])];
    const recorded: Record<string, readonly Rec[]> = {};
    for (const [l, rows] of Object.entries(this.#records[service.name] ?? {}))
      if (rows.length > (lengths.get(l) ?? 0)) recorded[l] = rows.slice(lengths.get(l) ?? 0);
    return { result: structuredClone(result), written, recorded, counters: this.#counters(service) };
  }

  // replays a memoised call's effect: the same writes (so the same collections become this episode's own)
  #apply(service: ServiceDef, effect: CallEffect): void {
    for (const [c, rows] of Object.entries(effect.written)) {
      const w = this.#in.writable(service.name, c);
      w.length = 0;
      w.push(...rows);
    }
    for (const [l, rows] of Object.entries(effect.recorded)) this.#in.recordList(service.name, l).push(...rows);
    for (const [k, n] of effect.counters) this.#in.counters.set(k, n);
  }

  // resolves, injects faults and validates; `invoke` is absent when the call already failed
  #start(name: string, args: unknown): { entry: AuditCall; invoke?: () => unknown; resolved?: ResolvedTool } {
    const seq = ++this.#in.seq;
    const callMs = this.#clockMs;
    this.#in.callMs = callMs;
    const entry: AuditCall = {
      seq,
      tool: name,
      service: null,
      args: args ?? {},
      ok: false,
      latency_ms: 0,
      t: new Date(callMs).toISOString(),
    };
    const resolved = this.#in.prepared.allowed.get(name);
    try {
      if (!resolved) throw this.#unavailable(name);
      entry.tool = resolved.tool.name;
      entry.service = resolved.service.name;
      if (resolved.alias) entry.called_as = resolved.alias;
      if (this.spec.errors.rate > 0) {
        this.#rng ??= createRng('faults', this.spec.id, this.seed, this.trial);
        const f = drawFault(this.#rng, this.spec.errors.rate);
        if (f) {
          entry.injected = f.kind;
          entry.latency_ms = f.latencyMs;
          if (f.error) throw f.error;
        }
      }
      const tool = resolved.tool;
      // a parse that fails throws before anything is kept
      const params =
        this.#memo && args !== null && typeof args === 'object'
          ? this.#memo.params(tool.name, args, () => parseArgs(tool, args))
          : parseArgs(tool, args);
      entry.params = params;
      const ctx = this.#context(resolved.service);
      return { entry, invoke: () => resolved.tool.handler(ctx, params), resolved };
    } catch (e) {
      entry.error = toErrorInfo(e);
      return { entry };
    }
  }

  #finish(entry: AuditCall): CallResult {
    this.#clockMs = Date.parse(entry.t) + TICK_MS + entry.latency_ms;
    const images = entry.ok ? takeAttachments(entry.result) : undefined;
    let content = JSON.stringify(entry.ok ? (entry.result ?? null) : { error: entry.error });
    const max = this.spec.limits.max_result_chars;
    if (content.length > max) {
      content = `${content.slice(0, max)}\n...[truncated: ${content.length - max} more characters]`;
      entry.truncated = true;
    }
    this.#calls.push(entry);
    const out: CallResult = { ok: entry.ok, content, latencyUs: entry.latency_ms * 1000, seq: entry.seq };
    if (entry.error) out.error = entry.error;
    if (entry.injected) out.injected = entry.injected;
    if (entry.truncated) out.truncated = true;
    if (images) out.images = images;
    this.#kept?.push({ name: entry.called_as ?? entry.tool, result: out, checkpoint: this.#checkpoint() });
    return out;
  }

  /**
   * A change made by the simulated user (not an agent action): merges `set` into a record. It is not an
   * audit call and does not advance the clock; the caller records a `patch` event in the trajectory.
   */
  patchRecord(service: string, collection: string, recordId: string, set: Record<string, unknown>): Rec {
    const def = getService(service);
    if (!def || !this.#in.state[service])
      throw new CoworkError('spec_invalid', `user patch: ${service} is not a service of this task`);
    if (!def.collections[collection])
      throw new CoworkError('spec_invalid', `user patch: ${service} has no collection ${collection}`);
    this.#in.callMs = this.#clockMs;
    try {
      return this.#context(def).update(collection, recordId, set);
    } catch (e) {
      throw new CoworkError('spec_invalid', `user patch: ${e instanceof Error ? e.message : String(e)}`, undefined, {
        cause: e,
      });
    }
  }

  /** A record created or replaced by the simulated user (e.g. a workspace file it edits); see patchRecord. */
  upsertRecord(service: string, collection: string, record: Record<string, unknown>): Rec {
    const def = getService(service);
    const col = def?.collections[collection];
    if (!def || !col || !this.#in.state[service])
      throw new CoworkError('spec_invalid', `user patch: ${service}.${collection} is not part of this task`);
    this.#in.callMs = this.#clockMs;
    const ctx = this.#context(def);
    const id = String(record[col.id] ?? '');
    return ctx.find(collection, id) ? ctx.update(collection, id, record) : ctx.insert(collection, record);
  }

  /** Final state of every collection of the spec's services (a copy; records are frozen). */
  snapshot(): ServiceState {
    const out: ServiceState = {};
    for (const [svc, cols] of Object.entries(this.#in.state)) {
      out[svc] = Object.fromEntries(Object.entries(cols).map(([c, rows]) => [c, [...rows]]));
    }
    return out;
  }

  /** Only the collections this episode wrote (the rest equal the fixtures). */
  changedState(): ServiceState {
    const out: ServiceState = {};
    for (const key of this.#owned) {
      const [svc, col] = key.split('.') as [string, string];
      (out[svc] ??= {})[col] = [...(this.#in.state[svc]?.[col] ?? [])];
    }
    return out;
  }

  /** Calls in order plus every record list of the spec's services (empty lists included). */
  audit(): Audit {
    const records: Record<string, Record<string, readonly Rec[]>> = {};
    for (const svc of Object.keys(this.#in.prepared.state)) {
      const lists = Object.keys(getService(svc)?.audit ?? {});
      records[svc] = Object.fromEntries(lists.map((l) => [l, this.#records[svc]?.[l] ?? []]));
    }
    return { calls: this.#calls, records };
  }

  #context(service: ServiceDef): ServiceContext {
    let ctx = this.#contexts.get(service.name);
    if (!ctx) {
      ctx = new ServiceContext(service, this.#in);
      this.#contexts.set(service.name, ctx);
    }
    return ctx;
  }

  #unavailable(name: string): ToolError {
    const available = this.tools.map((t) => t.name);
    const known = resolveTool(name);
    if (known) {
      return new ToolError(
        'tool_not_available',
        `tool ${known.tool.name} (${known.service.name}) is not available in this task; available tools: ${available.join(', ')}`,
      );
    }
    return new ToolError(
      'unknown_tool',
      `unknown tool "${name}"${didYouMean(name, this.#in.prepared.allowed.keys())}; available tools: ${available.join(', ')}`,
    );
  }
}

/** Starts an isolated episode of a parsed spec. */
export function createEpisode(spec: TaskSpec, opts: EpisodeOptions = {}): Episode {
  return new Episode(spec, opts);
}

function parseArgs(tool: ToolDef, args: unknown): Record<string, unknown> {
  let value = args ?? {};
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value || '{}');
    } catch {
      throw new ToolError('invalid_argument', `arguments for ${tool.name} are not valid JSON; send a JSON object`);
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ToolError('invalid_argument', `arguments for ${tool.name} must be a JSON object`);
  }
  const res = tool.params.safeParse(value);
  if (res.success) return res.data as Record<string, unknown>;
  const problems = zodDiagnostics(res.error.issues, value, tool.params).map((d) => `${d.path}: ${d.message}`);
  throw new ToolError('invalid_argument', `invalid arguments for ${tool.name}: ${problems.join('; ')}`);
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return !!v && typeof (v as { then?: unknown }).then === 'function';
}

function toErrorInfo(e: unknown): ToolErrorInfo {
  if (e instanceof ToolError) return { code: e.code, message: e.message, ...e.extra };
  // a handler bug is still data for the agent, flagged so runs can treat it as infrastructure
  return { code: 'internal_error', message: e instanceof Error ? e.message : String(e) };
}
