import { prepare } from '../../env/prepared.js';
import type { CheckOf } from '../../schema/check-kinds.js';
import { matchValue, numberOf, regexOf } from '../match.js';
import type { CheckEvaluator } from '../types.js';
import { cellClause, docOf, docTextOf, rangeClause, tableClause, textClause } from './file-doc.js';
import { satisfyFile } from './file-satisfy.js';
import { fileOf, normalPath, textOf } from './file-util.js';

/** Value at a dot/bracket path (`a.b[0].c`). */
export function jsonAt(value: unknown, path: string): unknown {
  let cur = value;
  for (const seg of path.match(/[^.[\]]+/g) ?? []) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

type FM = CheckOf<'file_matches'>;

export const fileMatches: CheckEvaluator<'file_matches'> = {
  async evaluate(check, ctx) {
    const f = fileOf(ctx, check.path);
    if (!f) return { score: 0, evidence: [{ path: check.path, exists: false }] };
    const ev: Record<string, unknown> = { path: check.path };
    const { doc, error, office, transient } = await docOf(f);
    // the reader failed for a reason of the moment (its clock under load, a crash): undecided, never a score
    if (transient)
      return {
        score: null,
        status: 'error',
        reason: `file_matches ${check.id}: ${error}`,
        evidence: [{ ...ev, read_error: error }],
      };
    if (error !== undefined) {
      // a fixture nobody changed that cannot be read is the spec's fault: an error, never a pass or a silent 0
      const initial = prepare(ctx.spec).state.workspace?.files?.find((r) => r.path === normalPath(check.path));
      const untouched = !!initial && initial.content === f.content;
      if (office && untouched)
        return {
          score: null,
          status: 'error',
          reason: `file_matches ${check.id}: ${error}`,
          evidence: [{ ...ev, read_error: error }],
        };
      if (office || check.table || check.csv || check.cell || check.range)
        return { score: 0, evidence: [{ ...ev, read_error: error }] };
    }
    const text = doc ? docTextOf(doc) : textOf(f);
    let ok = true;
    let measure: number | undefined;
    if (check.regex) {
      ev.regex = !!regexOf(check.regex)?.test(text);
      ok &&= ev.regex as boolean;
    }
    if (check.json) {
      let actual: unknown;
      try {
        actual = jsonAt(JSON.parse(text), check.json.path);
      } catch {
        ev.json_error = 'not valid JSON';
      }
      ev.json_actual = actual;
      ok &&= actual !== undefined && matchValue(check.json.value, actual, undefined, ctx.matchEnv);
      measure = numberOf(actual);
    }
    const clauses = [
      check.csv && doc ? tableClause(check.csv, doc, ctx.matchEnv, 'csv') : undefined,
      check.table && doc ? tableClause(check.table, doc, ctx.matchEnv) : undefined,
      check.cell && doc ? cellClause(check.cell, doc, ctx.matchEnv) : undefined,
      check.range && doc ? rangeClause(check.range, doc) : undefined,
      check.text && doc ? textClause(check.text, doc) : undefined,
    ];
    for (const c of clauses) {
      if (!c) continue;
      Object.assign(ev, c.evidence);
      ok &&= c.ok;
    }
    if (check.cell && doc) measure ??= numberOf(ev.cell_value);
    if (office && doc) ev.format = doc.kind;
    ev.excerpt = text.slice(0, 200);
    return { score: ok ? 1 : 0, ...(measure !== undefined ? { measure } : {}), evidence: [ev] };
  },
  satisfy(check: FM, b) {
    const file = satisfyFile(check, b);
    b.setState('workspace', 'files', check.path, 'content', file.content);
    b.setState('workspace', 'files', check.path, 'encoding', file.encoding);
  },
};
