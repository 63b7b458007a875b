import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { canonicalJson } from '../schema/canonical-json.js';
import { DIFFICULTIES } from '../schema/taxonomy.js';
import { runGate } from '../validate/index.js';
import { GENERATORS, generateProcedural, getGenerator } from './generators.js';
import { allFamiliesPlan } from './plan/builtin-plans.js';
import type { SynthOutcome } from './plan/outcome.js';
import { expandPlan, type Job, type Plan, parsePlanText } from './plan/plan.js';
import { proceduralThreads } from './procedural-pool.js';
import { inPlanOrder, proceduralRequest, synthesize, synthesizeProcedural } from './synthesize.js';
import { taxonomyPlan } from './plan/taxonomy-plan.js';

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

  it('procedural synthesis releases ≥ 95% of the first task of every slot, mean mutation kill rate ≥ 95%, deterministically', async () => {
    assert.ok(parsed.plan);
    // every generator at every difficulty through the full gate (each preset's test gates 15 seeds of it, and
    // kit/vocabulary.test.ts generates 2,000 tasks of every generator)
    const plan = { ...parsed.plan, slots: parsed.plan.slots.map((s) => ({ ...s, count: 1 })) };
    // on two worker threads (procedural-pool.ts); the jobs run again on this thread below must come out the same
    assert.equal(proceduralThreads(plan.slots.length, 2), import.meta.url.endsWith('.ts') ? 1 : 2);
    const { outcomes, summary } = await synthesize(plan, { generator: 'procedural', concurrency: 2 });
    assert.equal(summary.jobs, GENERATORS.length * DIFFICULTIES.length);
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
    // and the gate's verdict is deterministic too, on a thread or not: one job per family, again through the whole
    // gate on this thread
    const firstOfFamily = new Map<string, number>();
    jobs.forEach((job, i) => {
      if (job.slot.family && !firstOfFamily.has(job.slot.family)) firstOfFamily.set(job.slot.family, i);
    });
    assert.equal(firstOfFamily.size, GENERATORS.length);
    for (const i of firstOfFamily.values()) {
      // each job lets the event loop turn (where Node frees native objects such as picture renderers): a callback
      // queued before it has run by the time it is done
      let turned = false;
      setImmediate(() => {
        turned = true;
      });
      const o = await synthesizeProcedural(jobs[i] as Job);
      assert.equal(turned, true);
      assert.equal(canonicalJson(o), canonicalJson(outcomes[i]));
    }
  });
});

async function released(o: SynthOutcome): Promise<void> {
  assert.equal(o.accepted, true, JSON.stringify(o.diagnostics.slice(0, 5)));
  const gate = await runGate({ raw: o.candidate });
  assert.equal(gate.ok, true, JSON.stringify(gate.diagnostics.slice(0, 5)));
}

