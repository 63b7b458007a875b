import type { Judge } from '../grade/types.js';
import { CoworkError } from '../schema/errors.js';
import { didYouMean } from '../schema/suggest.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { type ResetRequest, ServerError } from './protocol.js';
import { Session } from './session.js';
import { asCatalog, type TaskCatalog } from './catalog.js';

export { Session } from './session.js';

export const DEFAULT_MAX_SESSIONS = 4096;
export const DEFAULT_TTL_S = 600;

export interface SessionManagerOptions {
  /** the tasks: specs in memory, or a catalog (a corpus index read on demand) */
  specs: readonly TaskSpec[] | TaskCatalog;
  /** live sessions at most (finished ones count until closed or reaped) [4096] */
  maxSessions?: number;
  /** idle seconds before a session is reaped; 0 = never [600] */
  ttlS?: number;
  /** scores llm_judge checks and judge items at the end of an episode */
  judge?: Judge;
  /** shaped step rewards (one prefix grade per step) [true] */
  stepRewards?: boolean;
  /** ms clock [Date.now] */
  clock?: () => number;
}

/**
 * Stateful sessions by episode id: create (capacity-limited), get, close (idempotent) and idle reaping on an
 * unref'd interval, so a forgotten episode never keeps the process alive or holds a slot forever.
 */
export class SessionManager {
  readonly catalog: TaskCatalog;
  readonly maxSessions: number;
  readonly ttlS: number;
  readonly #sessions = new Map<string, Session>();
  readonly #judge: Judge | undefined;
  readonly #stepRewards: boolean;
  readonly #clock: () => number;
  #counter = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(opts: SessionManagerOptions) {
    this.catalog = asCatalog(opts.specs);
    if (this.catalog.size === 0) throw new CoworkError('bad_input', 'the env server needs at least one task spec');
    this.maxSessions = opts.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.ttlS = opts.ttlS ?? DEFAULT_TTL_S;
    this.#judge = opts.judge;
    this.#stepRewards = opts.stepRewards ?? true;
    this.#clock = opts.clock ?? Date.now;
    if (this.ttlS > 0) {
      const every = Math.max(10, Math.min(30_000, (this.ttlS * 1000) / 4));
      this.#timer = setInterval(() => this.reap(), every);
      this.#timer.unref();
    }
  }

  get size(): number {
    return this.#sessions.size;
  }

  /**
   * Starts an episode: task_id, else tasks[seed % n]; episode_id, else the next free `ep-<n>`. A live episode_id
   * is restarted: its episode is closed first.
   */
  create(req: ResetRequest = {}): Session {
    const { spec, seed } = this.#pick(req);
    // a reset with a live id restarts it (as OpenEnv's reset does): a rerun with the same ids starts over,
    // and whoever held the old episode is told it was closed
    if (req.episode_id) this.close(req.episode_id);
    if (this.#sessions.size >= this.maxSessions) {
      throw new ServerError(
        503,
        'CAPACITY_REACHED',
        `server at capacity: ${this.#sessions.size} of ${this.maxSessions} sessions live; close finished episodes (DELETE /episodes/<id>) or raise --max-sessions`,
        {
          active_sessions: this.#sessions.size,
          max_sessions: this.maxSessions,
        },
      );
    }
    const session = this.#session(req.episode_id ?? this.#nextId(), spec, seed, req);
    this.#sessions.set(session.id, session);
    return session;
  }

  /**
   * An episode that is never registered (OpenEnv's stateless HTTP reset and step: a fresh environment per
   * request, dropped after it answers). It holds no slot and cannot be addressed by id.
   */
  detached(req: ResetRequest = {}): Session {
    const { spec, seed } = this.#pick(req);
    return this.#session('stateless', spec, seed, req);
  }

  #session(id: string, spec: TaskSpec, seed: number, req: ResetRequest): Session {
    return new Session({
      id,
      spec,
      seed,
      trial: req.trial ?? 0,
      now: this.#clock(),
      stepRewards: this.#stepRewards,
      ...(req.model ? { model: req.model } : {}),
      ...(this.#judge ? { judge: this.#judge } : {}),
    });
  }

  /** The served task `id`; an unknown one is a 404 FACTORY_ERROR that names the likeliest intended id. */
  spec(id: string): TaskSpec {
    const spec = this.catalog.get(id);
    if (spec) return spec;
    throw new ServerError(
      404,
      'FACTORY_ERROR',
      `unknown task_id "${id}"${this.catalog.size <= 10_000 ? didYouMean(id, this.catalog.ids()) : ''}; GET /tasks lists the ${this.catalog.size} served task(s)`,
      { factory_name: 'coworkenv', task_id: id },
    );
  }

  #pick(req: ResetRequest): { spec: TaskSpec; seed: number } {
    const seed = req.seed ?? 0;
    const spec = this.spec(req.task_id ?? this.catalog.idAt(seed % this.catalog.size));
    return { spec, seed };
  }

  #nextId(): string {
    let id: string;
    do id = `ep-${++this.#counter}`;
    while (this.#sessions.has(id));
    return id;
  }

  /** The live session, or undefined. */
  find(id: string): Session | undefined {
    return this.#sessions.get(id);
  }

  /** The live session (marked active), or a 404. */
  get(id: string): Session {
    const s = this.#sessions.get(id);
    if (!s)
      throw new ServerError(
        404,
        'SESSION_ERROR',
        `unknown episode_id "${id}" (${this.ttlS > 0 ? `never started, closed, or reaped after ${this.ttlS}s idle` : 'never started, or closed'}); POST /reset with an episode_id starts one (a reset without episode_id is stateless, as in OpenEnv)`,
        { episode_id: id },
      );
    s.lastActive = this.#clock();
    return s;
  }

  /** Runs `fn` with the session counted busy (never reaped meanwhile), then marks it active. */
  async use<T>(s: Session, fn: () => Promise<T>): Promise<T> {
    s.busy++;
    try {
      return await fn();
    } finally {
      s.busy--;
      s.lastActive = this.#clock();
    }
  }

  /** Closes a session; true when it was live. Closing an unknown or closed id is not an error. */
  close(id: string): boolean {
    const s = this.#sessions.get(id);
    if (!s) return false;
    s.closed = true;
    this.#sessions.delete(id);
    return true;
  }

  /**
   * Closes this session object if it is still the live one under its id; true when it was. A connection
   * releases its own episode this way, never by id: after a reap the id may belong to someone else's episode.
   */
  release(s: Session): boolean {
    s.closed = true;
    if (this.#sessions.get(s.id) !== s) return false;
    this.#sessions.delete(s.id);
    return true;
  }

  /** Marks a live session object active (see `get`); false when it is no longer live. */
  touch(s: Session): boolean {
    if (this.#sessions.get(s.id) !== s) return false;
    s.lastActive = this.#clock();
    return true;
  }

  /** Closes sessions idle longer than the TTL (busy ones are kept); returns their ids. */
  reap(now = this.#clock()): string[] {
    if (this.ttlS <= 0) return [];
    const limit = this.ttlS * 1000;
    const reaped: string[] = [];
    for (const s of this.#sessions.values()) {
      if (s.busy === 0 && now - s.lastActive > limit) reaped.push(s.id);
    }
    for (const id of reaped) this.close(id);
    return reaped;
  }

  /** Stops the reaper and closes every session. */
  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    for (const id of [...this.#sessions.keys()]) this.close(id);
  }
}
