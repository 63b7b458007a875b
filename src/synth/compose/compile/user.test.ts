import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { SCENARIO_DOMAINS, type ScenarioDomain } from '../../../schema/taxonomy.js';
import { atomsOf } from '../../rules/rule.js';
import { composition } from '../testing.js';
import { recipeFor } from '../index.js';
import type { Rec } from '../parts.js';
import { makeWorld } from '../world.js';
import { checksOf } from './checks.js';
import { isOnLine } from './coherence.js';
import { programOf } from './index.js';
import { pointer, stateMoves, toldBy, userOf } from './user.js';
import type { Program } from './records.js';

// "it went to with requester": a state named with its own preposition reads as where the record is now

describe('how the user says a record moved', () => {
  it('says a prepositional state as where the record is now', () => {
    for (const s of stateMoves('with requester')) assert.doesNotMatch(s, /went to|moved to/, s);
    assert.ok(stateMoves('in design').includes('it is in design now'));
  });

  it('says any other state as a move', () => {
    assert.ok(stateMoves('on hold').every((s) => !/went to on/.test(s)));
    assert.ok(stateMoves('approved').includes('it went to approved'));
  });
});

// a mid-task message opened with one of four stock lines ("Quick one from …"), each a fifth of these messages
describe('how the user passes on news from a colleague', () => {
  it('has a dozen openers, none a stock "Quick one"', () => {
    const said = toldBy('Ana', 'the ticket "Login fails"');
    assert.ok(new Set(said).size >= 12, said.join(' | '));
    for (const s of said) {
      assert.match(s, /Ana/, s);
      assert.match(s, /the ticket "Login fails"/, s);
      assert.doesNotMatch(s, /^Quick one/, s);
    }
  });
});

// the news of a changed record comes once the agent acts on a record: one sitting exactly on a line of the rule (the
// skill installed on the window's 21st day) left an agent that misread the boundary without the news, two records
// lost for one mistake (keys review of seed 131)
describe('when the user passes on the news', () => {
  it('after the work on a record well inside the rule, where one is', () => {
    let told = 0;
    let inside = 0;
    for (let seed = 1; seed < 400 && told < 40; seed++) {
      const domain = SCENARIO_DOMAINS[seed % SCENARIO_DOMAINS.length] as ScenarioDomain;
      const recipe = recipeFor({ seed, difficulty: 'hard', scenarioPath: domain });
      if (recipe.interaction !== 'change') continue;
      const w = makeWorld(createRng('user-trigger', seed), domain, 'hard', '2026-03-10T09:00:00Z');
      const p = programOf({ id: `u_${seed}`, w, recipe, scenario: domain, lead: 'Tool_Calling' });
      const { proofs, outcomes } = checksOf(p);
      const signal = userOf(p, proofs, outcomes)?.signals?.find((s) => s.id === 'record_changed');
      const trigger = signal?.trigger;
      if (!trigger || !('record_exists' in trigger)) continue;
      told++;
      const at = proofs.findIndex((q) => q.where === trigger.record_exists.where);
      const onLine = (rec: Rec) => atomsOf(p.rule).some((a) => isOnLine(a, rec, p.w.today));
      assert.ok(at >= 0 && at < p.targets.length, `u_${seed}: the news follows a target's work`);
      if (p.targets.some((r) => !onLine(r))) {
        inside++;
        assert.ok(!onLine(p.targets[at] as Rec), `u_${seed}: the news follows the work on a boundary record`);
      }
    }
    assert.ok(told >= 20 && inside >= told / 2, `${told} changes, ${inside} with a record inside`);
  });
});

// review 49: "about the WO-6453 NCR (the Pores found at X-ray. one)"
describe('how the user points at a record that shares its name', () => {
  it('by a short name or label it alone holds, never by a sentence of its own', () => {
    const w = makeWorld(createRng('user-pointer', 1), 'Manufacturing_Engineering', 'hard', '2026-03-10T09:00:00Z');
    const rec = { ncr_id: 'N-1', work_order: 'WO-6453', finding: 'Pores found at X-ray.', line: 'Line 2 weld' };
    const twin = { ncr_id: 'N-2', work_order: 'WO-6453', finding: 'Undercut at the toe.', line: 'Line 4 paint' };
    const p = {
      src: {
        nameField: { field: 'work_order', label: 'work order' },
        noun: ['NCR', 'NCRs'],
        fields: [],
        idField: 'ncr_id',
      },
      targets: [rec],
      distractors: [twin],
      w,
    } as unknown as Program;
    const said = pointer(p, rec, []);
    assert.match(said, /WO-6453/, said);
    assert.doesNotMatch(said, /X-ray\. one/, said);
    assert.match(said, /Line 2 weld/, said);
  });

  it('never names the one who tells of a change as the holder too (review 57: "Oscar stopped by … (the one Oscar looks after)")', () => {
    let told = 0;
    // (Content_Media's posts: their holders tell of the change most often)
    const media = SCENARIO_DOMAINS.indexOf('Content_Media');
    for (let k = 0; k < 400; k++) {
      const i = media + SCENARIO_DOMAINS.length * k;
      const spec = composition(i, 3 + 7 * k);
      for (const signal of spec.user?.signals ?? []) {
        const say = String((signal.effect as { say?: string }).say ?? '');
        const teller =
          /^(?:Sorry, one more: |Update from |News from |Just heard from |Just off a call with )?([A-Z][a-z]+)\b/.exec(
            say,
          )?.[1];
        if (!teller || !/\(the one \w+ looks? after\)/.test(say)) continue;
        told++;
        assert.ok(!say.includes(`(the one ${teller} looks after)`), `${spec.id}: ${say}`);
      }
    }
    assert.ok(told >= 1, `${told} notes naming a holder`);
  });

  it('tells a yes/no switched as news: "it is enabled now", never "still enabled now" (review 59)', () => {
    let flags = 0;
    const automation = SCENARIO_DOMAINS.indexOf('Automation_Platform');
    for (let k = 0; k < 300; k++) {
      const spec = composition(automation + SCENARIO_DOMAINS.length * k, 11 + 5 * k);
      for (const signal of spec.user?.signals ?? []) {
        const say = String((signal.effect as { say?: string }).say ?? '');
        if (/\benabled now\b/.test(say)) flags++;
        assert.doesNotMatch(say, /\bstill \w+ now\b/, `${spec.id}: ${say}`);
      }
    }
    assert.ok(flags >= 1, `${flags} switched jobs told`);
  });
});
