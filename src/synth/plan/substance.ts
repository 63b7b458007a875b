import type { TaskSpec } from '../../schema/task-spec.js';
import { fixtureRows } from '../../services/fixtures.js';
import { getService } from '../../services/registry.js';
import { type CorpusTask, corpusTask, type FixedRuleReport, FixedRuleSample } from '../../validate/corpus-probe.js';
import { needsPicture } from '../../validate/picture-bound.js';
import { taskLanguages } from '../../validate/task-languages.js';
import { type ProbeResult, type ProbeSummary, PROBES, ProbeTally } from '../../validate/probes.js';
import type { Plan } from './plan.js';
import { FREE_TEXT, maskTerms, maskText, opening, SENTENCE, skeleton } from './substance-mask.js';

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
  /** the hedge probe (the right figure beside every wrong one the task sets up) passes on none */
  hedge_share: 0,
  /** distinct request openings (names, numbers, ids, dates, quoted strings and the record type masked), per 1,000 */
  min_openings: 300,
  /** no sentence grammar is used by more than this share of requests */
  max_grammar_share: 0.15,
  /** distinct rule texts (provenance.rule), per 1,000 */
  min_rule_texts: 200,
  /** no body template is shared by more than this share of generated e-mail / ticket / note bodies */
  max_body_template_share: 0.1,
  /** distinct mock_today dates, per 1,000 (and never more than this: the days of a year do not scale) */
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
  /** tasks that cannot pass with their pictures blank (a checked fact only a picture shows) */
  pictures: { needed: number };
  /** tasks with text in another language than English, by language; `requests`: requests written in one */
  languages: { multilingual: number; by: Record<string, number>; requests: Record<string, number> };
  fixed_rule: FixedRuleReport;
  /** per probe over the candidates it ran on (released or not): pass rate and mean score */
  probes: ProbeSummary;
  figures: SubstanceFigure[];
  /** every judged figure within its limit */
  ok: boolean;
}

// ---- masking: the data of a text (names, numbers, ids, dates, quotes, addresses, the record type) → tokens

// ---- the statistics

const share = (n: number, d: number) => (d ? Math.round((n / d) * 10_000) / 10_000 : 0);

function topOf(counts: Map<string, number>): [string, number] {
  let best: [string, number] = ['', 0];
  for (const [k, v] of counts) if (v > best[1] || (v === best[1] && k < best[0])) best = [k, v];
  return best;
}
const inc = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

/** What the statistics need of one released spec: computed where the spec is gated (a synth thread), summed later. */
export interface TaskSubstance {
  /** the masked request's opening and whole-request template */
  opening: string;
  template: string;
  /** the masked request's sentence templates of ≥ 4 tokens, each once */
  sentences: string[];
  /** provenance.rule, spaces collapsed and lower-cased */
  rule?: string;
  /** the masked templates of the fixture records' free-text fields */
  bodies: string[];
  /** mock_today's day */
  date: string;
  checks: number;
  untraced: number;
  /** a checked fact only a picture shows */
  picture?: true;
  /** languages of its text other than English */
  languages?: string[];
  /** the language its request is written in, when not English (labels.language) */
  requestLanguage?: string;
  /** the corpus-level fixed-rule probe's projection (undefined when no record table holds the answer ids) */
  corpus?: CorpusTask;
}

/** One spec's share of the substance statistics. */
export function taskSubstance(spec: TaskSpec): TaskSubstance {
  const terms = maskTerms(spec);
  const masked = maskText(spec.request, terms);
  const sentences = new Set<string>();
  for (const sentence of masked.split(SENTENCE)) {
    const sk = skeleton(sentence);
    if (sk.split(' ').length >= 4) sentences.add(sk);
  }
  const bodies: string[] = [];
  for (const service of spec.services) {
    if (service === 'workspace') continue;
    for (const name of Object.keys(getService(service)?.collections ?? {}))
      for (const r of fixtureRows(spec, service, name))
        for (const [k, v] of Object.entries((r ?? {}) as Record<string, unknown>))
          if (FREE_TEXT.test(k) && typeof v === 'string' && v.trim())
            bodies.push(skeleton(maskText(v, terms, { values: true })));
  }
  const corpus = corpusTask(spec);
  return {
    opening: opening(masked),
    template: skeleton(masked),
    sentences: [...sentences],
    ...(spec.provenance?.rule ? { rule: spec.provenance.rule.replace(/\s+/g, ' ').trim().toLowerCase() } : {}),
    bodies,
    date: spec.mock_today.slice(0, 10),
    checks: spec.checks.length,
    untraced: spec.checks.filter((c) => !c.trace).length,
    ...(needsPicture(spec) ? { picture: true as const } : {}),
    ...(() => {
      const langs = taskLanguages(spec);
      return langs.length ? { languages: langs } : {};
    })(),
    ...(spec.labels.language && spec.labels.language !== 'en' ? { requestLanguage: spec.labels.language } : {}),
    ...(corpus ? { corpus } : {}),
  };
}

/**
 * The substance statistics of a corpus: its specs, or their `taskSubstance` shares. `probes`: each candidate's
 * probe results (released or not; every task the gate probed), for the probes' shares; `fixedRule`: a report
 * already made over the same specs.
 */
