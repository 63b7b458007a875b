import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { actRule } from './testing.js';
import { createRng } from '../../env/rng.js';
import { exceptionReason } from '../rules/exception-reasons.js';
import { isState } from '../rules/field-words.js';
import { ACT_SCOPES } from './act-scopes.js';
import { CONCERNS } from './concerns.js';
import { ACTS } from './policy-acts.js';
import { PARTS } from './registry.js';
import { SPARED } from './spared.js';

// a category narrows a work, or is spared it, only where the domain gives that kind of record a reason of its own

const source = (name: string) => PARTS.sources.find((s) => s.name === name);
const enumValues = (name: string, field: string): readonly string[] => {
  const m = source(name)?.fields.find((f) => f.field === field);
  return m?.kind === 'enum' ? m.values : [];
};

describe('real scopes and spared kinds', () => {
  it('names fields, values and sections the record types have', () => {
    for (const [name, acts] of Object.entries(ACT_SCOPES))
      for (const [section, scopes] of Object.entries(acts)) {
        assert.ok(
          ACTS[name]?.some((a) => a.sections[0] === section),
          `${name}: no act "${section}"`,
        );
        for (const s of scopes)
          for (const v of s.values) assert.ok(enumValues(name, s.field).includes(v), `${name}.${s.field}: ${v}`);
      }
    for (const [name, fields] of Object.entries(SPARED))
      for (const [field, reasons] of Object.entries(fields)) {
        // (a desk's own kinds of receipt, desks.ts, beside the travel desk's)
        const known = name === 'receipt_scans' && field === 'category';
        for (const v of Object.keys(reasons))
          assert.ok(known || enumValues(name, field).includes(v), `${name}.${field}: ${v}`);
      }
  });

  it('excepts a kind of record only with the reason that kind has', () => {
    const rng = createRng('spared');
    let spared = 0;
    for (const src of PARTS.sources) {
      const n = { singular: src.noun[0], plural: src.noun[1] };
      for (const a of ACTS[src.name] ?? [])
        for (let i = 0; i < 10; i++) {
          const r = actRule(src, a, rng);
          const u = r.unless;
          const m = src.fields.find((f) => f.field === u?.field);
          if (u?.kind !== 'in' || m?.kind !== 'enum' || m.ranks || isState(m)) continue;
          const why = exceptionReason(u, src.fields, n, rng, { ...CONCERNS[src.name], ...a.lean });
          const given = SPARED[src.name]?.[u.field]?.[u.values[0] as string] ?? [];
          assert.ok((typeof given === 'string' ? [given] : given).includes(why), `${src.name} ${u.field}: ${why}`);
          spared++;
        }
    }
    assert.ok(spared > 20, `${spared} kinds spared`);
  });
});
