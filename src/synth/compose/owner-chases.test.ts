import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { ACTS } from './policy-acts.js';
import { chaseRemediation, nudgeAuthor } from './owner-chases.js';
import { PARTS } from './registry.js';
import { makeWorld } from './world.js';

// a section whose work is chasing the record's owner is worked by a mail under its own heading, asking for what
// the section is for

const w = makeWorld(createRng('owner-chases'), 'Software_Engineering', 'hard', '2026-03-10T09:00:00Z');

describe('owner chases', () => {
  it('mails the owner under the section’s heading, asking for what the section is for', () => {
    for (const [a, type, id, asked] of [
      [chaseRemediation, 'security_findings', 'finding_id', /remediation date/],
      [nudgeAuthor, 'pull_requests', 'pr_id', /rebase/],
    ] as const) {
      const src = PARTS.sources.find((s) => s.name === type);
      assert.ok(src, type);
      const owner = w.staff[0];
      const x = { rec: { [id]: 'X-1', title: 'T' }, src, w, owner, tag: a.sections[0] ?? '', slot: 0, slots: 1 };
      const args = a.args(x);
      assert.equal(args.to, owner?.email);
      assert.match(String(args.subject), /X-1/);
      assert.match(String(args.body), asked);
      assert.ok(
        a.sections.every((s) => ACTS[type]?.some((act) => act.sections.includes(s))),
        a.name,
      );
    }
  });
});
