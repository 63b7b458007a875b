import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import type { TextModel } from '../../rules/fields.js';
import type { Rec, SourcePart } from '../parts.js';
import { jobs } from '../sources/operations.js';
import { accessNote, RECENT_USE, setIdle } from './access-notes.js';
import { workflows } from './automation-platform.js';
import { WORKFLOWS } from './automation-platform-data.js';
import { episodes } from './content-media.js';
import { bankHolidays, courtClosed, toCourtDay } from './court-days.js';
import { inspections, nonconformances, workOrders } from './manufacturing-engineering.js';
import { accessReviews } from './safety-compliance.js';
import { householdBills } from './travel-lifestyle.js';
import { ACTIVE_MOST, FAILING_LEAST, fitting } from './workflow-week.js';
import { makeWorld } from '../world.js';
import { generateProcedural } from '../../generators.js';
import { SCENARIOS } from '../../../schema/taxonomy.js';

// a field that depends on others is drawn from them (review 20 classes 2, 3, 6, 7, 8, 11): a workflow's runs from
// its cadence and last run, its status from its failure rate; an access note from the account's last use; an
// NCR's disposition from its source and its text from its defect; a household's bills one per account per cycle;
// a disabled job's last run before today; a court date on a day the courts sit

const TODAY = '2026-06-10T10:00:00Z';
const world = (i: number) => makeWorld(createRng('depend', i), 'Automation_Platform', 'hard', TODAY);
const text = (src: SourcePart, field: string) => src.fields.find((m) => m.field === field) as TextModel;
const daysBefore = (d: number) => new Date(Date.parse(TODAY) - d * 86_400_000).toISOString().slice(0, 10);

