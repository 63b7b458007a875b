import { closeSync, openSync, readSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CoworkError } from '../schema/errors.js';

/**
 * Writes a file atomically (temp file + rename): a killed process never leaves it truncated. `text` may be an
 * iterable of chunks (a corpus-sized plan is written line by line, never joined into one string).
 */
export async function writeFileAtomic(file: string, text: string | Iterable<string>): Promise<void> {
  try {
    await mkdir(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, text);
    await rename(tmp, file);
  } catch (e) {
    throw new CoworkError('io_error', `${file}: cannot write (${(e as Error).message})`, undefined, { cause: e });
  }
}

export async function removeFile(file: string): Promise<void> {
  await rm(file, { force: true });
}

/** `n` bytes of `file` from byte `at` (fewer at its end), as text: one line of a JSONL file by its offset. */
export function readSlice(file: string, at: number, n: number): string {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(n);
    const read = readSync(fd, buf, 0, n, at);
    return buf.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

export function prettyJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
