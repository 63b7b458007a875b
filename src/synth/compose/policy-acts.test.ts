import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { lintText } from '../kit/lint.js';
import { drawRule, type Lean } from '../rules/draw.js';
import { type Atom, atomsOf } from '../rules/rule.js';
import { CONCERNS } from './concerns.js';
import { WINDOWS } from './criteria.js';
import { reasonOf, reviewReasonOf } from './policy-act.js';
import { ACTS, actNamed, formsOf } from './policy-acts.js';
import { PARTS } from './registry.js';
import { PACK_ACTIONS } from './packs/index.js';

// a policy's sections are the work its record type really has (policy-acts.ts): every one leans on fields and
// values the record type holds, every rule it gives draws, and the task's own section has its reason.

describe('policy acts', () => {
  it('say no state in a reason whose rule does not test it', () => {
    const start = actNamed('tasks', 'Work to start');
    assert.ok(start);
    const priority = { all: [{ kind: 'in' as const, field: 'priority', values: ['high', 'urgent'] }] };
    assert.doesNotMatch(reasonOf(start, priority), /not started/);
    const both = { all: [...priority.all, { kind: 'in' as const, field: 'status', values: ['pending'] }] };
    assert.match(reasonOf(start, both), /not started/);
    // every such reason belongs to a field the act leans on
    for (const acts of Object.values(ACTS))
      for (const a of acts) for (const f of Object.keys(a.whyWithout ?? {})) assert.ok(f in (a.lean ?? {}), f);
  });

  it("say a review act's own reason only over a rule that tests every field it turns on", () => {
    const review = actNamed('tasks', 'Review');
    assert.ok(review);
    const priority = { all: [{ kind: 'in' as const, field: 'priority', values: ['high', 'urgent'] }] };
    assert.equal(reviewReasonOf(review, priority), undefined);
    const overdue = {
      all: [
        { kind: 'older' as const, field: 'due_date', days: 3 },
        { kind: 'in' as const, field: 'status', values: ['pending', 'in_progress'] },
      ],
    };
    assert.match(reviewReasonOf(review, overdue) ?? '', /Overdue/);
  });

  it("give an action's forms on a record type each its own deciding fields", () => {
    // a fixed rule per record type learns the fields every task of it turns on: the forms of one action (the
    // reasons to pause an A/B test, to water a plot) never turn on the same fields, so the deciding field varies
    for (const [src, acts] of Object.entries(ACTS)) {
      const actions = new Set(acts.flatMap((a) => (a.of ? [a.of] : [])));
      for (const action of actions) {
        const keys = formsOf(src, action).map((a) => [...(a.must ?? [])].sort().join('+'));
        assert.equal(new Set(keys).size, keys.length, `${src} ${action}: ${keys.join(', ')}`);
      }
    }
    // the record types a fixed rule solved (review 17): each action drawn for them has several reasons
    for (const [src, action] of [
      ['experiments', 'pause_experiment'],
      ['appointments', 'cancel_appointment'],
      ['field_plots', 'schedule_irrigation'],
      ['household_bills', 'mark_bill_paid'],
      ['submissions', 'grant_extension'],
      ['vendor_assessments', 'send_questionnaire'],
      ['security_findings', 'triage_finding'],
      ['design_requests', 'hold_design'],
      ['video_edits', 'cut_cover'],
      ['tasks', 'review_meeting'],
    ] as const)
      assert.ok(formsOf(src, action).length >= 2, `${src} ${action}`);
  });

  it('give every record type at least two kinds of work, on fields and values it has', () => {
    for (const src of PARTS.sources) {
      const acts = ACTS[src.name] ?? [];
      assert.ok(acts.length >= 2, `${src.name}: ${acts.length} acts`);
      for (const a of acts) {
        assert.ok(a.why.endsWith('.') && a.why.length < 160, `${src.name} ${a.sections[0]}: ${a.why}`);
        assert.deepEqual(lintText(a.why, '2026-06-17T09:00:00Z'), [], a.why);
        for (const [field, lean] of Object.entries(a.lean ?? {})) {
          const m = src.fields.find((x) => x.field === field);
          assert.ok(m && m.rule !== false, `${src.name}.${field}: no rule field`);
          // a list leans on enum values, or on the terms of a note that call for the work ("freelance")
          if (Array.isArray(lean)) {
            assert.ok(m.kind === 'enum' || m.kind === 'text', `${src.name}.${field}`);
            const known = m.kind === 'enum' ? m.values : m.kind === 'text' ? m.terms : [];
            for (const v of lean as string[]) assert.ok(known.includes(v), `${src.name}.${field}: ${v}`);
          }
        }
      }
    }
  });

  it('name the state a switch-off works on: a section stopping something says its records have it on', () => {
    // ("Boost stop" over posts going out soon, without "boosted", covers the organic posts as well)
    let stops = 0;
    for (const action of PACK_ACTIONS) {
      const [field, value] = Object.entries(action.writes ?? {})[0] ?? [];
      if (value !== false || !field) continue;
      for (const src of action.sources)
        for (const section of action.sections) {
          const a = actNamed(src, section);
          if (!a) continue;
          stops++;
          assert.equal(a.lean?.[field], true, `${src} ${section}: ${field}`);
        }
    }
    assert.ok(stops > 0);
  });

  it('draw a rule for every act, on its own side of the fields', () => {
    const rng = createRng(7);
    for (const src of PARTS.sources)
      for (const a of ACTS[src.name] ?? [])
        for (const d of ['easy', 'medium', 'hard'] as const)
          for (let i = 0; i < 5; i++) {
            const r = drawRule(src.fields, rng, d, { ...CONCERNS[src.name], ...a.lean });
            for (const atom of r.all) {
              const lean = a.lean?.[atom.field];
              if (Array.isArray(lean) && atom.kind === 'in')
                assert.ok(
                  atom.values.every((v) => (lean as string[]).includes(v)),
                  `${src.name} ${a.sections[0]}`,
                );
            }
          }
  });

  it('name every field an act leans on, on its side, and never except the side its reason calls for', () => {
    // whether a condition takes the side a lean calls for
    const onSide = (atom: Atom, lean: Lean): boolean => {
      if (Array.isArray(lean))
        return atom.kind === 'in'
          ? atom.values.every((v) => lean.includes(v))
          : atom.kind === 'mentions'
            ? lean.includes(atom.term)
            : false;
      if (typeof lean === 'boolean') return atom.kind === 'flag' && atom.value === lean;
      if (lean === 'high') return atom.kind === 'at_least';
      if (lean === 'low') return atom.kind === 'at_most';
      if (lean === 'ahead') return atom.kind === 'due_within';
      if (lean === 'stale') return atom.kind === 'older' || atom.kind === 'overdue';
      return atom.kind === 'recent';
    };
    const rng = createRng(11);
    for (const src of PARTS.sources)
      for (const a of ACTS[src.name] ?? []) {
        const lean = { ...CONCERNS[src.name], ...a.lean };
        for (const d of ['easy', 'medium', 'hard'] as const)
          for (let i = 0; i < 6; i++) {
            const r = drawRule(src.fields, rng, d, lean, a.must);
            const what = `${src.name} ${a.sections[0]}: ${JSON.stringify(r)}`;
            for (const f of a.must ?? [])
              assert.ok(
                r.all.some((x) => x.field === f && onSide(x, lean[f] as Lean)),
                what,
              );
            for (const x of [...r.all, ...(r.any ?? [])]) {
              const l = lean[x.field];
              if (l !== undefined && l !== 'unrelated' && l !== 'scope') assert.ok(onSide(x, l), what);
            }
            const l = r.unless && lean[r.unless.field];
            // a field that only narrows the work never excepts from it
            if (r.unless && l === 'scope') assert.fail(`exception on a scope: ${what}`);
            if (r.unless && l !== undefined && l !== 'unrelated' && l !== 'scope')
              assert.ok(!onSide(r.unless, l), `exception on the called side: ${what}`);
          }
      }
  });

  it('take the whole class a reason names, at the magnitudes it claims', () => {
    const rng = createRng(5);
    for (const src of PARTS.sources)
      for (const a of ACTS[src.name] ?? []) {
        const lean = { ...CONCERNS[src.name], ...a.lean };
        for (const d of ['easy', 'medium', 'hard'] as const)
          for (let i = 0; i < 6; i++) {
            const r = drawRule(src.fields, rng, d, lean, a.must, Object.keys(a.lean ?? {}), a.bounds, !a.waits);
            const what = `${src.name} ${a.sections[0]}: ${JSON.stringify(r)}`;
            for (const x of [...r.all, ...(r.any ?? [])]) {
              const l = a.lean?.[x.field];
              const m = src.fields.find((f) => f.field === x.field);
              // "what staff paid themselves" is cash and a personal card, never one of them alone
              if (Array.isArray(l) && x.kind === 'in' && m?.kind === 'enum' && !a.waits && l.length < m.values.length)
                assert.deepEqual([...x.values].sort(), [...l].sort(), what);
              const b = a.bounds?.[x.field];
              if (b && (x.kind === 'at_most' || x.kind === 'at_least'))
                assert.ok(x.value >= b[0] && x.value <= b[1], what);
              if (b && 'days' in x) assert.ok(x.days >= b[0] && x.days <= b[1], what);
            }
          }
      }
    // a receipt paid in cash and one paid on a personal card are both paid back
    const receipts = PARTS.sources.find((s) => s.name === 'receipt_scans');
    const pay = actNamed('receipt_scans', 'Reimbursement');
    assert.ok(receipts && pay);
    const r = drawRule(receipts.fields, rng, 'easy', pay.lean, pay.must);
    assert.deepEqual(
      r.all.find((x) => x.field === 'payment'),
      {
        kind: 'in',
        field: 'payment',
        values: ['personal card', 'cash'],
      },
    );
  });

  it("name the reason of every action's section on the record types it applies to", () => {
    for (const action of PARTS.actions)
      for (const src of PARTS.sources) {
        if (!action.sources.includes(src.name) || action.sources.includes('*')) continue;
        const own = (ACTS[src.name] ?? []).find((a) => a.of === action.name);
        const sections = own?.sections ?? action.sections;
        assert.ok(
          sections.some((s) => actNamed(src.name, s)),
          `${action.name} on ${src.name}: no reason for ${sections.join('/')}`,
        );
      }
  });

  it('count dates in windows of their own record type, in the field’s span', () => {
    const rng = createRng(3);
    for (const src of PARTS.sources)
      for (const m of src.fields) {
        if (m.kind !== 'date') continue;
        const own = WINDOWS[src.name]?.[m.field];
        assert.ok(own, `${src.name}.${m.field}: no windows`);
        assert.deepEqual(m.windows, own);
      }
    // an access review never counts non-use in days a week would hold
    const access = PARTS.sources.find((s) => s.name === 'access_reviews');
    assert.ok(access);
    for (let i = 0; i < 40; i++) {
      const r = drawRule(access.fields, rng, 'hard', { last_used_on: 'stale' }, ['last_used_on']);
      for (const a of atomsOf(r)) if (a.field === 'last_used_on' && 'days' in a) assert.ok(a.days >= 30, `${a.days}`);
    }
  });

  // what a practitioner does to the selected records is never ruled out for the rest of the same kind: every
  // receipt staff paid inside the window is paid back (a cab fare as much as a hotel bill), every exported edit due
  // soon gets its cover (whatever platform it goes to)
  it('takes the whole class a reimbursement or a cover is for, never part of it by amount or platform', () => {
    const cases: [string, string, string][] = [
      ['receipt_scans', 'Reimbursement', 'total'],
      ['receipt_scans', 'Late claim', 'total'],
      ['video_edits', 'Cover images', 'platform'],
    ];
    for (const [name, section, field] of cases) {
      const src = PARTS.sources.find((s) => s.name === name);
      const a = actNamed(name, section);
      assert.ok(src && a, `${name} ${section}`);
      for (let i = 0; i < 60; i++) {
        const lean = { ...CONCERNS[name], ...a.lean };
        const own = Object.keys(a.lean ?? {});
        const r = drawRule(
          src.fields,
          createRng('whole', name, i),
          'hard',
          lean,
          a.must,
          own,
          a.bounds,
          true,
          a.scopes,
        );
        assert.ok(!r.all.some((x) => x.field === field), `${name} ${section}: ${JSON.stringify(r)}`);
        assert.ok(!r.any?.some((x) => x.field === field), `${name} ${section}: ${JSON.stringify(r)}`);
      }
    }
  });

  it('weigh a write-off on debt months old, and chase an order by weeks past its terms', () => {
    const writeOff = actNamed('sheet_rows', 'Write-off review');
    const chase = actNamed('sheet_rows', 'Escalation');
    assert.deepEqual(writeOff?.bounds?.order_date, [90, 180]);
    assert.ok((chase?.bounds?.order_date?.[1] ?? 999) <= 60);
    // the order book holds orders old enough for the write-off's window, and the windows include one
    const src = PARTS.sources.find((x) => x.name === 'sheet_rows');
    const date = src?.fields.find((f) => f.field === 'order_date');
    assert.ok(date?.kind === 'date' && date.from <= -180);
    assert.ok(WINDOWS.sheet_rows?.order_date?.days.some((d) => d >= 90 && d <= 180));
    // a clinic's small queried claims: months, never six weeks
    assert.ok((actNamed('claims', 'Write-off review')?.bounds?.submitted_on?.[0] ?? 0) >= 60);
  });

  it('keep a window within the rhythm the act’s own reason names (a briefing since the last one)', () => {
    const briefing = actNamed('feed_articles', 'Briefing');
    assert.ok(briefing);
    assert.match(briefing.why, /since the last one/);
    const src = PARTS.sources.find((s) => s.name === 'feed_articles');
    assert.ok(src);
    const rng = createRng('briefing');
    for (let i = 0; i < 40; i++) {
      const r = drawRule(src.fields, rng, 'medium', briefing.lean, briefing.must, [], briefing.bounds);
      for (const a of atomsOf(r))
        if (a.field === 'published_at' && a.kind === 'recent') assert.ok(a.days <= 3, `${a.days}`);
    }
  });
});
