import type { Check, Trace } from '../schema/check-kinds.js';
import type { Diagnostic } from '../schema/diagnostics.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { fixtureRows } from '../services/fixtures.js';
import { getService } from '../services/registry.js';
import { readIsolated } from '../services/workspace/read-isolated.js';
import { documentText } from '../services/workspace/formats/index.js';
import { fixtureFiles, stringsOf, targetOf } from './record-tables.js';
import { err } from './types.js';

// gate step 6, traceability (issue 27): every check traces to the words that demand it — a clause of the
// request, of a policy document the request names, or of the simulated user — and the gate finds each clause
// where its trace says. A spec that traces no check is not judged (hand-written specs stay valid); one that
// traces some must trace all.

/** Case-insensitive, whitespace-normalised text: NFKC, markup (HTML tags, `*`, backticks) and curly quotes removed. */
export function normalText(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/<[^>]*>/g, ' ')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[*`]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const wordsOf = (s: string) =>
  new Set(
    s
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );
const TITLE_FIELDS = ['title', 'subject', 'name', 'path', 'url', 'heading', 'filename', 'file_name'];
// words a title shares with any text: not evidence that the text names it
const LIGHT = new Set(['the', 'a', 'an', 'of', 'in', 'on', 'for', 'and', 'or', 'to', 'our', 'my', 'by', 'with', 'at']);
const significant = (s: string) => [...wordsOf(s)].filter((w) => !LIGHT.has(w));

/** The text names `title`: it contains it, or every significant word of it (a path slug names its title's words). */
export function namesTitle(text: string, title: string): boolean {
  if (normalText(text).includes(normalText(title))) return true;
  const want = significant(title);
  if (!want.length) return false;
  const have = wordsOf(text);
  return want.every((w) => have.has(w));
}

/** Words that ask for identifiers: a clause demanding ids in a text must say so. */
// in the languages a request may be written in (issue 28): English, Spanish, French, German (also the last part of a
// compound: "Bestellnummer"), Chinese, Japanese
const ASKS_IDS =
  /\b(ids?|identifiers?|numbers?|references?|refs?|codes?|números?|referencias?|códigos?|identifiants?|numéros?|références?)\b|(nummern?|referenzen?|kennungen?)\b|编号|单号|番号/i;

interface PolicyDoc {
  where: string;
  titles: string[];
  text: () => Promise<string>;
}

/** The step-6 traceability findings of a spec (none when no check carries a trace). */
export async function checkTraceability(spec: TaskSpec): Promise<Diagnostic[]> {
  if (!spec.checks.some((c) => c.trace)) return [];
  const out: Diagnostic[] = [];
  const request = normalText(spec.request);
  const userTexts = spec.user
    ? [
        spec.user.goal,
        ...spec.user.knowledge,
        ...spec.user.signals.flatMap((s) => (s.effect.say ? [s.effect.say] : [])),
      ].map(normalText)
    : [];
  let docs: PolicyDoc[] | undefined;
  const ids = idsOf(spec);
  const idFields = idFieldsOf(spec);
  for (const [i, check] of spec.checks.entries()) {
    const at = `checks[${i}]`;
    const t = check.trace;
    if (!t) {
      out.push(
        err(
          'check_untraced',
          at,
          `check "${check.id}" carries no trace while others do; give it the clause of the request, a policy the request names, or the user plan that demands it (trace: {in, clause, doc?})`,
          'verifier',
        ),
      );
      continue;
    }
    const clause = normalText(t.clause);
    if (t.in === 'request' && !request.includes(clause)) out.push(notFound(at, t, 'the request'));
    else if (t.in === 'user' && !userTexts.some((u) => u.includes(clause)))
      out.push(notFound(at, t, "the user plan (its signals' messages, knowledge and goal)"));
    else if (t.in === 'policy') {
      docs ??= policyDocs(spec);
      out.push(...(await checkPolicy(spec, at, t, docs)));
    }
    if (t.in === 'request' && !ASKS_IDS.test(t.clause)) {
      const wanted = demandedIds(check, ids, idFields);
      if (wanted.length)
        out.push(
          err(
            'ids_not_asked',
            `${at}.trace.clause`,
            `check "${check.id}" wants record ids written (${wanted.slice(0, 3).join(', ')}${wanted.length > 3 ? ', …' : ''}) but its clause "${t.clause}" does not ask for ids (id, number, reference, code); say so in the request, or check the records' other fields`,
            'builder',
          ),
        );
    }
  }
  return out;
}

