import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';

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

/** Text of every entry of a zip; throws when the bytes are not a zip. */
export function unzipText(bytes: Uint8Array, want?: (name: string) => boolean): Map<string, string> {
  const out = new Map<string, string>();
  const entries = unzipSync(bytes, want ? { filter: (f) => want(f.name) } : undefined);
  for (const [name, data] of Object.entries(entries)) out.set(name, strFromU8(data));
  return out;
}

/** True when the bytes start like a zip archive. */
export const isZip = (b: Uint8Array): boolean =>
  b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
