import { prepare } from '../env/prepared.js';
import { getService } from '../services/registry.js';
import { textKey } from '../schema/canonical-values.js';
import type { Matcher, Where } from '../schema/matchers.js';
import type { TaskSpec } from '../schema/task-spec.js';

// Content spraying (issue #29.7): a per-target check such as `where: {body: {contains: TK-1042}}` pays for a
// mail that names TK-1042, so a mail that names every ticket would pay for every target at once. The grader
// knows the candidates from the spec itself: when a `contains` needle is the id of a fixture record, the other
// ids of that collection are the candidates, and those the spec never asks for (not in answer_ids, not a value
// any check looks for) are its distractors. A text that names the target and at least half of its distractors
// (at least one) does not tell the target apart, so the entry earns no credit from that check.

/** The distractors of a needle and how many of them a text may name before it counts as sprayed. */
export interface SprayRule {
  needle: string;
  /** every id of the needle's collection: the needle, the other targets and the distractors */
  candidates: readonly string[];
  /** ids of the needle's collection the spec does not ask for */
  distractors: readonly string[];
  /** a text naming this many distractors (or more) alongside the needle is sprayed */
  threshold: number;
}

/** A sprayed entry: the field whose text named the distractors, the needle, and the distractors it named. */
export interface Spray {
  field: string;
  needle: string;
  names: string[];
}

const RULES = new WeakMap<TaskSpec, Map<string, SprayRule | null>>();
const WANTED = new WeakMap<TaskSpec, Set<string>>();

/** The spray rule of a needle in this spec: undefined when the needle is no record id or has no distractors. */
export function sprayRule(spec: TaskSpec, needle: string): SprayRule | undefined {
  let rules = RULES.get(spec);
  if (!rules) RULES.set(spec, (rules = new Map()));
  const key = textKey(needle);
  if (!rules.has(key)) rules.set(key, ruleOf(spec, needle, key) ?? null);
  return rules.get(key) ?? undefined;
}

function ruleOf(spec: TaskSpec, needle: string, key: string): SprayRule | undefined {
  const wanted = wantedOf(spec);
  const state = prepare(spec).state;
  for (const service of spec.services) {
    for (const [name, col] of Object.entries(getService(service)?.collections ?? {})) {
      const ids = (state[service]?.[name] ?? [])
        .map((r) => (r as Record<string, unknown>)[col.id])
        .filter((x): x is string => typeof x === 'string' && x.trim() !== '');
      if (!ids.some((id) => textKey(id) === key)) continue;
      const candidates = [...new Set(ids)];
      const distractors = candidates.filter((id) => textKey(id) !== key && !wanted.has(textKey(id)));
      if (distractors.length === 0) return undefined;
      return { needle, candidates, distractors, threshold: Math.max(1, Math.ceil(distractors.length / 2)) };
    }
  }
  return undefined;
}

// what the spec asks for: its answer ids and every string a check looks for (outside `not`), as text keys
function wantedOf(spec: TaskSpec): Set<string> {
  let out = WANTED.get(spec);
  if (out) return out;
  out = new Set(spec.answer_ids.map(textKey));
  const set = out;
  const add = (v: unknown) => typeof v === 'string' && set.add(textKey(v));
  const matcher = (m: Matcher | undefined): void => {
    if (m === null || m === undefined) return;
    if (typeof m !== 'object') return void add(m);
    if ('equals' in m) add(m.equals);
    if ('in' in m) m.in.forEach(add);
    if ('contains' in m) add(m.contains);
    for (const k of ['set_equals', 'subset_of', 'superset_of'] as const)
      if (k in m) ((m as Record<string, unknown[]>)[k] ?? []).forEach(add);
    if ('all_of' in m) m.all_of.forEach(matcher);
    if ('any_of' in m) m.any_of.forEach(matcher);
  };
  const where = (w: Where | undefined) => Object.values(w ?? {}).forEach((m) => matcher(m as Matcher));
  for (const c of spec.checks) {
    if (c.kind === 'tool_arg') (c.accept ?? []).forEach(add);
    if (c.kind === 'tool_called') where(c.args);
    if (c.kind === 'audit_present' || c.kind === 'audit_count') where(c.where);
    if (c.kind === 'audit_sequence') for (const s of c.steps) where('tool' in s ? s.args : s.where);
    if (c.kind === 'state_equals') {
      add(c.record_id);
      matcher(c.value as Matcher);
    }
    if (c.kind === 'response_contains') [...(c.all ?? []), ...(c.any ?? [])].forEach(add);
  }
  WANTED.set(spec, set);
  return set;
}

/** The `contains` needles of a matcher that count for credit (outside `not`). */
export function containsNeedles(m: Matcher | undefined): string[] {
  if (m === null || m === undefined || typeof m !== 'object') return [];
  if ('contains' in m) return typeof m.contains === 'string' ? [m.contains] : [];
  if ('all_of' in m) return m.all_of.flatMap(containsNeedles);
  if ('any_of' in m) return m.any_of.flatMap(containsNeedles);
  return [];
}

/** Is the entry sprayed for this `where`: does a field it matches by `contains` also name the needle's distractors? */
export function sprayOf(
  spec: TaskSpec,
  where: Where | undefined,
  entry: Readonly<Record<string, unknown>>,
): Spray | undefined {
  for (const [field, m] of Object.entries(where ?? {})) {
    const needles = containsNeedles(m as Matcher);
    if (!needles.length) continue;
    const text = textOf(entry[field]);
    if (!text) continue;
    for (const needle of needles) {
      const rule = sprayRule(spec, needle);
      if (!rule) continue;
      const names = namedIn(text, rule.distractors);
      if (names.length >= rule.threshold) return { field, needle, names };
    }
  }
  return undefined;
}

// text compared for names: NFKC, invisible characters removed, lower-cased, every dash a hyphen-minus (NFKC
// leaves U+2010/U+2011 and the en dash as they are, and they must not hide an id)
const nameKey = (s: string) => textKey(s).replace(/\p{Pd}/gu, '-');

/** The ids among `ids` that `text` names as whole words (case-insensitive, NFKC, any dash). */
export function namedIn(text: string, ids: readonly string[]): string[] {
  const key = nameKey(text);
  return ids.filter((id) => {
    const k = nameKey(id);
    for (let at = key.indexOf(k); at !== -1; at = key.indexOf(k, at + 1)) {
      const before = key[at - 1];
      const after = key[at + k.length];
      if (!isWordChar(before) && !isWordChar(after)) return true;
    }
    return false;
  });
}

const WORD = /[\p{L}\p{N}_]/u;
const isWordChar = (c: string | undefined) => c !== undefined && WORD.test(c);

function textOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.filter((x) => typeof x === 'string').join('\n');
  return '';
}
