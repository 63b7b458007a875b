import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateProcedural, getGenerator } from '../../generators.js';
import { expandPlan } from '../../plan/plan.js';
import { taxonomyPlan } from '../../plan/taxonomy-plan.js';
import { proceduralRequest } from '../../synthesize.js';

// conditions in a rule key: each atom of all[..], any[..] and unless[..]
const conditions = (key: string): number =>
  [...key.matchAll(/(all|any|unless)\[(.*?)\](?= |$)/g)].reduce(
    (n, m) => n + (m[2] as string).split(/ [&|] /).length,
    0,
  );

describe('the floor of a hard rule (task-rule.ts, draw.ts)', () => {
  it('hard tasks mostly weigh three conditions or more, and none weighs one alone where its work has more', () => {
    const { plan } = taxonomyPlan({ n: 150, seed: 1 });
    const hard: number[] = [];
    for (const job of expandPlan(plan)) {
      if (job.slot.difficulty !== 'hard') continue;
      const spec = generateProcedural(proceduralRequest(job, getGenerator(job.slot.family ?? '')?.name ?? 'compose'));
      const key = (spec.provenance as { rule_key?: string } | undefined)?.rule_key;
      if (key) hard.push(conditions(key));
    }
    assert.ok(hard.length >= 40, String(hard.length));
    // (at the start: 30% of hard rules under three conditions, 4% of one)
    const thin = hard.filter((n) => n < 3).length / hard.length;
    assert.ok(thin <= 0.15, `thin hard rules: ${(thin * 100).toFixed(1)}%`);
    assert.ok(hard.filter((n) => n < 2).length / hard.length <= 0.02);
  });
});

describe('the floor of an easy or medium rule (task-section.ts, draw.ts)', () => {
  it('easy and medium tasks weigh three conditions too where their work has them, and one alone is rare', () => {
    const { plan } = taxonomyPlan({ n: 150, seed: 1 });
    const weights: number[] = [];
    for (const job of expandPlan(plan)) {
      if (job.slot.difficulty === 'hard') continue;
      const spec = generateProcedural(proceduralRequest(job, getGenerator(job.slot.family ?? '')?.name ?? 'compose'));
      const key = (spec.provenance as { rule_key?: string } | undefined)?.rule_key;
      if (key) weights.push(conditions(key));
    }
    assert.ok(weights.length >= 80, String(weights.length));
    // (before: 23% of them under three conditions, 6% of one: reviews that read one arrangement of a seat, a
    // workflow paused on its failure count alone)
    const thin = weights.filter((n) => n < 3).length / weights.length;
    assert.ok(thin <= 0.12, `thin easy and medium rules: ${(thin * 100).toFixed(1)}%`);
    assert.ok(weights.filter((n) => n < 2).length / weights.length <= 0.03);
  });
});
