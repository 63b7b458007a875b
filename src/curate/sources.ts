import { createReadStream, existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunConfig } from '../run/run-store.js';
import { CoworkError } from '../schema/errors.js';

export interface TaskInfo {
  family: string;
  capabilities: readonly string[];
  spec_path?: string;
  /** the hash of the spec the run used (verifies spec_path before its private state is trusted) */
  spec_hash?: string;
}

/** A run to curate: its trajectories file and, from run.json, what it knows of its tasks. */
export interface Source {
  path: string;
  file: string;
  replace: boolean;
  tasks: Map<string, TaskInfo>;
}

/** A run directory (with run.json) or a trajectories .jsonl file. */
export async function resolveSource(path: string, replace = false): Promise<Source> {
  if (!existsSync(path)) throw new CoworkError('not_found', `${path}: no such run directory or file`);
  const tasks = new Map<string, TaskInfo>();
  if (statSync(path).isDirectory()) {
    const file = join(path, 'trajectories.jsonl');
    if (!existsSync(file))
      throw new CoworkError(
        'not_found',
        `${path}: no trajectories.jsonl; is this a run directory (coworkenv run --out ${path})?`,
      );
    const runFile = join(path, 'run.json');
    if (existsSync(runFile)) {
      const { config } = JSON.parse(await readFile(runFile, 'utf8')) as { config?: RunConfig };
      for (const t of config?.tasks ?? []) {
        tasks.set(t.id, {
          family: t.family,
          capabilities: t.capabilities,
          ...(typeof t.spec_path === 'string' ? { spec_path: t.spec_path } : {}),
          ...(typeof t.spec_hash === 'string' ? { spec_hash: t.spec_hash } : {}),
        });
      }
    }
    return { path, file, replace, tasks };
  }
  return { path, file: path, replace, tasks };
}

/**
 * The non-blank lines of a (possibly huge) file, streamed, with 1-based numbers. Splits raw buffers on
 * newline bytes (much faster than readline on long lines) and decodes each line once.
 */
export async function* fileLines(file: string): AsyncGenerator<{ n: number; text: string }> {
  let n = 0;
  let carry: Buffer[] = [];
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl >= 0; nl = chunk.indexOf(10, start)) {
      const part = chunk.subarray(start, nl);
      const line = carry.length ? Buffer.concat([...carry, part]) : part;
      carry = [];
      start = nl + 1;
      n++;
      const text = line.toString('utf8').replace(/\r$/, '');
      if (text.trim()) yield { n, text };
    }
    if (start < chunk.length) carry.push(chunk.subarray(start));
  }
  if (carry.length) {
    n++;
    const text = Buffer.concat(carry).toString('utf8');
    if (text.trim()) yield { n, text };
  }
}
