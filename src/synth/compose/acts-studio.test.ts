import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { drawRule } from '../rules/draw.js';
import { atomsOf } from '../rules/rule.js';
import { narrowReason } from './act-narrowings.js';
import { actNamed } from './policy-acts.js';
import { PARTS } from './registry.js';

// review 30 D3 and D8: a brand sign-off hold put on a brief still being drawn, and an old edition kept quotable
// because its growth figure was low. A sign-off hold gates release; a newer edition supersedes whatever the growth.

const fieldsOf = (name: string) => PARTS.sources.find((s) => s.name === name)?.fields ?? [];

describe('studio and research sections', () => {
  it('hold for brand sign-off only work at a stage where it could ship', () => {
    const hold = actNamed('design_requests', 'Hold');
    assert.ok(hold);
    const rng = createRng('hold');
    for (let i = 0; i < 40; i++) {
      const r = drawRule(fieldsOf('design_requests'), rng, 'hard', hold.lean, hold.must, [], hold.bounds);
      for (const a of atomsOf(r))
        if (a.field === 'status' && a.kind === 'in')
          assert.ok(!a.values.some((v) => ['brief received', 'in design'].includes(v)), a.values.join());
    }
  });

  it('supersede a report once a newer edition is in, whatever its growth', () => {
    const replace = actNamed('market_reports', 'Replacement');
    assert.ok(replace);
    assert.equal(replace.lean?.cagr_pct, 'unrelated');
    assert.equal(
      narrowReason('market_reports', 'Replacement', { kind: 'at_least', field: 'cagr_pct', value: 20 }),
      undefined,
    );
    const rng = createRng('supersede');
    for (let i = 0; i < 40; i++) {
      const r = drawRule(fieldsOf('market_reports'), rng, 'hard', replace.lean, replace.must, [], replace.bounds);
      assert.ok(!atomsOf(r).some((a) => a.field === 'cagr_pct'), JSON.stringify(r));
    }
  });

  it('start the biggest charts first only at a size that is big', () => {
    const draw = actNamed('chart_requests', 'Chart production');
    assert.ok(draw);
    assert.ok((draw.bounds?.data_points?.[0] ?? 0) >= 14, JSON.stringify(draw.bounds));
  });
});
