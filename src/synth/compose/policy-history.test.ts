import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import type { FieldModel } from '../rules/fields.js';
import { modifier } from '../rules/prose.js';
import { type Rule, selects } from '../rules/rule.js';
import { OWNED } from './policy-doc-data.js';
import { superseded } from './policy-history.js';
import { PARTS } from './registry.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import { composition } from './testing.js';

// a policy's History is a version that would pick other records than the current one, on the field's own scale;
// its owner is the team that does the work of that record type; a condition on failed runs says how a timeout counts

const TODAY = '2026-06-22T09:00:00Z';
const MODELS: FieldModel[] = [
  { kind: 'number', field: 'score', label: 'score', min: 30, max: 100, step: 1 },
  { kind: 'date', field: 'opened_on', label: 'opening date', from: -60, to: 0, verb: 'opened' },
];
const day = (d: number) => new Date(Date.parse(TODAY) + d * 86_400_000).toISOString().slice(0, 10);
const ids = (r: Rule, recs: Record<string, unknown>[]) =>
  recs
    .filter((x) => selects(r, x, TODAY))
    .map((x) => x.id)
    .join();

describe('policy history', () => {
  it('moves a limit only to one that fits the reasons the section gives (no 14-day window beside a weekly run)', () => {
    const rule: Rule = { all: [{ kind: 'recent', field: 'opened_on', days: 3 }] };
    const recs = [-1, -2, -4, -6, -9, -13, -20].map((d, id) => ({ id, opened_on: day(d) }));
    const weekly = (a: { kind: string; days?: number }) => a.kind !== 'recent' || (a.days ?? 0) <= 7;
    for (let i = 0; i < 40; i++) {
      const old = superseded(rule, createRng('hist-fit', i), MODELS, recs, TODAY, weekly);
      if (old) assert.ok((old.all[0] as { days: number }).days <= 7, JSON.stringify(old));
    }
  });

  it('moves a limit inside its field and picks a different, non-empty set of the records', () => {
    const rule: Rule = { all: [{ kind: 'at_least', field: 'score', value: 80 }] };
    const recs = [
      { id: 1, score: 85 },
      { id: 2, score: 62 },
      { id: 3, score: 41 },
      { id: 4, score: 99 },
    ];
    for (let i = 0; i < 40; i++) {
      const old = superseded(rule, createRng('hist', i), MODELS, recs, TODAY);
      assert.ok(old, 'a moved limit picks other records');
      const a = old.all[0] as { value: number };
      assert.ok(a.value >= 30 && a.value <= 100, `in range: ${a.value}`);
      assert.notEqual(ids(old, recs), ids(rule, recs));
      assert.notEqual(ids(old, recs), '');
    }
  });

  it('writes a moved limit on a round grain, as a team would', () => {
    const money: FieldModel[] = [{ kind: 'number', field: 'amount', label: 'value', min: 120, max: 9000, step: 0.01 }];
    const rule: Rule = { all: [{ kind: 'at_most', field: 'amount', value: 4500 }] };
    const recs = [1200, 2400, 3300, 4400, 5200, 6900, 8800].map((amount, id) => ({ id, amount }));
    for (let i = 0; i < 30; i++) {
      const old = superseded(rule, createRng('round', i), money, recs, TODAY);
      assert.ok(old);
      const v = (old.all[0] as { value: number }).value;
      assert.equal(v % 500, 0, `${v}`);
    }
  });

  it('gives no version where no moved limit changes what is picked', () => {
    // every record far above any moved limit: 40, 60, 100 (120, 160 lie outside the scale) pick all four alike
    const rule: Rule = { all: [{ kind: 'at_least', field: 'score', value: 80 }] };
    const recs = [{ id: 1, score: 100 }];
    for (let i = 0; i < 20; i++) assert.equal(superseded(rule, createRng('none', i), MODELS, recs, TODAY), undefined);
  });

  it('counts a window in other days when the dates allow it', () => {
    const rule: Rule = { all: [{ kind: 'older', field: 'opened_on', days: 10 }] };
    const recs = [
      { id: 1, opened_on: day(-11) },
      { id: 2, opened_on: day(-8) },
      { id: 3, opened_on: day(-30) },
    ];
    for (let i = 0; i < 20; i++) {
      const old = superseded(rule, createRng('days', i), MODELS, recs, TODAY);
      assert.ok(old);
      assert.notEqual(ids(old, recs), ids(rule, recs));
      assert.notEqual(ids(old, recs), '');
    }
  });

  it('moves a long window as a real revision would, a fifth or more of it (90 days was never 93)', () => {
    const rule: Rule = { all: [{ kind: 'older', field: 'opened_on', days: 90 }] };
    const models: FieldModel[] = [
      { kind: 'date', field: 'opened_on', label: 'opening date', from: -200, to: 0, verb: 'opened' },
    ];
    const recs = [-20, -50, -70, -85, -89, -92, -95, -110, -150, -190].map((d, id) => ({ id, opened_on: day(d) }));
    let seen = 0;
    for (let i = 0; i < 40; i++) {
      const old = superseded(rule, createRng('long', i), models, recs, TODAY);
      if (!old) continue;
      seen++;
      const d = (old.all[0] as { days: number }).days;
      assert.ok(Math.abs(d - 90) >= 18, `${d}`);
    }
    assert.ok(seen > 0);
  });

  it('names an owning team for the policies of every record type', () => {
    for (const src of PARTS.sources) assert.ok(OWNED.has(src.name), `${src.name}: no owner`);
  });

  it('says how a timeout counts where a rule names failed runs only', () => {
    const jobs = PARTS.sources.find((s) => s.name === 'jobs');
    assert.ok(jobs);
    for (let i = 0; i < 20; i++) {
      const failed = modifier(
        { kind: 'in', field: 'last_status', values: ['failed'] },
        jobs.fields,
        TODAY,
        createRng('t', i),
      );
      assert.match(failed, /time/, failed);
      const both = modifier(
        { kind: 'in', field: 'last_status', values: ['failed', 'timeout'] },
        jobs.fields,
        TODAY,
        createRng('t', i),
      );
      assert.doesNotMatch(both, /\(/, both);
    }
  });
});

// an easy task whose rule has no exception and no working-day count reads as a plain filter (review 41); the version
// its section replaced is the one step of its reading that is not, so such a section shows it wherever a moved
// limit picks other records (keepsHistory), where any other shows it about half the time

const easy: TaskSpecInput[] = Array.from({ length: 120 }, (_, k) => composition(3 * k, 104_729 * k + 29));
const ruleKey = (t: TaskSpecInput) => String((t.provenance as { rule_key?: string } | undefined)?.rule_key ?? '');
const hasHistory = (t: TaskSpecInput) => /no longer applies|We dropped that/.test(JSON.stringify(t.fixtures));

describe('the superseded version of an easy section (policy-history.ts keepsHistory)', () => {
  it('a plain easy rule shows the version it replaced far more often than a rule with an exception', () => {
    const docs = easy.filter((t) => t.family === 'compose' && /effective/.test(JSON.stringify(t.fixtures)));
    const plain = docs.filter((t) => ruleKey(t) && !/unless|workdays/.test(ruleKey(t)));
    const excepted = docs.filter((t) => /unless/.test(ruleKey(t)));
    const share = (xs: TaskSpecInput[]) => xs.filter(hasHistory).length / xs.length;
    assert.ok(plain.length >= 10 && excepted.length >= 10, `${plain.length} plain, ${excepted.length} excepted`);
    assert.ok(share(plain) >= 0.75, `plain: ${share(plain).toFixed(2)}`);
    assert.ok(share(excepted) <= 0.65, `excepted: ${share(excepted).toFixed(2)}`);
  });
});