export function substanceStats(
  input: readonly (TaskSpec | TaskSubstance)[],
  opts: { probes?: readonly (readonly ProbeResult[])[]; fixedRule?: FixedRuleReport } = {},
): SubstanceStats {
  const tally = new SubstanceTally();
  for (const t of input) tally.add(t);
  for (const rs of opts.probes ?? []) tally.addProbes(rs);
  return tally.result(opts.fixedRule);
}

/**
 * substanceStats one task at a time, for corpora not held in memory: counts of the masked openings, templates,
 * sentences and bodies, and per record type a bounded sample of the fixed-rule probe's projections.
 */
export class SubstanceTally {
  readonly #openings = new Map<string, number>();
  readonly #sentenceUse = new Map<string, number>();
  readonly #requestTemplates = new Map<string, number>();
  readonly #rules = new Set<string>();
  readonly #bodies = new Map<string, number>();
  readonly #dates = new Set<string>();
  readonly #corpus = new FixedRuleSample();
  readonly #probes = new ProbeTally();
  #n = 0;
  #withRule = 0;
  #bodyCount = 0;
  #traced = 0;
  #checks = 0;
  #untraced = 0;
  #pictures = 0;
  #multilingual = 0;
  readonly #languages = new Map<string, number>();
  readonly #requestLanguages = new Map<string, number>();

  add(input: TaskSpec | TaskSubstance): void {
    const t = 'opening' in input ? input : taskSubstance(input);
    this.#n++;
    inc(this.#openings, t.opening);
    inc(this.#requestTemplates, t.template);
    for (const sk of t.sentences) inc(this.#sentenceUse, sk);
    if (t.rule !== undefined) {
      this.#withRule++;
      this.#rules.add(t.rule);
    }
    for (const b of t.bodies) inc(this.#bodies, b);
    this.#bodyCount += t.bodies.length;
    this.#dates.add(t.date);
    this.#checks += t.checks;
    this.#untraced += t.untraced;
    if (t.untraced < t.checks) this.#traced++;
    if (t.picture) this.#pictures++;
    if (t.languages?.length) this.#multilingual++;
    for (const l of t.languages ?? []) inc(this.#languages, l);
    if (t.requestLanguage) inc(this.#requestLanguages, t.requestLanguage);
    this.#corpus.add(t.corpus);
  }

  /** One candidate's probe results (released or not: every task the gate probed). */
  addProbes(results: readonly ProbeResult[]): void {
    this.#probes.add(results);
  }

  result(fixedRule?: FixedRuleReport): SubstanceStats {
    const n = this.#n;
    const fixed = fixedRule ?? this.#corpus.report();
    const [openTop, openTopN] = topOf(this.#openings);
    const [sentTop, sentTopN] = topOf(this.#sentenceUse);
    const [, reqTopN] = topOf(this.#requestTemplates);
    const [bodyTop, bodyTopN] = topOf(this.#bodies);
    const stats: Omit<SubstanceStats, 'figures' | 'ok'> = {
      tasks: n,
      openings: { distinct: this.#openings.size, top: openTop, top_share: share(openTopN, n) },
      grammar: {
        sentence_templates: this.#sentenceUse.size,
        top_share: share(sentTopN, n),
        top: sentTop,
        request_templates: this.#requestTemplates.size,
        request_top_share: share(reqTopN, n),
      },
      rule_texts: { tasks_with_rule: this.#withRule, distinct: this.#rules.size },
      bodies: {
        bodies: this.#bodyCount,
        templates: this.#bodies.size,
        top_share: share(bodyTopN, this.#bodyCount),
        top: bodyTop,
      },
      mock_today: { distinct: this.#dates.size },
      traces: { traced_tasks: this.#traced, checks: this.#checks, untraced_checks: this.#untraced },
      pictures: { needed: this.#pictures },
      languages: {
        multilingual: this.#multilingual,
        by: byCount(this.#languages),
        requests: byCount(this.#requestLanguages),
      },
      fixed_rule: fixed,
      probes: this.#probes.result(),
    };
    const figures = substanceFigures(stats);
    return { ...stats, figures, ok: figures.every((f) => f.ok !== false) };
  }
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
    atMost('hedge probe passes', s.probes.hedge?.pass_rate ?? null, L.hedge_share),
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
    // a year has 365 days: past 1,000 tasks the dates cannot grow with the corpus, so the limit stays at 200
    atLeast(
      'distinct mock_today dates',
      s.tasks ? s.mock_today.distinct : null,
      Math.min(scaled(L.min_dates), L.min_dates),
    ),
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
    `pictures: ${s.pictures.needed} task(s) (${pct(share(s.pictures.needed, s.tasks))}) cannot pass with their pictures blank`,
  );
  const langs = Object.entries(s.languages.by).map(([k, v]) => `${k} ${v}`);
  const asked = Object.entries(s.languages.requests ?? {});
  const requests = asked.reduce((n, [, v]) => n + v, 0);
  lines.push(
    `languages: ${s.languages.multilingual} task(s) (${pct(share(s.languages.multilingual, s.tasks))}) hold text in another language than English${langs.length ? ` (${langs.join(', ')})` : ''}${requests ? `; ${requests} request(s) written in one (${asked.map(([k, v]) => `${k} ${v}`).join(', ')})` : ''}`,
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

// a tally's entries, most counted first (ties by key)
const byCount = (m: ReadonlyMap<string, number>): Record<string, number> =>
  Object.fromEntries([...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)));
