import type { TaskSpec } from '../../schema/task-spec.js';
import { fixtureRows } from '../../services/fixtures.js';
import { getService } from '../../services/registry.js';
import { type FixedRuleReport, corpusTask, fixedRuleProbe } from '../../validate/corpus-probe.js';
import { type ProbeResult, type ProbeSummary, PROBES, summarizeProbes } from '../../validate/probes.js';
import { plural, singular, targetOf } from '../../validate/record-tables.js';
import type { Plan } from './plan.js';

// the substance of a corpus (issue 27): figures that say whether its tasks are templates or work — how many ways
// requests open and are built, how many rules they state, how many bodies share a template, how many days they
// happen on, whether every check traces to a clause, and what the probes of the gate found. `synth` prints them
// for the released tasks, `plan --stats` the part a plan knows (its dates).

/**
 * The issue's acceptance values, in one place. Count limits are stated for a corpus of `per` tasks (the issue's
 * 1,000) and scale with the corpus size; shares hold as they are.
 */
export const SUBSTANCE_LIMITS = {
  per: 1000,
  /** the corpus-level fixed-rule probe solves at most this share of tasks */
  fixed_rule_share: 0.05,
  /** the any-candidate probe passes on at most this share of the tasks it ran on */
  any_candidate_share: 0.02,
  /** every probe that predates issue 27 passes on none */
  existing_probe_share: 0,
  /** distinct request openings (names, numbers, ids, dates, quoted strings and the record type masked), per 1,000 */
  min_openings: 300,
  /** no sentence grammar is used by more than this share of requests */
  max_grammar_share: 0.15,
  /** distinct rule texts (provenance.rule), per 1,000 */
  min_rule_texts: 200,
  /** no body template is shared by more than this share of generated e-mail / ticket / note bodies */
  max_body_template_share: 0.1,
  /** distinct mock_today dates, per 1,000 */
  min_dates: 200,
  /** checks without a trace */
  max_untraced_checks: 0,
} as const;

/** The probes that predate issue 27: each must pass on no task. */
export const EXISTING_PROBES = [
  'do_nothing',
  'read_only',
  'claim_only',
  'value_perturbed',
  'distractor_included',
  'spray',
  'content_spray',
] as const satisfies readonly (typeof PROBES)[number][];

/** One figure against its limit; `ok` is null when the corpus cannot say (nothing to measure). */
export interface SubstanceFigure {
  name: string;
  value: number | null;
  /** the limit as printed: "≤ 5%", "≥ 300" (scaled to the corpus) */
  limit: string;
  ok: boolean | null;
}

export interface SubstanceStats {
  tasks: number;
  openings: { distinct: number; top: string; top_share: number };
  grammar: {
    /** sentence templates of ≥ 4 tokens; the share is of requests using the template */
    sentence_templates: number;
    top_share: number;
    top: string;
    /** whole-request templates */
    request_templates: number;
    request_top_share: number;
  };
  rule_texts: { tasks_with_rule: number; distinct: number };
  bodies: { bodies: number; templates: number; top_share: number; top: string };
  mock_today: { distinct: number };
  traces: { traced_tasks: number; checks: number; untraced_checks: number };
  fixed_rule: FixedRuleReport;
  /** per probe over the candidates it ran on (released or not): pass rate and mean score */
  probes: ProbeSummary;
  figures: SubstanceFigure[];
  /** every judged figure within its limit */
  ok: boolean;
}

// ---- masking: the data of a text (names, numbers, ids, dates, quotes, addresses, the record type) → tokens

