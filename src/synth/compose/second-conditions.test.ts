import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { drawRule } from '../rules/draw.js';
import type { Rule } from '../rules/rule.js';
import { CONCERNS } from './concerns.js';
import { GRAVE } from './grave.js';
import { actNamed } from './policy-acts.js';
import { saidOf } from './purpose-scope.js';
import { PARTS } from './registry.js';
import { withSpared } from './spared.js';

// an easy task weighs two things where its work has two: a trip approval is within policy and leaves soon (or costs
// little), a per diem query has several nights and no receipts, a claim query is old and worth chasing, a news
// follow-up is fresh and on the desk's beat. One condition left the flag or the window alone to answer the task
// (9 of 11 trips policy exceptions, the answer "the two that aren't").

// a rule drawn as a task's policy section draws it (compile/task-rule.ts): its leans, scopes and stated reasons
function sectionRule(
  source: string,
  section: string,
  approves: boolean,
  seed: number,
  d: 'easy' | 'hard' = 'easy',
  written: readonly string[] = [],
): Rule {
  const src = PARTS.sources.find((s) => s.name === source);
  const act = actNamed(source, section);
  assert.ok(src && act, `${source} ${section}`);
  const lean = { ...(approves ? {} : CONCERNS[source]), ...act.lean };
  return drawRule(
    withSpared(
      src.fields.filter((m) => !written.includes(m.field)),
      act.spared,
    ),
    createRng('second-condition', source, seed),
    d,
    lean,
    act.must,
    Object.keys(act.lean ?? {}),
    act.bounds,
    !act.waits,
    act.scopes ?? [],
    GRAVE[source],
    saidOf(act, source),
  );
}

const size = (r: Rule) => r.all.length + (r.any?.length ?? 0) + (r.unless ? 1 : 0);

describe('works with a second condition', () => {
  for (const [source, section, approves] of [
    ['trip_requests', 'Approval', true],
    ['per_diem_claims', 'Query', false],
    ['claims', 'Query', false],
    ['feed_articles', 'Follow-up', false],
  ] as const)
    it(`${source} "${section}" rules mostly weigh two conditions or more`, () => {
      const rules = Array.from({ length: 40 }, (_, i) => sectionRule(source, section, approves, i));
      const thin = rules.filter((r) => size(r) < 2).length;
      assert.ok(thin <= 10, `${thin} of 40 rules have one condition`);
    });
});

// a trade's size and an integration's environment, as the blotter and the admin console list them: short sales
// flagged for surveillance weighed side and age alone, an integration's deactivation its error rate and volume alone
// (the action writes its status), so each of those rules was two conditions with the ids to copy. Likewise a
// workflow's environment (a pause spares a staging copy), the evidence an exams office holds for a claim, and the
// size of the order a partner's complaint or invoice is about (a translation whose triage branch took the date
// received was left with the topic and a language); a to-do's blocked mark (starting one that waits on someone
// moves nothing) and a plot's rain forecast (a dry plot the next two days' rain will wet is left to it)
describe('works given the fields their table has', () => {
  for (const [source, section, written] of [
    ['trades', 'Compliance flag', ['compliance_flagged']],
    ['integrations', 'Deactivation', ['status']],
    ['workflows', 'Pause', ['status']],
    ['exam_sittings', 'Special consideration', ['status']],
    ['partner_mails', 'Translation', ['date']],
    ['tasks', 'Work to start', ['status']],
    ['field_plots', 'Irrigation', ['irrigation_status']],
  ] as const)
    it(`${source} "${section}" rules weigh three conditions`, () => {
      // (the fullest of a task’s first 16 draws, as compile/task-rule.ts keeps it)
      for (let t = 0; t < 10; t++) {
        const best = Math.max(
          ...Array.from({ length: 16 }, (_, k) =>
            size(sectionRule(source, section, false, t * 16 + k, 'hard', written)),
          ),
        );
        assert.ok(best >= 3, `task ${t}: ${best} conditions`);
      }
    });
});
