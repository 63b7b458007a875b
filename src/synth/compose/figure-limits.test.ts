import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { capFits } from './figure-limits.js';
import { PARTS } from './registry.js';

// a cap on the batch's total belongs to work that spends, commits or gives back that total

describe('the work a cap on the batch total fits', () => {
  it('is work that spends or gives back the total, never a questionnaire, a query, a chaser or a to-do', () => {
    const fits = new Set(PARTS.actions.filter(capFits).map((a) => a.name));
    for (const name of ['mark_bill_paid', 'approve_trip', 'contract_into_renewal', 'upload_scan', 'cancel_appointment'])
      assert.ok(fits.has(name), name);
    // (review 29: 24 of 60 caps held back work that spends nothing because its records' amounts added up)
    for (const name of ['send_questionnaire', 'query_claim', 'query_per_diem', 'mail_owner', 'draft_owner'])
      assert.ok(!fits.has(name), name);
    for (const a of PARTS.actions) if (/^todo_|_save_draft$/.test(a.tool)) assert.ok(!fits.has(a.name), a.name);
  });
});