const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec';
const WEEKDAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thurs|fri|sat|sun';
const PERSON = /^[A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+){1,2}$/;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
  for (const w of masked.toLowerCase().match(/[\p{L}\p{N}#'’-]+/gu) ?? []) {
    const t = FUNCTION_WORDS.has(w.replace(/’/g, "'")) ? w : 'W';
    if (t === 'W' && out.at(-1) === 'W') continue;
    out.push(t);
  }
  return out.join(' ');
}

const SENTENCE = /(?<=[.!?])\s+|\n+/;

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

/** Free-text fields of a record: where generated prose lives. */
const FREE_TEXT = /^(body|description|notes|content)$/;

// ---- the statistics

const share = (n: number, d: number) => (d ? Math.round((n / d) * 10_000) / 10_000 : 0);

function topOf(counts: Map<string, number>): [string, number] {
  let best: [string, number] = ['', 0];
  for (const [k, v] of counts) if (v > best[1] || (v === best[1] && k < best[0])) best = [k, v];
  return best;
}
const inc = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

/**
 * The substance statistics of a corpus of parsed specs. `probes`: each candidate's probe results (released or not;
 * every task the gate probed), for the probes' shares; `fixedRule`: a report already made over the same specs.
 */
export function substanceStats(
  specs: readonly TaskSpec[],
  opts: { probes?: readonly (readonly ProbeResult[])[]; fixedRule?: FixedRuleReport } = {},
): SubstanceStats {
  const openings = new Map<string, number>();
  const sentenceUse = new Map<string, number>();
  const requestTemplates = new Map<string, number>();
  const rules = new Set<string>();
  let withRule = 0;
  const bodies = new Map<string, number>();
  let bodyCount = 0;
  const dates = new Set<string>();
  let traced = 0;
  let checks = 0;
  let untraced = 0;
  for (const spec of specs) {
    const terms = maskTerms(spec);
    const masked = maskText(spec.request, terms);
    inc(openings, opening(masked));
    inc(requestTemplates, skeleton(masked));
    const used = new Set<string>();
    for (const sentence of masked.split(SENTENCE)) {
      const sk = skeleton(sentence);
      if (sk.split(' ').length >= 4) used.add(sk);
    }
    for (const sk of used) inc(sentenceUse, sk);
    if (spec.provenance?.rule) {
      withRule++;
      rules.add(spec.provenance.rule.replace(/\s+/g, ' ').trim().toLowerCase());
    }
    for (const service of spec.services) {
      if (service === 'workspace') continue;
      for (const name of Object.keys(getService(service)?.collections ?? {}))
        for (const r of fixtureRows(spec, service, name))
          for (const [k, v] of Object.entries((r ?? {}) as Record<string, unknown>)) {
            if (!FREE_TEXT.test(k) || typeof v !== 'string' || !v.trim()) continue;
            bodyCount++;
            inc(bodies, skeleton(maskText(v, terms, { values: true })));
          }
    }
    dates.add(spec.mock_today.slice(0, 10));
    checks += spec.checks.length;
    const n = spec.checks.filter((c) => !c.trace).length;
    untraced += n;
    if (n < spec.checks.length) traced++;
  }
  const fixedRule = opts.fixedRule ?? fixedRuleProbe(specs.map((s) => corpusTask(s)));
  const probes = summarizeProbes(opts.probes ?? []);
  const n = specs.length;
  const [openTop, openTopN] = topOf(openings);
  const [sentTop, sentTopN] = topOf(sentenceUse);
  const [, reqTopN] = topOf(requestTemplates);
  const [bodyTop, bodyTopN] = topOf(bodies);
  const stats: Omit<SubstanceStats, 'figures' | 'ok'> = {
    tasks: n,
    openings: { distinct: openings.size, top: openTop, top_share: share(openTopN, n) },
    grammar: {
      sentence_templates: sentenceUse.size,
      top_share: share(sentTopN, n),
      top: sentTop,
      request_templates: requestTemplates.size,
      request_top_share: share(reqTopN, n),
    },
    rule_texts: { tasks_with_rule: withRule, distinct: rules.size },
    bodies: { bodies: bodyCount, templates: bodies.size, top_share: share(bodyTopN, bodyCount), top: bodyTop },
    mock_today: { distinct: dates.size },
    traces: { traced_tasks: traced, checks, untraced_checks: untraced },
    fixed_rule: fixedRule,
    probes,
  };
  const figures = substanceFigures(stats);
  return { ...stats, figures, ok: figures.every((f) => f.ok !== false) };
}

const pct = (x: number) => `${(Math.round(x * 1000) / 10).toString()}%`;

/** The figures against the limits (count limits scaled to the corpus size). */
export function substanceFigures(s: Omit<SubstanceStats, 'figures' | 'ok'>): SubstanceFigure[] {
  const L = SUBSTANCE_LIMITS;
  const scaled = (k: number) => Math.ceil((k * s.tasks) / L.per);
  const atLeast = (name: string, value: number | null, min: number): SubstanceFigure => ({
    name,
    value,
    limit: `≥ ${min}`,
    ok: value === null || s.tasks === 0 ? null : value >= min,
  });
  const atMost = (name: string, value: number | null, max: number, asShare = true): SubstanceFigure => ({
    name,
    value,
    limit: `≤ ${asShare ? pct(max) : max}`,
    ok: value === null || s.tasks === 0 ? null : value <= max,
  });
  const existing = EXISTING_PROBES.flatMap((p) => (s.probes[p] ? [s.probes[p].pass_rate] : []));
  return [
    {
      ...atMost('fixed-rule probe solves', s.fixed_rule.targeted ? s.fixed_rule.share : null, L.fixed_rule_share),
      ...(s.fixed_rule.judged ? {} : { ok: null }),
    },
    atMost('any-candidate probe passes', s.probes.any_candidate?.pass_rate ?? null, L.any_candidate_share),
    atMost(
      'summary-without-fields probe passes',
      s.probes.summary_without_fields?.pass_rate ?? null,
      L.any_candidate_share,
    ),
    atMost('existing probes pass (worst)', existing.length ? Math.max(...existing) : null, L.existing_probe_share),
    atLeast('distinct request openings', s.tasks ? s.openings.distinct : null, scaled(L.min_openings)),
    atMost('most common sentence grammar', s.tasks ? s.grammar.top_share : null, L.max_grammar_share),
    atLeast(
      'distinct rule texts',
      s.rule_texts.tasks_with_rule ? s.rule_texts.distinct : null,
      scaled(L.min_rule_texts),
    ),
    atMost('most common body template', s.bodies.bodies ? s.bodies.top_share : null, L.max_body_template_share),
    atLeast('distinct mock_today dates', s.tasks ? s.mock_today.distinct : null, scaled(L.min_dates)),
    atMost('untraced checks', s.tasks ? s.traces.untraced_checks : null, L.max_untraced_checks, false),
  ];
}

/** "name  value  (limit) ok" lines for the CLI. */
export function formatSubstance(s: SubstanceStats): string[] {
  const show = (f: SubstanceFigure) =>
    f.value === null ? 'n/a' : f.limit.includes('%') || f.limit === 'advisory' ? pct(f.value) : String(f.value);
  const lines = s.figures.map(
    (f) =>
      `${f.name.padEnd(38)} ${show(f).padStart(7)}  (${f.limit})${f.ok === false ? '  FAIL' : f.ok === null ? '  not judged' : ''}`,
  );
  const fr = s.fixed_rule;
  const worst = Object.entries(fr.by_type)
    .filter(([, v]) => v.solved)
    .sort((a, b) => b[1].solved - a[1].solved)
    .slice(0, 3)
    .map(([k, v]) => `${k} ${v.solved}/${v.tasks}`);
  if (fr.targeted)
    lines.push(
      `fixed-rule probe: ${fr.solved}/${fr.targeted} tasks with a target set${worst.length ? `; most solved: ${worst.join(', ')}` : ''}`,
    );
  lines.push(
    `openings ${s.openings.distinct} (top ${pct(s.openings.top_share)}: "${s.openings.top}"); request templates ${s.grammar.request_templates}; body templates ${s.bodies.templates} of ${s.bodies.bodies} bodies`,
  );
  return lines;
}

/** What a plan knows of its substance: the spread of its slots' mock_today dates. */
export function planSubstance(plan: Plan): {
  tasks: number;
  mock_today: { distinct: number };
  figure: SubstanceFigure;
} {
  const dates = new Set<string>();
  let tasks = 0;
  for (const s of plan.slots) {
    dates.add(s.mock_today.slice(0, 10));
    tasks += s.count;
  }
  const min = Math.ceil((SUBSTANCE_LIMITS.min_dates * tasks) / SUBSTANCE_LIMITS.per);
  return {
    tasks,
    mock_today: { distinct: dates.size },
    figure: {
      name: 'distinct mock_today dates',
      value: dates.size,
      limit: `≥ ${min}`,
      ok: tasks ? dates.size >= min : null,
    },
  };
}