describe('synthesize: procedural slots', () => {
  const base = {
    category: 'email',
    language: 'en',
    mock_today: '2026-03-10',
    scenario: { goal: 'escalate' },
    count: 1,
  };
  const fam = getGenerator('support_escalation');

  it('runs a plan through the procedural generator: a slot without a family is rejected with no_family', async () => {
    assert.ok(fam);
    const plan: Plan = {
      plan_version: 1,
      name: 'three',
      slots: [
        { ...base, task_id: 'esc_easy', services: [...fam.services], difficulty: 'easy', family: fam.name, seed: 3 },
        { ...base, task_id: 'free', services: ['crm'], difficulty: 'medium' },
        {
          ...base,
          task_id: 'esc_medium',
          services: [...fam.services],
          difficulty: 'medium',
          family: fam.name,
          seed: 4,
        },
      ],
    };
    const seen: [string, number, number][] = [];
    const { outcomes, summary } = await synthesize(plan, {
      generator: 'procedural',
      onOutcome: (o, done, total) => seen.push([o.id, done, total]),
    });
    assert.deepEqual(
      outcomes.map((o) => [o.id, o.accepted, o.attempts]),
      [
        ['esc_easy', true, 1],
        ['free', false, 1],
        ['esc_medium', true, 1],
      ],
    );
    assert.deepEqual(seen, [
      ['esc_easy', 1, 3],
      ['free', 2, 3],
      ['esc_medium', 3, 3],
    ]);
    assert.deepEqual(
      outcomes[1]?.diagnostics.map((d) => [d.code, d.path, d.owner]),
      [['no_family', 'slots[1].family', 'builder']],
    );
    for (const o of [outcomes[0], outcomes[2]]) await released(o as SynthOutcome);
    const caps = Object.fromEntries(fam.capabilities.map((c) => [c, 2]));
    // each wrong-work probe's mean score over the released tasks, as its probes line says
    for (const [name, mean] of Object.entries(summary.probe_scores.by))
      assert.equal(
        mean,
        Math.round((summary.probes[name as keyof typeof summary.probes]?.mean_score ?? -1) * 1e4) / 1e4,
      );
    assert.deepEqual(summary, {
      plan: 'three',
      generator: 'procedural',
      slots: 3,
      jobs: 3,
      accepted: 2,
      rejected: 1,
      release_rate: 2 / 3,
      rejected_by_code: { no_family: 1 },
      attempts_histogram: { '1': 3 },
      mean_kill_rate: 1,
      probes: summary.probes,
      probe_scores: summary.probe_scores,
      coverage: { family: { support_escalation: 2 }, capability: caps, difficulty: { easy: 1, medium: 1 } },
      corpus: summary.corpus,
      substance: summary.substance,
      near_duplicates: summary.near_duplicates,
    });
    assert.equal(summary.corpus.tasks, 2);
    // the two support_escalation tasks ask and do nearly the same (a preset family's one grammar): one cluster
    assert.deepEqual(summary.near_duplicates.examples, [
      { first: 'esc_easy', size: 2, ids: ['esc_easy', 'esc_medium'] },
    ]);
    assert.equal(summary.substance.tasks, 2);
    assert.equal(summary.corpus.released_share, 0.667);
    // the released tasks fail every lazy probe (issue 13)
    assert.deepEqual(
      (['do_nothing', 'read_only', 'claim_only'] as const).map((p) => [
        p,
        summary.probes[p]?.tasks,
        summary.probes[p]?.pass_rate,
      ]),
      [
        ['do_nothing', 2, 0],
        ['read_only', 2, 0],
        ['claim_only', 2, 0],
      ],
    );
  });

  it('an unknown family is rejected with no_family naming it', async () => {
    const plan: Plan = {
      plan_version: 1,
      name: 'x',
      slots: [{ ...base, task_id: 'ghost', services: ['crm'], difficulty: 'easy', family: 'no_such_family' }],
    };
    const { outcomes, summary } = await synthesize(plan, { generator: 'procedural' });
    assert.match(outcomes[0]?.diagnostics[0]?.message ?? '', /unknown family "no_such_family"/);
    assert.deepEqual(summary.rejected_by_code, { no_family: 1 });
    assert.equal(summary.mean_kill_rate, null);
    assert.equal(summary.release_rate, 0);
  });

  it('a slot in a language its family does not write is rejected, not a crash of the whole plan', async () => {
    const plan: Plan = {
      plan_version: 1,
      name: 'lang',
      slots: [
        {
          ...base,
          task_id: 'esc_en',
          services: ['crm', 'helpdesk', 'gmail'],
          difficulty: 'easy',
          family: 'support_escalation',
        },
        {
          ...base,
          task_id: 'esc_xx',
          language: 'xx',
          services: ['crm', 'helpdesk', 'gmail'],
          difficulty: 'easy',
          family: 'support_escalation',
        },
      ],
    };
    const res = await synthesize(plan, { generator: 'procedural' }).catch((e: Error) =>
      assert.fail(`synthesize threw: ${e.message}`),
    );
    assert.deepEqual(
      res.outcomes.map((o) => [o.id, o.accepted]),
      [
        ['esc_en', true],
        ['esc_xx', false],
      ],
    );
    assert.ok((res.outcomes[1]?.diagnostics.length ?? 0) > 0);
    assert.equal(res.summary.accepted, 1);
  });
});

describe('synthesize: streaming', () => {
  it('retain: false keeps no outcome and gives the same summary; onOrdered hears them in plan order', async () => {
    const plan: Plan = {
      ...taxonomyPlan({ n: 6, seed: 9 }).plan,
    };
    const kept = await synthesize(plan, { generator: 'procedural' });
    const order: string[] = [];
    const streamed = await synthesize(plan, {
      generator: 'procedural',
      concurrency: 2,
      retain: false,
      onOrdered: (o) => order.push(o.id),
    });
    assert.deepEqual(streamed.outcomes, []);
    assert.deepEqual(
      order,
      expandPlan(plan).map((j) => j.id),
    );
    assert.equal(canonicalJson(streamed.summary), canonicalJson(kept.summary));
  });

  it('on the main thread, documents the run wrote are parsed in process: no reader unit starts', async () => {
    const { readerPool } = await import('../services/workspace/isolation-pool.js');
    // (units started, not units alive: an idle one from an earlier test may retire meanwhile)
    const before = readerPool().stats().spawned;
    const { outcomes } = await synthesize(taxonomyPlan({ n: 12, seed: 3 }).plan, { generator: 'procedural' });
    const office = outcomes.filter((o) =>
      JSON.stringify(o.candidate ?? {}).match(/"path":"[^"]+\.(?:xlsx|docx|pdf|pptx|csv)"/),
    );
    assert.ok(office.length >= 1, 'the plan reads office files');
    assert.equal(readerPool().stats().spawned, before);
  });

  it('inPlanOrder holds what comes early until its turn', () => {
    const seen: string[] = [];
    const put = inPlanOrder<string>((x) => seen.push(x));
    put(2, 'c');
    put(0, 'a');
    assert.deepEqual(seen, ['a']);
    put(1, 'b');
    put(3, 'd');
    assert.deepEqual(seen, ['a', 'b', 'c', 'd']);
  });
});
