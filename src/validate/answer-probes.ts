import type { Check } from '../schema/check-kinds.js';
import { normalPath } from '../grade/checks/file-util.js';
import { regexOf } from '../grade/match.js';
import { SPACED_LETTER } from '../grade/language.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { resolveTool } from '../services/registry.js';
import { escapeRegex, grouped } from '../schema/text.js';
import { type RecordTable, recordTables, targetOf } from './record-tables.js';

// the variants of two step-11 probes (issue 27): the reference answering with every other candidate, and the
// reference's deliverables holding only the answer ids. Both are reference trajectories with one thing changed;
// probes.ts replays them like its other probes.

type Steps = TaskSpec['reference'];
type Row = Record<string, unknown>;
export interface Variant {
  steps: Steps;
  detail: string;
}

/** Most variants the any-candidate probe replays per task (each one only changes the final answer). */
export const MAX_CANDIDATES = 24;

const NUM = /-?\d[\d,]*(?:\.\d+)?/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : undefined);

/** The final-answer checks: response checks reading the final message. */
export function answerChecks(spec: TaskSpec): Check[] {
  return spec.checks.filter(
    (c) => (c.kind === 'response_contains' || c.kind === 'response_matches') && (c.over ?? 'final') === 'final',
  );
}

/**
 * Whether a pattern reads a value: some letter or digit it asks for literally. One made only of classes,
 * quantifiers and anchors (`[\s\S]{300}`, `^(#+\s|\d+\.\s)`) checks the answer's form, and no swapped value can
 * fail it.
 */
function readsValue(pattern: string): boolean {
  const literal = pattern
    .replace(/\\[pPk]\{[^}]*\}|\\[pPk]<[^>]*>|\\u\{?[0-9a-fA-F]+\}?|\\x[0-9a-fA-F]{2}|\\c[A-Za-z]|\\[a-zA-Z]/g, '')
    .replace(/\[(?:\\.|[^\]\\])*\]/g, '')
    .replace(/\{\d+(?:,\d*)?\}/g, '')
    .replace(/\(\?(?:<[A-Za-z]\w*>|<?[=!]|:)/g, '');
  return /[\p{L}\p{N}]/u.test(literal);
}

/** What a clause of a response check finds in the text: the matched substring, or undefined. */
function matched(check: Check, item: string, text: string): string | undefined {
  if (check.kind === 'response_contains') {
    const at = text.toLowerCase().indexOf(item.toLowerCase());
    return at < 0 ? undefined : text.slice(at, at + item.length);
  }
  return regexOf(item)?.exec(text)?.[0];
}

/** Every substring a clause finds in the text, lower-cased. */
function matchedAll(check: Check, item: string, text: string): string[] {
  if (check.kind === 'response_contains')
    return text.toLowerCase().includes(item.toLowerCase()) ? [item.toLowerCase()] : [];
  // exec in a loop, not matchAll: matchAll copies the RegExp, and a copy may compile the pattern again
  const re = regexOf(item);
  const out: string[] = [];
  for (let m = re?.exec(text); re && m; m = re.exec(text)) {
    if (m[0] === '') re.lastIndex++;
    const found = m[0].trim().toLowerCase();
    if (found) out.push(found);
  }
  return out;
}

// the values name every target record and nothing else (by any field: an id, a name)
function restatesTargets(spec: TaskSpec, values: readonly string[]): boolean {
  const t = targetOf(spec);
  if (!t || !values.length) return false;
  const rows = new Set<number>();
  for (const v of values) {
    const l = v.toLowerCase();
    const i = t.table.rows.findIndex((r, j) => t.targets.has(j) && Object.values(r).some((x) => lower(x) === l));
    if (i < 0) return false;
    rows.add(i);
  }
  return rows.size === t.targets.size;
}

interface Found {
  table: RecordTable;
  field: string;
  row: number;
}

// a record field holding exactly this value (the target table first)
function findField(spec: TaskSpec, value: string, targetKey: string | undefined): Found | undefined {
  const l = value.toLowerCase();
  const tables = [...recordTables(spec)].sort((a, b) => Number(b.key === targetKey) - Number(a.key === targetKey));
  for (const table of tables)
    for (const [row, r] of table.rows.entries())
      for (const [field, v] of Object.entries(r))
        if (lower(v) === l || (ISO_DATE.test(value) && typeof v === 'string' && v.slice(0, 10) === value))
          return { table, field, row };
  return undefined;
}

