import type { TaskSpec } from '../schema/task-spec.js';
import { normalPath } from '../grade/checks/file-util.js';
import { fixtureRows } from '../services/fixtures.js';
import { pictureFiles, pictureTruth } from '../services/workspace/formats/image-scenes.js';
import { getService } from '../services/registry.js';

// the records a task selects from, as plain tables: every fixture collection of a selected service, every CSV
// file (or XLSX recipe) of the workspace, one row per record, and the records pictures draw (their ground truth).
// Shared by the corpus-level fixed-rule probe, the any-candidate probe, traceability and the substance statistics:
// all read the task's records the same way.

type Row = Record<string, unknown>;

/**
 * A table of records: a service collection (`service.collection`), a workspace file (`workspace:<path>`), or the
 * records pictures draw (`workspace:<path>` for one picture, `workspace:<folder>/*.png` for one picture a record).
 */
export interface RecordTable {
  key: string;
  /** the field naming each record (a collection's id field; a file's column holding the answer ids, else its first) */
  id: string;
  /** human nouns for the record type, singular and plural ("customer", "customers") */
  nouns: string[];
  rows: Row[];
}

/** A workspace fixture file as the gate reads it without parsing binaries: its text, recipe or stored bytes. */
export interface FixtureFile {
  path: string;
  /** utf8 content */
  text?: string;
  /** an office recipe ({xlsx|docx|pdf|pptx: …}) */
  recipe?: Record<string, unknown>;
  /** base64 content (an office file as bytes) */
  base64?: string;
}

/** The workspace fixture files of a spec, from the fixture as written ({path: content}, records, recipes). */
export function fixtureFiles(spec: Pick<TaskSpec, 'fixtures'>): FixtureFile[] {
  const raw = spec.fixtures.workspace?.files;
  const entries: [string, unknown][] = Array.isArray(raw)
    ? raw.flatMap((r) =>
        r && typeof r === 'object' && typeof (r as { path?: unknown }).path === 'string'
          ? [[(r as { path: string }).path, r] as [string, unknown]]
          : [],
      )
    : raw && typeof raw === 'object'
      ? Object.entries(raw as Record<string, unknown>)
      : [];
  return entries.map(([p, v]) => {
    const path = normalPath(p);
    if (typeof v === 'string') return { path, text: v };
    const o = (v ?? {}) as Record<string, unknown>;
    for (const k of ['xlsx', 'docx', 'pdf', 'pptx'])
      if (o[k] && typeof o[k] === 'object') return { path, recipe: { [k]: o[k] } };
    const content = typeof o.content === 'string' ? o.content : '';
    return o.encoding === 'base64' ? { path, base64: content } : { path, text: content };
  });
}

/** Every string inside a value (a recipe's cells and blocks), joined by newlines. */
export function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsOf(v, out);
  return out;
}

