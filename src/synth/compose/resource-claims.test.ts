import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DUE_STAKES } from './due-stakes.js';
import { ACTS } from './policy-acts.js';
import { claimsShownResource, resourcesNamed } from './resource-claims.js';
import { REVIEW_PURPOSES } from './review-purposes-data.js';

// one resource is one section's reason: a section claiming what a shown one claims for its records is not shown,
// and a review's stake in every record never borrows the resource one narrower act of its record type needs

describe('resource claims', () => {
  it('reads what a reason says its records need', () => {
    assert.deepEqual(
      [...resourcesNamed('Long appointments need the treatment room; while it is shut…')],
      ['treatment room'],
    );
    assert.ok(resourcesNamed('Heavy checks need parts and a hangar slot booked weeks ahead.').has('hangar slot'));
    assert.equal(resourcesNamed('Fresh stories are followed up while they are still news.').size, 0);
  });

  it('finds a second section claiming a shown section’s resource for other records', () => {
    const closure = 'Long appointments need the treatment room; while it is shut for refurbishment they are cancelled.';
    const cancel =
      'This section takes only minor procedures: minor procedures need the treatment room, so those lists cannot run.';
    assert.equal(claimsShownResource(cancel, [closure]), true);
    assert.equal(claimsShownResource('A missed slot is offered to the waiting list.', [closure]), false);
    assert.equal(claimsShownResource(undefined, [closure]), false);
  });

  it('gives no review stake a resource one of its record type’s acts claims', () => {
    for (const [src, lines] of Object.entries({ ...DUE_STAKES })) {
      const acts = (ACTS[src] ?? []).map((a) => a.why);
      for (const line of [...lines.map((l) => `they ${l}`), ...(REVIEW_PURPOSES[src] ?? [])])
        assert.ok(!claimsShownResource(line, acts), `${src}: ${line}`);
    }
  });
});
