import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { canonicalJson } from '../schema/canonical-json.js';
import { DIFFICULTIES } from '../schema/taxonomy.js';
import { allFamiliesPlan } from './builtin-plans.js';
import { FAMILIES } from './families/index.js';
import { parsePlanText } from './plan.js';
import { synthesize } from './synthesize.js';

const planText = readFileSync(new URL('../../examples/plans/all-families.yaml', import.meta.url), 'utf8');

describe('examples/plans/all-families.yaml', () => {
  it('is the built-in all-families plan with 5 tasks per family and difficulty (kept in sync)', () => {
    const { plan, diagnostics } = parsePlanText(planText);
    assert.deepEqual(diagnostics, []);
    assert.equal(canonicalJson(plan), canonicalJson(allFamiliesPlan(5)));
    assert.equal(plan?.slots.length, FAMILIES.length * DIFFICULTIES.length);
  });

  it('procedural synthesis releases ≥ 95% of it with a mean mutation kill rate ≥ 95%, deterministically', async () => {
    const { plan } = parsePlanText(planText);
    assert.ok(plan);
    const { outcomes, summary } = await synthesize(plan, { generator: 'procedural' });
    assert.equal(summary.jobs, FAMILIES.length * DIFFICULTIES.length * 5);
    assert.ok(
      summary.release_rate >= 0.95,
      `released ${summary.accepted}/${summary.jobs}: ${JSON.stringify(summary.rejected_by_code)}`,
    );
    assert.ok((summary.mean_kill_rate ?? 0) >= 0.95);
    assert.deepEqual(
      Object.keys(summary.coverage.family).sort(),
      FAMILIES.map((f) => (f.name === 'dialogue_clarification' ? 'dialogue' : f.name)).sort(),
    );
    // the same plan gives byte-identical released specs
    const again = await synthesize(plan, { generator: 'procedural' });
    assert.equal(
      canonicalJson(again.outcomes.map((o) => o.candidate)),
      canonicalJson(outcomes.map((o) => o.candidate)),
    );
  });
});
