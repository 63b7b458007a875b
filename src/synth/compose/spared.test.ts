import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { actRule } from './testing.js';
import { createRng } from '../../env/rng.js';
import { exceptionReasons } from '../rules/exception-reasons.js';
import { isState } from '../rules/field-words.js';
import { ACT_SCOPES } from './act-scopes.js';
import { ACTS, reviewAct } from './policy-acts.js';
import { PARTS } from './registry.js';
import { SPARED, sparedBy, withSpared } from './spared.js';
import { REVIEW_SPARED } from './spared-reviews.js';

// a category narrows a work, or is spared it, only where the domain gives that kind of record a reason of its own
// for that work; every other exception is a stage where no work is left, and none is circular or stock

const source = (name: string) => PARTS.sources.find((s) => s.name === name);
const enumValues = (name: string, field: string): readonly string[] => {
  const m = source(name)?.fields.find((f) => f.field === field);
  return m?.kind === 'enum' ? m.values : [];
};
const hasAct = (name: string, section: string) => ACTS[name]?.some((a) => a.sections[0] === section);
const sectionsOf = (name: string) => [...Object.keys(SPARED[name] ?? {}), ...(REVIEW_SPARED[name] ? ['Review'] : [])];

// the reasons reviewers found circular or stock: said of any work, true of none in particular
const STOCK =
  /this step|already covered|nothing further is needed|already dealing with it|route of its own|what the team tolerates|effort outweighs|normal range|routine weekly round|regular sweep|standing arrangement|framework agreement|routine batch|spot check|handled separately|another part of the procedure/;

describe('real scopes and spared kinds', () => {
  it('names fields, values and sections the record types have', () => {
    for (const [name, acts] of Object.entries(ACT_SCOPES))
      for (const [section, scopes] of Object.entries(acts)) {
        // (a review is narrowed by the scopes given it too: policy-acts.ts `reviewAct`)
        assert.ok(hasAct(name, section) || reviewAct(name, section), `${name}: no act "${section}"`);
        for (const s of scopes)
          for (const v of s.values) assert.ok(enumValues(name, s.field).includes(v), `${name}.${s.field}: ${v}`);
      }
    for (const name of new Set([...Object.keys(SPARED), ...Object.keys(REVIEW_SPARED)]))
      for (const section of sectionsOf(name)) {
        assert.ok(section === 'Review' || hasAct(name, section), `${name}: no act "${section}"`);
        for (const [field, reasons] of Object.entries(sparedBy(name, section))) {
          // (a desk's own kinds of receipt, desks.ts, beside the travel desk's)
          const known = name === 'receipt_scans' && field === 'category';
          for (const v of Object.keys(reasons))
            assert.ok(known || enumValues(name, field).includes(v), `${name}.${field}: ${v}`);
        }
      }
  });

  it('gives each reason to one work only, and never spares a kind the work is narrowed to', () => {
    for (const name of new Set([...Object.keys(SPARED), ...Object.keys(REVIEW_SPARED)])) {
      const seen = new Map<string, string>();
      for (const section of sectionsOf(name))
        for (const [field, values] of Object.entries(sparedBy(name, section)))
          for (const [v, reasons] of Object.entries(values)) {
            for (const why of reasons) {
              assert.equal(seen.get(why) ?? section, section, `${name}: "${why}" in two sections`);
              seen.set(why, section);
              assert.doesNotMatch(why, STOCK, why);
            }
            const scoped = ACT_SCOPES[name]?.[section]?.some((s) => s.field === field && s.values.includes(v));
            assert.ok(!scoped, `${name} ${section}: ${v} is both a scope and spared`);
          }
    }
  });

  it('spares a kind only for the work that gives the reason', () => {
    // the overflow site's stock is counted by the logistics partner: no reason to leave it out of a restock
    assert.ok(sparedBy('products', 'Stock count').location?.['Overflow site']);
    assert.equal(sparedBy('products', 'Restock').location?.['Overflow site'], undefined);
    const models = withSpared(source('products')?.fields ?? [], sparedBy('products', 'Restock'));
    const a = { kind: 'in', field: 'location', values: ['Overflow site'] } as const;
    assert.deepEqual(exceptionReasons(a, models), []);
    // an audit sample spares no kind: audit tests what it likes
    assert.deepEqual(sparedBy('market_reports', 'Audit sample'), {});
    // a review leaves out a kind someone else already looks at, said as their review
    assert.match(sparedBy('ward_beds', 'Review').zone?.['Side rooms']?.[0] ?? '', /checked every shift/);
  });

  it('draws an exception only with the reason its work gives, never a stock one', () => {
    const rng = createRng('spared');
    let spared = 0;
    let staged = 0;
    let pairs = 0;
    for (const src of PARTS.sources)
      for (const a of ACTS[src.name] ?? [])
        for (let i = 0; i < 10; i++) {
          const r = actRule(src, a, rng);
          const u = r.unless;
          if (!u) continue;
          assert.ok(r.why, `${src.name} ${a.sections[0]}: an exception with no reason`);
          assert.doesNotMatch(r.why, STOCK, `${src.name} ${a.sections[0]}: ${r.why}`);
          const m = src.fields.find((f) => f.field === u.field);
          // (a kind the work spares, a scale's end among them, or a stage; never a measure, a flag or a note)
          assert.ok(u.kind === 'in' && m?.kind === 'enum', `${src.name}: ${u.kind} ${u.field} excepted`);
          if (isState(m) && !m.ranks) {
            staged++;
            continue;
          }
          // (two kinds spared at once: each with its own reason, in the exception's order)
          const given = u.values.map((v) => a.spared?.[u.field]?.[v] ?? []);
          const said = given.length === 1 ? (given[0] ?? []) : [given.map((g) => g[0]).join('; ')];
          assert.ok(said.includes(r.why), `${src.name} ${a.sections[0]} ${u.field}: ${r.why}`);
          if (u.values.length > 1) pairs++;
          spared++;
        }
    assert.ok(spared > 20 && staged > 20, `${spared} kinds spared, ${staged} stages`);
    // a work with several kinds to spare leaves out two of them in some of its tasks, not always the same one
    assert.ok(pairs > 0, 'no exception spared two kinds');
  });
});

