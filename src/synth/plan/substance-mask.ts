import type { TaskSpec } from '../../schema/task-spec.js';
import { fixtureRows } from '../../services/fixtures.js';
import { getService } from '../../services/registry.js';
import { plural, singular, targetOf } from '../../validate/record-tables.js';

// the masking behind the substance figures (substance.ts): a text with its data replaced by tokens, then reduced
// to its grammar, so that two requests written from one template read the same however their data differ.

const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec';
const WEEKDAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thurs|fri|sat|sun';
const PERSON = /^[A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+){1,2}$/;
/** Free-text fields of a record: where generated prose lives. */
export const FREE_TEXT = /^(body|description|notes|content)$/;

/** What masks a spec's texts: the people's names and the record type's nouns. */
export interface MaskTerms {
  names: string[];
  nouns: string[];
  /** the records' short field values (titles, statuses, product names): data in a body, not template */
  values: string[];
}

function strings(v: unknown, out: string[]): void {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) strings(x, out);
}

const titleCase = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** The names, record nouns and field values of a spec, for masking its request and bodies. */
export function maskTerms(spec: TaskSpec): MaskTerms {
  const all: string[] = [];
  strings(spec.fixtures, all);
  const names = new Set<string>();
  for (const s of all) {
    const t = s.trim();
    if (PERSON.test(t)) {
      names.add(t);
      names.add(t.split(' ')[0] as string);
    }
    for (const m of t.matchAll(/\b([a-z]+)\.([a-z]+)@/g)) {
      const [first, last] = [titleCase(m[1] as string), titleCase(m[2] as string)];
      names.add(`${first} ${last}`);
      names.add(first);
    }
  }
  const persona = spec.user?.persona
    ? /^([A-Z][\w'’-]+(?: [A-Z][\w'’-]+){0,2})/.exec(spec.user.persona)?.[1]
    : undefined;
  if (persona) {
    names.add(persona);
    names.add(persona.split(' ')[0] as string);
  }
  const nouns = new Set<string>();
  const addNoun = (w: string) => {
    const l = w.toLowerCase().trim();
    if (l.length < 3) return;
    nouns.add(l);
    const words = l.split(' ');
    const last = words.at(-1) as string;
    nouns.add([...words.slice(0, -1), plural(singular(last))].join(' '));
    nouns.add([...words.slice(0, -1), singular(last)].join(' '));
  };
  const target = targetOf(spec);
  for (const n of target?.table.nouns ?? []) addNoun(n);
  const rt = spec.provenance?.record_type;
  if (rt) addNoun((rt.split(/[.:/]/).pop() ?? rt).replace(/\.[a-z]+$/, '').replace(/[_-]/g, ' '));
  const values = new Set<string>();
  for (const service of spec.services) {
    for (const name of Object.keys(getService(service)?.collections ?? {})) {
      if (service === 'workspace') continue;
      for (const r of fixtureRows(spec, service, name))
        for (const [k, v] of Object.entries((r ?? {}) as Record<string, unknown>))
          if (typeof v === 'string' && !FREE_TEXT.test(k) && v.length >= 3 && v.length <= 80 && !v.includes('\n'))
            values.add(v);
    }
  }
  const byLength = (a: string, b: string) => b.length - a.length;
  return {
    names: [...names].filter((n) => n.length >= 3).sort(byLength),
    nouns: [...nouns].sort(byLength),
    values: [...values].sort(byLength),
  };
}

// terms indexed by their first word: a text is scanned once, word by word, for the longest term starting there
type TermIndex = Map<string, string[][]>;
const WORD = /[\p{L}\p{N}]+/gu;
const indexes = new WeakMap<readonly string[], TermIndex>();
function indexOf(terms: readonly string[], caseSensitive: boolean): TermIndex {
  let idx = indexes.get(terms);
  if (!idx) {
    idx = new Map();
    for (const t of terms) {
      const words = (t.match(WORD) ?? []).map((w) => (caseSensitive ? w : w.toLowerCase()));
      const first = words[0];
      if (!first) continue;
      const list = idx.get(first) ?? [];
      idx.set(first, list);
      list.push(words);
    }
    for (const list of idx.values()) list.sort((a, b) => b.length - a.length);
    indexes.set(terms, idx);
  }
  return idx;
}

/** Replaces every occurrence of a term (whole words, the longest first) by `token`. */
function replaceTerms(s: string, terms: readonly string[], token: string, caseSensitive = false): string {
  if (!terms.length) return s;
  const idx = indexOf(terms, caseSensitive);
  const words = [...s.matchAll(WORD)];
  const keys = words.map((m) => (caseSensitive ? m[0] : m[0].toLowerCase()));
  const at = (i: number) => keys[i] as string;
  let out = '';
  let last = 0;
  for (let i = 0; i < words.length; ) {
    let len = 0;
    for (const c of idx.get(at(i)) ?? []) {
      if (i + c.length <= words.length && c.every((w, j) => at(i + j) === w)) {
        len = c.length;
        break;
      }
    }
    if (!len) {
      i++;
      continue;
    }
    const start = (words[i] as RegExpMatchArray).index ?? 0;
    const end = words[i + len - 1] as RegExpMatchArray;
    out += s.slice(last, start) + token;
    last = (end.index ?? 0) + end[0].length;
    i += len;
  }
  return out + s.slice(last);
}

