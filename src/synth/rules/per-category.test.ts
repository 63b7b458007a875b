import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { VOCAB } from '../kit/domains/index.js';
import type { FieldModel } from './fields.js';
import { perCategoryRule, perLines, perModifier } from './per-category.js';
import { clause, modifier } from './prose.js';
import { type Atom, holds, lineOf, type Rule, ruleKey } from './rule.js';
import { setAtom } from './set-atom.js';

// a threshold whose line differs by a category of the record: the reader looks each record's category up before
// comparing, so no one line read off the policy sorts the records (review 41: easy tasks read as filters)

const TODAY = '2026-06-17T09:00:00Z';
const MODELS: FieldModel[] = [
  { kind: 'enum', field: 'status', label: 'status', values: ['open', 'pending', 'closed'] },
  { kind: 'enum', field: 'insurer', label: 'insurer', values: ['Bupa', 'AXA Health', 'Vitality'] },
  { kind: 'number', field: 'amount', label: 'amount', min: 10, max: 5000, step: 0.01, currency: 'GBP' },
];
const nouns = { singular: 'claim', plural: 'claims' };
const per: Atom = {
  kind: 'at_least',
  field: 'amount',
  value: 850,
  per: { field: 'insurer', lines: { Bupa: 850, 'AXA Health': 850, Vitality: 1000 } },
};
const x = (seed: number) => ({ rng: createRng('per-category', seed), today: TODAY, vocab: VOCAB.Healthcare });

describe('a threshold per category (per-category.ts)', () => {
  it('holds against the record’s own category’s line', () => {
    assert.equal(lineOf(per as Atom & { value: number }, { insurer: 'Vitality' }), 1000);
    assert.equal(holds(per, { insurer: 'Vitality', amount: 970 }, TODAY), false);
    assert.equal(holds(per, { insurer: 'Bupa', amount: 970 }, TODAY), true);
    assert.equal(holds(per, { insurer: 'Vitality', amount: 1000 }, TODAY), true);
    // (a key names every line, in one order)
    assert.match(ruleKey({ all: [per] }), /per=insurer:AXA Health=850;Bupa=850;Vitality=1000/);
  });

  it('is said with its lines, the most common as "any other"', () => {
    const a = per as Atom & { kind: 'at_least' };
    assert.equal(perLines(a, MODELS, nouns), '£1,000 for a claim billed to Vitality and £850 for any other claim');
    const rng = createRng('per-words');
    assert.match(
      clause(per, MODELS, nouns, TODAY, rng),
      /at or above the line for its insurer: £1,000 for a claim billed to Vitality/,
    );
    assert.match(
      modifier(per, MODELS, TODAY, rng, nouns),
      /^whose amount is at or above the line for their insurer \(/,
    );
  });

  it('takes a category no condition reads and the work leaves alone, with at least two lines', () => {
    const rule: Rule = {
      all: [
        { kind: 'at_least', field: 'amount', value: 1000 },
        { kind: 'in', field: 'status', values: ['open'] },
      ],
    };
    let converted = 0;
    for (let seed = 0; seed < 40; seed++) {
      const r = perCategoryRule(rule, MODELS, createRng('convert', seed), []);
      const a = r.all[0] as Atom & { kind: 'at_least' };
      if (!a.per) continue;
      converted++;
      assert.equal(a.per.field, 'insurer');
      assert.ok(new Set(Object.values(a.per.lines)).size >= 2, JSON.stringify(a.per));
      for (const line of Object.values(a.per.lines)) assert.ok(line > 10 + 499 && line < 5000 - 499, `${line}`);
    }
    assert.ok(converted >= 35, `${converted} of 40`);
    // a category the work writes, or one another condition reads, is never taken
    assert.equal(perCategoryRule(rule, MODELS, createRng('convert', 1), ['insurer']), rule);
    const read: Rule = { all: [rule.all[0] as Atom, { kind: 'in', field: 'insurer', values: ['Bupa'] }] };
    assert.equal(perCategoryRule(read, MODELS, createRng('convert', 1), []), read);
  });

  it('draws near misses that one line read for every record gets wrong', () => {
    const m = MODELS[2] as FieldModel;
    let trapped = 0;
    for (let seed = 0; seed < 60; seed++) {
      const rec: Record<string, unknown> = { insurer: 'Bupa', amount: 0 };
      setAtom(per, m, rec, false, true, x(seed));
      assert.equal(holds(per, rec, TODAY), false);
      // (a near miss takes the strict category, just short of its line and past the lenient one)
      if (rec.insurer === 'Vitality' && Number(rec.amount) >= 850) trapped++;
    }
    assert.ok(trapped >= 50, `${trapped} of 60 near misses pass the £850 line`);
    let lenient = 0;
    for (let seed = 0; seed < 60; seed++) {
      const rec: Record<string, unknown> = { insurer: 'Vitality', amount: 0 };
      setAtom(per, m, rec, true, false, x(seed));
      assert.equal(holds(per, rec, TODAY), true);
      if (rec.insurer !== 'Vitality' && Number(rec.amount) < 1000) lenient++;
    }
    assert.ok(lenient >= 15, `${lenient} of 60 targets fall short of the £1,000 line`);
  });
});

// a section's narrowing note names the line without its table (the rule's own line lists it), a category whose
// values hold brackets of their own ("travel day (75%)") too: stripping the table off the modifier missed those
describe('a line per category in a narrowing note', () => {
  it('is named without its lines, whatever its categories hold', () => {
    const models: FieldModel[] = [
      { kind: 'enum', field: 'allowance', label: 'allowance type', values: ['full day', 'travel day (75%)'] },
      { kind: 'number', field: 'nights', label: 'time away', min: 1, max: 10, step: 1 },
    ];
    const a = {
      kind: 'at_least',
      field: 'nights',
      value: 4,
      per: { field: 'allowance', lines: { 'full day': 3, 'travel day (75%)': 6 } },
    } as const;
    assert.equal(
      perModifier(a, models, 'time away', nouns, false),
      'whose time away is at or above the line for their allowance type',
    );
    assert.match(perModifier(a, models, 'time away', nouns), /\(.*travel day \(75%\).*\)$/);
  });
});
