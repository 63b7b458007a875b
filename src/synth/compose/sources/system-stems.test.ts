import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VOCAB } from '../../kit/domains/index.js';
import { systemStem } from './system-stems.js';

// a job is named for a system ("audit-trail-export"), never for how its product is sold ("audit-trail-add-export")

describe('system names from product names', () => {
  it('drop the words a product is sold by, keep whole words', () => {
    assert.equal(systemStem('Audit trail add-on'), 'audit-trail');
    assert.equal(systemStem('Workflow runs quota'), 'workflow-runs');
    assert.equal(systemStem('Feature flag service'), 'feature-flag-service');
    assert.equal(systemStem('M8 hex bolts, stainless (box of 500)'), 'm8-hex-bolts');
  });

  it('no stem of the job domains’ products ends in a cut word or a sales word', () => {
    for (const domain of ['Automation_Platform', 'Software_Engineering'] as const)
      for (const p of VOCAB[domain].products) {
        const stem = systemStem(p);
        const words = p.toLowerCase().split(/[\s,()]+/);
        for (const part of stem.split('-'))
          assert.ok(
            words.some((w) => w.split('-').includes(part)),
            `${p} → ${stem}: ${part} is no word of the product`,
          );
        assert.ok(!/\b(add|on|seat|tier|plan|quota|pack)$/.test(stem.replace(/-/g, ' ')), `${p} → ${stem}`);
      }
  });
});
