import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exceptionReasons } from './exception-reasons.js';
import type { FieldModel } from './fields.js';

// an exception gives the work's own reason or none: a spared kind's, or the one stage its states are at

const status: FieldModel = {
  kind: 'enum',
  field: 'status',
  label: 'status',
  values: ['open', 'in progress', 'closed', 'withdrawn', 'success', 'churned'],
};
const region: FieldModel = {
  kind: 'enum',
  field: 'region',
  label: 'region',
  values: ['North', 'East'],
  spared: { North: ['the North region’s accounts are factored, so the factoring company collects them'] },
};
const amount: FieldModel = {
  kind: 'number',
  field: 'amount',
  label: 'Amount',
  min: 0,
  max: 100,
  step: 1,
} as FieldModel;
const models = [status, region, amount];
const reasons = (field: string, values: string[]) => exceptionReasons({ kind: 'in', field, values }, models);

describe('exception reasons', () => {
  it('says a state by the stage it is at, and an outcome or an unplaced state not at all', () => {
    assert.ok(reasons('status', ['closed']).some((r) => /nothing left to do/.test(r)));
    assert.ok(reasons('status', ['withdrawn']).every((r) => /no longer live|nothing runs/.test(r)));
    assert.ok(reasons('status', ['churned']).length > 0);
    assert.deepEqual(reasons('status', ['success']), []);
    assert.deepEqual(reasons('status', ['open']), []);
    // states at two stages are each said with their own
    assert.match(reasons('status', ['closed', 'in progress'])[0] ?? '', /closed ones.*in progress ones/);
  });

  it('spares a kind only with the reason the work gives it, and a measure never', () => {
    assert.deepEqual(reasons('region', ['North']), region.kind === 'enum' ? region.spared?.North : []);
    assert.deepEqual(reasons('region', ['East']), []);
    assert.deepEqual(exceptionReasons({ kind: 'at_most', field: 'amount', value: 10 }, models), []);
    assert.deepEqual(exceptionReasons({ kind: 'not_in', field: 'status', values: ['closed'] }, models), []);
  });

  it('gives a state a reason that names it, and no stock line for any state', () => {
    const inHand = reasons('status', ['in progress']);
    assert.ok(
      inHand.some((r) => r.includes('already in progress')),
      inHand.join(' | '),
    );
    for (const v of ['open', 'in progress', 'closed', 'withdrawn'])
      for (const r of reasons('status', [v])) assert.doesNotMatch(r, /only be done twice/);
  });
});