/**
 * A text with its data masked: quoted strings (#q), e-mail addresses (#e), URLs (#u), paths (#p), ids (#i), dates,
 * months and weekdays (#d), numbers (#n), people's names (#x), the record type's nouns (#t) and, with
 * `values`, the records' field values (#v). Lower-cased, whitespace collapsed.
 */
export function maskText(text: string, terms: MaskTerms, opts: { values?: boolean } = {}): string {
  let s = ` ${text} `;
  s = s.replace(/"[^"\n]*"|“[^”\n]*”|(?<=[\s(])'[^'\n]+'(?=[\s.,;:!?)])/g, ' #q ');
  s = s.replace(/\S+@\S+\.\w+/g, ' #e ');
  s = s.replace(/\bhttps?:\/\/\S+/g, ' #u ');
  s = s.replace(/(?:[\w.-]+\/)+[\w.-]+|\b[\w-]+\.(?:md|csv|tsv|docx|xlsx|pptx|pdf|html|json|txt|yaml|yml)\b/g, ' #p ');
  s = s.replace(/\b[A-Za-z]{1,8}[-_][A-Za-z]*\d[\w-]*\b|\b[a-z]+_[a-z0-9_]+\b/g, ' #i ');
  s = s.replace(/\b\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?\b/g, ' #d ');
  s = s.replace(new RegExp(`\\b(?:${WEEKDAYS}|${MONTHS})\\b\\.?`, 'gi'), ' #d ');
  s = s.replace(/[$€£]?\b\d[\d,]*(?:\.\d+)?%?|\b\d{1,2}:\d{2}\b/g, ' #n ');
  // names as written (capitalised): the first name May is not the verb may
  s = replaceTerms(s, terms.names, ' #x ', true);
  if (opts.values) s = replaceTerms(s, terms.values, ' #v ');
  s = replaceTerms(s, terms.nouns, ' #t ');
  // a date written in parts (Thursday 12 March) is one date
  s = s.replace(/#d(?:[\s,]+#[dn])+|#n[\s,]+#d(?:[\s,]+#n)?/g, '#d');
  return s.replace(/\s+/g, ' ').trim().toLowerCase();
}

// ---- grammar: every word that is not a function word → W, runs collapsed

/** English function words (articles, pronouns, prepositions, conjunctions, auxiliaries, determiners, particles). */
export const FUNCTION_WORDS = new Set(
  `a an the this that these those my your our their his her its me you us them him it we they i he she
  who whom whose which what when where why how whoever whatever
  and or but nor so yet if then than because although though while whereas unless until since as once
  of in on at by for with without within about above below over under between among into onto out up down off
  from to through during before after against along around across behind beyond per via toward towards upon
  is are was were be been being am do does did done have has had having will would shall should can could may
  might must ought need not no never also too very just only even still already ever again
  all any each every some both either neither few many much more most less least other another such own same
  here there now today tomorrow yesterday please let lets
  one ones whether else instead rather
  anything everything something nothing anyone everyone someone none
  i'm i'll i've i'd you're you'll we're we'll it's that's there's don't doesn't didn't can't won't isn't aren't
  let's what's`.split(/\s+/),
);

/** The grammar of a masked text: function words kept, every other word (and mask token) W, runs collapsed. */
export function skeleton(masked: string): string {
  const out: string[] = [];
  const words = masked.toLowerCase().match(/[\p{L}\p{N}#'’-]+/gu) ?? [];
  // text in another language (letters beyond ASCII, hardly an English function word: a glossary it quotes, "invoices
  // and refunds", has a few) has no English grammar to keep: its masked words are its template, so two messages share
  // one only when they say the same thing
  const english = words.filter((w) => FUNCTION_WORDS.has(w.replace(/’/g, "'"))).length;
  if (/[^\x00-\x7f]/.test(masked) && /\p{L}/u.test(masked) && english < Math.max(1, words.length / 10))
    return words.join(' ');
  for (const w of words) {
    const t = FUNCTION_WORDS.has(w.replace(/’/g, "'")) ? w : 'W';
    if (t === 'W' && out.at(-1) === 'W') continue;
    out.push(t);
  }
  return out.join(' ');
}

export const SENTENCE = /(?<=[.!?])\s+|\n+/;

/** The opening of a masked request: its first 10 tokens, ending early at a sentence end after ≥ 4 tokens. */
export function opening(masked: string): string {
  const tokens = masked.split(' ');
  const out: string[] = [];
  for (const t of tokens) {
    out.push(t);
    if (out.length >= 10 || (out.length >= 4 && /[.!?]$/.test(t))) break;
  }
  return out.join(' ');
}
