import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { lintText } from '../kit/lint.js';
import { drawRule } from '../rules/draw.js';
import { atomsOf } from '../rules/rule.js';
import { CONCERNS } from './concerns.js';
import { WINDOWS } from './criteria.js';
import { ACTS, actNamed } from './policy-acts.js';
import { PARTS } from './registry.js';

// a policy's sections are the work its record type really has (policy-acts.ts): every one leans on fields and
// values the record type holds, every rule it gives draws, and the task's own section has its reason.

describe('policy acts', () => {
  it('give every record type at least two kinds of work, on fields and values it has', () => {
    for (const src of PARTS.sources) {
      const acts = ACTS[src.name] ?? [];
      assert.ok(acts.length >= 2, `${src.name}: ${acts.length} acts`);
      for (const a of acts) {
        assert.ok(a.why.endsWith('.') && a.why.length < 160, `${src.name} ${a.sections[0]}: ${a.why}`);
        assert.deepEqual(lintText(a.why, '2026-06-17T09:00:00Z'), [], a.why);
        for (const [field, lean] of Object.entries(a.lean ?? {})) {
          const m = src.fields.find((x) => x.field === field);
          assert.ok(m && m.rule !== false, `${src.name}.${field}: no rule field`);
          if (Array.isArray(lean)) {
            assert.equal(m.kind, 'enum', `${src.name}.${field}`);
            for (const v of lean as string[])
              assert.ok(m.kind === 'enum' && m.values.includes(v), `${src.name}.${field}: ${v}`);
          }
        }
      }
    }
  });

  it('draw a rule for every act, on its own side of the fields', () => {
    const rng = createRng(7);
    for (const src of PARTS.sources)
      for (const a of ACTS[src.name] ?? [])
        for (const d of ['easy', 'medium', 'hard'] as const)
          for (let i = 0; i < 5; i++) {
            const r = drawRule(src.fields, rng, d, { ...CONCERNS[src.name], ...a.lean });
            for (const atom of r.all) {
              const lean = a.lean?.[atom.field];
              if (Array.isArray(lean) && atom.kind === 'in')
                assert.ok(
                  atom.values.every((v) => (lean as string[]).includes(v)),
                  `${src.name} ${a.sections[0]}`,
                );
            }
          }
  });

  it("name the reason of every action's section on the record types it applies to", () => {
    for (const action of PARTS.actions)
      for (const src of PARTS.sources) {
        if (!action.sources.includes(src.name) || action.sources.includes('*')) continue;
        const own = (ACTS[src.name] ?? []).find((a) => a.of === action.name);
        const sections = own?.sections ?? action.sections;
        assert.ok(
          sections.some((s) => actNamed(src.name, s)),
          `${action.name} on ${src.name}: no reason for ${sections.join('/')}`,
        );
      }
  });

  it('count dates in windows of their own record type, in the field’s span', () => {
    const rng = createRng(3);
    for (const src of PARTS.sources)
      for (const m of src.fields) {
        if (m.kind !== 'date') continue;
        const own = WINDOWS[src.name]?.[m.field];
        assert.ok(own, `${src.name}.${m.field}: no windows`);
        assert.deepEqual(m.windows, own);
      }
    // an access review never counts non-use in days a week would hold
    const access = PARTS.sources.find((s) => s.name === 'access_reviews');
    assert.ok(access);
    for (let i = 0; i < 40; i++) {
      const r = drawRule(access.fields, rng, 'hard', { last_used_on: 'stale' }, ['last_used_on']);
      for (const a of atomsOf(r)) if (a.field === 'last_used_on' && 'days' in a) assert.ok(a.days >= 30, `${a.days}`);
    }
  });
});
