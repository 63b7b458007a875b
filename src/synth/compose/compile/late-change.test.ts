import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import type { Rule } from '../../rules/rule.js';
import { designRequests } from '../packs/multimodal-generation.js';
import { makeWorld } from '../world.js';
import type { Recipe } from '../recipe.js';
import { lateChange, staysOut, unsettle } from './late-change.js';
import { pullRequests } from '../packs/software-engineering.js';
import { jobs } from '../sources/operations.js';
import { isMutable } from '../sources/kit.js';

// a mid-task change sets what the late record misses: one that already meets the condition has nothing to set, and
// the user says nothing ("Heads-up on the open day poster: ." was a message about no change)

const rule: Rule = {
  all: [
    { kind: 'in', field: 'status', values: ['internal review', 'with requester'] },
    { kind: 'flag', field: 'brand_approved', value: false },
  ],
};
const w = makeWorld(createRng('late', 1), 'Multimodal_Generation', 'hard', '2026-03-10T09:00:00Z');

describe('a mid-task change', () => {
  it('sets the condition the late record misses', () => {
    const set = lateChange(
      { design_id: 'DSN-1', status: 'in design', brand_approved: false },
      rule,
      designRequests,
      w,
      false,
    );
    assert.ok(set && ['internal review', 'with requester'].includes(String(set.status)), JSON.stringify(set));
  });

  it('never sets nothing: a record already meeting it gets no change, or a real one', () => {
    for (const status of ['internal review', 'with requester']) {
      const late = { design_id: 'DSN-2', status, brand_approved: false };
      const set = lateChange(late, rule, designRequests, w, false);
      assert.ok(set === undefined || Object.keys(set).length > 0, JSON.stringify(set));
    }
  });
});

describe('a date a coworker moves (review 33: deadlines "moved to Sunday")', () => {
  it('lands on a working day, and still brings the record in', () => {
    const due: Rule = { all: [{ kind: 'due_within', field: 'due_on', days: 12 }] };
    let moved = 0;
    for (let i = 0; i < 200; i++) {
      const wi = makeWorld(createRng('late-weekday', i), 'Multimodal_Generation', 'hard', '2026-03-10T09:00:00Z');
      const late = { design_id: 'DSN-3', due_on: '2026-04-20', status: 'in design', brand_approved: false };
      const set = lateChange(late, due, designRequests, wi, false);
      if (!set?.due_on) continue;
      moved++;
      const day = new Date(`${String(set.due_on).slice(0, 10)}T12:00:00Z`).getUTCDay();
      assert.ok(day !== 0 && day !== 6, `moved to a weekend: ${String(set.due_on)}`);
      assert.ok(String(set.due_on).slice(0, 10) <= '2026-03-22', `out of the window: ${String(set.due_on)}`);
    }
    assert.ok(moved >= 150, String(moved));
  });
});

describe('news on a hard task', () => {
  it('always changes the work: its record never stays out (staysOut), as an easy or medium one may', () => {
    const three: Rule = {
      all: [
        { kind: 'in', field: 'status', values: ['internal review', 'with requester'] },
        { kind: 'flag', field: 'brand_approved', value: false },
        { kind: 'at_least', field: 'revision_rounds', value: 2 },
      ],
    };
    const recipe = { interaction: 'change', source: designRequests } as unknown as Recipe;
    const outs = (d: 'medium' | 'hard') =>
      Array.from({ length: 60 }, (_, i) =>
        staysOut(
          recipe,
          three,
          makeWorld(createRng('stays', d, i), 'Multimodal_Generation', d, '2026-03-10T09:00:00Z'),
        ),
      ).filter((k) => k !== undefined).length;
    assert.equal(outs('hard'), 0);
    assert.ok(outs('medium') >= 10, String(outs('medium')));
  });

  it('never starts from a state news cannot bring a record back from: no merged pull request reopened (review 51)', () => {
    const open: Rule = { all: [{ kind: 'in', field: 'status', values: ['open'] }] };
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const ws = makeWorld(createRng('unsettle', i), 'Software_Engineering', 'medium', '2026-03-10T09:00:00Z');
      for (const from of ['merged', 'closed']) {
        const late = { pr_id: 'PR-1', status: from };
        unsettle(late, open, pullRequests, ws);
        assert.ok(!['merged', 'closed', 'open'].includes(late.status), late.status);
        seen.add(late.status);
      }
    }
    assert.ok(seen.size >= 2, [...seen].join());
    // (nor is a run's result rewritten: "its last run was changed to failed")
    assert.equal(isMutable(jobs, 'last_status'), false);
    // a state news can move a record out of stays as drawn
    const draft = { pr_id: 'PR-2', status: 'draft' };
    unsettle(draft, open, pullRequests, w);
    assert.equal(draft.status, 'draft');
  });
});
