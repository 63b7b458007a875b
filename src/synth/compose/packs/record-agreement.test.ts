import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import type { TextModel } from '../../rules/fields.js';
import type { Rec, SourcePart } from '../parts.js';
import { aheadOf } from '../sources/kit.js';
import { makeWorld } from '../world.js';
import { quietSpell } from './data-science.js';
import { FINDING_ASSETS, FINDING_SOURCES } from './finding-assets.js';
import { clientMatters, contracts } from './legal.js';
import { inspections, nonconformances } from './manufacturing-engineering.js';
import { findings, shopNote } from './manufacturing-engineering-notes.js';
import { designRequests, videoEdits } from './multimodal-generation.js';
import { dataSubjectRequests, securityFindings } from './safety-compliance.js';
import { FINDINGS } from './safety-compliance-data.js';
import { customers, transactions } from '../sources/records.js';
import { dashboards } from './data-science.js';
import { stories } from './content-media.js';
import { actions as schoolActions, courses, submissions } from './education-knowledge.js';
import { actsFrom } from '../sources/kit.js';
import { CLOSED } from '../compile/live-states.js';
import { dispositionFits } from './manufacturing-engineering-data.js';
import { householdBills, perDiemClaims } from './travel-lifestyle.js';

// a record's fields and texts agree with each other as a practitioner reads them (review 18 D3-D5): a finding
// affects the asset its title names, a design job is old enough for its rounds, an SOW never renews itself, a
// property tax bill is a few hundred euros a quarter

const world = (i: number) => makeWorld(createRng('agree', i), 'Safety_Compliance', 'hard', '2026-06-03T10:00:00Z');
const text = (src: SourcePart, field: string) => src.fields.find((m) => m.field === field) as TextModel;

