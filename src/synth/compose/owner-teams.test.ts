import assert from 'node:assert/strict';
import { test } from 'node:test';
import { directory } from './joins.js';
import { ownerJobs } from './owner-teams.js';

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
