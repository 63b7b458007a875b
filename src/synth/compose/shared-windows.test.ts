import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FieldModel } from '../rules/fields.js';
import type { Rule } from '../rules/rule.js';
import { WORK_ACTS } from './acts-work.js';
import type { PolicyAct } from './policy-act.js';
import { onSharedWindow, windowDefinitions } from './shared-windows.js';

// (by heading: the record type's sections are a list others add to)
const named = (section: string) =>
  (WORK_ACTS.receipt_scans ?? []).find((a) => a.sections.includes(section)) as PolicyAct;
const [filing, late, itemised] = [named('Expense filing'), named('Late claim'), named('Itemised receipt')];
const within = (days: number): Rule => ({ all: [{ kind: 'recent', field: 'receipt_date', days }] });
const past = (days: number): Rule => ({ all: [{ kind: 'older', field: 'receipt_date', days }] });
const n = { singular: 'receipt scan', plural: 'receipt scans' };
const models: FieldModel[] = [
  { kind: 'date', field: 'receipt_date', label: 'receipt date', from: -45, to: 0, verb: 'dated' },
];

describe('shared windows', () => {
  it('filing and late claims name one claim window', () => {
    assert.equal(filing.window?.name, 'claim window');
    assert.equal(late.window?.name, 'claim window');
  });

  it('a late-claim section drawn after a filing section starts the day after its window ends', () => {
    assert.deepEqual(onSharedWindow(past(30), late, [[within(21), filing]]).all, past(22).all);
    assert.deepEqual(onSharedWindow(within(14), filing, [[past(30), late]]).all, within(29).all);
  });

  it('a section kept to recent receipts keeps to the claim window, so no receipt is paid both ways', () => {
    assert.equal(itemised.window?.name, 'claim window');
    assert.deepEqual(onSharedWindow(within(28), itemised, [[within(42), filing]]).all, within(42).all);
    assert.deepEqual(onSharedWindow(within(28), itemised, [[past(31), late]]).all, within(30).all);
  });

  it('leaves a rule alone when no shown section counts the window', () => {
    const r = past(30);
    assert.equal(onSharedWindow(r, late, [[{ all: [] }, filing]]), r);
    assert.equal(onSharedWindow(r, late, [[within(21), undefined]]), r);
  });

  it('defines the window once, in the days of the sections', () => {
    const defs = windowDefinitions(
      [
        [within(21), filing],
        [past(22), late],
      ],
      models,
      n,
    );
    assert.deepEqual(defs, [
      '- The claim window is today and the 21 days before it; a receipt scan dated earlier is outside it.',
    ]);
  });
});
