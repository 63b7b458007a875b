import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { actRule } from './testing.js';
import { createRng } from '../../env/rng.js';
import { lintText } from '../kit/lint.js';
import { drawRule } from '../rules/draw.js';
import { isState } from '../rules/field-words.js';
import { CONCERNS } from './concerns.js';
import { ACTS, reviewAct } from './policy-acts.js';
import { ACT_NARROWS, narrowReason } from './act-narrowings.js';
import {
  contradicts,
  glued,
  narrowedFor,
  narrowingNote,
  narrowingOf,
  narrated,
  saidOf,
  spoken,
  spokenApart,
  unsaid,
  unsaidAtom,
} from './purpose-scope.js';
import { GRAVE } from './grave.js';
import { alternativeOf } from './branch-motive.js';
import { PARTS } from './registry.js';

// a section's purpose speaks of the whole work: whatever its drawn rule narrows that to is said after it, for every
// act of every record type (an exception's reason is the work's own: spared.test.ts)

describe('purpose scope', () => {
  it('a condition its note states is not listed again, in the section nor in the version it replaced (review 46)', () => {
    const template = { kind: 'in', field: 'template', values: ['event page'] } as const;
    const soon = { kind: 'due_within', field: 'launch', days: 3 } as const;
    const per = {
      kind: 'at_least',
      field: 'score',
      value: 40,
      per: { field: 'template', lines: { 'event page': 50, 'blog post': 40 } },
    } as const;
    const lean = { template: 'scope' as const, score: 'low' as const, launch: 'ahead' as const };
    const rule = { all: [soon, template], unless: { kind: 'flag', field: 'rebuilt', value: true } } as const;
    const lines = ['- Launching in 3 days.', '- It is an event page.', '- Exception: leave it out if rebuilt.'];
    assert.deepEqual(narrated(rule, lean), [template]);
    const note = 'This section takes only the builds whose template is event page: …';
    const s = spoken(lines, rule, narrated(rule, lean), note);
    assert.deepEqual(s.shown, ['- Launching in 3 days.', '- Exception: leave it out if rebuilt.']);
    // (the definitions read the condition where it is said: in the note)
    assert.deepEqual(s.read, ['- Launching in 3 days.', note, '- Exception: leave it out if rebuilt.']);
    // the old version had the same condition: dropped there too; a changed one stays
    const old = { all: [{ ...soon, days: 10 }, template] };
    assert.deepEqual(spoken(['- 10 days.', '- Event page.'], old, [template], note).shown, ['- 10 days.']);
    const moved = { all: [soon, { ...template, values: ['landing page'] }] };
    assert.deepEqual(spoken(['- 3 days.', '- Landing page.'], moved, [template], note).shown, [
      '- 3 days.',
      '- Landing page.',
    ]);
    // a line per category keeps its table in the list; a rule whose every condition the note states keeps them all
    assert.deepEqual(narrated({ all: [per, soon] }, lean), []);
    assert.deepEqual(spoken(['- It is an event page.'], { all: [template] }, [template], note).shown, [
      '- It is an event page.',
    ]);
  });

  it('gives a line, a flag or a window only the reason its work has, and no stock excuse', () => {
    const rng = createRng('no excuses');
    const stock =
      /given that long before anyone acts|get that much time first|end-of-month sweep|periodic sweep|until that holds|wait until that is the case|fuller review with the lead|on a later round|come into that window|dealt with on earlier rounds|covered when they were new/;
    let plain = 0;
    let reasoned = 0;
    for (const src of PARTS.sources) {
      const n = { singular: src.noun[0], plural: src.noun[1] };
      for (const a of ACTS[src.name] ?? [])
        for (let i = 0; i < 8; i++) {
          const r = actRule(src, a, rng);
          const note = narrowingNote(r, src.fields, n, rng, a.lean ?? {}, a, src.name) ?? '';
          assert.doesNotMatch(note, stock, note);
          for (const x of r.all) {
            const k = narrowingOf(x, a.lean ?? {});
            if (!k || k === 'list' || k === 'part') continue;
            const why = narrowReason(src.name, a.sections[0], x);
            if (why) {
              // (its cause at least: a consequence another narrowing of the note said first is said once)
              assert.ok(note.includes(why.split(/, so |; /)[0] as string), note);
              reasoned++;
            } else plain++;
          }
        }
    }
    assert.ok(reasoned > 20 && plain > 20, `${reasoned} reasoned, ${plain} plain`);
  });

  it("a section keeps what its note states where its list would read as another section's (review 47)", () => {
    const missing = { kind: 'flag', field: 'disclosure', value: false } as const;
    const draft = { kind: 'in', field: 'status', values: ['draft'] } as const;
    const deep = { kind: 'in', field: 'note_type', values: ['sector deep dive'] } as const;
    const lines = ['- Missing the disclosure.', '- Marked draft.', '- A sector deep dive.'];
    const pre = { rule: { all: [missing, draft, deep] }, lines, said: [deep], note: 'Only sector deep dives: …' };
    const review = { rule: { all: [missing, draft] }, lines: lines.slice(0, 2), said: [], note: 'Drafts wait.' };
    const [a, b] = spokenApart([pre, review]);
    assert.deepEqual(a?.shown, lines);
    assert.deepEqual(a?.said, []);
    assert.deepEqual(b?.shown, lines.slice(0, 2));
    // beside a section that lists other conditions, the note's condition is not said twice
    const other = { ...review, rule: { all: [missing] }, lines: lines.slice(0, 1) };
    assert.deepEqual(spokenApart([pre, other])[0]?.shown, lines.slice(0, 2));
  });

  it('draws no state or flag alternative its section gives no reason for', () => {
    const rng = createRng('branches');
    let branches = 0;
    for (const src of PARTS.sources)
      for (const a of ACTS[src.name] ?? [])
        for (let i = 0; i < 6; i++) {
          const lean = { ...CONCERNS[src.name], ...a.lean };
          const ok = alternativeOf(a, src.name);
          const own = Object.keys(a.lean ?? {});
          const r = drawRule(src.fields, rng, 'hard', lean, a.must, own, a.bounds, true, a.scopes, {}, undefined, ok);
          for (const x of r.any ?? []) {
            assert.ok(ok(x), `${src.name} ${a.sections[0]}: ${JSON.stringify(x)}`);
            branches++;
          }
        }
    assert.ok(branches > 10, `${branches} branches`);
    // a held referral is held for capacity: never for being not chased yet, which is the chase's worry
    const hold = ACTS.referrals?.find((a) => a.sections.includes('Hold'));
    assert.ok(hold && !alternativeOf(hold, 'referrals')({ kind: 'flag', field: 'chased', value: false }));
  });

  it("counts a plain narrowing and a window shorter than the purpose's lead time as unsaid", () => {
    const heavy = ACTS.aircraft_inspections?.find((a) => a.sections.includes('Heavy check'));
    assert.ok(heavy);
    const window = (days: number) => ({ all: [{ kind: 'due_within' as const, field: 'due_date', days }] });
    assert.equal(unsaid(window(3), heavy, 'aircraft_inspections'), 1);
    // a window that long has the purpose's own reason, and the act's bounds only draw such windows
    assert.equal(unsaid(window(21), heavy, 'aircraft_inspections'), 0);
    const src = PARTS.sources.find((s) => s.name === 'aircraft_inspections');
    assert.ok(src);
    const rng = createRng('lead time');
    for (let i = 0; i < 40; i++)
      for (const a of actRule(src, heavy, rng).all) if (a.kind === 'due_within') assert.ok(a.days >= 14, `${a.days}`);
    // a category the purpose says nothing of, with no reason of its own, is said plainly
    const plain = { all: [{ kind: 'in' as const, field: 'aircraft_type', values: ['A320'] }] };
    assert.equal(unsaid(plain, heavy, 'aircraft_inspections'), 1);
  });

  it('draws no narrowing its section cannot give a reason for, bar the fields the work always names', () => {
    const rng = createRng('said or not drawn');
    let rules = 0;
    let plain = 0;
    for (const src of PARTS.sources)
      for (const a of ACTS[src.name] ?? [])
        for (const d of ['easy', 'medium', 'hard'] as const)
          for (let i = 0; i < 4; i++) {
            const lean = { ...CONCERNS[src.name], ...a.lean };
            const own = Object.keys(a.lean ?? {});
            const said = saidOf(a, src.name);
            const r = drawRule(src.fields, rng, d, lean, a.must, own, a.bounds, true, a.scopes, GRAVE[src.name], said);
            rules++;
            plain += r.all.filter((x) => !a.must?.includes(x.field) && unsaidAtom(x, a, src.name)).length;
          }
    // (a record type with no condition its section can state at all keeps one, said plainly: a rule selects on something)
    assert.ok(plain <= rules * 0.02, `${plain} plain narrowings in ${rules} rules`);
  });

  it('never draws a window shorter than the lead time a section or its reasons state', () => {
    const prep = ACTS.court_deadlines?.find((a) => a.sections.includes('Preparation'));
    assert.ok(prep);
    // "counsel needs those in the bundle a week before the date": a 3-day window is already too late for them
    const window = (days: number) => ({ kind: 'due_within' as const, field: 'due_date', days });
    assert.ok(prep.scopes?.some((s) => /a week before/.test(s.why)));
    assert.ok(contradicts(window(3), prep, 'court_deadlines'));
    assert.ok(!contradicts(window(14), prep, 'court_deadlines'));
  });

  it('never draws a window longer than the rhythm its reason names', () => {
    const diary = ACTS.court_deadlines?.find((a) => a.sections.includes('Diary entry'));
    assert.ok(diary);
    // "the docketing team enters the dates … on its weekly run" (review 18 D4b: beside a 21- or 28-day window)
    const window = (days: number) => ({ kind: 'due_within' as const, field: 'due_date', days });
    assert.ok(contradicts(window(28), diary, 'court_deadlines'));
    assert.ok(contradicts(window(14), diary, 'court_deadlines'));
    assert.ok(!contradicts(window(7), diary, 'court_deadlines'));
    // (the feed digest's "that week's articles" likewise bounds its window of recent ones)
    const follow = { kind: 'recent' as const, field: 'published_at', days: 14 };
    const review = reviewAct('feed_articles', 'Review');
    assert.ok(review);
    assert.ok(contradicts(follow, review, 'feed_articles'));
    assert.ok(!contradicts({ ...follow, days: 7 }, review, 'feed_articles'));
    // nor shorter: "only that week's articles" over 3 days leaves four days of the week's articles out
    assert.ok(contradicts({ ...follow, days: 3 }, review, 'feed_articles'));
  });

  it('calls a plain narrowing a contradiction only where the purpose takes every record of its kind', () => {
    const retraction = ACTS.cited_sources?.find((a) => a.sections.includes('Retraction check'));
    const reverify = ACTS.cited_sources?.find((a) => a.sections.includes('Re-verification'));
    assert.ok(retraction && reverify);
    const paywalled = { kind: 'flag' as const, field: 'paywalled', value: true };
    // "removed from every piece that cites them": only the paywalled ones would contradict it
    assert.ok(contradicts(paywalled, { ...retraction, lean: { status: ['retracted'] } }, 'cited_sources'));
    assert.ok(!contradicts(paywalled, reverify, 'cited_sources'));
  });

  it('never selects a bed the purpose rules out: both gas points, not one', () => {
    const beds = PARTS.sources.find((s) => s.name === 'ward_beds');
    const alloc = ACTS.ward_beds?.find((a) => a.sections.includes('Bed allocation'));
    assert.ok(beds && alloc);
    const rng = createRng('both gas points');
    for (let i = 0; i < 40; i++)
      for (const a of actRule(beds, alloc, rng).all)
        if (a.field === 'sockets') assert.ok(a.kind === 'at_least' && a.value === 2, JSON.stringify(a));
  });

  it('keys every narrowing reason to a work and a field its record type has', () => {
    for (const [name, sections] of Object.entries(ACT_NARROWS)) {
      const src = PARTS.sources.find((s) => s.name === name);
      assert.ok(src, name);
      for (const [section, reasons] of Object.entries(sections)) {
        // (a review is work too: policy-acts.ts `reviewAct`)
        assert.ok(
          section === '*' || ACTS[name]?.some((a) => a.sections[0] === section) || reviewAct(name, section),
          `${name} ${section}`,
        );
        for (const [key, reason] of Object.entries(reasons)) {
          // (a reason follows "…; " or ": " in its sentence: one of its own would split it in three)
          assert.doesNotMatch(reason, /;/, `${name} ${key}`);
          const field = key.split(/[=<>:]/)[0];
          assert.ok(
            src.fields.some((m) => m.field === field),
            `${name} ${key}`,
          );
        }
      }
    }
  });

  it('states every narrowing a drawn rule makes, one sentence each, in clean text', () => {
    const rng = createRng('scope');
    let narrowed = 0;
    for (const src of PARTS.sources) {
      const n = { singular: src.noun[0], plural: src.noun[1] };
      for (const a of ACTS[src.name] ?? [])
        for (const d of ['easy', 'medium', 'hard'] as const)
          for (let i = 0; i < 4; i++) {
            const lean = { ...CONCERNS[src.name], ...a.lean };
            const r = drawRule(src.fields, rng, d, lean, a.must, Object.keys(a.lean ?? {}), a.bounds, true, a.scopes);
            const k = r.all.filter((x) => narrowingOf(x, a.lean ?? {})).length;
            const note = narrowingNote(r, src.fields, n, rng, a.lean ?? {}, a, src.name);
            assert.equal(note === undefined, k === 0, `${src.name} ${a.sections[0]}`);
            if (!note) continue;
            narrowed++;
            // one sentence per narrowing, bar plain ones in a row, which share one
            const sentences = note.split(/(?<=\.) (?=[A-Z])/).length;
            assert.ok(sentences >= 1 && sentences <= k, note);
            assert.deepEqual(lintText(`${a.why} ${note}`, '2026-06-17T09:00:00Z'), [], note);
          }
    }
    assert.ok(narrowed > 100, `${narrowed} narrowed rules`);
  });

  it('narrows a work by category only to one of its real scopes, and gives that scope its own reason', () => {
    const rng = createRng('real scopes');
    let scoped = 0;
    for (const src of PARTS.sources) {
      const n = { singular: src.noun[0], plural: src.noun[1] };
      for (const a of ACTS[src.name] ?? [])
        for (let i = 0; i < 12; i++) {
          const lean = { ...CONCERNS[src.name], ...a.lean };
          const own = Object.keys(a.lean ?? {});
          const r = drawRule(src.fields, rng, 'hard', lean, a.must, own, a.bounds, true, a.scopes);
          const note = narrowingNote(r, src.fields, n, rng, a.lean ?? {}, a, src.name) ?? '';
          for (const x of r.all) {
            const m = src.fields.find((f) => f.field === x.field);
            if (x.kind !== 'in' || m?.kind !== 'enum' || isState(m) || own.includes(x.field)) continue;
            const s = a.scopes?.find((y) => y.field === x.field && y.values.join() === x.values.join());
            assert.ok(s, `${src.name} ${a.sections[0]}: ${x.field} ${x.values.join()} is no scope of the work`);
            assert.ok(note.includes(s.why), note);
            scoped++;
          }
          assert.doesNotMatch(note, /in batches by|works through that|round of its own|pass of its own/, note);
        }
    }
    assert.ok(scoped > 20, `${scoped} rules narrowed to a real scope`);
  });

  it('lets a review narrow by category only with a reason, as any act', () => {
    // a review's rule draws categories only from its real scopes (none: never), so "the episode is from Money Talks"
    // never follows a purpose that says nothing of shows
    const rng = createRng('review scopes');
    let drawn = 0;
    for (const src of PARTS.sources)
      for (const tag of ['Review', 'Audit sample']) {
        const act = reviewAct(src.name, tag);
        assert.ok(act, tag);
        for (const m of src.fields) {
          if (m.kind !== 'enum' || isState(m) || (act.lean ?? {})[m.field] !== undefined) continue;
          if ((act.scopes ?? []).some((x) => x.field === m.field)) continue;
          const a = { kind: 'in' as const, field: m.field, values: [m.values[0] as string] };
          assert.equal(saidOf(act, src.name)(a), false, `${src.name} ${tag} ${m.field}`);
          drawn++;
        }
        for (let i = 0; i < 4; i++) {
          const r = actRule(src, act, rng);
          for (const a of r.all)
            if (a.kind === 'in' && !isState(src.fields.find((f) => f.field === a.field) as never))
              assert.ok(
                (act.lean ?? {})[a.field] !== undefined || (act.scopes ?? []).some((x) => x.field === a.field),
                `${src.name} ${tag}: ${a.field}`,
              );
        }
      }
    assert.ok(drawn > 10);
  });

  it('knows a section narrowed for a reason of its own, whose motive is that reason', () => {
    const cancellation = ACTS.appointments?.find((a) => a.sections.includes('Cancellation'));
    assert.ok(cancellation);
    const scope = cancellation.scopes?.[0];
    assert.ok(scope);
    const window = { kind: 'due_within' as const, field: 'date', days: 14 };
    assert.equal(narrowedFor({ all: [window] }, cancellation, 'appointments'), false);
    const scoped = { all: [window, { kind: 'in' as const, field: scope.field, values: scope.values }] };
    assert.equal(narrowedFor(scoped, cancellation, 'appointments'), true);
    assert.equal(narrowedFor(scoped, undefined, 'appointments'), false);
  });

  // review 27 (issue #27 class 3): "boosters due in the next 30 days: a reminder sent further out is forgotten. Of
  // those, the dogs: the boarding kennels turn away …" reads as two policies glued together
  it('never stacks a narrowing for another party on the first: a scope beside a reason of the work’s own', () => {
    const booster = ACTS.vaccinations?.find((a) => a.sections.includes('Booster reminder'));
    assert.ok(booster);
    const window = { kind: 'due_within' as const, field: 'due_on', days: 30 };
    const dogs = { kind: 'in' as const, field: 'species', values: ['dog'] };
    assert.ok(narrowReason('vaccinations', 'Booster reminder', window));
    assert.deepEqual(glued({ all: [window, dogs] }, booster, 'vaccinations'), [dogs]);
    assert.equal(unsaid({ all: [window, dogs] }, booster, 'vaccinations'), 1);
    assert.deepEqual(glued({ all: [dogs] }, booster, 'vaccinations'), []);
    // (two reasons of the work's own serve its one purpose: a dataset small enough to rebuild, promised fresh)
    const deprecation = ACTS.datasets?.find((a) => a.sections.includes('Deprecation'));
    assert.ok(deprecation);
    const own = {
      all: [
        { kind: 'at_most' as const, field: 'row_count', value: 75_000_000 },
        { kind: 'at_most' as const, field: 'freshness_sla_hours', value: 24 },
      ],
    };
    assert.equal(own.all.filter((a) => narrowReason('datasets', 'Deprecation', a)).length, 2);
    assert.deepEqual(glued(own, deprecation, 'datasets'), []);
    // and a section's rule, redrawn while it has one (policy-doc.ts), keeps almost none
    const rng = createRng('one purpose');
    let rules = 0;
    let left = 0;
    for (const src of PARTS.sources)
      for (const a of ACTS[src.name] ?? []) {
        if (!a.scopes?.length) continue;
        for (let i = 0; i < 3; i++) {
          let r = actRule(src, a, rng);
          for (let k = 0; k < 20 && unsaid(r, a, src.name) > 0; k++) r = actRule(src, a, rng);
          rules++;
          left += glued(r, a, src.name).length;
        }
      }
    assert.ok(rules > 100 && left <= rules * 0.02, `${left} glued in ${rules} rules`);
  });

  it('says a consequence two narrowings share once, after the first', () => {
    const beds = PARTS.sources.find((s) => s.name === 'ward_beds');
    assert.ok(beds);
    const review = reviewAct('ward_beds', 'Review');
    assert.ok(review);
    const r = {
      all: [
        { kind: 'flag' as const, field: 'hoist', value: true },
        { kind: 'flag' as const, field: 'bariatric', value: true },
      ],
    };
    const n = { singular: beds.noun[0], plural: beds.noun[1] };
    const note = narrowingNote(r, beds.fields, n, createRng('tail'), review.lean ?? {}, review, 'ward_beds') ?? '';
    assert.equal(note.split('so a wrong entry strands them').length, 2, note);
    assert.match(note, /only safe bed for a heavier patient/, note);
  });
});
