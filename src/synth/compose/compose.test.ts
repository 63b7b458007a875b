import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalJson } from '../../schema/canonical-json.js';
import type { TaskSpec, TaskSpecInput } from '../../schema/task-spec.js';
import { SCENARIO_DOMAINS, type ScenarioDomain } from '../../schema/taxonomy.js';
import { resolveTool } from '../../services/registry.js';
import { runGate } from '../../validate/index.js';
import { checkProbes, PROBES, type ProbeName, probeResultsOf } from '../../validate/probes.js';
import { comparable, playReference } from '../../validate/replay.js';
import { requestSkeleton } from '../plan/coverage.js';
import { generateProcedural } from '../generators.js';
import { countWhere } from './computations.js';
import { recipeFor } from './index.js';
import { figuresOf, fitsDomain } from './recipe.js';
import { SCENARIO_SOURCES, UNFILED } from './packs/scenarios.js';
import { CONCERNS } from './concerns.js';
import { PARTS } from './registry.js';
import { composition } from './testing.js';

const gen = (i: number): TaskSpecInput => composition(i, 7919 * i + 11);
// whether the record type a task selects from (service.collection) has a figure read from a field that its team
// uses (figure-uses.ts): every record type of that collection does
const measuredType = (rt: string | undefined): boolean => {
  const of = PARTS.sources.filter((s) => `${s.service}.${s.collection ?? s.name}` === rt);
  return of.length > 0 && of.every((s) => figuresOf(PARTS, s).some((c) => c.needsMeasure));
};
const corpus = Array.from({ length: 300 }, (_, i) => gen(i));

