import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { chooseRecipe } from '../recipe.js';
import { workFits, workIn, workPath } from './scenarios.js';

describe('a task’s label by the work it does on its record type', () => {
  it('keeps the slot’s domain, taking the work’s sub-scenario only within it', () => {
    assert.equal(workPath('Data_Science/Analytics', 'customers', false), 'Data_Science/Business_Intelligence');
    assert.equal(
      workPath('Data_Science/Business_Intelligence', 'customers', true),
      'Data_Science/Business_Intelligence',
    );
    assert.equal(workPath('Finance_Investment/Stock', 'sheet_rows', true), 'Finance_Investment/Financial_Report');
    assert.equal(
      workPath('Finance_Investment/Financial_Report', 'sheet_rows', false),
      'Finance_Investment/Financial_Report',
    );
    assert.equal(workPath('Legal/Contract', 'contracts', true), 'Legal/Contract');
  });

  it('says which work is the slot domain’s, so a draft of another domain’s work is passed over', () => {
    assert.ok(!workFits('Data_Science', 'customers', true));
    assert.ok(workFits('Data_Science', 'customers', false));
    assert.ok(workFits('Office_Productivity', 'customers', true));
    assert.ok(!workFits('Finance_Investment', 'order_screenshot', false));
    assert.ok(!workFits('Data_Science', 'order_screenshot', true));
    assert.ok(workFits('Healthcare', 'referrals', true));
  });
});

describe('a slot’s draft on a record type whose work decides its domain', () => {
  it('does the work of the slot’s domain, even where the slot lists the services of other work', () => {
    assert.equal(workIn('Data_Science', 'customers'), 'read');
    assert.equal(workIn('Office_Productivity', 'customers'), 'acted');
    assert.equal(workIn('Legal', 'contracts'), undefined);
    let seen = 0;
    for (let k = 0; k < 60; k++)
      for (const [domain, scenario] of [
        ['Data_Science', 'Business_Intelligence'],
        ['Data_Science', 'Financial_Analysis'],
        ['Finance_Investment', 'Financial_Report'],
      ] as const) {
        const services = ['crm', 'calendar', 'gmail', 'workspace'];
        const r = chooseRecipe(createRng('work-domain', k, domain), {
          domain,
          scenario,
          difficulty: k % 2 ? 'medium' : 'hard',
          ...(k % 3 ? {} : { services }),
        });
        if (!workIn(domain, r.source.name)) continue;
        seen++;
        assert.ok(
          workFits(domain, r.source.name, r.action !== undefined),
          `${domain}: ${r.source.name} ${r.action?.name}`,
        );
      }
    assert.ok(seen > 10, `${seen}`);
  });
});
