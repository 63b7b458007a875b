import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import type { Rule } from '../../rules/rule.js';
import { designRequests } from '../packs/multimodal-generation.js';
import { makeWorld } from '../world.js';
import { lateChange } from './late-change.js';

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
