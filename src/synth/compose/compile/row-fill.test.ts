import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import type { Rule } from '../../rules/rule.js';
import { ROWS } from '../recipe.js';
import { ALARM_SHARE, fillRoles } from './row-fill.js';
import { alarmAtoms } from './alarms.js';
import { composition } from '../testing.js';

const rule = {
  all: [
    { kind: 'flag', field: 'a', value: true },
    { kind: 'at_least', field: 'b', value: 3 },
  ],
  unless: { kind: 'mentions', field: 'note', term: 'hold' },
} as unknown as Rule;

describe('the rows of a task list', () => {
  it('fills the list up to its rows: half further near misses, the rest quiet, one quiet at least', () => {
    const roles = fillRoles(createRng('fill'), rule, 5, 13);
    assert.equal(roles.length, 8);
    assert.equal(roles.filter((r) => r !== 'quiet').length, 4);
    // every edge of the rule has a second near miss
    for (const edge of [{ miss: 0 }, { miss: 1 }, 'except'])
      assert.ok(
        roles.some((r) => JSON.stringify(r) === JSON.stringify(edge)),
        JSON.stringify(edge),
      );
    assert.deepEqual(fillRoles(createRng('fill'), rule, 14, 10), ['quiet']);
  });

  it('stops the extra near misses where the records near an alarm condition fill its share of the list', () => {
    // condition 1 (3 or more of a count whose high values call for attention) is the alarm
    const atoms = alarmAtoms(rule, { b: 'high' });
    assert.deepEqual(atoms, [1]);
    // 5 base records near the alarm of 13: room for none more (13 × 0.45 is under 6), all quiet
    assert.deepEqual(fillRoles(createRng('fill'), rule, 5, 13, { atoms, held: 5 }), Array(8).fill('quiet'));
    // a longer list has room for one: the rest are quiet, and the share holds
    const roles = fillRoles(createRng('fill'), rule, 5, 20, { atoms, held: 5 });
    assert.equal(roles.filter((r) => r !== 'quiet').length, Math.floor(ALARM_SHARE * 20) - 5);
    // a rule on the benign side of the field (at most 3) has no alarm: the list fills as before
    const benign = { ...rule, all: [rule.all[0], { kind: 'at_most', field: 'b', value: 3 }] } as Rule;
    assert.deepEqual(alarmAtoms(benign, { b: 'high' }), []);
  });

  it('no composed task is a short list: every one holds at least its difficulty’s rows', () => {
    for (let i = 0; i < 40; i++) {
      const t = composition(i, 7_919 * i + 3);
      const rows = Object.values(t.fixtures ?? {})
        .flatMap((svc) => Object.values(svc as Record<string, unknown>))
        .filter(Array.isArray)
        .map((xs) => xs.length);
      const least = ROWS[(t.labels?.difficulty ?? 'easy') as keyof typeof ROWS][0];
      const kind = (t.provenance as { record_type?: string } | undefined)?.record_type ?? '';
      if (!kind.includes('.') || kind.startsWith('workspace.')) continue;
      assert.ok(Math.max(...rows) >= least, `${t.id}: ${rows.join(',')} < ${least}`);
    }
  });
});
