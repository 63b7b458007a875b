import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PARTS } from '../registry.js';
import { createRng } from '../../../env/rng.js';
import { makeWorld } from '../world.js';
import { CLOSED, intoStates, liveField, liveStates } from './live-states.js';

// the closed states of each record type are real ones: a rule field's values, or a derived field's live list

describe('live states', () => {
  it('name registered record types and states their field holds', () => {
    for (const [name, c] of Object.entries(CLOSED)) {
      const src = PARTS.sources.find((s) => s.name === name);
      assert.ok(src, `${name} is no registered source`);
      const m = src.fields.find((f) => f.field === c.field);
      if (m) {
        assert.equal(m.kind, 'enum', `${name}.${c.field}`);
        if (m.kind !== 'enum') continue;
        assert.ok(c.closed?.length, `${name}.${c.field} is a rule field: its closed states are listed`);
        for (const v of c.closed ?? []) assert.ok(m.values.includes(v), `${name}.${c.field} has no ${v}`);
      } else assert.ok(c.live?.length, `${name}.${c.field} is derived: its live states are listed`);
    }
  });

  it('leave a state the rule names to the rule, and narrow a branch to the live states', () => {
    const src = PARTS.sources.find((s) => s.name === 'workflow_runs');
    assert.ok(src);
    const free = liveStates(src, { all: [{ kind: 'at_least', field: 'duration_sec', value: 600 }] }, new Set());
    assert.deepEqual(free.status, ['new', 'investigating', 'replayed']);
    const named = liveStates(src, { all: [{ kind: 'in', field: 'status', values: ['resolved'] }] }, new Set());
    assert.deepEqual(named, {});
    const m = src.fields.find((f) => f.field === 'status');
    assert.ok(m);
    const narrowed = liveField(m, free);
    assert.ok(narrowed.kind === 'enum' && !narrowed.values.includes('resolved'));
  });

  it('under an exception on the state, keep the states it names and no other closed one', () => {
    const src = PARTS.sources.find((s) => s.name === 'integrations');
    assert.ok(src);
    const rule = {
      all: [{ kind: 'at_least' as const, field: 'error_rate', value: 0.2 }],
      unless: { kind: 'in' as const, field: 'status', values: ['inactive'] },
    };
    assert.deepEqual(liveStates(src, rule, new Set()).status, ['active', 'inactive', 'error']);
    const spares = { ...rule, unless: { kind: 'in' as const, field: 'status', values: ['deprecated'] } };
    assert.deepEqual(liveStates(src, spares, new Set()).status, ['active', 'inactive', 'error', 'deprecated']);
  });

  it('move a record into a live state that keeps its part: a target never into the state the exception names', () => {
    const rule = {
      all: [{ kind: 'at_least' as const, field: 'error_rate', value: 0.2 }],
      unless: { kind: 'in' as const, field: 'status', values: ['inactive'] },
    };
    const from = { status: ['active', 'inactive', 'error'] };
    for (let i = 0; i < 50; i++) {
      const w = makeWorld(createRng('into-states', i), 'Automation_Platform', 'easy', '2026-06-17T09:00:00Z');
      const target = { error_rate: 0.3, status: 'deprecated' };
      intoStates(target, from, rule, w);
      assert.ok(['active', 'error'].includes(target.status), target.status);
      const spared = { error_rate: 0.3, status: 'inactive' };
      intoStates(spared, from, rule, w);
      assert.equal(spared.status, 'inactive');
    }
  });
});