describe('records that agree with themselves', () => {
  it('a data subject request just received says its identity check is next only while it is not verified', () => {
    const m = text(dataSubjectRequests, 'notes');
    for (let i = 0; i < 200; i++) {
      const w = world(i);
      const verified = i % 2 === 0;
      const note = m.write(w.rng, undefined, w.vocab, { status: 'received', identity_verified: verified });
      if (verified) assert.doesNotMatch(note, /identity check next|not yet checked/i, note);
      else assert.doesNotMatch(note, /identity confirmed|ID checked/i, note);
    }
  });

  it('every finding title has its asset, and a finding affects that asset on the side its flag says', () => {
    for (const [titles] of Object.values(FINDINGS)) for (const t of titles) assert.ok(FINDING_ASSETS[t], t);
    const m = text(securityFindings, 'description');
    assert.ok(m.ofRecord, 'the description is written for its record');
    for (let i = 0; i < 200; i++) {
      const w = world(i);
      const rec: Rec = {
        finding_id: 'SEC-1',
        severity: ['critical', 'high', 'medium', 'low'][i % 4],
        internet_facing: i % 3 === 0,
      };
      securityFindings.settle?.(rec, w);
      const [asset, exposure] = FINDING_ASSETS[String(rec.title)] ?? [];
      assert.ok(asset && exposure, String(rec.title));
      assert.ok(
        exposure === 'either' || (exposure === 'internet') === rec.internet_facing,
        `${rec.title} ${rec.internet_facing}`,
      );
      const said: string | undefined = m.write(w.rng, undefined, w.vocab, rec).match(/affects ([^.]+)/i)?.[1];
      if (said) assert.equal(said, asset);
    }
  });

  it('a design request was asked for long enough ago for its status and revision rounds', () => {
    for (let i = 0; i < 100; i++) {
      const w = world(i);
      const rec: Rec = {
        design_id: 'DSN-1',
        deliverable: 'poster',
        due_on: '2026-06-28',
        revision_rounds: 3,
        status: 'revisions',
        brand_approved: false,
      };
      designRequests.fixtures?.([rec], w);
      const age = (Date.parse('2026-06-03') - Date.parse(String(rec.requested_on))) / 86_400_000;
      assert.ok(age >= 3 * 3 + 4, `requested ${age} days ago with 3 rounds`);
      assert.ok(String(rec.requested_on) < String(rec.due_on));
    }
  });

  it('an internal edit (the all-hands video) is reviewed in house, never by a client', () => {
    const w = world(1);
    const changes = videoEdits.agree?.({ platform: 'internal all-hands', status: 'client review' }, w) ?? [];
    assert.deepEqual(changes[0], { status: 'internal review' });
    assert.ok(changes.slice(1).every((c) => c.platform && c.platform !== 'internal all-hands'));
    assert.deepEqual(videoEdits.agree?.({ platform: 'YouTube', status: 'client review', runtime_sec: 60 }, w), []);
    assert.deepEqual(
      videoEdits.agree?.({ platform: 'internal all-hands', status: 'internal review', runtime_sec: 60 }, w),
      [],
    );
  });

  it('an SOW or an NDA is never set to renew itself (the reason a policy spares them for says so)', () => {
    const w = world(1);
    for (const contract_type of ['SOW', 'NDA']) {
      const changes = contracts.agree?.({ contract_type, auto_renew: true, status: 'executed' }, w) ?? [];
      assert.deepEqual(changes[0], { auto_renew: false });
      assert.ok(changes.slice(1).every((c) => !['SOW', 'NDA'].includes(String(c.contract_type))));
    }
    assert.deepEqual(
      contracts.agree?.(
        {
          contract_type: 'SOW',
          auto_renew: false,
          status: 'executed',
          notice_deadline: '2026-07-01',
          notice_period_days: 30,
        },
        w,
      ),
      [],
    );
  });

  it('an observation NCR never requires a CAPA (the reason for sparing it from the ageing review says so)', () => {
    const w = world(3);
    const changes = nonconformances.agree?.({ severity: 'observation', capa_required: true }, w) ?? [];
    assert.deepEqual(changes[0], { capa_required: false });
    assert.ok(changes.slice(1).every((c) => c.severity !== 'observation'));
    assert.deepEqual(nonconformances.agree?.({ severity: 'major', capa_required: true }, w), []);
  });

  it('a bill comes to what its kind costs on its cycle, one cycle per kind in a household, and is overdue only after its due date', () => {
    for (let i = 0; i < 100; i++) {
      const w = world(i);
      const recs: Rec[] = [1, 2, 3].map((n) => ({
        bill_id: `HHB-${n}`,
        category: 'property tax',
        due_on: '2026-06-10',
        status: 'due',
        direct_debit: false,
      }));
      householdBills.fixtures?.(recs, w);
      assert.equal(new Set(recs.map((r) => r.billing_cycle)).size, 1, 'one cycle per kind in a household');
      for (const rec of recs) {
        assert.ok(['quarterly', 'annual'].includes(String(rec.billing_cycle)), String(rec.billing_cycle));
        assert.ok(Number(rec.amount) <= (rec.billing_cycle === 'quarterly' ? 280 : 1100), String(rec.amount));
      }
    }
    // (a bill due today is still due: the day itself is on the ahead side of its tense)
    const t = householdBills.tense;
    assert.ok(t);
    assert.ok(aheadOf(t, '2026-06-03', '2026-06-03T10:00:00Z'));
    assert.ok(!aheadOf(t, '2026-06-02', '2026-06-03T10:00:00Z'));
  });

  it('a story due to file today or later is not published yet (review 50: five published stories "due to file" today)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const w = world(i);
      for (const due_on of ['2026-06-03', '2026-06-10', '2026-06-01']) {
        const rec: Rec = { story_id: 'STY-1', story_format: 'feature', due_on, notes: 'Angle agreed.' };
        stories.fixtures?.([rec], w);
        const status = String(rec.status);
        seen.add(`${due_on}:${status}`);
        if (due_on >= '2026-06-03') assert.notEqual(status, 'published', `${due_on} ${status}`);
      }
    }
    // (one due before today may be out)
    assert.ok(seen.has('2026-06-01:published'), [...seen].join());
  });

  it("a per-diem claim's nights are its trip's: one trip per claim, its dates as many nights apart (review 51)", () => {
    const w = makeWorld(createRng('per-diem', 3), 'Travel_Lifestyle', 'hard', '2026-06-03T10:00:00Z');
    const claims: Rec[] = Array.from({ length: 12 }, (_, i) => ({
      ...perDiemClaims.make(w, `PDM-${100 + i}`, i),
      nights: 1 + (i % 7),
      submitted_on: '2026-05-20',
      allowance_type: 'full day',
      status: 'submitted',
    }));
    const trips = (perDiemClaims.fixtures?.(claims, w).travel?.trips ?? []) as Rec[];
    for (const c of claims) {
      const trip = trips.find((t) => t.trip_id === c.trip_id) as Rec;
      const nights = (Date.parse(String(trip.return_on)) - Date.parse(String(trip.depart_on))) / 86_400_000;
      assert.equal(nights, c.nights, `${c.per_diem_id} on ${c.trip_id}`);
    }
  });

  it('a course the task acts on or comes near is not cancelled; one in the background may be (review 51)', () => {
    const live = { status: CLOSED.courses?.live ?? [] };
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const w = world(i);
      const near: Rec = { ...courses.make(w, 'CRS-1', 0), starts_on: '2026-06-10' };
      const quiet: Rec = { ...courses.make(w, 'CRS-2', 1), starts_on: '2026-06-10' };
      actsFrom(near, live);
      courses.fixtures?.([near, quiet], w);
      assert.ok(live.status.includes(String(near.status)), String(near.status));
      seen.add(String(quiet.status));
    }
    assert.ok(seen.has('cancelled') && seen.has('open for enrolment'), [...seen].join());
  });

  it('an extension is granted only on work handed in late, at least a day late (review 52: extensions on work on time)', () => {
    const grant = schoolActions.find((a) => a.name === 'grant_extension');
    assert.deepEqual(grant?.from, { status: ['late'] });
    const w = world(4);
    const rec: Rec = { submission_id: 'SUB-1', status: 'late', late_days: 0, due_on: '2026-05-20' };
    const fixes = submissions.agree?.(rec, w) ?? [];
    // (the least lateness is offered, so a rule of "at most a day or two late" keeps its record)
    assert.ok(
      fixes.some((f) => f.late_days === 1),
      JSON.stringify(fixes),
    );
  });

  it('a meal is no four-figure bill: a large one is filed under another category or is smaller (review 52)', () => {
    const w = world(5);
    const rec: Rec = { transaction_id: 'TX-1', category: 'meals', amount: 2342.62, account: 'corporate-card' };
    const fixes = transactions.agree?.(rec, w) ?? [];
    assert.ok(fixes.length > 0);
    for (const f of fixes.filter((x) => !('merchant' in x)))
      assert.ok(f.category !== undefined || Number(f.amount) <= 600, JSON.stringify(f));
    assert.ok(fixes.some((f) => Number(f.amount) <= 600));
    assert.deepEqual(
      transactions.agree?.({ ...rec, amount: 86.4, merchant: undefined }, w)?.filter((f) => 'amount' in f),
      [],
    );
  });

  it('a dashboard opened many times this month was opened lately: its quiet spell fits its views', () => {
    const w = world(1);
    const rec: Rec = { dashboard_id: 'DSH-1', status: 'published', views_30d: 222, last_viewed_on: '2026-05-07' };
    const changes = dashboards.agree?.(rec, w) ?? [];
    assert.ok(changes.length > 0);
    for (const c of changes) {
      const after = { ...rec, ...c };
      const quiet = (Date.parse('2026-06-03') - Date.parse(String(after.last_viewed_on))) / 86_400_000;
      assert.ok(quiet <= quietSpell(Number(after.views_30d)), JSON.stringify(c));
    }
    // (a handful of views a month and none for weeks agree)
    assert.deepEqual(dashboards.agree?.({ ...rec, views_30d: 5 }, w), []);
  });

  it('a matter at intake is days or weeks old with little time on it: one months old with 75 hours is open', () => {
    const w = world(2);
    const rec: Rec = {
      matter_id: 'MAT-1',
      status: 'intake',
      conflict_cleared: true,
      unbilled_hours: 80,
      opened_on: '2025-12-05T09:00:00Z',
    };
    const changes = clientMatters.agree?.(rec, w) ?? [];
    assert.ok(changes.length > 0);
    for (const c of changes) {
      const after = { ...rec, ...c };
      const days = (Date.parse('2026-06-03') - Date.parse(String(after.opened_on))) / 86_400_000;
      assert.ok(after.status !== 'intake' || (days <= 30 && Number(after.unbilled_hours) <= 20), JSON.stringify(c));
    }
  });

  it('a matter awaiting its conflict check is not months old nor full of hours: it is opened lately, or cleared', () => {
    const w = world(2);
    const rec: Rec = {
      matter_id: 'MAT-2',
      status: 'conflict check pending',
      conflict_cleared: false,
      unbilled_hours: 130.5,
      opened_on: '2025-11-26T09:00:00Z',
    };
    const changes = clientMatters.agree?.(rec, w) ?? [];
    // (every way out the rule may need: fewer hours, a recent opening, or the matter cleared and open)
    assert.ok(changes.some((c) => c.status === 'open' && c.conflict_cleared === true));
    for (const c of changes) {
      const after = { ...rec, ...c };
      const days = (Date.parse('2026-06-03') - Date.parse(String(after.opened_on))) / 86_400_000;
      const waiting = after.status === 'conflict check pending';
      assert.ok(!waiting || days <= 30 || Number(after.unbilled_hours) <= 4, JSON.stringify(c));
    }
  });

  it('a finding comes from a source that finds findings like it: no autocomplete from a cloud posture scan', () => {
    const w = world(2);
    let moved = 0;
    for (const severity of Object.keys(FINDINGS))
      for (const internet_facing of [true, false])
        for (const source of FINDING_SOURCES) {
          const rec: Rec = { finding_id: 'SEC-1', severity, internet_facing, source, remediation_due: '2026-06-03' };
          const changes = securityFindings.agree?.(rec, w) ?? [];
          if (changes.length) moved++;
          for (const c of changes)
            assert.deepEqual(securityFindings.agree?.({ ...rec, ...c }, w), [], JSON.stringify(c));
        }
    assert.ok(moved > 0, 'some source finds none of a severity’s findings');
  });

  it('a work order’s shop-floor note is its line’s: no CNC program or bar stock on a paint line (review 56)', () => {
    const seen = new Set<string>();
    for (const line of ['machining', 'welding', 'assembly', 'paint', 'test', 'packing'])
      for (const status of ['planned', 'released', 'in progress'])
        for (let i = 0; i < 60; i++) {
          const note = shopNote(createRng('shop-note', line, status, i), undefined, undefined, {
            line,
            status,
            material_shortage: i % 2 === 0,
          });
          if (line !== 'machining') assert.doesNotMatch(note, /CNC|bar stock|blanks|castings/i, `${line}: ${note}`);
          else if (/CNC|bar stock/.test(note)) seen.add(line);
        }
    assert.ok(seen.has('machining'), 'a machining order still has its CNC program');
  });

  it('a line check’s findings log is a line check’s: no hangar slot, work pack, AD review or borescope', () => {
    assert.ok((inspections.fields.find((m) => m.field === 'findings') as TextModel).ofRecord);
    for (const check_type of ['daily check', 'weekly check'])
      for (let i = 0; i < 100; i++) {
        const log = findings(createRng('line-check', check_type, i), i % 2 ? 'tyre cut' : undefined, undefined, {
          check_type,
        });
        assert.doesNotMatch(log, /hangar|work pack|ADs|borescope|deferred defects? carried/i, log);
      }
  });

  it('an AOG check’s log says the aircraft is grounded, never that the check fits a turnaround', () => {
    for (const check_type of ['daily check', 'weekly check', 'A-check'])
      for (let i = 0; i < 100; i++) {
        const log = findings(createRng('aog', check_type, i), undefined, undefined, { check_type, aog: true });
        assert.doesNotMatch(log, /turnaround|consumables ready/i, log);
      }
  });

  it('no critical NCR, nor a cracked weld or the wrong material, is used as is', () => {
    assert.ok(!dispositionFits('use as is', { severity: 'critical', defect_type: 'dimensional' }));
    assert.ok(!dispositionFits('use as is', { severity: 'major', defect_type: 'wrong material' }));
    assert.ok(dispositionFits('use as is', { severity: 'minor', defect_type: 'surface finish' }));
    assert.ok(!dispositionFits('scrap', { severity: 'observation', defect_type: 'surface finish' }));
    for (let i = 0; i < 60; i++) {
      const recs: Rec[] = ['critical', 'major'].map((severity, n) => ({
        ncr_id: `NCR-${n}`,
        severity,
        defect_type: 'wrong material',
        supplier: 'in-house',
        work_order_id: 'WO-1',
        quantity_affected: 3,
      }));
      nonconformances.fixtures?.(recs, world(i));
      for (const rec of recs) assert.ok(!['use as is', 'return to supplier'].includes(String(rec.disposition)));
    }
  });

  it('an account whose contract has ended is churned or renewed, never still live on the old contract', () => {
    for (let i = 0; i < 50; i++) {
      const w = world(i);
      const rec = { status: i % 2 ? 'active' : 'at_risk', contract_end_date: '2026-05-20', health_score: 40 };
      const changes = customers.agree?.(rec, w) ?? [];
      assert.equal(changes.length, 2);
      for (const c of changes)
        assert.ok(c.status === 'churned' || String(c.contract_end_date) > '2026-06-03', JSON.stringify(c));
    }
    assert.deepEqual(
      customers.agree?.({ status: 'active', contract_end_date: '2026-07-20', health_score: 80 }, world(1)),
      [],
    );
  });

  it('a household has one account per property tax bill in a cycle: no two Local Property Tax bills on one home', () => {
    for (let i = 0; i < 60; i++) {
      const w = world(i);
      const recs: Rec[] = [1, 2].map((n) => ({ bill_id: `HHB-${n}`, category: 'property tax', due_on: '2026-06-10' }));
      if (i % 2) recs.push({ bill_id: 'HHB-3', category: 'water', due_on: '2026-06-12' });
      // (the bills' kinds are the rule's: none may change)
      householdBills.companions?.(
        recs,
        w,
        () => false,
        () => true,
      );
      const tax = recs.filter((r) => r.category === 'property tax');
      assert.equal(new Set(tax.map((r) => r.provider)).size, 2, JSON.stringify(recs));
      // (nor a water bill in Ireland, whose homes pay none)
      assert.ok(
        recs.every((r) => r.provider !== 'Utility company'),
        JSON.stringify(recs),
      );
    }
  });

  it('a dataset a dashboard reads is described by its own table’s grain, after the dashboard picks the table', () => {
    for (let i = 0; i < 40; i++) {
      const w = world(i);
      const recs: Rec[] = [1, 2, 3].map((n) => ({
        dashboard_id: `DB-${n}`,
        dataset_id: `DS-10${n}`,
        audience: ['finance', 'sales ops', 'marketing'][n - 1],
        status: 'published',
      }));
      const fx = dashboards.fixtures?.(recs, w) ?? {};
      const sets = Object.values(fx).flatMap((t) => Object.values(t as Record<string, unknown>));
      const ds = sets.flat().filter((r): r is Rec => typeof (r as Rec).table_name === 'string');
      assert.ok(ds.length);
      for (const d of ds) {
        const grain = /one row per ([a-z ]+?)(?: item per day)?[.;,]/i.exec(String(d.description))?.[1];
        if (!grain || grain === 'day' || grain === 'order line' || grain === 'event') continue;
        const stem = grain.split(' ')[0]?.slice(0, 4) ?? '';
        assert.ok(String(d.table_name).includes(stem), `${d.table_name}: ${d.description}`);
      }
    }
  });
});
