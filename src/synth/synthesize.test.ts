import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { canonicalJson } from '../schema/canonical-json.js';
import { DIFFICULTIES } from '../schema/taxonomy.js';
import { allFamiliesPlan } from './plan/builtin-plans.js';
import { GENERATORS } from './generators.js';
import { expandPlan, type Job, parsePlanText } from './plan/plan.js';
import { generateProcedural } from './generators.js';
import { proceduralRequest, synthesize, synthesizeProcedural } from './synthesize.js';

const planText = readFileSync(new URL('../../examples/plans/all-families.yaml', import.meta.url), 'utf8');
// parsed once for both tests (composing 30 kB of YAML is not free)
const parsed = parsePlanText(planText);

describe('examples/plans/all-families.yaml', () => {
  it('is the built-in all-families plan with 5 tasks per family and difficulty (kept in sync)', () => {
    const { plan, diagnostics } = parsed;
    assert.deepEqual(diagnostics, []);
    assert.equal(canonicalJson(plan), canonicalJson(allFamiliesPlan(5)));
    assert.equal(plan?.slots.length, GENERATORS.length * DIFFICULTIES.length);
  });

  it('procedural synthesis releases ≥ 95% of it with a mean mutation kill rate ≥ 95%, deterministically', async () => {
    const { plan } = parsed;
    assert.ok(plan);
    const { outcomes, summary } = await synthesize(plan, { generator: 'procedural' });
    assert.equal(summary.jobs, GENERATORS.length * DIFFICULTIES.length * 5);
    assert.ok(
      summary.release_rate >= 0.95,
      `released ${summary.accepted}/${summary.jobs}: ${JSON.stringify(summary.rejected_by_code)}`,
    );
    assert.ok((summary.mean_kill_rate ?? 0) >= 0.95);
    assert.deepEqual(
      Object.keys(summary.coverage.family).sort(),
      GENERATORS.map((f) => (f.name === 'dialogue_clarification' ? 'dialogue' : f.name)).sort(),
    );
    // the same plan gives byte-identical specs: generating again (no gate) equals what went through the gate,
    // so generation is deterministic and the gate leaves its candidate untouched (a second full run proved no more)
    const jobs = expandPlan(plan);
    assert.equal(jobs.length, outcomes.length);
    const again = jobs.map((job) => generateProcedural(proceduralRequest(job, job.slot.family as string)));
    assert.equal(canonicalJson(again), canonicalJson(outcomes.map((o) => o.candidate)));
    // and the gate's verdict is deterministic too: one job per family, again through the whole gate
    const firstOfFamily = new Map<string, number>();
    jobs.forEach((job, i) => {
      if (job.slot.family && !firstOfFamily.has(job.slot.family)) firstOfFamily.set(job.slot.family, i);
    });
    assert.equal(firstOfFamily.size, GENERATORS.length);
    for (const i of firstOfFamily.values()) {
      const o = await synthesizeProcedural(jobs[i] as Job);
      assert.equal(canonicalJson(o), canonicalJson(outcomes[i]));
    }
  });
});
