import { Inflate, strFromU8, strToU8, Unzlib, zipSync, type Zippable } from 'fflate';
import { ParseBudget, ParseLimitError } from './budget.js';

// OOXML containers (xlsx, docx, pptx) are zip files. Entries are written in the given order with one fixed
// timestamp, so the same content always gives the same bytes (fflate's deflate is deterministic).

/** Zip text entries in order; every entry carries `modified` as its timestamp. */
export function zipEntries(entries: readonly (readonly [string, string])[], modified: string): Uint8Array {
  const d = new Date(modified);
  // fflate stores local-time fields: build a Date whose local fields are the UTC ones, so the bytes do not depend on TZ
  const mtime = new Date(
    d.getUTCFullYear(),
    d.getUTCMonth(),
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  );
  const files: Zippable = {};
  // small parts are stored: deflating a few hundred bytes costs more time than the bytes it saves
  for (const [name, text] of entries) {
    const data = strToU8(text);
    files[name] = [data, { mtime, level: data.length < 16_384 ? 0 : 6 }];
  }
  return zipSync(files, { level: 6, mtime });
}

const u16 = (b: Uint8Array, i: number) => (b[i] as number) | ((b[i + 1] as number) << 8);
const u32 = (b: Uint8Array, i: number) => (u16(b, i) | (u16(b, i + 2) << 16)) >>> 0;
const broken = (what: string) => new Error(`not a readable zip: ${what}`);
// compressed bytes handed to the inflater at a time: it cannot run far past the budget within one push
const CHUNK = 16_384;

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressed: number;
  size: number;
  offset: number;
}

// the central directory: the archive's own list of entries, read from its end record
function entriesOf(b: Uint8Array, budget: ParseBudget): Entry[] {
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65_535); i--)
    if (u32(b, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw broken('no end-of-directory record');
  const count = u16(b, eocd + 10);
  budget.count('zipEntries', count, 'zip entries');
  let at = u32(b, eocd + 16);
  const out: Entry[] = [];
  for (let k = 0; k < count; k++) {
    if (at + 46 > b.length || u32(b, at) !== 0x02014b50) throw broken('a damaged central directory');
    const nameLen = u16(b, at + 28);
    const e: Entry = {
      flags: u16(b, at + 8),
      method: u16(b, at + 10),
      compressed: u32(b, at + 20),
      size: u32(b, at + 24),
      name: strFromU8(b.subarray(at + 46, at + 46 + nameLen)),
      offset: u32(b, at + 42),
    };
    if (e.compressed === 0xffffffff || e.size === 0xffffffff || e.offset === 0xffffffff)
      throw broken('ZIP64 archives are not read');
    out.push(e);
    at += 46 + nameLen + u16(b, at + 30) + u16(b, at + 32);
  }
  return out;
}

function inflated(b: Uint8Array, e: Entry, budget: ParseBudget): Uint8Array {
  if (e.flags & 1) throw broken(`${e.name} is encrypted`);
  const at = e.offset;
  if (at + 30 > b.length || u32(b, at) !== 0x04034b50) throw broken(`${e.name} has no local header`);
  const start = at + 30 + u16(b, at + 26) + u16(b, at + 28);
  const data = b.subarray(start, start + e.compressed);
  if (data.length < e.compressed) throw broken(`${e.name} is truncated`);
  if (e.method === 0) {
    if (e.compressed !== e.size) throw broken(`${e.name} is stored with a wrong size`);
    budget.inflated(e.size);
    return data;
  }
  if (e.method !== 8) throw broken(`${e.name} uses compression method ${e.method}`);
  // what the entry says it holds is charged up front, and no more than that is ever produced
  budget.inflated(e.size);
  const out = new Uint8Array(e.size);
  let n = 0;
  pump(
    new Inflate((chunk) => {
      if (n + chunk.length > e.size) throw broken(`${e.name} holds more than the ${e.size} bytes it declares`);
      out.set(chunk, n);
      n += chunk.length;
    }),
    data,
    budget,
  );
  if (n !== e.size) throw broken(`${e.name} holds ${n} bytes, not the ${e.size} it declares`);
  return out;
}

// feeds compressed bytes a chunk at a time, so that the output callback can stop a bomb early
function pump(inflater: Inflate | Unzlib, data: Uint8Array, budget: ParseBudget): void {
  for (let i = 0; i < data.length; i += CHUNK) {
    inflater.push(data.subarray(i, i + CHUNK), i + CHUNK >= data.length);
    budget.work(CHUNK);
  }
  if (data.length === 0) inflater.push(data, true);
}

/**
 * Inflates a zlib stream (a PDF's FlateDecode), or raw DEFLATE after a damaged zlib header, charging every
 * byte it produces to the read's budget: a bomb stops at the budget, not at the end of its output.
 */
export function inflateWithin(data: Uint8Array, budget: ParseBudget): Uint8Array {
  const run = (zlib: boolean): Uint8Array => {
    const chunks: Uint8Array[] = [];
    let n = 0;
    const take = (chunk: Uint8Array) => {
      budget.inflated(chunk.length);
      chunks.push(chunk);
      n += chunk.length;
    };
    pump(zlib ? new Unzlib(take) : new Inflate(take), zlib ? data : data.subarray(2), budget);
    const out = new Uint8Array(n);
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  };
  try {
    return run(true);
  } catch (e) {
    if (e instanceof ParseLimitError) throw e;
    return run(false);
  }
}

/**
 * Text of every entry of a zip (of the wanted ones, when `want` is given); throws when the bytes are not a
 * zip. Entry count and decompressed bytes are charged to the read's budget, and an entry never inflates past
 * the size the archive declares for it, so a compression bomb is refused before it costs memory or time.
 */
export function unzipText(
  bytes: Uint8Array,
  want?: (name: string) => boolean,
  budget = new ParseBudget(),
): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of entriesOf(bytes, budget)) {
    if (e.name.endsWith('/') || out.has(e.name) || (want && !want(e.name))) continue;
    out.set(e.name, strFromU8(inflated(bytes, e, budget)));
  }
  return out;
}

/** True when the bytes start like a zip archive. */
export const isZip = (b: Uint8Array): boolean =>
  b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