describe('fields drawn from the fields they depend on', () => {
  it('a failing workflow that fits no cadence with its last run is offered a last run and a trigger that fit', () => {
    const w = world(1);
    // (every status held: the task acts from it, so only the last run and the trigger may move)
    const rec: Rec = {
      workflow_id: 'WF-1',
      trigger: 'schedule',
      status: 'failing',
      failures_7d: 29,
      last_run_on: daysBefore(3),
    };
    assert.equal(fitting(rec.trigger, rec.status, 29, 3).length, 0);
    const changes = (workflows.agree?.(rec, w) ?? []).filter((c) => !('status' in c) && !('failures_7d' in c));
    assert.ok(changes.length > 0);
    for (const c of changes) {
      const r = { ...rec, ...c };
      const since = (Date.parse(TODAY.slice(0, 10)) - Date.parse(String(r.last_run_on))) / 86_400_000;
      assert.ok(fitting(r.trigger, r.status, 29, since).length > 0, JSON.stringify(c));
    }
  });

  it("a workflow's runs this week follow its cadence up to its last run, and its status its failure rate", () => {
    const statuses = ['active', 'failing', 'paused'];
    const triggers = [...new Set(WORKFLOWS.map((x) => x[2]))];
    for (let i = 0; i < 300; i++) {
      const w = world(i);
      const since = i % 7;
      const rec: Rec = {
        workflow_id: `WF-${i}`,
        trigger: triggers[i % triggers.length],
        status: statuses[i % 3],
        failures_7d: (i * 7) % 12,
        last_run_on: daysBefore(since),
      };
      // (the rule fields made to agree first, as a task's records are)
      for (let round = 0; round < 4; round++) {
        const change = workflows.agree?.(rec, w)[0];
        if (!change) break;
        Object.assign(rec, change);
      }
      workflows.fixtures?.([rec], w);
      const runs = Number(rec.runs_7d);
      const failures = Number(rec.failures_7d);
      const sinceLast = (Date.parse(TODAY.slice(0, 10)) - Date.parse(String(rec.last_run_on))) / 86_400_000;
      const wf = WORKFLOWS.find((x) => String(rec.name).startsWith(x[0]));
      assert.ok(wf, String(rec.name));
      assert.ok(runs >= failures, `${rec.name}: ${failures} of ${runs}`);
      if (rec.status === 'active' && runs) assert.ok(failures / runs <= ACTIVE_MOST, `active ${failures}/${runs}`);
      if (rec.status === 'failing') assert.ok(failures / runs >= FAILING_LEAST, `failing ${failures}/${runs}`);
      // a schedule runs at most its weekly count scaled to the days up to its last run; an active one has run since
      if (wf[2] === 'schedule') {
        assert.ok(runs <= Math.max(1, Math.ceil((wf[4] * (7 - sinceLast)) / 7)), `${rec.name} ${sinceLast}d ${runs}`);
        if (rec.status === 'active') assert.ok(sinceLast === 0 || 7 / wf[4] >= sinceLast, `${rec.name} ${sinceLast}d`);
      } else if (rec.status !== 'paused' && sinceLast >= 3) assert.ok(runs <= 3, `${rec.name} ${sinceLast}d ${runs}`);
    }
  });

  it('a daily or weekly line check never waits for parts, nor is itself deferred or extended (the MEL defers defects)', () => {
    const states = new Set<unknown>();
    for (let i = 0; i < 40; i++) {
      const w = world(i);
      const check_type = i % 2 ? 'daily check' : 'weekly check';
      const records: Rec[] = [{ inspection_id: `INS-${i}`, check_type, due_date: daysBefore(-2) }];
      inspections.fixtures?.(records, w);
      states.add(records[0]?.status);
    }
    assert.ok(!states.has('awaiting parts'), [...states].join(', '));
    assert.ok(!states.has('extended (tolerance)') && !states.has('deferred (MEL)'), [...states].join(', '));
    assert.ok(states.has('in work') && states.has('certified'), [...states].join(', '));
  });

  it('a paused workflow last ran before today (its ways out: an earlier last run, else active)', () => {
    const w = world(1);
    const rec: Rec = { trigger: 'schedule', status: 'paused', failures_7d: 0, last_run_on: TODAY.slice(0, 10) };
    const ways = workflows.agree?.(rec, w) ?? [];
    assert.ok(ways.length >= 2, JSON.stringify(ways));
    assert.ok(String(ways[0]?.last_run_on) < TODAY.slice(0, 10), JSON.stringify(ways[0]));
    assert.ok(ways.some((x) => x.status === 'active'));
    assert.deepEqual(workflows.agree?.({ ...rec, last_run_on: daysBefore(2) }, w) ?? [], []);
  });

  it('an access note speaks of use only on an account used lately and not being revoked', () => {
    const w = world(1);
    assert.ok(text(accessReviews, 'notes').ofRecord, 'the note is written for its record');
    for (let i = 0; i < 400; i++) {
      const idle = i % 180;
      const decision = ['pending', 'keep', 'revoke'][i % 3];
      const rec = { decision };
      setIdle(rec, idle);
      const note = accessNote(w.rng, undefined, undefined, rec);
      if (idle > RECENT_USE || decision === 'revoke') assert.doesNotMatch(note, /confirmed the need|month-end/i);
    }
    assert.doesNotMatch(accessNote(w.rng, undefined, undefined), /confirmed the need|month-end/i);
  });

  it('an access review carries its last use as a date only: no field holds the days since (review 36)', () => {
    const w = world(1);
    const rec: Rec = { system: 'Okta', privileged: true, last_used_on: daysBefore(45), decision: 'pending' };
    accessReviews.settle?.(rec, w);
    const fx = accessReviews.fixtures?.([rec], w) ?? {};
    const [out] = (fx.grc?.access_reviews ?? []) as Rec[];
    assert.equal(out?.last_used_on, daysBefore(45));
    assert.ok(!Object.values(out ?? {}).includes(45), JSON.stringify(out));
    // the note still reads the idle days: a 45-day-idle account's note never confirms a current need
    for (let i = 0; i < 50; i++)
      assert.doesNotMatch(accessNote(w.rng, undefined, undefined, rec), /confirmed the need|month-end/i);
  });

  it("an NCR's disposition follows its source, its description its defect type", () => {
    const m = text(nonconformances, 'description');
    for (let i = 0; i < 200; i++) {
      const w = world(i);
      const rec: Rec = { ncr_id: `NCR-${i}`, supplier: 'in-house', defect_type: 'labelling', quantity_affected: 4 };
      nonconformances.fixtures?.([rec], w);
      assert.notEqual(rec.disposition, 'return to supplier');
      assert.doesNotMatch(m.write(w.rng, undefined, w.vocab, rec), /CMM|tolerance/);
      const dim = m.write(w.rng, undefined, w.vocab, { ...rec, defect_type: 'contamination' });
      assert.doesNotMatch(dim, /CMM|tolerance/);
    }
  });

  it('a work order completed or closed is not short of material', () => {
    const w = world(2);
    const changes = workOrders.agree?.({ status: 'completed', material_shortage: true }, w) ?? [];
    assert.deepEqual(changes[0], { material_shortage: false });
    assert.ok(changes.slice(1).every((c) => !['completed', 'closed'].includes(String(c.status))));
    assert.deepEqual(workOrders.agree?.({ status: 'on hold', material_shortage: true }, w), []);
  });

  it("a household's bills are one per account per cycle: its bills of a kind are its accounts there", () => {
    for (let i = 0; i < 60; i++) {
      const w = world(i);
      const recs: Rec[] = [
        'energy',
        'energy',
        'property tax',
        'home insurance',
        'home insurance',
        'streaming',
        'streaming',
      ].map((category, n) => ({
        bill_id: `HHB-${n}`,
        category,
        due_on: '2026-06-12',
        status: 'due',
        direct_debit: false,
      }));
      householdBills.companions?.(
        recs,
        w,
        () => false,
        () => false,
      );
      householdBills.fixtures?.(recs, w);
      const providers = recs.map((r) => String(r.provider));
      assert.equal(new Set(providers).size, providers.length, providers.join(', '));
    }
    // (where the task's part for a repeat allows, it becomes another kind of bill)
    const w = world(99);
    const recs: Rec[] = [0, 1, 2, 3].map((n) => ({ bill_id: `HHB-${n}`, category: 'broadband', due_on: '2026-06-12' }));
    householdBills.companions?.(
      recs,
      w,
      (rec, change) => Boolean(Object.assign(rec, change)),
      () => false,
    );
    householdBills.fixtures?.(recs, w);
    assert.equal(recs.filter((r) => r.category === 'broadband').length, 1);
    assert.equal(new Set(recs.map((r) => r.provider)).size, 4);
  });

  it('a disabled job last ran before today (it ran before it was switched off)', () => {
    const w = world(4);
    const rec: Rec = {
      enabled: false,
      last_run: '2026-06-10T01:10:00Z',
      cron_expression: '10 1 * * *',
      created_at: '2026-01-02T09:00:00Z',
    };
    const changes = jobs.agree?.(rec, w) ?? [];
    assert.ok(String(changes[0]?.last_run) < '2026-06-10', JSON.stringify(changes[0]));
    assert.ok(String(changes[0]?.last_run).endsWith('T01:10:00Z'));
    assert.ok(changes.some((c) => c.enabled === true));
  });

  it('a court date falls on a day the courts sit: never a weekend or a bank holiday', () => {
    const h = bankHolidays(2026);
    for (const d of ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25'])
      assert.ok(h.has(d), d);
    // (Boxing Day 2026 is a Saturday: its holiday is the Monday after)
    assert.ok(h.has('2026-12-28'));
    assert.ok(courtClosed('2026-12-26') && courtClosed('2026-12-25T10:00:00Z'));
    assert.ok(!courtClosed('2026-12-29'));
    assert.deepEqual(toCourtDay('2026-12-29'), []);
    const moves = toCourtDay('2026-12-25');
    assert.equal(moves[0], '2026-12-24');
    assert.ok(moves.includes('2026-12-29') && !moves.some((d) => courtClosed(d)));
  });

  it("an episode's medium is its show's, one per show in a task: an audio edition is audio", () => {
    for (let i = 0; i < 50; i++) {
      const w = world(i);
      const recs: Rec[] = [0, 1, 2].map((n) => ({
        episode_id: `EPI-${n}`,
        show: n < 2 ? 'Tech Unpacked' : 'The Long Read (audio)',
        release_on: '2026-06-20',
      }));
      episodes.fixtures?.(recs, w);
      assert.equal(recs[0]?.medium, recs[1]?.medium);
      assert.equal(recs[2]?.medium, 'audio podcast');
    }
  });

  it("a user's mid-task change carries what follows from it: an account made privileged holds its system's admin role and its permissions", () => {
    const paths = SCENARIOS.Safety_Compliance;
    let seen = 0;
    for (let seed = 1; seed <= 24; seed++) {
      const spec = generateProcedural({
        generator: 'compose',
        id: `late_${seed}`,
        seed,
        difficulty: 'hard',
        mockToday: '2026-03-10',
        scenarioPath: `Safety_Compliance/${paths[seed % paths.length]}`,
      });
      const change = spec.user?.signals?.find((g) => g.id === 'record_changed')?.effect;
      const set = change?.update_record?.set as Rec | undefined;
      if (spec.provenance?.record_type !== 'grc.access_reviews' || !set || !('privileged' in set)) continue;
      seen++;
      const rec = (spec.fixtures?.grc?.access_reviews as Rec[]).find(
        (r) => r.review_id === change?.update_record?.record_id,
      );
      assert.ok(rec);
      assert.deepEqual(
        { role: set.role, permissions: set.permissions },
        accessReviews.follows?.({ ...rec, ...set }),
        JSON.stringify(set),
      );
      assert.notEqual(set.role, rec.role);
      // the user speaks of the access level, not of the role that goes with it
      assert.doesNotMatch(String(change?.say), /\brole\b/);
    }
    assert.ok(seen >= 2, `${seen} changes to privileged`);
  });
});