// the vocabulary rules (no placeholder Latin, no comic names, no answer id in a request) run over every
// generator in kit/vocabulary.test.ts
describe('compositional generator', () => {
  it('labels only what a task exercises: scheduling work, mail, a scenario its records fit', () => {
    const gmail = (t: TaskSpecInput) =>
      (t.services ?? []).includes('gmail') ||
      (t.reference ?? []).some((r) => 'call' in r && r.call.startsWith('gmail_'));
    let scheduled = 0;
    for (const t of corpus) {
      const labels = t.labels as { capabilities: string[]; scenario: string };
      const calls = (t.reference ?? []).flatMap((r) => ('call' in r ? [r] : []));
      // booking, moving or cancelling a time slot (an event on the calendar, a clinic appointment): a to-do's due
      // date, a deadline ticked as diarised or a rule's date window is no scheduling
      const scheduling = calls.some(
        (r) => /^calendar_(create|update|delete)/.test(r.call) || r.call === 'clinic_update_appointment',
      );
      if (labels.capabilities.includes('Calendar_Scheduling')) {
        scheduled++;
        assert.ok(scheduling, `${t.id} claims scheduling: ${calls.map((r) => r.call).join(', ')}`);
      }
      if (labels.capabilities.includes('Email_Communication')) assert.ok(gmail(t), `${t.id} claims mail`);
      // the scenario label is a sub-scenario its record type is mapped to (receipt scans are never Stock work), or
      // the domain alone for a record type that fits none of its sub-scenarios (a floor plan's desks)
      const [domain, sub] = labels.scenario.split('/');
      assert.ok(sub, `${t.id}: ${labels.scenario} has no sub-scenario`);
      const fitting = sub
        ? ((SCENARIO_SOURCES as Record<string, Record<string, readonly string[]>>)[domain ?? '']?.[sub] ?? [])
        : ((UNFILED as Record<string, readonly string[]>)[domain ?? ''] ?? []);
      const type = String((t.provenance as { record_type?: string } | undefined)?.record_type ?? '');
      const kinds = PARTS.sources.filter((s) =>
        [`${s.service}.${s.collection}`, `${s.service}.${s.name}`].includes(type),
      );
      assert.ok(kinds.length, `${t.id}: no record type ${type}`);
      assert.ok(
        kinds.some((s) => fitting.includes(s.name)),
        `${t.id}: ${type} labelled ${labels.scenario}`,
      );
    }
    assert.ok(scheduled > 10, `${scheduled} tasks labelled Calendar_Scheduling`);
  });

  it("is about its domain: the record type fits the domain and sub-scenario it is labelled with, and the user's news names no id", () => {
    let moved = 0;
    for (const [i, t] of corpus.entries()) {
      const [domain, sub] = (t.labels as { scenario: string }).scenario.split('/') as [ScenarioDomain, string];
      const type = String((t.provenance as { record_type?: string } | undefined)?.record_type ?? '');
      const noun = String(t.title).split(':')[0]?.toLowerCase();
      const src = PARTS.sources.find(
        (s) => type === `${s.service}.${s.collection ?? s.name}` && s.noun[1].toLowerCase() === noun,
      );
      if (!src) continue;
      assert.ok(fitsDomain(src, domain, sub), `${t.id}: ${src.name} labelled ${domain}/${sub}`);
      // a slot asking for what only another domain's record type gives is that domain's task
      if (domain !== SCENARIO_DOMAINS[i % SCENARIO_DOMAINS.length]) moved++;
      const change = (
        t.user as { signals?: { effect: { update_record?: { record_id: string }; say?: string } }[] }
      )?.signals?.find((s) => s.effect.update_record);
      if (change)
        assert.ok(
          !change.effect.say?.includes(change.effect.update_record?.record_id ?? '-'),
          `${t.id}: ${change.effect.say}`,
        );
    }
    assert.ok(moved > 0 && moved < corpus.length / 5, `${moved} tasks moved to the domain of their record type`);
  });

  it('asks for figures that mean something: a lowest only where low matters, no total of what does not add up', () => {
    for (const t of corpus) {
      const say = (t.reference ?? []).flatMap((r) => ('say' in r ? [r.say] : [])).join(' ');
      const type = String((t.provenance as { record_type?: string } | undefined)?.record_type ?? '');
      const src = PARTS.sources.find(
        (s) => type.endsWith(`.${s.collection ?? s.name}`) && type.startsWith(`${s.service}.`),
      );
      if (!src?.measure) continue;
      if (/\blowest\b/i.test(say)) assert.equal(CONCERNS[src.name]?.[src.measure.field], 'low', `${t.id}: ${say}`);
      if (/\bcombined\b/i.test(say)) assert.notEqual(src.measure.additive, false, `${t.id}: ${say}`);
      if (/\b(?:highest|lowest)\b/i.test(say)) assert.notEqual(src.measure.extreme, false, `${t.id}: ${say}`);
    }
  });

  it('the user answers a question about the open destination however it is put, and no other question', () => {
    const asking = corpus.filter((t) =>
      (t.user as { signals?: { id: string }[] } | undefined)?.signals?.some((s) => s.id === 'destination'),
    );
    assert.ok(asking.length >= 10, `${asking.length} tasks where the user holds the destination`);
    // ways of asking about each destination, and questions about something else
    const about: Record<string, string[]> = {
      'file path': [
        'Where should I save the file?',
        'What should I name the HTML file?',
        'Which folder should it go in?',
      ],
      recipient: ['Who should I send the summary to?', 'Who is covering this week?', 'Which colleague gets it?'],
      channel: ['Which channel should I post it in?', 'Where should I post the notification?'],
      title: ['What title should the digest have?', 'What should I call it?'],
      'report title': ['What title should the report have?', 'What should I call the report?'],
    };
    const elsewhere = [
      'Which section of the policy applies?',
      'Where is the policy document?',
      'Who owns these records?',
    ];
    const hits = (words: readonly string[], q: string) => words.some((w) => q.toLowerCase().includes(w.toLowerCase()));
    for (const t of asking) {
      const words =
        (t.user as { signals: { id: string; trigger: { asks_about?: string[] } }[] }).signals.find(
          (s) => s.id === 'destination',
        )?.trigger.asks_about ?? [];
      const asked = (t.checks ?? []).find((c) => c.kind === 'asked_user') as { topics?: string[] } | undefined;
      // the check accepts what the user answers, and only that
      assert.deepEqual(asked?.topics, words, `${t.id}: the asked check reads the user's words`);
      const kind = Object.keys(about).find((k) =>
        (t.user as { knowledge: string[] }).knowledge[0]?.startsWith(`The ${k} to use`),
      );
      assert.ok(kind, `${t.id}: ${(t.user as { knowledge: string[] }).knowledge[0]}`);
      for (const q of about[kind] ?? []) assert.ok(hits(words, q), `${t.id}: ${q}`);
      for (const q of elsewhere) assert.ok(!hits(words, q), `${t.id} answers "${q}"`);
    }
  });

  it('reviews booked "back to back from 10:00" must fill every slot: all at 10:00 fails', async () => {
    // (a task with two reviews or more: one review alone has no slot to pile onto)
    const raw = corpus.find((t) => (t.checks ?? []).filter((c) => c.id.startsWith('slot_review_meeting_')).length >= 2);
    assert.ok(raw, 'a composed task books reviews');
    const spec = (await runGate({ raw })).spec as TaskSpec;
    const first = spec.reference.find((r) => 'call' in r && r.call === 'calendar_create_event');
    assert.ok(first && 'call' in first);
    const { start_time, end_time } = first.args as { start_time: string; end_time: string };
    const piled = spec.reference.map((r) =>
      'call' in r && r.call === 'calendar_create_event' ? { ...r, args: { ...r.args, start_time, end_time } } : r,
    );
    const good = (await playReference(spec)).trajectory.grade;
    const bad = (await playReference(spec, piled)).trajectory.grade;
    assert.equal(good?.passed, true);
    const slots = (bad?.checks ?? []).filter((c) => c.id.startsWith('slot_review_meeting_'));
    assert.ok(
      slots.length >= 2 && slots.filter((c) => c.score === 0).length === slots.length - 1,
      JSON.stringify(slots),
    );
  });

  it('no two records of a task share a title (a check that reads a name would credit the wrong one)', () => {
    let checked = 0;
    for (const t of corpus) {
      const type = String((t.provenance as { record_type?: string } | undefined)?.record_type ?? '');
      const src = PARTS.sources.find((s) => type === `${s.service}.${s.collection ?? s.name}`);
      const f = src?.nameField?.field;
      if (!src || !f || !/title|headline/.test(src.nameField?.label ?? '')) continue;
      const rows = ((t.fixtures as Record<string, Record<string, unknown>>)?.[src.service]?.[
        src.collection ?? src.name
      ] ?? []) as Record<string, unknown>[];
      const names = rows.map((r) => r[f]).filter((v) => typeof v === 'string');
      assert.equal(new Set(names).size, names.length, `${t.id}: ${names.join(' | ')}`);
      checked++;
    }
    assert.ok(checked >= 30, `${checked} tasks with titled records`);
  });

  it('a mid-task change names its record so that no other record answers to it (review 30: two reviews of one user)', () => {
    let named = 0;
    const ambiguous: string[] = [];
    for (const t of corpus) {
      const signal = (
        t.user as { signals?: { id: string; effect: Record<string, unknown> }[] } | undefined
      )?.signals?.find((s) => s.id === 'record_changed');
      const up = signal?.effect.update_record as { service: string; collection: string; record_id: string } | undefined;
      const say = String(signal?.effect.say ?? '');
      if (!up) continue;
      const rows = ((t.fixtures as Record<string, Record<string, Record<string, unknown>[]>>)[up.service]?.[
        up.collection
      ] ?? []) as Record<string, unknown>[];
      const idField = Object.keys(rows[0] ?? {}).find((k) => rows.some((r) => r[k] === up.record_id)) ?? '';
      const rec = rows.find((r) => r[idField] === up.record_id);
      if (!rec) continue;
      // each value of the record the message says (a name, an address) that another record shares
      for (const [k, v] of Object.entries(rec)) {
        if (typeof v !== 'string' || v.length < 6 || k === idField) continue;
        // (said on its own: "finance" inside the table name finance.fct_payments is not the domain said)
        const alone = new RegExp(`(?<![\\w.])${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.])`);
        if (!alone.test(say)) continue;
        // (nor the template "pricing page" inside the title "Add-ons pricing page")
        const within = Object.values(rec).some(
          (o) => typeof o === 'string' && o !== v && o.includes(v) && say.includes(o),
        );
        if (within) continue;
        if (!rows.some((r) => r !== rec && r[k] === v)) continue;
        named++;
        if (!say.includes(up.record_id) && !/\(the /.test(say)) ambiguous.push(`${t.id}: "${say}" fits two records`);
      }
    }
    assert.ok(named >= 1, `${named} messages name a value two records share`);
    // (a residue of near twins, two submissions of one essay by one student differing in no field a coworker would
    // say, stays: at most one in ten)
    assert.ok(ambiguous.length * 10 <= named, ambiguous.join('\n'));
  });

  it('a mid-task change never turns a flag off (an NDA does not become unsigned, a read message unread)', () => {
    let changes = 0;
    for (const t of corpus) {
      const signal = (
        t.user as { signals?: { id: string; effect: { update_record?: { set: Record<string, unknown> } } }[] }
      )?.signals?.find((s) => s.id === 'record_changed');
      const set = signal?.effect.update_record?.set;
      if (!set) continue;
      changes++;
      for (const [k, v] of Object.entries(set)) assert.notEqual(v, false, `${t.id}: ${k} turned off`);
    }
    assert.ok(changes >= 30, `${changes} tasks change a record`);
  });

  it('300 tasks: no byte-identical requests, many workflows', () => {
    const requests = new Set(corpus.map((s) => s.request));
    assert.equal(requests.size, corpus.length);
    const seqs = new Set(corpus.map((s) => (s.reference ?? []).map((r) => ('call' in r ? r.call : '')).join(',')));
    const skeletons = new Set(corpus.map((s) => requestSkeleton(s.request)));
    assert.ok(seqs.size >= 150, `distinct tool sequences ${seqs.size}`);
    assert.ok(skeletons.size >= 120, `distinct skeletons ${skeletons.size}`);
    assert.ok(corpus.filter((s) => s.user).length >= 0.3 * corpus.length);
  });

  it('same inputs give byte-identical specs', () => {
    assert.equal(canonicalJson(gen(5)), canonicalJson(corpus[5]));
    assert.notEqual(canonicalJson(gen(6)), canonicalJson(corpus[5]));
  });

  it('passes the full gate; lazy agents (nothing, read-only, read + claim) stay below the pass threshold', async () => {
    const sample = [0, 1, 2, 4, 7, 11, 14, 25].map((i) => corpus[i] as TaskSpecInput);
    const users = corpus.filter((s) => s.user);
    sample.push(...users.slice(0, 2));
    for (const raw of sample) {
      const report = await runGate({ raw });
      assert.equal(report.ok, true, `${raw.id}: ${JSON.stringify(report.diagnostics.slice(0, 3))}`);
      const spec = report.spec as TaskSpec;
      const score = async (steps: TaskSpec['reference']) => comparable((await playReference(spec, steps)).trajectory);
      assert.equal(await score(spec.reference), 1, raw.id);
      const reads = spec.reference.filter((s) => !('call' in s) || !isWrite(s.call));
      const say = spec.reference.filter((s) => 'say' in s);
      assert.ok((await score([])) < spec.scoring.pass_threshold, `${raw.id}: nothing`);
      assert.ok((await score(reads.filter((s) => 'call' in s))) < spec.scoring.pass_threshold, `${raw.id}: read-only`);
      assert.ok((await score([...reads, ...say])) < spec.scoring.pass_threshold, `${raw.id}: claim`);
    }
  });

  it("the gate's adversarial probes (lazy, wrong value, distractor, spray) all fail on 30 varied tasks", async () => {
    // one task per action × aggregate combination, so every part's checks meet the probes
    const byKind = new Map<string, TaskSpecInput>();
    for (const s of corpus) if (!byKind.has(String(s.title))) byKind.set(String(s.title), s);
    const sample = [...byKind.values()].slice(0, 30);
    assert.equal(sample.length, 30);
    const ran = Object.fromEntries(PROBES.map((p) => [p, 0])) as Record<ProbeName, number>;
    for (const raw of sample) {
      const report = await runGate({ raw });
      assert.equal(report.ok, true, `${raw.id}: ${JSON.stringify(report.diagnostics.slice(0, 2))}`);
      for (const r of probeResultsOf(report.steps)) {
        assert.equal(r.passed, false, `${raw.id} (${raw.title}): ${r.probe} scores ${r.score} (${r.detail})`);
        if (r.runs > 0) ran[r.probe]++;
      }
    }
    // the probes really ran: every task meets the lazy ones, most a wrong value, the per-record actions the rest
    assert.equal(ran.do_nothing, 30);
    assert.equal(ran.claim_only, 30);
    // pack actions mostly set a status (an enum value_perturbed does not shift): a quarter to a third carry a number, date or address
    assert.ok(ran.value_perturbed >= 7, `value_perturbed ran on ${ran.value_perturbed}`);
    assert.ok(ran.distractor_included >= 4 && ran.spray >= 4, JSON.stringify(ran));
  });

  it('without the outcome caps a wrong recipient or date would pass: the gating is what rejects it', async () => {
    // a task with several outcome checks, where one wrong value alone would cost too little
    const raw = corpus.find(
      (s) => /mail_owner|follow_up_task|review_meeting/.test(String(s.title)) && (s.checks ?? []).length >= 8,
    ) as TaskSpecInput;
    const spec = (await runGate({ raw })).spec as TaskSpec;
    assert.ok(
      spec.checks.some((c) => c.cap),
      'outcome checks carry a cap',
    );
    const uncapped = { ...spec, checks: spec.checks.map(({ cap: _cap, ...c }) => c) } as TaskSpec;
    const perturbed = (await checkProbes(uncapped)).results.find((r) => r.probe === 'value_perturbed');
    assert.equal(perturbed?.passed, true, `${raw.title}: ${JSON.stringify(perturbed)}`);
    const gated = (await checkProbes(spec)).results.find((r) => r.probe === 'value_perturbed');
    assert.equal(gated?.passed, false);
  });

  it('asking where the work goes is not free where the request says it (the needless-question probe)', async () => {
    // a user on hand for a change to the records, the destination given: a question about it caps completion
    const raw = corpus.find((s) => (s.checks ?? []).some((c) => c.id === 'unasked')) as TaskSpecInput;
    assert.ok(raw, 'a task whose user is there for a change carries the check');
    const spec = (await runGate({ raw })).spec as TaskSpec;
    const probe = async (t: TaskSpec) => (await checkProbes(t)).results.find((r) => r.probe === 'needless_question');
    assert.equal((await probe(spec))?.passed, false);
    const free = { ...spec, checks: spec.checks.filter((c) => c.id !== 'unasked') } as TaskSpec;
    assert.equal((await probe(free))?.passed, true, 'without it the ask-first agent passes');
    // an ask-first task credits that question instead: the probe leaves it alone
    const ask = corpus.find((s) => (s.checks ?? []).some((c) => c.id === 'asked')) as TaskSpecInput;
    const askSpec = (await runGate({ raw: ask })).spec as TaskSpec;
    assert.equal((await probe(askSpec))?.runs ?? 0, 0);
  });

  it('figures: an average is written to the precision asked (two decimals, a tenth, whole, the nearest thousand), only of measures whose mean means something; no sum, mean or extreme over one record; rarely 0; counts a minority', () => {
    const answers = corpus.map((s) => {
      const say = (s.reference ?? []).flatMap((r) => ('say' in r ? [r.say] : [])).join(' ');
      return {
        say,
        selected: s.answer_ids?.length ?? 0,
        request: String(s.request ?? ''),
        measured: measuredType(s.provenance?.record_type),
      };
    });
    // (a metric named "average order value" is a record's name, not an average asked for)
    const averages = answers.filter((a) => /\baverage (?!order value)/.test(a.say));
    assert.ok(averages.length >= 3, `${averages.length} averages`);
    for (const a of averages) {
      const figure =
        a.say.match(/average [^:]*?(?:: it's|:| is| comes to| works out to) ([\d,.]+?)\.?(?: |$)/)?.[1] ?? '';
      const asked = a.request.match(/\baverage [^.?;:]*/)?.[0] ?? '';
      if (/to two decimals|to the (?:penny|cent)/.test(asked)) assert.match(figure, /^[\d,]+\.\d{2}$/, a.say);
      else if (/to one decimal place/.test(asked)) assert.match(figure, /^[\d,]+\.\d$/, a.say);
      else if (/rounded to a whole number/.test(asked)) assert.match(figure, /^[\d,]+$/, a.say);
      else if (/to the nearest thousand/.test(asked)) assert.match(figure, /^[\d,]+,000$|^\d+000$/, a.say);
      else assert.fail(`an average asked to no precision: ${a.say}`);
    }
    // nobody averages a flight with a rail fare, or court fees
    for (const a of averages) assert.doesNotMatch(a.say, /average (?:booked cost|court fee|licence cost)/, a.say);
    for (const a of answers.filter((x) => /(average|combined|highest|lowest) /.test(x.say)))
      assert.ok(a.selected >= 2, a.say);
    const zero = answers.filter((a) => /(?::|\bis|\bto|\bat|it's) 0(\.00)?\.(?: |$)/.test(a.say));
    assert.ok(zero.length <= 0.01 * corpus.length, zero.map((a) => a.say).join(' | '));
    // where the record type's team has a use for a figure read from a field (figure-uses.ts), it is asked for far
    // more often than a count; a record type with none is counted
    const measured = answers.filter((a) => a.measured);
    const counts = measured.filter((a) => /the number of /i.test(a.say));
    assert.ok(measured.length >= 0.5 * corpus.length, `${measured.length} of record types with a measured figure`);
    assert.ok(counts.length < 0.3 * measured.length, `${counts.length} counts of ${measured.length}`);
  });

  it('the listing check asks for the listing tool, not the reference’s widening args: a plain call passes', async () => {
    const widening = ['status', 'days_back', 'max_results', 'start_date', 'end_date'];
    const listed = corpus.map((s) => s.checks?.find((c) => c.id === 'listed'));
    for (const c of listed)
      assert.ok(!c || !('args' in c) || !widening.some((k) => k in (c.args ?? {})), JSON.stringify(c));
    const tools = new Set([
      'helpdesk_list_tickets',
      'finance_list_transactions',
      'gmail_list_messages',
      'rss_list_articles',
    ]);
    const sample = corpus
      .filter((s) => s.checks?.some((c) => c.id === 'listed' && 'tool' in c && tools.has(String(c.tool))))
      .slice(0, 4);
    assert.ok(sample.length >= 2);
    for (const raw of sample) {
      const report = await runGate({ raw });
      assert.equal(report.ok, true, raw.id);
      const spec = report.spec as TaskSpec;
      const plain = spec.reference.map((r) => ('call' in r && tools.has(r.call) ? { ...r, args: {} } : r));
      assert.equal(comparable((await playReference(spec, plain)).trajectory), 1, raw.id);
    }
  });

  it('a slot whose sub-scenario has fitting record types draws one of them in most seeds (packs/scenarios.ts)', () => {
    const share = (path: string, names: readonly string[]) => {
      let hit = 0;
      for (const difficulty of ['easy', 'medium', 'hard'] as const)
        for (let i = 0; i < 20; i++)
          if (names.includes(recipeFor({ seed: 7919 * i + 13, difficulty, scenarioPath: path }).source.name)) hit++;
      return hit / 60;
    };
    // the review's cases: pet boosters for Pet_Care, news for News
    for (const [path, names] of [
      ['Healthcare/Pet_Care', ['vaccinations']],
      ['Information_Retrieval/News', ['news_items', 'feed_articles']],
    ] as const)
      assert.ok(share(path, names) >= 0.7, `${path}: ${share(path, names)}`);
    // no record type is about maps (a chart request is a map now and then, a design request never): a Map slot's
    // task is labelled with the sub-scenario its record type is (the first test)
    // Forex's FX exposures have no per-record action yet, so medium and hard slots fall back to a record type
    // that fills the band (a hard one more often since its drafts with an action take a change or a branch,
    // recipe.ts); easy ones draw them
    assert.ok(share('Finance_Investment/Forex', ['fx_exposures']) >= 0.25);
    // every mapped sub-scenario, over the table: most slots draw a fitting record type
    let hit = 0;
    let n = 0;
    for (const [domain, subs] of Object.entries(SCENARIO_SOURCES))
      for (const [sub, names] of Object.entries(subs as Record<string, readonly string[]>)) {
        hit += share(`${domain}/${sub}`, names);
        n++;
      }
    assert.ok(hit / n >= 0.7, `mean share ${hit / n}`);
    // a sub-scenario without a fitting record type keeps drawing by its domain, among several record types
    const loose = new Set(
      Array.from(
        { length: 30 },
        (_, i) =>
          recipeFor({ seed: i, difficulty: 'easy', scenarioPath: 'Safety_Compliance/Harmful_Content' }).source.name,
      ),
    );
    assert.ok(loose.size >= 4, [...loose].join());
    // the generator's task is on the recipe's record type (what the planner described)
    const spec = generateProcedural({
      generator: 'compose',
      id: 'pet',
      seed: 13,
      difficulty: 'easy',
      mockToday: '2026-03-10',
      scenarioPath: 'Healthcare/Pet_Care',
    });
    const r = recipeFor({ seed: 13, difficulty: 'easy', scenarioPath: 'Healthcare/Pet_Care' });
    assert.equal(
      (spec.provenance as { record_type: string }).record_type,
      `${r.source.service}.${r.source.collection ?? r.source.name}`,
    );
  });

  it('bad input: an unknown scenario domain falls back to office work rather than failing', () => {
    const s = generateProcedural({
      generator: 'compose',
      id: 'x',
      seed: 1,
      difficulty: 'easy',
      mockToday: '2026-03-10',
      scenarioPath: 'Nowhere/Else',
    });
    assert.match(String((s.labels as { scenario: string }).scenario), /^Office_Productivity\//);
  });
});

// a write is what the service registry says mutates (the domain systems' update tools included)
const isWrite = (t: string) => resolveTool(t)?.tool.mutates === true;

describe('a count under a further condition', () => {
  const src = PARTS.sources.find((s) =>
    s.fields.some((m) => m.kind === 'flag' && m.use !== 'detail'),
  ) as (typeof PARTS.sources)[number];
  const flag = src.fields.find((m) => m.kind === 'flag' && m.use !== 'detail') as { field: string; yes: string };
  const sel = [true, false, true].map((v, i) => ({ [src.idField]: `X-${i}`, [flag.field]: v }));
  it('counts the handled records that meet a condition they differ in, and says the condition', () => {
    const c = countWhere();
    assert.equal(c.value(sel, src, {} as never), '2');
    assert.match(c.ask(src, sel), new RegExp(`number of those ${src.noun[1]} .*${flag.yes.replace(/[()]/g, '.')}`));
  });
  it('never breaks the work down by a detail (who pays, how long it is booked for): only by a concern or a scope', () => {
    for (const s of PARTS.sources) {
      const details = s.fields.filter((m) => m.use === 'detail' && (m.kind === 'flag' || m.kind === 'enum'));
      if (!details.length || details.length !== s.fields.filter((m) => m.kind === 'flag' || m.kind === 'enum').length)
        continue;
      // every field it could split on is a detail: the count stays the bare one
      const two = details.map((m) => m.field);
      const recs = [0, 1].map((i) =>
        Object.fromEntries(
          two.map((f) => {
            const m = s.fields.find((x) => x.field === f) as { kind: string; values?: readonly string[] };
            return [f, m.kind === 'flag' ? i === 0 : (m.values?.[i] ?? `v${i}`)];
          }),
        ),
      );
      assert.equal(countWhere().ask(s, recs), `the number of ${s.noun[1]} you handled`, s.name);
    }
  });
  it('names the field of a value another field holds whole ("news stories" beside the section "News", review 47)', () => {
    const stories = PARTS.sources.find((x) => x.fields.some((m) => m.field === 'story_format')) as typeof src;
    const recs = ['news story', 'explainer', 'news story'].map((v, i) => ({
      [stories.idField]: `S-${i}`,
      story_format: v,
      section: i ? 'News' : 'Business',
    }));
    const avoid = stories.fields.map((m) => m.field).filter((f) => f !== 'story_format');
    assert.match(countWhere(avoid).ask(stories, recs), /whose format is news story/);
    // a word two values merely share ("review" in "earnings review" and "in compliance review") names nothing
    const notes = PARTS.sources.find((x) => x.fields.some((m) => m.field === 'note_type')) as typeof src;
    const rs = ['earnings review', 'sector deep dive', 'earnings review'].map((v, i) => ({
      [notes.idField]: `N-${i}`,
      note_type: v,
    }));
    const others = notes.fields.map((m) => m.field).filter((f) => f !== 'note_type');
    assert.doesNotMatch(countWhere(others).ask(notes, rs), /whose note type/);
  });
  it('leaves out a field the actions write, and falls back to the bare count when nothing splits', () => {
    const c = countWhere([flag.field]);
    assert.doesNotMatch(c.ask(src, sel), new RegExp(flag.yes.replace(/[()]/g, '.')));
    assert.equal(countWhere().value(sel.slice(0, 1), src, {} as never), '1');
    assert.equal(countWhere().ask(src, sel.slice(0, 1)), `the number of ${src.noun[1]} you handled`);
  });
});
