import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { makeWorld } from '../world.js';
import { CRM_NAME_COUNT, crmCompany } from './crm-companies.js';

describe("a CRM's accounts", () => {
  it('are drawn from a wide pool: never twice in a task, no name in more than 2% of tasks', () => {
    const tasks = 300;
    const seen = new Map<string, number>();
    for (let t = 0; t < tasks; t++) {
      const w = makeWorld(createRng('crm-test', t), 'Office_Productivity', 'hard', '2026-03-10T09:00:00Z');
      const names = Array.from({ length: 10 }, () => crmCompany(w));
      const roots = names.map((n) => n.name.split(' ')[0]);
      assert.equal(new Set(roots).size, names.length, 'no root twice within a task');
      for (const { name } of names) seen.set(name, (seen.get(name) ?? 0) + 1);
    }
    assert.ok(CRM_NAME_COUNT > 1000);
    const most = Math.max(...seen.values());
    assert.ok(most <= tasks * 0.02, `a name in ${most} of ${tasks} tasks`);
  });

  it('file a company under the industry its name says (Nordby Logistics is in logistics)', () => {
    const w = makeWorld(createRng('crm-test', 1), 'Office_Productivity', 'easy', '2026-03-10T09:00:00Z');
    for (let i = 0; i < 40; i++) {
      const { name, industry } = crmCompany(w);
      if (/Logistics|Freight/.test(name)) assert.equal(industry, 'logistics');
      if (/Dental|Pharma|Health/.test(name)) assert.equal(industry, 'healthcare');
    }
  });
});
