import { parse as parseCsv } from 'csv-parse/sync';
import type { CheckOf } from '../../spec/check-kinds.js';
import { type MatchEnv, matchValue, matchWhere, numberOf, regexOf } from '../match.js';
import type { CheckEvaluator } from '../types.js';
import { exampleValue, exampleWhere } from './examples.js';
import { fileOf, textOf } from './file-util.js';

/** Value at a dot/bracket path (`a.b[0].c`). */
export function jsonAt(value: unknown, path: string): unknown {
  let cur = value;
  for (const seg of path.match(/[^.[\]]+/g) ?? []) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

export const fileMatches: CheckEvaluator<'file_matches'> = {
  evaluate(check, ctx) {
    const f = fileOf(ctx, check.path);
    if (!f) return { score: 0, evidence: [{ path: check.path, exists: false }] };
    const text = textOf(f);
    const ev: Record<string, unknown> = { path: check.path };
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
    if (check.csv) {
      const c = csvClause(check.csv, text, ctx.matchEnv);
      Object.assign(ev, c.evidence);
      ok &&= c.ok;
    }
    ev.excerpt = text.slice(0, 200);
    return { score: ok ? 1 : 0, ...(measure !== undefined ? { measure } : {}), evidence: [ev] };
  },
  satisfy(check, b) {
    let content = check.regex ? b.example(check.regex) : '';
    if (check.json) content = JSON.stringify(setAt({}, check.json.path, exampleValue(check.json.value, b)));
    if (check.csv) {
      const row = { ...exampleWhere(check.csv.where, b), [check.csv.column]: exampleValue(check.csv.value, b) };
      const cols = Object.keys(row);
      const filler = cols.map(() => '').join(',');
      const line = cols.map((c) => String(row[c] ?? '')).join(',');
      content = [cols.join(','), ...Array.from({ length: check.csv.row ?? 0 }, () => filler), line].join('\n');
    }
    b.setState('workspace', 'files', check.path, 'content', content);
  },
};

function csvClause(c: NonNullable<CheckOf<'file_matches'>['csv']>, text: string, env: MatchEnv): { ok: boolean; evidence: Record<string, unknown> } {
  let rows: Record<string, string>[];
  try {
    rows = parseCsv(text, { columns: true, skip_empty_lines: true, trim: true, relax_column_count: true }) as Record<string, string>[];
  } catch (e) {
    return { ok: false, evidence: { csv_error: (e as Error).message } };
  }
  const candidates = c.row !== undefined ? rows.slice(c.row, c.row + 1) : rows;
  const hits = candidates.filter((r) => matchWhere(c.where, r, undefined, env) && matchValue(c.value, r[c.column], undefined, { ...env, record: r }));
  return { ok: hits.length > 0, evidence: { csv_rows: rows.length, csv_matching_rows: hits.slice(0, 3), ...(c.row !== undefined ? { csv_row: rows[c.row] ?? null } : {}) } };
}

function setAt(obj: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const segs = path.match(/[^.[\]]+/g) ?? [];
  let cur: Record<string, unknown> = obj;
  segs.forEach((seg, i) => {
    if (i === segs.length - 1) cur[seg] = value;
    else cur = (cur[seg] ??= /^\d+$/.test(segs[i + 1] ?? '') ? [] : {}) as Record<string, unknown>;
  });
  return obj;
}
