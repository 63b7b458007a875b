import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { drawRule, protectsOf, servesGravest } from '../rules/draw.js';
import { isState } from '../rules/field-words.js';
import { CONCERNS } from './concerns.js';
import { GRAVE } from './grave.js';
import { ACTS } from './policy-acts.js';
import { PARTS } from './registry.js';

// a work that exists for the gravest records (critical NCRs' corrective action, exposed findings' triage, an
// unacknowledged hold's escalation) spares none of them: its exception only takes a state with nothing left to do

describe('gravest records', () => {
  it('names only fields its record types have, on a side a work can take', () => {
    for (const [name, fields] of Object.entries(GRAVE)) {
      const src = PARTS.sources.find((s) => s.name === name);
      assert.ok(src, name);
      for (const f of Object.keys(fields)) assert.equal(src.fields.find((m) => m.field === f)?.kind, 'flag', f);
    }
  });

  it('are never spared by the exception of a work that exists for them', () => {
    const rng = createRng('gravest');
    let works = 0;
    for (const src of PARTS.sources)
      for (const a of ACTS[src.name] ?? []) {
        const own = Object.keys(a.lean ?? {});
        const lean = { ...CONCERNS[src.name], ...a.lean };
        if (!servesGravest(src.fields, protectsOf(lean, own), GRAVE[src.name] ?? {})) continue;
        works++;
        for (let i = 0; i < 30; i++) {
          const d = i % 3 === 0 ? 'easy' : i % 3 === 1 ? 'medium' : 'hard';
          const r = drawRule(src.fields, rng, d, lean, a.must, own, a.bounds, true, a.scopes, GRAVE[src.name]);
          if (!r.unless) continue;
          const m = src.fields.find((x) => x.field === r.unless?.field);
          assert.ok(
            m?.kind === 'enum' && !m.ranks && isState(m),
            `${src.name} ${a.sections[0]}: ${JSON.stringify(r.unless)}`,
          );
        }
      }
    // critical NCRs, two-week-wait referrals, SEV1 postmortems, exposed findings, unacknowledged holds, admin access
    assert.ok(works >= 8, `${works} works for the gravest records`);
  });
});
