import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { workFits, workPath } from './scenarios.js';

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
