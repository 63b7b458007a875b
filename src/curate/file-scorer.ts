import { readFile } from 'node:fs/promises';
import { CoworkError } from '../schema/errors.js';
import type { Scorer, TokenScores } from './select.js';

/** Precomputed per-record scores: JSONL rows {task_id, trial, nll, rsr, tokens?}. */
export async function fileScorer(file: string): Promise<Scorer> {
  const text = await readFile(file, 'utf8').catch((e: Error) => {
    throw new CoworkError('not_found', `${file}: cannot read the scores file (${e.message})`);
  });
  const scores = new Map<string, TokenScores>();
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let row: { task_id?: unknown; trial?: unknown; nll?: unknown; rsr?: unknown; tokens?: unknown };
    try {
      row = JSON.parse(line);
    } catch {
      throw new CoworkError('bad_input', `${file}:${i + 1}: not JSON`);
    }
    if (
      typeof row.task_id !== 'string' ||
      typeof row.trial !== 'number' ||
      typeof row.nll !== 'number' ||
      typeof row.rsr !== 'number'
    ) {
      throw new CoworkError(
        'bad_input',
        `${file}:${i + 1}: a score row needs task_id (string), trial, nll and rsr (numbers)`,
      );
    }
    scores.set(`${row.task_id}\u0000${row.trial}`, {
      nll: row.nll,
      rsr: row.rsr,
      tokens: typeof row.tokens === 'number' ? row.tokens : 0,
    });
  });
  return {
    async score(ex) {
      const s = scores.get(`${ex.meta.task_id}\u0000${ex.meta.trial}`);
      if (!s) throw new CoworkError('bad_input', `${file}: no score for ${ex.meta.task_id} trial ${ex.meta.trial}`);
      return s;
    },
  };
}