describe('a reason for sparing a record the section would select', () => {
  it('never denies what the section tests of it (review 21: "always the current one" on a report with a newer edition)', () => {
    // the spared record meets the rule: a reason saying it cannot is contradicted by the record itself
    const denies: Readonly<Record<string, Readonly<Record<string, RegExp>>>> = {
      market_reports: {
        Replacement: /always the current|never (?:has|gets) a newer|no newer edition/i,
        'Licence check': /without a licence|no licence|free to read/i,
      },
    };
    for (const [source, acts] of Object.entries(denies))
      for (const [section, bad] of Object.entries(acts))
        for (const reasons of Object.values(sparedBy(source, section)))
          for (const [kind, rs] of Object.entries(reasons))
            for (const r of rs) assert.doesNotMatch(r, bad, `${source} ${section} ${kind}: ${r}`);
  });
});

// review 27 class 1: "IDC sends each new edition … so nobody orders it" spared a report from being marked superseded,
// an act that orders nothing; "a net-15 account is a chargeback on the card on file" said of invoice terms
describe('a reason answers the work it is filed under', () => {
  // the work a reason says needs no doing for the kind ("nothing to itemise", "so nobody orders it", "no watering to
  // time"): its verb or object is one the act's headings, purpose or action phrases name
  const WORK = /\b(?:nothing(?: of ours)? to|nobody|no (\w+) to|never needs?) (\w+)/g;
  // (the same work in other words: a cover is "chosen" from a browse page, which nobody "picks" it from)
  const SAME: Readonly<Record<string, string>> = { picks: 'chose' };
  const wordsOf = (src: string, section: string): string => {
    const act = ACTS[src]?.find((a) => a.sections.includes(section));
    const actions = PARTS.actions.filter((x) => x.sections.some((s) => act?.sections.includes(s)));
    return [...(act?.sections ?? []), act?.why ?? '', ...actions.flatMap((x) => [x.name, ...x.phrases])]
      .join(' ')
      .toLowerCase();
  };
  /** The works a reason says need no doing that the act it is filed under does not do. */
  const otherWorks = (src: string, section: string, reason: string): string[] => {
    const words = wordsOf(src, section);
    return [...reason.replace(/costs nothing to/g, '').matchAll(WORK)]
      .filter(([, noun, verb = '']) => {
        const stems = [noun, verb, SAME[verb]].filter((w): w is string => !!w).map((w) => w.slice(0, 5));
        return !stems.some((s) => words.includes(s.toLowerCase()));
      })
      .map(([said]) => said);
  };

  it('flags the reason of the review: ordering, under the act that marks a report superseded', () => {
    const idc =
      'IDC sends each new edition of a tracker to the library itself, under the subscription, so nobody orders it';
    assert.deepEqual(otherWorks('market_reports', 'Replacement', idc), ['nobody orders']);
    assert.deepEqual(otherWorks('market_reports', 'Summary', 'one chart, so there is nothing to summarise'), []);
  });

  it('names only the work its act does', () => {
    let named = 0;
    for (const [src, acts] of Object.entries(SPARED))
      for (const section of Object.keys(acts))
        for (const reasons of Object.values(sparedBy(src, section)))
          for (const rs of Object.values(reasons))
            for (const r of rs) {
              assert.deepEqual(otherWorks(src, section, r), [], `${src} ${section}: ${r}`);
              named += [...r.matchAll(WORK)].length;
            }
    assert.ok(named > 10, `${named} reasons name their work`);
  });

  it('says nothing of a card on file for invoice terms', () => {
    const said = [
      ...Object.values(sparedBy('order_screenshot', 'Follow-up')),
      ...Object.values(sparedBy('order_screenshot', 'Write-off review')),
      ...Object.values(ACT_SCOPES.order_screenshot ?? {}),
    ];
    assert.doesNotMatch(JSON.stringify(said), /card on file|chargeback/);
  });

  it('says who does a work for a kind of record, never that the kind takes none of a thing another section gives it (review 56)', () => {
    // "the beet is grown dry" sparing one watering section beside another that waters the beet
    const said = JSON.stringify(SPARED.field_plots);
    assert.doesNotMatch(said, /grown dry|no allowance for watering|no watering/);
  });
});
