import type { z } from 'zod';
import type { ValueKind } from '../schema/canonical-values.js';

/** A stored record: plain JSON, deep-frozen so episodes can share unmodified data safely. */
export type Rec = Readonly<Record<string, unknown>>;

/** A record collection of a service (fixtures seed it; tools read and change it). */
export interface CollectionDef {
  description: string;
  /** the id field, e.g. ticket_id */
  id: string;
  /** human noun for messages: "Ticket TK-9 not found" */
  label: string;
  /** prefix and digit count of ids the service generates, e.g. ["TK-", 4] */
  newId?: readonly [prefix: string, width: number];
  /** strict schema of one record; `.describe()` on every field gives its one-line meaning */
  record: z.ZodObject;
  /**
   * foreign keys: field → the collection its value (or each value of an array field) names, as
   * `service.collection` (matched against that collection's id) or `service.collection.field`; `emails`
   * checks only e-mail-shaped values (attendee lists mix names and addresses). The gate checks them
   * whenever the target service is selected.
   */
  refs?: Readonly<Record<string, { to: string; emails?: true }>>;
  /** converts a fixture value written in a friendlier shape (e.g. a {path: content} map) into records */
  fromFixture?: (value: unknown) => unknown;
}

/** Per-episode settings a tool may honour. */
export interface EpisodeSettings {
  /** workspace shell: in-process just-bash (default) or real binaries in bubblewrap */
  shell: 'virtual' | 'real';
}

/** An audit record list: post-mutation copies a grader reads (e.g. gmail.sent_messages). */
export interface AuditListDef {
  description: string;
  /** field → one-line meaning; `timestamp` and `seq` are added to every entry */
  fields: Readonly<Record<string, string>>;
  /** field → value kind, for fields the grader compares canonically (e-mail addresses, accounts, ids…) */
  kinds?: Readonly<Record<string, ValueKind>>;
}

/** What a tool handler can do: read and change its service's state, log audit records, read the mock clock. */
export interface ToolContext {
  readonly service: string;
  readonly settings: Readonly<EpisodeSettings>;
  /** current mock time, ISO 8601 UTC */
  now(): string;
  nowMs(): number;
  /** current mock date, YYYY-MM-DD */
  today(): string;
  /** real milliseconds left before the episode's wall-clock deadline (undefined: none); tools that wait on real time stop by it */
  remainingMs(): number | undefined;
  list(collection: string): readonly Rec[];
  find(collection: string, id: string): Rec | undefined;
  /** like find, but a missing record is a not_found tool error */
  get(collection: string, id: string): Rec;
  insert(collection: string, record: Record<string, unknown>): Rec;
  /** shallow-merges `patch` into the record and returns the new record */
  update(collection: string, id: string, patch: Record<string, unknown>): Rec;
  remove(collection: string, id: string): Rec;
  /** next free id of a collection with `newId` (monotonic: never reuses a deleted id) */
  nextId(collection: string): string;
  /** appends an entry (plus timestamp and seq) to an audit record list */
  record(list: string, entry: Record<string, unknown>): Rec;
}

/** One model-facing tool. */
export interface ToolDef<S extends z.ZodObject = z.ZodObject> {
  name: string;
  description: string;
  /** closed (strict) parameter schema; its input view is the JSON Schema a model sees */
  params: S;
  /** true when the tool changes state or sends something */
  mutates: boolean;
  /** true when the handler returns a promise (Episode.call refuses it before running; use Episode.run) */
  async?: boolean;
  /** other names the peer catalogue uses for this tool; calls are audited under `name` */
  aliases?: readonly string[];
  /** returns the result (or a promise of it, for tools such as shell); throws ToolError for failures */
  handler(ctx: ToolContext, args: z.output<S>): unknown;
}

/** A mock business service: collections, audit record lists and tools. */
export interface ServiceDef {
  name: string;
  description: string;
  collections: Readonly<Record<string, CollectionDef>>;
  audit: Readonly<Record<string, AuditListDef>>;
  tools: readonly ToolDef[];
}

/** Keeps the handler's `args` typed from `params`. */
export function defineTool<S extends z.ZodObject>(tool: ToolDef<S>): ToolDef {
  return tool as unknown as ToolDef;
}

/** Key of the pictures a tool result attaches (a symbol: JSON never serialises it; the episode takes them off). */
export const ATTACHED = Symbol('attached images');

/** A picture a tool handler attaches to its result: the bytes and what they are. */
export interface ImageAttachment {
  mime: string;
  bytes: Uint8Array;
  width?: number;
  height?: number;
}

/** A tool result with pictures attached (shown to the agent beside the result's text). */
export function withImages<T extends object>(result: T, images: ImageAttachment[]): T {
  return Object.assign(result, { [ATTACHED]: images });
}
