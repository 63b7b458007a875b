import { createReadStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CoworkError } from '../schema/errors.js';
import { streamLines } from '../schema/jsonl.js';

export const CURATION_FILE = 'curation.json';
const REJECTIONS_FILE = 'rejections.jsonl';
// a rejection line longer than this is counted, not shown
const MAX_LINE = 1 << 20;

/** One line of rejections.jsonl (curate/pipeline.ts writes them). */
export interface Rejection {
  line: number;
  reason: string;
  stage?: string;
  task_id?: string;
  trial?: number;
  source?: string;
  detail?: string;
}

/** A curation output folder: curation.json (report and funnel) and rejections.jsonl, read on each request. */
export class Dataset {
  readonly dir: string;
  constructor(dir: string) {
    this.dir = dir;
  }

  static is(dir: string): boolean {
    return existsSync(join(dir, CURATION_FILE));
  }

  async report(): Promise<Record<string, unknown>> {
    const file = join(this.dir, CURATION_FILE);
    const text = await readFile(file, 'utf8').catch((e: Error) => {
      throw new CoworkError('not_found', `${file}: cannot read (${e.message})`);
    });
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch (e) {
      throw new CoworkError('bad_input', `${file}: not valid JSON (${(e as Error).message}); rerun coworkenv curate`);
    }
  }

  /** Streams rejections.jsonl: counts by reason, the first `examples` of each, and the page asked for. */
  async rejections(opts: { reason?: string; offset?: number; limit?: number; examples?: number } = {}): Promise<{
    by_reason: Record<string, number>;
    examples: Record<string, Rejection[]>;
    total: number;
    items: Rejection[];
    problems: number;
  }> {
    const by: Record<string, number> = {};
    const examples: Record<string, Rejection[]> = {};
    const items: Rejection[] = [];
    const offset = opts.offset ?? 0;
    const limit = opts.limit ?? 50;
    const nExamples = opts.examples ?? 5;
    let total = 0;
    let problems = 0;
    const file = join(this.dir, REJECTIONS_FILE);
    if (!existsSync(file)) return { by_reason: by, examples, total, items, problems };
    const stream = createReadStream(file);
    try {
      for await (const l of streamLines(stream, MAX_LINE)) {
        if ('tooLong' in l) {
          problems++;
          continue;
        }
        if (!l.text.trim()) continue;
        let r: Rejection;
        try {
          const v = JSON.parse(l.text) as Record<string, unknown>;
          r = { line: l.line, reason: String(v.reason ?? '(none)'), ...pick(v) };
        } catch {
          problems++;
          continue;
        }
        by[r.reason] = (by[r.reason] ?? 0) + 1;
        const ex = (examples[r.reason] ??= []);
        if (ex.length < nExamples) ex.push(r);
        if (opts.reason !== undefined && r.reason !== opts.reason) continue;
        if (total >= offset && items.length < limit) items.push(r);
        total++;
      }
    } finally {
      stream.destroy();
    }
    return { by_reason: by, examples, total, items, problems };
  }
}

function pick(v: Record<string, unknown>): Omit<Rejection, 'line' | 'reason'> {
  const out: Omit<Rejection, 'line' | 'reason'> = {};
  if (typeof v.stage === 'string') out.stage = v.stage;
  if (typeof v.task_id === 'string') out.task_id = v.task_id;
  if (typeof v.trial === 'number') out.trial = v.trial;
  if (typeof v.source === 'string') out.source = v.source;
  if (typeof v.detail === 'string') out.detail = v.detail.slice(0, 2000);
  return out;
}