/** Parses CSV (or TSV) text: quoted fields, doubled quotes, CRLF. */
export function parseCsv(text: string, sep = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const cellValue = (v: unknown): unknown => {
  if (v && typeof v === 'object' && 'value' in v) return (v as { value: unknown }).value; // {formula, value}
  if (typeof v === 'string' && NUMBER.test(v.trim())) return Number(v.trim());
  return v;
};

function tableFromGrid(key: string, grid: unknown[][], nouns: string[]): RecordTable | undefined {
  const [head, ...body] = grid;
  if (!head || body.length === 0) return undefined;
  const cols = head.map((h, i) => (typeof h === 'string' && h.trim() ? h.trim() : `col${i + 1}`));
  const rows = body.map((r) => Object.fromEntries(cols.map((c, i) => [c, cellValue(r[i] ?? null)])));
  return { key, id: cols[0] as string, nouns, rows };
}

// "exports/orders.csv" → orders, order
function fileNouns(path: string): string[] {
  const base = (path.split('/').pop() ?? path).replace(/\.[a-z0-9]+$/i, '').toLowerCase();
  const words = base.split(/[^a-z]+/).filter((w) => w.length > 2);
  return [...new Set(words.flatMap((w) => [w, singular(w)]))];
}

export function singular(w: string): string {
  if (/ies$/.test(w)) return `${w.slice(0, -3)}y`;
  if (/(ss|sh|ch|x)es$/.test(w)) return w.slice(0, -2);
  if (/[^s]s$/.test(w)) return w.slice(0, -1);
  return w;
}

export function plural(w: string): string {
  if (/[^aeiou]y$/.test(w)) return `${w.slice(0, -1)}ies`;
  if (/(s|sh|ch|x)$/.test(w)) return `${w}es`;
  return `${w}s`;
}

const tableCache = new WeakMap<object, RecordTable[]>();

/** The record tables of a spec: service collections (workspace files as tables of their rows instead). */
export function recordTables(spec: Pick<TaskSpec, 'services' | 'fixtures'>): RecordTable[] {
  const hit = tableCache.get(spec);
  if (hit) return hit;
  const out: RecordTable[] = [];
  for (const service of spec.services) {
    if (service === 'workspace') continue;
    for (const [name, col] of Object.entries(getService(service)?.collections ?? {})) {
      if (spec.fixtures[service]?.[name] === undefined) continue;
      const rows = fixtureRows(spec, service, name).filter((r): r is Row => !!r && typeof r === 'object');
      if (!rows.length) continue;
      const label = col.label.toLowerCase();
      const nouns = [label, plural(label), ...(col.description.split(/\s+/).length <= 3 ? [col.description] : [])];
      out.push({
        key: `${service}.${name}`,
        id: col.id,
        nouns: [...new Set([...nouns, name.replace(/_/g, ' ')])],
        rows,
      });
    }
  }
  if (spec.services.includes('workspace'))
    for (const f of fixtureFiles(spec)) {
      const nouns = fileNouns(f.path);
      if (f.text !== undefined && /\.(csv|tsv)$/i.test(f.path)) {
        const t = tableFromGrid(`workspace:${f.path}`, parseCsv(f.text, /\.tsv$/i.test(f.path) ? '\t' : ','), nouns);
        if (t) out.push(t);
      } else if (f.recipe && 'xlsx' in f.recipe) {
        const sheets = (f.recipe.xlsx as { sheets?: { rows?: unknown[][] }[] }).sheets ?? [];
        const t = tableFromGrid(`workspace:${f.path}`, sheets[0]?.rows ?? [], nouns);
        if (t) out.push(t);
      }
    }
  if (spec.services.includes('workspace')) out.push(...pictureTables(spec));
  tableCache.set(spec, out);
  return out;
}

// the records pictures draw, from the truth each keeps beside it: a plan or a screenshot is a table of its own,
// pictures of one record each (receipt scans in one folder) make one table together, so a probe reads a picture
// task's records as it reads a CSV's, though the agent has to read them off the image
function pictureTables(spec: Pick<TaskSpec, 'fixtures'>): RecordTable[] {
  const byFolder = new Map<string, { path: string; rows: Row[] }[]>();
  for (const f of pictureFiles(spec.fixtures)) {
    const rows = pictureTruth(f.png);
    if (!rows.length) continue;
    const path = normalPath(f.path);
    const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), { path, rows }]);
  }
  const out: RecordTable[] = [];
  for (const [folder, pictures] of byFolder) {
    const rows = pictures.flatMap((p) => p.rows);
    const one = pictures.length === 1 ? (pictures[0] as { path: string }).path : undefined;
    out.push({
      key: one ? `workspace:${one}` : `workspace:${folder}/*.png`,
      id: Object.keys(rows[0] ?? {})[0] ?? 'id',
      nouns: fileNouns(one ?? folder),
      rows,
    });
  }
  return out;
}

const lower = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).toLowerCase() : undefined);

/** The table a task selects its answer from, and the target rows (indices into `table.rows`). */
export interface Target {
  table: RecordTable;
  /** the table's id field for this task: the column holding the answer ids */
  id: string;
  targets: Set<number>;
}

/**
 * The target table of a spec: the table whose records hold every answer id (preferring `provenance.record_type`
 * and the table's id field); failing that, the table whose id field holds the most answer ids (an escalation's
 * tickets among account-manager addresses). Undefined when no table holds an answer id.
 */
export function targetOf(
  spec: Pick<TaskSpec, 'services' | 'fixtures' | 'answer_ids' | 'provenance'>,
): Target | undefined {
  const answers = new Set(spec.answer_ids.map((a) => a.toLowerCase()));
  if (!answers.size) return undefined;
  let best: { t: Target; rank: number[] } | undefined;
  for (const table of recordTables(spec)) {
    const fields = [table.id, ...Object.keys(table.rows[0] ?? {}).filter((f) => f !== table.id)];
    for (const field of fields) {
      const hits = new Set<number>();
      const found = new Set<string>();
      table.rows.forEach((r, i) => {
        const v = lower(r[field]);
        if (v !== undefined && answers.has(v)) {
          hits.add(i);
          found.add(v);
        }
      });
      if (!hits.size) continue;
      const rt = spec.provenance?.record_type;
      const named = rt !== undefined && (table.key === rt || table.key === `workspace:${rt}`) ? 1 : 0;
      // the named record type, then every answer found, then the id field, then the most answers
      const rank = [named, found.size === answers.size ? 1 : 0, field === table.id ? 1 : 0, found.size];
      if (!best || compareRank(rank, best.rank) > 0) best = { t: { table, id: field, targets: hits }, rank };
      break; // the first field (the id field first) holding answers names the records
    }
  }
  return best?.t;
}

function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

/** The record type of a target: `provenance.record_type` when given, else the table's key. */
export function recordTypeOf(spec: Pick<TaskSpec, 'provenance'>, target: Target): string {
  return spec.provenance?.record_type ?? target.table.key;
}