function notFound(at: string, t: Trace, where: string): Diagnostic {
  return err(
    'trace_not_found',
    `${at}.trace.clause`,
    `the clause "${clip(t.clause)}" is not in ${where} (compared case-insensitively, whitespace normalised); quote the words that demand this check as written there`,
    'verifier',
  );
}

const clip = (s: string, n = 120) => (s.length > n ? `${s.slice(0, n)}…` : s);

async function checkPolicy(spec: TaskSpec, at: string, t: Trace, docs: PolicyDoc[]): Promise<Diagnostic[]> {
  if (!t.doc)
    return [
      err(
        'trace_not_found',
        `${at}.trace`,
        'a policy trace names its document in doc (the title the request points to)',
        'verifier',
      ),
    ];
  const doc = t.doc;
  const out: Diagnostic[] = [];
  if (!namesTitle(spec.request, doc))
    out.push(
      err(
        'policy_not_named',
        `${at}.trace.doc`,
        `the request never names "${doc}" (by its title, or its title's words in a path); the agent cannot know this policy applies — point the request to it`,
        'builder',
      ),
    );
  const titled = docs.filter((d) => d.titles.some((x) => namesTitle(x, doc)));
  if (!titled.length) {
    out.push(
      err(
        'trace_not_found',
        `${at}.trace.doc`,
        `no fixture record or workspace file is titled "${doc}" (looked at the titles, subjects, names, paths and urls of ${docs.length} record(s) and file(s)); name the policy document as the fixtures do`,
        'verifier',
      ),
    );
    return out;
  }
  const clause = normalText(t.clause);
  for (const d of titled) if (normalText(await d.text()).includes(clause)) return out;
  out.push(
    err(
      'trace_not_found',
      `${at}.trace.clause`,
      `the clause "${clip(t.clause)}" is not in "${doc}" (looked in ${titled.map((d) => d.where).join(', ')}; compared case-insensitively, whitespace normalised); quote the policy's own words`,
      'verifier',
    ),
  );
  return out;
}

// every fixture record and workspace file that may hold a policy: its titles and (lazily) its text
function policyDocs(spec: TaskSpec): PolicyDoc[] {
  const out: PolicyDoc[] = [];
  for (const service of spec.services) {
    if (service === 'workspace') continue;
    for (const [name, col] of Object.entries(getService(service)?.collections ?? {})) {
      for (const r of fixtureRows(spec, service, name)) {
        if (!r || typeof r !== 'object') continue;
        const rec = r as Record<string, unknown>;
        const titles = TITLE_FIELDS.flatMap((f) => (typeof rec[f] === 'string' ? [rec[f] as string] : []));
        if (!titles.length) continue;
        const text = stringsOf(rec).join('\n');
        out.push({ where: `${service}.${name} ${String(rec[col.id] ?? '?')}`, titles, text: async () => text });
      }
    }
  }
  if (spec.services.includes('workspace'))
    for (const f of fixtureFiles(spec)) {
      const heading = /^\s*#*\s*(.+)$/m.exec(f.text ?? '')?.[1];
      const titles = [f.path, ...(heading ? [heading] : [])];
      const recipeTitle = f.recipe ? Object.values(f.recipe)[0] : undefined;
      if (recipeTitle && typeof (recipeTitle as { title?: unknown }).title === 'string')
        titles.push((recipeTitle as { title: string }).title);
      out.push({
        where: `workspace file ${f.path}`,
        titles,
        text: async () => {
          if (f.text !== undefined) return f.text;
          if (f.recipe) return stringsOf(f.recipe).join('\n');
          const r = await readIsolated({ path: f.path, content: f.base64 ?? '', encoding: 'base64' });
          return r.doc ? documentText(r.doc) : '';
        },
      });
    }
  return out;
}

