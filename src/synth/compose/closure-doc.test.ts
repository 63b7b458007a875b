import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TaskSpec } from '../../schema/task-spec.js';
import { CAPABILITIES, SCENARIO_DOMAINS, SCENARIOS } from '../../schema/taxonomy.js';
import { runGate } from '../../validate/index.js';
import { playReference } from '../../validate/replay.js';
import type { GeneratorContext } from '../kit/generator.js';
import { type Atom, atomsOf, type Rule, selects } from '../rules/rule.js';
import { closureLine } from './working-days.js';
import { withClosures } from './closure-doc.js';
import { holidaysOf } from './closure-days.js';
import { compileRecipe, programOf } from './compile/index.js';
import { withRoute } from './compile/figure-route.js';
import { referenceOf } from './compile/reference.js';
import { composeInput } from './index.js';
import type { PolicyDoc } from './policy-doc.js';
import { policyNote } from './policies.js';
import { makeWorld } from './world.js';
import { createRng } from '../../env/rng.js';

// The office's closure days in their own document (closure-doc.ts): the policy points to it, it lists the days the
// rule needs among the year's others, the reference reads it, and a reader who skips it gets the target set wrong.

// a Friday
const TODAY = '2026-03-06T12:00:00Z';
const w = makeWorld(createRng('closure-doc'), 'Office_Productivity', 'hard', TODAY);
const closed: Atom = { kind: 'due_within', field: 'due', days: 5, workdays: true, closed: ['2026-03-10'] };
const rule: Rule = { all: [closed] };
const policy: PolicyDoc = {
  title: 'Ticket handling policy',
  section: 'Escalation',
  clause: '- due within 5 working days',
  text: `Ticket handling policy\n\n## Definitions\n${closureLine([closed])}\n\n## Escalation\n- due within 5 working days`,
};
// records on every day of the next weeks: any closure the list adds inside the window would move one
const records = Array.from({ length: 40 }, (_, i) => ({ due: `2026-03-${String(7 + (i % 25)).padStart(2, '0')}` }));

describe('withClosures (closure-doc.ts)', () => {
  const drawn = Array.from({ length: 60 }, (_, ph) =>
    withClosures(policy, { rule, part: policyNote, w, records, phrasing: ph * 7919 }),
  );
  const moved = drawn.filter((p) => p?.closures);

  it('moves the closures of most such policies to a list in the same service, which the policy points to', () => {
    assert.ok(moved.length >= 30 && moved.length <= 50, `${moved.length} of 60`);
    for (const p of moved) {
      const doc = p?.closures;
      assert.ok(p && doc);
      assert.ok(!p.text.includes('The office is closed on'), p.text);
      assert.ok(p.text.includes(doc.line) && doc.line.includes(`"${doc.title}" page in our notes`), doc.line);
      assert.deepEqual(doc.needed, ['2026-03-10']);
      const note = (doc.fixtures.notes?.notes as { content: string }[])[0];
      assert.match(note?.content ?? '', /10 March 2026 \(Tuesday\)/);
      // (the day it needs among four to eight others)
      assert.ok(doc.listed.length >= 5 && doc.listed.length <= 9, `${doc.listed.length} days`);
      assert.deepEqual(doc.reads, [{ call: 'notes_get', args: { note_id: 'note_closures' } }]);
    }
  });

  it('lists every public holiday of the year, as an office keeps them all (review 43: May Day and no Easter)', () => {
    const holidays = holidaysOf(2026).map((h) => h.day);
    for (const p of moved) {
      const days = p?.closures?.listed.map((l) => l.day) ?? [];
      for (const h of holidays) assert.ok(days.includes(h), `${h} missing from ${days.join(', ')}`);
    }
  });

  it('lists weekdays only, and none that moves a record across the line', () => {
    for (const p of moved) {
      const days = p?.closures?.listed.map((l) => l.day) ?? [];
      for (const d of days) assert.ok(![0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay()), d);
      const all: Rule = { all: [{ ...closed, closed: days }] };
      for (const rec of records) assert.equal(selects(all, rec, TODAY), selects(rule, rec, TODAY), JSON.stringify(rec));
    }
  });

  it('leaves a policy without listed closures as it was', () => {
    const plain = { ...policy, text: 'Ticket handling policy\n\n## Escalation\n- due within 5 days' };
    for (let ph = 0; ph < 10; ph++)
      assert.equal(withClosures(plain, { rule, part: policyNote, w, records, phrasing: ph }), plain);
  });
});

// a composed task of the taxonomy whose policy points to a closure list (hard tasks, walking domains and seeds)
function closureTask() {
  const caps = ['Logic_Reasoning', 'Data_Analysis', 'Tool_Calling'] as const;
  for (let i = 0; i < 400; i++) {
    const domain = SCENARIO_DOMAINS[i % SCENARIO_DOMAINS.length] as (typeof SCENARIO_DOMAINS)[number];
    const ctx = {
      id: `closures_${i}`,
      seed: 1000 + i,
      difficulty: 'hard',
      mockToday: '2026-03-10T09:00:00Z',
      language: 'en',
      capabilities: [caps[i % caps.length] as (typeof CAPABILITIES)[number]],
      scenarioPath: `${domain}/${SCENARIOS[domain][i % SCENARIOS[domain].length]}`,
    } as unknown as GeneratorContext;
    const input = composeInput(ctx);
    if (input.recipe.interaction === 'change') continue;
    const p = withRoute(programOf(input));
    // (compiled from a fresh world: the program drew from this one's stream)
    if (p.policy?.closures) return { input: composeInput(ctx), p };
  }
  return undefined;
}

describe('a task whose closures are in their own document', () => {
  it('is read by the reference and passes the gate; the same work ignoring the closures fails', async () => {
    const found = closureTask();
    assert.ok(found, 'a hard task points to a closure list');
    const { input, p } = found;
    const doc = p.policy?.closures;
    assert.ok(doc);
    const spec = (await runGate({ raw: compileRecipe(input) })).spec as TaskSpec;
    assert.ok(spec, input.id);
    // the policy points to the list, which holds the day the rule needs
    const texts = JSON.stringify(spec.fixtures);
    assert.ok(texts.includes(JSON.stringify(doc.line).slice(1, -1)), doc.line);
    assert.ok(!/The office is closed on [A-Z]/.test(texts));
    for (const day of doc.needed)
      assert.ok(
        doc.listed.some((l) => l.day === day),
        day,
      );
    // the reference reads it right after the policy
    const calls = spec.reference.flatMap((s) => ('call' in s ? [s] : []));
    const at = calls.findIndex((s) => JSON.stringify(s.args) === JSON.stringify(doc.reads.at(-1)?.args));
    assert.ok(at > 0, JSON.stringify(calls.slice(0, 4)));
    assert.equal((await playReference(spec)).trajectory.grade?.passed, true);
    // a reader who ignores the list counts the window without the closures
    const blind = (r: Rule): Rule => ({
      ...r,
      all: r.all.map((a) => ((a.kind === 'older' || a.kind === 'due_within') && a.closed ? { ...a, closed: [] } : a)),
    });
    const pool = [...p.targets, ...p.distractors];
    const selected = pool.filter((rec) => selects(blind(p.rule), rec, p.w.today));
    assert.ok(atomsOf(p.rule).some((a) => 'closed' in a && a.closed?.length));
    assert.notDeepEqual(selected, p.targets, 'the closures move a record across the line');
    const steps = referenceOf({ ...p, selected }) as TaskSpec['reference'];
    assert.equal((await playReference(spec, steps)).trajectory.grade?.passed, false);
  });
});
