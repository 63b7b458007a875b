import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { drawRule } from '../rules/draw.js';
import { weightOf } from '../rules/shape.js';
import { narrowReason } from './act-narrowings.js';
import { CONCERNS } from './concerns.js';
import { actNamed } from './policy-acts.js';
import { saidOf } from './purpose-scope.js';
import { PARTS } from './registry.js';
import { withSpared } from './spared.js';

// the works whose rules fell under three conditions (review 27's floors) each carry a third, with its reason: a
// to-do's age in a deadline check, a sales rate in a long-lead follow-up, a claim's days in the queue

const CASES = [
  ['tasks', 'Deadline check', 'created_at'],
  ['products', 'Follow-up', 'daily_avg_sales'],
  ['per_diem_claims', 'Query', 'submitted_on'],
] as const;

describe('ops narrowings', () => {
  it('give a work thin by its fields a third condition it can state with a reason', () => {
    for (const [source, section, field] of CASES) {
      const src = PARTS.sources.find((s) => s.name === source);
      const act = actNamed(source, section);
      assert.ok(src && act, `${source} ${section}`);
      const rng = createRng(`floor ${source}`);
      let full = 0;
      for (let i = 0; i < 40; i++) {
        const lean = { ...CONCERNS[source], ...act.lean };
        const r = drawRule(
          withSpared(src.fields, act.spared),
          rng,
          'easy',
          lean,
          act.must,
          Object.keys(act.lean ?? {}),
          act.bounds,
          true,
          act.scopes ?? [],
          {},
          saidOf(act, source),
        );
        const third = r.all.find((a) => a.field === field);
        if (weightOf(r) >= 3 && third) {
          assert.ok(narrowReason(source, section, third), `${source}: ${field} with no reason`);
          full++;
        }
      }
      assert.ok(full >= 10, `${source} ${section}: ${full} of 40 rules weigh three with ${field}`);
    }
  });

  it('name the state a timeout follow-up and an integration escalation turn on, in every rule', () => {
    for (const [source, section, field] of [
      ['jobs', 'Follow-up', 'last_run'],
      ['integrations', 'Escalation', 'status'],
    ] as const) {
      const src = PARTS.sources.find((s) => s.name === source);
      const act = actNamed(source, section);
      assert.ok(src && act, `${source} ${section}`);
      const rng = createRng(`named ${source}`);
      for (let i = 0; i < 20; i++) {
        const lean = { ...CONCERNS[source], ...act.lean };
        const r = drawRule(src.fields, rng, 'easy', lean, act.must, Object.keys(act.lean ?? {}), act.bounds);
        assert.ok(
          r.all.some((a) => a.field === field),
          `${source} ${section}: ${JSON.stringify(r)}`,
        );
      }
    }
  });
});