// the record ids a check could demand in text: the answer ids and the ids of the target's records
function idsOf(spec: TaskSpec): string[] {
  const ids = new Set(spec.answer_ids);
  const t = targetOf(spec);
  if (t)
    for (const r of t.table.rows) {
      const v = r[t.id];
      if (typeof v === 'string' && v) ids.add(v);
    }
  return [...ids];
}

// fields that name a record (id fields and foreign keys): an equality on them picks the record, it asks for no text
function idFieldsOf(spec: TaskSpec): Set<string> {
  const out = new Set<string>(['record_id']);
  for (const s of spec.services)
    for (const c of Object.values(getService(s)?.collections ?? {})) {
      out.add(c.id);
      for (const f of Object.keys(c.refs ?? {})) out.add(f);
    }
  const t = targetOf(spec);
  if (t) out.add(t.id);
  return out;
}

// fields that address a message or an invite: a recipient there routes it, it asks for no id written in text
const ADDRESS_FIELDS = new Set(['to', 'cc', 'bcc', 'recipients', 'attendees']);

const unescape = (s: string) => s.replace(/\\[bBdDwWsS]/g, ' ').replace(/\\(.)/g, '$1');
const NEGATIVE = /^\^?\(\?!/;

/** The strings a check wants to find in a text (response clauses, contains/regex matchers, text fields). */
export function demandedTexts(check: Check, idFields: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const c = check as unknown as Record<string, unknown>;
  for (const k of ['all', 'any'] as const) if (Array.isArray(c[k])) for (const x of c[k]) out.push(String(x));
  if (typeof c.pattern === 'string') out.push(c.pattern);
  if (typeof c.regex === 'string') out.push(c.regex);
  const text = c.text as { regex?: unknown } | undefined;
  if (text && typeof text.regex === 'string') out.push(text.regex);
  const matcher = (m: unknown, textual: boolean): void => {
    if (typeof m === 'string') {
      if (textual) out.push(m);
    } else if (Array.isArray(m)) for (const x of m) matcher(x, textual);
    else if (m && typeof m === 'object') {
      for (const [k, v] of Object.entries(m as Record<string, unknown>)) {
        if (k === 'not' || k === 'none') continue;
        // on a field that names records (an id or a list of refs), contains is membership: it picks records
        if (k === 'contains' || k === 'regex') matcher(v, textual);
        else if (k === 'equals' || k === 'in' || k === 'any_of' || k === 'all_of' || k === 'value') matcher(v, textual);
        else if (k === 'set_equals' || k === 'superset_of') matcher(v, textual);
      }
    }
  };
  for (const key of ['where', 'args'] as const) {
    const w = c[key];
    if (!w || typeof w !== 'object') continue;
    for (const [field, m] of Object.entries(w as Record<string, unknown>))
      if (!ADDRESS_FIELDS.has(field)) matcher(m, !idFields.has(field));
  }
  if (c.kind === 'audit_sequence' && Array.isArray(c.steps))
    for (const s of c.steps as Record<string, unknown>[])
      for (const w of [s.where, s.args])
        if (w && typeof w === 'object')
          for (const [field, m] of Object.entries(w as Record<string, unknown>))
            if (!ADDRESS_FIELDS.has(field)) matcher(m, !idFields.has(field));
  return out.filter((s) => !NEGATIVE.test(s)).map(unescape);
}

function demandedIds(check: Check, ids: readonly string[], idFields: ReadonlySet<string>): string[] {
  const texts = demandedTexts(check, idFields).map((s) => s.toLowerCase());
  if (!texts.length) return [];
  return ids.filter((id) => {
    const l = id.toLowerCase();
    return texts.some((t) => {
      const at = t.indexOf(l);
      if (at < 0) return false;
      const before = t[at - 1] ?? ' ';
      const after = t[at + l.length] ?? ' ';
      return !/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after);
    });
  });
}
