import { BoundedMap } from '../../schema/bounded-map.js';
import {
  type DocRead,
  DEFAULT_PARSE_LIMITS,
  documentText,
  formatOf,
  OFFICE_KINDS,
  readDocument,
  readKey,
  recalledRead,
  rememberRead,
  type StoredFile,
} from './formats/index.js';
import { readerPool } from './isolation-pool.js';
import type { TextRead } from './unit-protocol.js';

export type { TextRead } from './unit-protocol.js';

// Documents an agent (or an imported package) wrote are parsed in a reader unit: a child process with OS
// limits (isolation-pool.ts), so a parser bug or a bomb that slipped past the parse budget costs the unit,
// never the server. Plain text needs no parser and is read here.

// a synth thread parses only bytes its own generators and tools wrote: there the unit round trip (a child
// process's parse and two copies over IPC, about a tenth of procedural synthesis) buys nothing
let ownBytesOnly = false;

/**
 * For procedural synthesis threads only (procedural-worker.ts): every file this thread reads was written by
 * the generators and the reference's own tools, so documents are parsed here, within the same parse budget.
 */
export function parseOwnBytesInProcess(): void {
  ownBytesOnly = true;
}

/** Runs `fn` parsing documents here, as a synthesis thread does: procedural synthesis on the main thread. */
export async function parsingOwnBytes<T>(fn: () => Promise<T>): Promise<T> {
  const was = ownBytesOnly;
  ownBytesOnly = true;
  try {
    return await fn();
  } finally {
    ownBytesOnly = was;
  }
}

/** Whether reading this file runs a parser (office formats, CSV/TSV), and so runs in a reader unit. */
export function parsesIn(f: StoredFile): boolean {
  const kind = formatOf(f.path, f.encoding === 'base64' ? Buffer.from(f.content.slice(0, 16), 'base64') : undefined);
  return (OFFICE_KINDS as readonly string[]).includes(kind) || kind === 'csv' || kind === 'tsv';
}

// the unit gets the read's own time budget plus the pool's grace before it is killed
const deadlineMs = DEFAULT_PARSE_LIMITS.ms;

/** Reads a stored file as a document (cached by content like `readDocument`), isolated when it runs a parser. */
export async function readIsolated(f: StoredFile): Promise<DocRead> {
  if (ownBytesOnly || !parsesIn(f)) return readDocument(f);
  const key = readKey(f);
  const hit = recalledRead(key);
  if (hit) return hit;
  const r = answer(f, await readerPool().run({ kind: 'read', file: plain(f), text: false }, deadlineMs)) as DocRead;
  return transient(r) ? r : rememberRead(key, r);
}

/** A read that failed for a reason of the moment (the clock under load, a crash): not remembered, not a verdict on the file. */
export const transient = (r: DocRead | TextRead): boolean =>
  r.error !== undefined && (r.stop === 'timeout' || r.stop === 'crashed');

// fs_read asks for the readable text only: the parsed document does not cross back
const texts = new BoundedMap<string, TextRead>(8);

/** The readable text of a document (fs_read), parsed in a reader unit. */
export async function readTextIsolated(f: StoredFile): Promise<TextRead> {
  const key = readKey(f);
  const hit = texts.get(key);
  if (hit) return hit;
  const r = ownBytesOnly
    ? textOf(readDocument(f))
    : (answer(f, await readerPool().run({ kind: 'read', file: plain(f), text: true }, deadlineMs)) as TextRead);
  if (transient(r)) return r;
  texts.set(key, r);
  return r;
}

const textOf = (r: DocRead): TextRead => (r.error !== undefined ? r : { text: documentText(r.doc) });

// a frozen record (a shared fixture) or one with extra fields crosses as just what the parser needs
const plain = (f: StoredFile): StoredFile => ({ path: f.path, content: f.content, encoding: f.encoding });

function answer(f: StoredFile, o: Awaited<ReturnType<ReturnType<typeof readerPool>['run']>>): DocRead | TextRead {
  if (o.kind === 'reply' && o.reply.kind === 'read') return o.reply.read;
  const why = o.kind === 'killed' ? o.why : 'crashed';
  const what =
    why === 'timeout'
      ? `reading it took longer than ${deadlineMs / 1000} s`
      : why === 'memory_limit'
        ? "reading it exceeded the reader's memory limit"
        : why === 'cpu_limit'
          ? "reading it exceeded the reader's CPU limit"
          : `the reader stopped (${o.kind === 'killed' ? o.detail.slice(0, 200) : 'no answer'})`;
  return { error: `${f.path} cannot be read: ${what}`, stop: why };
}
