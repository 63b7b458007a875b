import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FieldModel } from '../rules/fields.js';
import { CONCERNS } from './concerns.js';
import { RANKS, SCOPES } from './criteria.js';
import { PARTS } from './registry.js';

// what each field is to a policy (criteria.ts): every registered record type says it of every rule field, so a
// rule drawn over it never turns on a detail (a referral's payer, whether a message was opened).

describe('policy criteria', () => {
  it('classify every rule field of every record type: a concern, a scope, or a detail', () => {
    for (const src of PARTS.sources) {
      assert.ok(SCOPES[src.name], `${src.name} declares its scopes`);
      for (const f of SCOPES[src.name] ?? []) {
        const m = src.fields.find((x) => x.field === f);
        assert.ok(m && m.rule !== false, `${src.name}.${f}: a scope that is no rule field`);
        assert.equal(CONCERNS[src.name]?.[f], undefined, `${src.name}.${f} is a concern and a scope`);
      }
      for (const m of src.fields) {
        const concern = CONCERNS[src.name]?.[m.field] !== undefined;
        assert.equal(m.use, concern ? undefined : SCOPES[src.name]?.includes(m.field) ? 'scope' : 'detail');
      }
      // a record type with no reason for work and nothing to narrow it by could not be selected from
      assert.ok(
        src.fields.some((m) => m.rule !== false && m.use !== 'detail'),
        `${src.name}: no field a policy may turn on`,
      );
    }
  });

  it('rank only enum fields, over exactly their values', () => {
    for (const [name, fields] of Object.entries(RANKS)) {
      const src = PARTS.sources.find((s) => s.name === name);
      assert.ok(src, name);
      for (const [field, ranks] of Object.entries(fields)) {
        const m: FieldModel | undefined = src.fields.find((x) => x.field === field);
        assert.ok(m?.kind === 'enum', `${name}.${field}`);
        assert.deepEqual([...m.values].sort(), [...ranks].sort(), `${name}.${field}`);
        assert.deepEqual(m.ranks, ranks);
      }
    }
  });

  it('never let the work lean on a detail: a side of a field is a reason, so the field is no mere detail', () => {
    for (const a of PARTS.actions)
      for (const name of a.sources) {
        const src = PARTS.sources.find((s) => s.name === name);
        for (const [field, lean] of Object.entries(a.lean ?? {})) {
          if (lean === 'unrelated') continue;
          const m = src?.fields.find((x) => x.field === field);
          assert.notEqual(m?.use, 'detail', `${a.name} leans on the detail ${name}.${field}`);
        }
      }
  });
});
