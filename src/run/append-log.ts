import { constants } from 'node:fs';
import { access, open, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { CoworkError } from '../schema/errors.js';

// fh.appendFile writes in 512 KiB chunks with an await between them, so two appends in flight to one file
// interleave their chunks; every append of the process goes through one queue per file instead
const queues = new Map<string, Promise<void>>();

/**
 * Appends `text` (one or more whole JSONL lines) to `file`: writes of one process to one file run one at a
 * time, each a single write() loop on an O_APPEND descriptor, synced to disk before the promise resolves.
 */
export function appendRecord(file: string, text: string): Promise<void> {
  const key = resolve(file);
  const next = (queues.get(key) ?? Promise.resolve()).then(() => writeAll(file, text));
  const tail = next.catch(() => {});
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return next;
}

async function writeAll(file: string, text: string): Promise<void> {
  const buf = Buffer.from(text, 'utf8');
  const fh = await open(file, 'a');
  try {
    // a regular file takes the whole buffer in one write(); the loop covers a short write (e.g. a signal)
    for (let off = 0; off < buf.length; ) off += (await fh.write(buf, off, buf.length - off)).bytesWritten;
    await fh.datasync();
  } finally {
    await fh.close();
  }
}

/**
 * Checks at startup that `file` can be appended to, without creating anything: it is not a directory, and
 * it (or the nearest existing folder above it) is writable. `flag` names the option in messages.
 */
export async function checkAppendable(file: string, flag: string): Promise<void> {
  const s = await stat(file).catch(() => undefined);
  if (s?.isDirectory())
    throw new CoworkError(
      'bad_input',
      `${flag} ${file} is a directory; ${flag} takes a JSONL file (e.g. ${file.replace(/\/+$/, '')}/trajectories.jsonl)`,
    );
  let target = file;
  if (!s) {
    // mkdir -p creates the missing folders later: the nearest existing one must be a writable folder
    for (target = dirname(resolve(file)); ; target = dirname(target)) {
      const t = await stat(target).catch(() => undefined);
      if (t && !t.isDirectory())
        throw new CoworkError('bad_input', `${flag} ${file}: ${target} is a file, not a folder`);
      if (t || dirname(target) === target) break;
    }
  }
  await access(target, constants.W_OK).catch((e: NodeJS.ErrnoException) => {
    throw new CoworkError(
      'io_error',
      `${flag} ${file}: cannot write ${target === file ? 'it' : `in ${target}`} (${e.code ?? e.message})`,
    );
  });
}
