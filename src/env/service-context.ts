import { deepFreeze } from '../services/freeze.js';
import { ToolError } from '../services/tool-error.js';
import type { CollectionDef, EpisodeSettings, Rec, ServiceDef, ToolContext } from '../services/types.js';
import type { EpisodeInternals } from './types.js';

// the ToolContext of one service inside one episode. collections are copy-on-write: the first
// write copies the shared frozen array, records are replaced (never mutated) and frozen.
export class ServiceContext implements ToolContext {
  readonly service: string;
  readonly settings: Readonly<EpisodeSettings>;
  readonly #def: ServiceDef;
  readonly #ep: EpisodeInternals;

  constructor(def: ServiceDef, ep: EpisodeInternals) {
    this.service = def.name;
    this.settings = ep.settings;
    this.#def = def;
    this.#ep = ep;
  }

  now(): string {
    return new Date(this.#ep.callMs).toISOString();
  }
  nowMs(): number {
    return this.#ep.callMs;
  }
  today(): string {
    return this.now().slice(0, 10);
  }
  remainingMs(): number | undefined {
    const d = this.#ep.deadlineMs;
    return d === undefined ? undefined : Math.max(0, d - Date.now());
  }

  list(collection: string): readonly Rec[] {
    this.#col(collection);
    return this.#ep.state[this.service]?.[collection] ?? [];
  }

  find(collection: string, id: string): Rec | undefined {
    const key = this.#col(collection).id;
    return this.list(collection).find((r) => r[key] === id);
  }

  get(collection: string, id: string): Rec {
    const rec = this.find(collection, id);
    if (!rec) throw new ToolError('not_found', `${this.#col(collection).label} ${id} not found`);
    return rec;
  }

  insert(collection: string, record: Record<string, unknown>): Rec {
    const def = this.#col(collection);
    const id = record[def.id];
    if (typeof id !== 'string' || !id)
      throw new Error(`${this.service}.${collection}: inserted record has no ${def.id}`);
    if (this.find(collection, id)) throw new ToolError('conflict', `${def.label} ${id} already exists`);
    const rec = deepFreeze({ ...record }) as Rec;
    this.#writable(collection).push(rec);
    return rec;
  }

  update(collection: string, id: string, patch: Record<string, unknown>): Rec {
    const { def, i } = this.#locate(collection, id);
    const rows = this.#writable(collection);
    const rec = deepFreeze({ ...rows[i], ...patch, [def.id]: id }) as Rec;
    rows[i] = rec;
    return rec;
  }

  remove(collection: string, id: string): Rec {
    const { i } = this.#locate(collection, id);
    const [old] = this.#writable(collection).splice(i, 1);
    return old as Rec;
  }

  // finds the record before copying the collection, so a failed write changes nothing
  #locate(collection: string, id: string): { def: CollectionDef; i: number } {
    const def = this.#col(collection);
    const i = this.list(collection).findIndex((r) => r[def.id] === id);
    if (i < 0) throw new ToolError('not_found', `${def.label} ${id} not found`);
    return { def, i };
  }

  nextId(collection: string): string {
    const def = this.#col(collection);
    if (!def.newId) throw new Error(`${this.service}.${collection} does not generate ids`);
    const [prefix, width] = def.newId;
    const key = `${this.service}.${collection}`;
    let n = this.#ep.counters.get(key) ?? this.#ep.prepared.counterStart(this.service, collection);
    let id: string;
    do id = `${prefix}${String(n++).padStart(width, '0')}`;
    while (this.find(collection, id));
    this.#ep.counters.set(key, n);
    return id;
  }

  record(list: string, entry: Record<string, unknown>): Rec {
    if (!this.#def.audit[list]) throw new Error(`${this.service} has no audit list ${list}`);
    const rec = deepFreeze({ ...entry, timestamp: this.now(), seq: this.#ep.seq }) as Rec;
    this.#ep.recordList(this.service, list).push(rec);
    return rec;
  }

  #col(collection: string): CollectionDef {
    const def = this.#def.collections[collection];
    if (!def) throw new Error(`${this.service} has no collection ${collection}`);
    return def;
  }

  #writable(collection: string): Rec[] {
    return this.#ep.writable(this.service, collection);
  }
}
