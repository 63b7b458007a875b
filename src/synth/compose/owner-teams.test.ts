import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRng } from '../../env/rng.js';
import { directory } from './joins.js';
import { ownerJobs } from './owner-teams.js';
import { customers } from './sources/records.js';
import { makeWorld } from './world.js';

// a directory lists each owner under a job that fits the role the task names them by (review 18 D3a: account
// managers listed as support team leads and sales analysts)
test('an account manager or sales owner holds an account or sales job, never a support or analyst one', () => {
  for (const source of ['customers', 'sheet_rows']) {
    const titles = ownerJobs(source).map(([, t]) => t);
    assert.ok(titles.length >= 3, `${source}: several titles, so a directory is not one title for everyone`);
    for (const t of titles) assert.match(t, /account (?:manager|executive)|sales representative/i, `${source}: ${t}`);
  }
  assert.ok(!ownerJobs('customers').some(([, t]) => /sales representative/i.test(t)));
});

test('every record type the directory joins has owner jobs of its own', () => {
  for (const source of directory.from) {
    const jobs = ownerJobs(source);
    assert.ok(jobs.length >= 3 && jobs.length < 20, source);
  }
});

test('a directory lists record owners only, never a colleague a request may introduce by a part of their own', () => {
  for (let k = 0; k < 20; k++) {
    const w = makeWorld(createRng('directory', k), 'Data_Science', 'hard', '2026-06-03T10:00:00Z');
    const records = Array.from({ length: 12 }, (_, i) => ({ customer_id: `CUS-${100 + i}`, account_manager: '' }));
    const { fixtures } = directory.attach(records, customers, w);
    const listed = ((fixtures.contacts as { contacts: { email: string }[] }).contacts ?? []).map((c) => c.email);
    // (the first colleague and the last three play other parts: sources/kit.ts colleague)
    const others = [w.staff[0], w.staff[1], ...w.staff.slice(-3)].map((p) => p?.email);
    assert.ok(listed.length >= 3 && listed.length <= 6, `${listed.length} listed`);
    for (const e of listed) assert.ok(!others.includes(e), e);
  }
});
