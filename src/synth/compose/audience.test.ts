import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { mayCarry } from './audience.js';
import { chooseRecipe } from './recipe.js';
import { PARTS } from './registry.js';

// review 30 D9: "intranet/appointments-repeat-non-attendance.html … one list item per appointment (id and patient
// name)". A list of people's health, schooling or personal data goes to the colleague named or the user's own
// file, never a page or channel the whole team reads.

describe('who may read a list of records', () => {
  it('keeps patients, pupils and data subjects off the intranet page and team channels', () => {
    for (const name of ['appointments', 'referrals', 'submissions', 'data_subject_requests'])
      for (const agg of ['web_page', 'ops_notification'])
        assert.equal(mayCarry({ name: agg }, { name }), false, `${agg} over ${name}`);
  });

  it('sends them to a colleague or the user’s own file, and lets other records go to the intranet', () => {
    assert.equal(mayCarry({ name: 'summary_mail' }, { name: 'appointments' }), true);
    assert.equal(mayCarry({ name: 'report_doc' }, { name: 'appointments' }), true);
    assert.equal(mayCarry({ name: 'web_page' }, { name: 'work_orders' }), true);
  });

  it('draws no healthcare recipe that lists appointments on the intranet', () => {
    const only = { ...PARTS, sources: PARTS.sources.filter((s) => s.name === 'appointments') };
    for (let i = 0; i < 60; i++) {
      const recipe = chooseRecipe(createRng('aud', i), { domain: 'Healthcare', difficulty: 'medium' }, only);
      assert.ok(!['web_page', 'ops_notification'].includes(recipe.aggregate?.name ?? ''), recipe.aggregate?.name);
    }
  });
});