// a record field value inside the matched text (the longest), when the match is wider than the value
function fieldInside(
  spec: TaskSpec,
  text: string,
  targetKey: string | undefined,
): { value: string; at: Found } | undefined {
  const l = text.toLowerCase();
  let best: { value: string; at: Found } | undefined;
  const tables = [...recordTables(spec)].sort((a, b) => Number(b.key === targetKey) - Number(a.key === targetKey));
  for (const table of tables)
    for (const [row, r] of table.rows.entries())
      for (const [field, v] of Object.entries(r)) {
        if (typeof v !== 'string' || v.length < 3 || !l.includes(v.toLowerCase())) continue;
        if (!best || v.length > best.value.length) best = { value: v, at: { table, field, row } };
      }
  return best;
}

/** The number's other spellings in a text: plain, grouped, with two decimals. */
function numberForms(v: number): string[] {
  return [...new Set([String(v), grouped(v, 0, 6), v.toFixed(2), grouped(v, 2, 2)])];
}

/** Writes `v` the way `like` is written (grouping, decimals). */
function formatLike(v: number, like: string): string {
  const dec = /\.(\d+)$/.exec(like)?.[1]?.length ?? 0;
  const digits = Number.isInteger(Math.round(v * 10 ** dec) / 10 ** dec) && dec === 0 ? 0 : Math.max(dec, 2);
  const r = Math.round(v * 10 ** digits) / 10 ** digits;
  const s = like.includes(',') ? grouped(r, digits, digits) : r.toFixed(digits);
  // zero-padded like the original (05 → 04)
  return /^0\d/.test(like) && r >= 0 ? s.padStart(like.length, '0') : s;
}

function replaceNumber(text: string, v: number, by: string): string {
  let out = text;
  for (const f of numberForms(v).sort((a, b) => b.length - a.length))
    out = out.replace(new RegExp(`(?<![\\w.,-])${escapeRegex(f)}(?![\\w]|[.,]\\d)`, 'g'), by);
  return out;
}

