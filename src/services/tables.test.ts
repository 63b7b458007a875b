import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEpisode } from '../env/episode.js';
import { makeSpec } from '../schema/testing.js';
import { staticDiagnostics } from '../validate/index.js';
import { clinic } from './domains/clinic.js';
import { portfolio } from './domains/portfolio.js';
import { SERVICES } from './registry.js';
import { defineTableService } from './tables.js';

// the table services (src/services/domains/): tools, records and audit lists follow from typed fields

const referral = (id: string, over: Record<string, unknown> = {}) => ({
  referral_id: id,
  patient: 'Maria Lopez',
  specialty: 'cardiology',
  urgency: 'urgent',
  referred_on: '2026-03-02',
  referring_clinician: 'dr.shah@ashford-clinic.example',
  funding: 'NHS',
  status: 'sent',
  chased: false,
  notes: 'Palpitations on exertion; ECG attached.',
  ...over,
});
const spec = makeSpec({
  services: ['clinic'],
  fixtures: {
    clinic: {
      referrals: [
        referral('REF-1001'),
        referral('REF-1002', { specialty: 'dermatology', urgency: 'routine', status: 'booked', notes: 'Mole check.' }),
      ],
    },
  },
});
const body = (content: string) => JSON.parse(content) as Record<string, any>;

describe('table services', () => {
  it('derives list (enum filters, text search), get and update tools and an audit list per table', () => {
    const names = clinic.tools.map((t) => t.name);
    assert.ok(names.includes('clinic_list_referrals'));
    assert.ok(names.includes('clinic_get_referral'));
    assert.ok(names.includes('clinic_update_referral'));
    assert.ok(clinic.audit.updated_referrals);
    assert.equal(clinic.collections.referrals?.id, 'referral_id');
    const e = createEpisode(spec, { seed: 1 });
    assert.equal(body(e.call('clinic_list_referrals', {}).content).total, 2);
    assert.deepEqual(
      body(e.call('clinic_list_referrals', { urgency: 'urgent' }).content).referrals.map((r: any) => r.referral_id),
      ['REF-1001'],
    );
    assert.equal(body(e.call('clinic_list_referrals', { query: 'MOLE' }).content).referrals[0].referral_id, 'REF-1002');
    assert.equal(body(e.call('clinic_get_referral', { referral_id: 'REF-1002' }).content).status, 'booked');
    const u = e.call('clinic_update_referral', { referral_id: 'REF-1001', status: 'on hold', chased: true });
    assert.equal(body(u.content).referral.status, 'on hold');
    const audit = e.audit().records.clinic?.updated_referrals ?? [];
    assert.deepEqual(
      audit.map((r) => [r.referral_id, r.status, r.chased]),
      [['REF-1001', 'on hold', true]],
    );
  });

  it('names an initialism as written, with the article of its sound, and keys its tools in lower case', () => {
    // (review: "Update a fx exposure" in a tool's description)
    const update = portfolio.tools.find((t) => t.name === 'portfolio_update_fx_exposure');
    assert.ok(update, portfolio.tools.map((t) => t.name).join(', '));
    assert.match(update.description, /^Update an FX exposure: /);
    assert.ok(portfolio.collections.fx_exposures);
    assert.ok(
      portfolio.tools.some((t) => t.name === 'portfolio_list_fx_exposures' && /List FX exposures/.test(t.description)),
    );
    const blurbs = SERVICES.flatMap((svc) => svc.tools.map((t) => t.description));
    assert.deepEqual(
      blurbs.filter(
        (d) => /\b(?:a|an) (?:fx|gp|kpi|sla|bi|ncr)\b/i.test(d) && !/\ban (?:FX|SLA|NCR)\b|\ba (?:GP|KPI|BI)\b/.test(d),
      ),
      [],
    );
  });

  it('refuses what the fields do not allow: unknown values, fields that do not change, empty updates, missing records', () => {
    const e = createEpisode(spec, { seed: 1 });
    assert.equal(e.call('clinic_list_referrals', { urgency: 'asap' }).error?.code, 'invalid_argument');
    assert.equal(
      e.call('clinic_update_referral', { referral_id: 'REF-1001', specialty: 'neurology' }).error?.code,
      'invalid_argument',
    );
    assert.match(
      e.call('clinic_update_referral', { referral_id: 'REF-1001' }).error?.message ?? '',
      /nothing to update/,
    );
    assert.equal(e.call('clinic_get_referral', { referral_id: 'REF-9' }).error?.code, 'not_found');
  });

  it('fixtures are checked against the typed fields (gate step 3)', async () => {
    const bad = makeSpec({
      services: ['clinic'],
      fixtures: { clinic: { referrals: [referral('REF-1', { urgency: 'whenever', referred_on: '2026-02-30' })] } },
    });
    const d = await staticDiagnostics(bad);
    assert.ok(
      d.some((x) => /urgency/.test(`${x.path} ${x.message}`)),
      JSON.stringify(d),
    );
    assert.ok(
      d.some((x) => /referred_on/.test(`${x.path} ${x.message}`)),
      JSON.stringify(d),
    );
  });

  it('every domain system is registered once and names its tools after itself', () => {
    for (const s of SERVICES.filter(
      (x) => Object.values(x.collections).length && x.tools.every((t) => t.name.startsWith(`${x.name}_`)),
    ))
      assert.ok(s.tools.length >= 2, s.name);
    const toy = defineTableService({
      name: 'toy',
      description: 'toy',
      tables: [
        {
          noun: ['item', 'items'],
          id: 'item_id',
          prefix: 'IT-',
          about: 'items',
          fields: { n: { kind: 'number', about: 'count' } },
        },
      ],
    });
    // a table with nothing to change has no update tool and no audit list
    assert.deepEqual(
      toy.tools.map((t) => t.name),
      ['toy_list_items', 'toy_get_item'],
    );
    assert.deepEqual(Object.keys(toy.audit), []);
  });
});