function replaceText(text: string, value: string, by: string): string {
  return text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegex(value)}(?![\\p{L}\\p{N}])`, 'giu'), by);
}

const numeric = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const near = (a: number, b: number) => Math.abs(a - b) < 0.005 + Math.abs(b) * 1e-9;

/** The plausible wrong computations of a number: off by one, a sum or mean with a record added or dropped, another record's value. */
function numberCandidates(spec: TaskSpec, v: number): number[] {
  const out = new Set<number>();
  const t = targetOf(spec);
  let known = false;
  if (t) {
    const rows = t.table.rows;
    const targets = rows.filter((_, i) => t.targets.has(i));
    const others = rows.filter((_, i) => !t.targets.has(i));
    if (Number.isInteger(v) && v === targets.length) {
      out.add(v - 1);
      out.add(v + 1);
      known = true;
    }
    const fields = new Set(rows.flatMap((r) => Object.keys(r).filter((k) => numeric(r[k]) !== undefined)));
    for (const f of fields) {
      const vals = targets.map((r) => numeric(r[f]) ?? 0);
      const sum = vals.reduce((a, b) => a + b, 0);
      if (targets.length && near(sum, v)) {
        known = true;
        for (const r of others) out.add(sum + (numeric(r[f]) ?? 0));
        for (const x of vals) out.add(sum - x);
      }
      if (targets.length > 1 && near(Math.round((sum / targets.length) * 100) / 100, v)) {
        known = true;
        for (const r of others) out.add((sum + (numeric(r[f]) ?? 0)) / (targets.length + 1));
        for (const x of vals) out.add((sum - x) / (targets.length - 1));
      }
      // one record's value (the max, the min, a named record's figure): every other record's value of that field
      if (rows.some((r) => near(numeric(r[f]) ?? Number.NaN, v))) {
        known = true;
        for (const r of rows) if (numeric(r[f]) !== undefined) out.add(numeric(r[f]) as number);
      }
    }
  }
  if (!known && Number.isInteger(v)) {
    out.add(v - 1);
    out.add(v + 1);
  }
  return [...out].filter((x) => !near(x, v) && Number.isFinite(x));
}

/**
 * The any-candidate probe's variants: for each value the final-answer checks find in the reference's final
 * message, that message with the value replaced (every occurrence) by each other candidate — the same field of
 * every other record for a record's value (an id, a name, a date), the plausible wrong computations for a number.
 */
export function anyCandidate(spec: TaskSpec): Variant[] {
  const ref = spec.reference;
  const last = ref.findLastIndex((s) => 'say' in s);
  const say = last >= 0 ? (ref[last] as { say: string }).say : undefined;
  if (!say) return [];
  const targetKey = targetOf(spec)?.table.key;
  const out = new Map<string, Variant>();
  const add = (text: string, detail: string) => {
    if (text === say || out.has(text)) return;
    out.set(text, {
      steps: ref.map((s, j) => (j === last ? { ...(s as { say: string }), say: text } : s)),
      detail,
    });
  };
  const acts = ref.some((s) => 'call' in s && resolveTool(s.call)?.tool.mutates === true);
  for (const c of answerChecks(spec)) {
    const found = (items: readonly string[]) =>
      items.flatMap((item) => {
        if (c.kind === 'response_matches' && !readsValue(item)) return [];
        const m = matched(c, item, say)?.trim();
        return m ? [{ item, m }] : [];
      });
    // one value per group: the `any` items are spellings of one value, each `all` item is a value of its own
    const groups = [
      found((c as { any?: string[] }).any ?? []),
      ...found((c as { all?: string[] }).all ?? []).map((h) => [h]),
    ];
    // a task that acts and then names the records it acted on restates its target set: the action checks and the
    // distractor probes judge that, not this one
    if (
      acts &&
      restatesTargets(
        spec,
        groups.flat().map((h) => h.m),
      )
    )
      continue;
    for (const hits of groups) {
      // a variant still holding something a clause of the group found in the reference's answer (another
      // spelling of the value) answers right, not wrong
      const before = hits.map(({ item }) => new Set(matchedAll(c, item, say)));
      const keeps = (text: string) =>
        hits.some(({ item }, i) => matchedAll(c, item, text).some((x) => before[i]?.has(x)));
      for (const { item, m } of hits)
        for (const v of valueVariants(spec, say, m, targetKey, item)) {
          if (out.size >= MAX_CANDIDATES) return [...out.values()];
          if (!out.has(v.text) && !keeps(v.text)) add(v.text, v.detail);
        }
    }
  }
  return [...out.values()];
}

// ---- summary without the asked fields

const FILE_TOOLS = /^(fs_write|fs_write_doc|fs_write_table|fs_append)$/;
const TEXT_ARGS = /^(content|body|text|description|summary|message|notes|markdown|html)$/;
// fields a request asks for by these words: "id and name", "with the amount", "the figure"
const NAME_FIELDS =
  /^(name|title|subject|customer|merchant|company|vendor|product|product_name|customer_name|full_name)$/;
const FIGURE_WORDS = /\b(figures?|totals?|sum|combined|count|how many|average)\b/i;
const IDS_ONLY =
  /\b(only|just) (the |their )?(ids?|identifiers|numbers)\b|\bids? only\b|\b(a |the )?list of (the |their )?(ids|identifiers)\b/i;

const textOf = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v ?? ''));

function writtenText(step: { call: string; args: Record<string, unknown> }): { keys: string[]; text: string } {
  const keys = Object.keys(step.args).filter(
    (k) =>
      (TEXT_ARGS.test(k) && typeof step.args[k] === 'string') ||
      (k === 'blocks' && Array.isArray(step.args[k])) ||
      (k === 'rows' && Array.isArray(step.args[k])),
  );
  return { keys, text: keys.map((k) => textOf(step.args[k])).join('\n') };
}

// the request's clauses about a deliverable: those naming its path, else its kind (a document, a table, a mail…);
// never the clauses asking for the reply ("tell me", "in your reply")
const REPLY = /\b(tell me|let me know|in your reply|reply with|answer me)\b/i;
const FILE_WORDS =
  /\b(file|document|doc|docx|table|csv|sheet|spreadsheet|workbook|page|html|list|summary|summari[sz]e|report|digest|memo|write them up|row|rows|bullet)\b/i;
const MAIL_WORDS = /\b(e-?mail|mail|message|summary|digest|report|write them up)\b/i;
const POST_WORDS = /\b(note|summary|digest|report|post|publish|comment)\b/i;

export function deliverableClauses(
  request: string,
  path: string | undefined,
  kind: 'file' | 'mail' | 'post',
): string[] {
  const clauses = request
    .split(/(?<=[.!?;])\s+|,? and then |\bthen\b|\n+/i)
    .map((c) => c.trim())
    .filter((c) => c && !REPLY.test(c));
  if (path) {
    const named = clauses.filter((c) => c.toLowerCase().includes(path.toLowerCase()));
    if (named.length) return named;
  }
  const words = kind === 'file' ? FILE_WORDS : kind === 'mail' ? MAIL_WORDS : POST_WORDS;
  return clauses.filter((c) => words.test(c));
}

const NAME_WORDS = /\bnames?\b|\b(their|its|each|with) titles?\b|\bid and title\b/i;

/** The non-id fields (and a figure) the deliverable writes that the request's clauses about it ask for. */
function askedFields(clauses: string[], text: string, rows: Row[], idField: string): string[] {
  const asked = clauses.join(' ').toLowerCase();
  if (!asked) return [];
  const words = new Set(asked.split(/[^a-z0-9]+/));
  const out = new Set<string>();
  const lowerText = text.toLowerCase();
  for (const r of rows)
    for (const [f, v] of Object.entries(r)) {
      if (f === idField || v === null || v === undefined) continue;
      const s = typeof v === 'number' ? String(v) : typeof v === 'string' && v.length >= 3 ? v.toLowerCase() : '';
      if (!s || !lowerText.includes(s)) continue;
      const named =
        !NAME_FIELDS.test(f) &&
        f
          .toLowerCase()
          .split(/_/)
          .filter((w) => w.length > 2 && w !== 'id')
          .some((w) => words.has(w) || words.has(`${w}s`));
      if (named || (NAME_FIELDS.test(f) && NAME_WORDS.test(asked))) out.add(f);
    }
  if (FIGURE_WORDS.test(asked)) out.add('the figure');
  return [...out];
}

/**
 * The summary-without-fields probe's variants: each reference step writing a deliverable that names every target
 * record (a summary document, table, page or mail) and that a check reads, with its text replaced by a bare list
 * of the target ids — only where the request asks for fields (or a figure) the deliverable writes; a request
 * asking for ids only is answered by such a list.
 */
export function summaryWithoutFields(spec: TaskSpec): Variant[] {
  const t = targetOf(spec);
  if (!t || IDS_ONLY.test(spec.request)) return [];
  const rows = t.table.rows.filter((_, i) => t.targets.has(i));
  const ids = rows.map((r) => r[t.id]).filter((v): v is string => typeof v === 'string' && v.length > 0);
  if (!ids.length) return [];
  const out: Variant[] = [];
  spec.reference.forEach((s, i) => {
    if (!('call' in s)) return;
    const tool = resolveTool(s.call);
    if (!tool?.tool.mutates) return;
    const { keys, text } = writtenText(s);
    if (!keys.length) return;
    const lowerText = text.toLowerCase();
    if (!ids.every((id) => lowerText.includes(id.toLowerCase()))) return;
    const path = typeof s.args.path === 'string' ? s.args.path : undefined;
    const file = FILE_TOOLS.test(tool.tool.name) && path !== undefined;
    if (!file && ids.length < 2) return; // one record's own message, not a summary
    if (!contentChecked(spec, tool.service.name, keys, path)) return;
    const kind = file ? 'file' : /mail|message/.test(tool.tool.name) ? 'mail' : 'post';
    const asked = askedFields(deliverableClauses(spec.request, path, kind), text, rows, t.id);
    if (!asked.length) return;
    const args = { ...s.args };
    for (const k of keys) {
      if (k === 'blocks') args.blocks = ids.map((id) => ({ bullet: id }));
      else if (k === 'rows') {
        args.rows = ids.map((id) => [id]);
        if (Array.isArray(args.columns)) args.columns = (args.columns as unknown[]).slice(0, 1);
      } else if (path && /\.(csv|tsv)$/i.test(path)) {
        const head = String(args[k]).split(/\r?\n/)[0]?.split(/[,\t]/)[0] ?? 'id';
        args[k] = `${[head, ...ids].join('\n')}\n`;
      } else if (path && /\.json$/i.test(path)) args[k] = JSON.stringify(ids);
      else args[k] = ids.join('\n');
    }
    out.push({
      steps: spec.reference.map((x, j) => (j === i ? { ...s, args } : x)),
      detail: `${tool.tool.name}${path ? ` ${path}` : ''} holds only the ids ${ids.join(', ')} (without ${asked.join(', ')})`,
    });
  });
  return out;
}

// a check reads the deliverable's content: a file check of its path, or an audit check of its text fields
function contentChecked(spec: TaskSpec, service: string, keys: string[], path: string | undefined): boolean {
  return spec.checks.some((c) => {
    if (c.kind === 'file_matches') return path !== undefined && normalPath(c.path) === normalPath(path);
    if (c.kind === 'audit_present' || c.kind === 'audit_count')
      return c.service === service && Object.keys(c.where ?? {}).some((k) => keys.includes(k));
    if (c.kind === 'tool_arg') return keys.includes(c.arg);
    if (c.kind === 'tool_called') return Object.keys(c.args ?? {}).some((k) => keys.includes(k));
    return false;
  });
}

// in a wider match, the number the answer computed or looked up: not a list marker ("1." or "### 2)" opening a
// line); a digit of an id or label ("Q1", "H200", "CUS-1604") or a figure the request itself gives (the same number
// with the same neighbours there: "3月1日", "by 15 March") only when the clause asks for it in so many words
function answerNumber(m: string, say: string, request: string, item: string): string | undefined {
  const at = say.indexOf(m);
  for (const n of m.matchAll(new RegExp(NUM.source, 'g'))) {
    const i = n.index;
    const token = n[0];
    const before = m.slice(0, i);
    const after = m.slice(i + token.length);
    const lineStart = at >= 0 ? say.slice(0, at) + before : before;
    if (/(^|\n)[\s#*>-]*$/.test(lineStart) && /^[.)、]/.test(after)) continue;
    const prev = before.replace(/[-_]$/, '').slice(-1);
    const label = !!prev && SPACED_LETTER.test(prev);
    const given = request.includes(`${before.slice(-1)}${token}${after.slice(0, 1)}`);
    // "Q1", "S-1604": the label's last letter with the digits, as the clause would write it
    const asked = label
      ? m.slice(Math.max(0, before.length - (before.endsWith('-') ? 2 : 1)), i + token.length)
      : token;
    if ((label || given) && !item.toLowerCase().includes(asked.replace(/^-/, '').toLowerCase())) continue;
    return token;
  }
  return undefined;
}

// the final message with one value a clause found there (`m`) replaced by each other candidate
// lazy: the probe stops at MAX_CANDIDATES, and a variant's text costs a regex replace over the answer
function* valueVariants(
  spec: TaskSpec,
  say: string,
  m: string,
  targetKey: string | undefined,
  item: string,
): Generator<{ text: string; detail: string }> {
  const first = NUM.exec(m)?.[0];
  const pureNumber = first !== undefined && !ISO_DATE.test(m) && m.replace(/[$€£\s]/g, '') === first;
  const token = pureNumber ? first : answerNumber(m, say, spec.request, item);
  const direct = pureNumber ? undefined : findField(spec, m, targetKey);
  const inside = pureNumber ? undefined : direct ? { value: m, at: direct } : fieldInside(spec, m, targetKey);
  if (inside) {
    // a record's value: the same field of every other record
    const { value, at } = inside;
    const seen = new Set([value.toLowerCase()]);
    for (const r of at.table.rows) {
      const o = r[at.field];
      if (typeof o !== 'string' && typeof o !== 'number') continue;
      const s = ISO_DATE.test(value) && typeof o === 'string' ? o.slice(0, 10) : String(o);
      if (seen.has(s.toLowerCase())) continue;
      seen.add(s.toLowerCase());
      yield {
        text: replaceText(say, value, s),
        detail: `final answer ${JSON.stringify(value)} → ${JSON.stringify(s)} (${at.table.key} ${at.field})`,
      };
    }
    return;
  }
  if (!token || ISO_DATE.test(m)) return;
  const v = Number(token.replace(/,/g, ''));
  if (!Number.isFinite(v)) return;
  for (const c of numberCandidates(spec, v)) {
    const by = formatLike(c, token);
    // a number inside a wider match (04:00): the match with the number changed, wherever the match occurs
    const text = pureNumber ? replaceNumber(say, v, by) : replaceText(say, m, m.replace(token, by));
    yield { text, detail: `final answer ${m} → ${pureNumber ? by : m.replace(token, by)}` };
  }
}
