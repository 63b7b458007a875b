import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { VOCAB } from '../../kit/domains/index.js';
import type { FieldModel } from '../../rules/fields.js';
import { daysFrom as daysFromToday } from '../../rules/fields.js';
import { type Atom, holds, workdaysSince, workdaysUntil } from '../../rules/rule.js';
import { setAtom } from '../../rules/set-atom.js';
import { closureLine } from '../working-days.js';
import { COMPUTED_SHARE, computedWindow, computesWindow } from './computed-window.js';
import { holidaysOf } from '../closure-days.js';

// A computed threshold (computed-window.ts): a calendar window counted in working days past the closure days the
// policy lists, its records near the line on the wrong side of a calendar reading.

const DUE: FieldModel = { kind: 'date', field: 'due', label: 'due date', from: -10, to: 60, verb: 'due' };
const OPENED: FieldModel = { kind: 'date', field: 'opened', label: 'opening date', from: -90, to: 0, verb: 'opened' };
const src = { name: 'tickets', fields: [DUE, OPENED] };
// a Friday
const TODAY = '2026-03-06T12:00:00Z';

// the first phrasing numbers whose draw converts a rule at difficulty `d`
const converting = (d: 'easy' | 'medium' | 'hard', rule: { all: Atom[] }) =>
  Array.from({ length: 400 }, (_, i) => i * 7919).filter((ph) => computedWindow(rule, src, d, TODAY, ph) !== rule);

describe('working days past closures (rule.ts)', () => {
  it('counts Monday to Friday after today, bar the closures, up to the date', () => {
    // Monday 9 (1), Tuesday 10 closed, Wednesday 11 (2) … Monday 16 (5): ten calendar days, five working days
    assert.equal(workdaysUntil(TODAY, '2026-03-16', ['2026-03-10']), 5);
    assert.equal(workdaysUntil(TODAY, '2026-03-16'), 6);
    assert.equal(workdaysUntil(TODAY, '2026-03-05'), -1);
    const a: Atom = { kind: 'due_within', field: 'due', days: 5, workdays: true, closed: ['2026-03-10'] };
    assert.equal(holds(a, { due: '2026-03-16' }, TODAY), true);
    assert.equal(holds(a, { due: '2026-03-17' }, TODAY), false);
    // back: Thursday 26 February is six working days ago, five with Monday 2 March closed
    assert.equal(workdaysSince(TODAY, '2026-02-26'), 6);
    assert.equal(workdaysSince(TODAY, '2026-02-26', ['2026-03-02']), 5);
  });

  it('counts by whole weeks as a day-by-day walk would, across years and closures on weekends', () => {
    const walk = (from: string, to: string, closed: readonly string[]) => {
      let n = 0;
      for (let t = Date.parse(`${from}T12:00:00Z`) + 86_400_000; t <= Date.parse(`${to}T12:00:00Z`); t += 86_400_000) {
        const d = new Date(t);
        if (d.getUTCDay() % 6 !== 0 && !closed.includes(d.toISOString().slice(0, 10))) n++;
      }
      return n;
    };
    const rng = createRng(5);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    for (let i = 0; i < 300; i++) {
      const from = Date.parse('1968-06-01T00:00:00Z') + rng.int(0, 25_000) * 86_400_000;
      const to = from + rng.int(-20, 400) * 86_400_000;
      const closed = Array.from({ length: rng.int(0, 6) }, () => day(from + rng.int(-5, 60) * 86_400_000));
      const dup = closed.length ? [...closed, closed[0] as string] : closed;
      assert.equal(
        workdaysSince(`${day(to)}T09:00:00Z`, day(from), dup),
        walk(day(from), day(to), closed),
        `${day(from)} → ${day(to)}`,
      );
    }
  });

  it('a policy lists the closures in words', () => {
    const a: Atom = { kind: 'older', field: 'opened', days: 5, workdays: true, closed: ['2026-03-02', '2026-03-03'] };
    assert.equal(
      closureLine([a]),
      '- The office is closed on Monday 2 March and Tuesday 3 March; those days are not working days and do not count.',
    );
  });
});

describe('computedWindow (computed-window.ts)', () => {
  const due: Atom = { kind: 'due_within', field: 'due', days: 14 };
  const old: Atom = { kind: 'older', field: 'opened', days: 21 };

  it('turns a calendar window into working days with closures inside it, most often on hard rules', () => {
    assert.ok(COMPUTED_SHARE.easy < COMPUTED_SHARE.medium && COMPUTED_SHARE.medium < COMPUTED_SHARE.hard);
    const easy = converting('easy', { all: [due] });
    const hard = converting('hard', { all: [due] });
    const medium = converting('medium', { all: [due] });
    assert.ok(
      hard.length > 150 && medium.length > easy.length && easy.length > 20 && medium.length < hard.length,
      `${hard.length} ${medium.length} ${easy.length}`,
    );
    for (const ph of hard.slice(0, 40)) {
      const r = computedWindow({ all: [due, old] }, src, 'hard', TODAY, ph);
      assert.ok(computesWindow(r));
      const a = r.all[0] as Atom & { kind: 'due_within' };
      assert.equal(a.days, 10);
      for (const day of a.closed ?? []) {
        const wd = new Date(`${day}T12:00:00Z`).getUTCDay();
        assert.ok(wd !== 0 && wd !== 6, `${day} is a weekday`);
        // (a public holiday the office keeps is listed wherever it falls among the records' dates: review 43)
        const holiday = holidaysOf(Number(day.slice(0, 4))).some((h) => h.day === day);
        assert.ok(daysFromToday(TODAY, day) > 0, `${day} after today`);
        assert.ok(holiday || workdaysUntil(TODAY, day) <= a.days, `${day} inside the window`);
      }
      // (the other window stays as drawn)
      assert.deepEqual(r.all[1], old);
    }
  });

  it('leaves a household its calendar windows', () => {
    const home = { name: 'household_bills', fields: [DUE] };
    for (const ph of converting('hard', { all: [due] }).slice(0, 10))
      assert.equal(computedWindow({ all: [due] }, home, 'hard', TODAY, ph).all[0], due);
  });

  it('draws records on the wrong side of a calendar reading near the line', () => {
    const ph = converting('hard', { all: [due] })[0] as number;
    const a = computedWindow({ all: [due] }, src, 'hard', TODAY, ph).all[0] as Atom & { kind: 'due_within' };
    const x = { rng: createRng('computed-window-test'), today: TODAY, vocab: VOCAB.Office_Productivity };
    let past = 0;
    for (let i = 0; i < 60; i++) {
      const ok: Record<string, unknown> = {};
      setAtom(a, DUE, ok, true, false, x);
      assert.ok(holds(a, ok, TODAY));
      if (daysFromToday(TODAY, ok.due) > a.days) past++;
      const miss: Record<string, unknown> = {};
      setAtom(a, DUE, miss, false, true, x);
      assert.equal(workdaysUntil(TODAY, miss.due, a.closed), a.days + 1);
    }
    // a calendar reading of "within 10 days" leaves out most records it selects near its line
    assert.ok(past >= 20, `${past} of 60 past the calendar count`);
  });
  it('closes the public holidays among the records’ dates too: no list with May Day and no Easter (review 43)', () => {
    // Easter 2026: Good Friday 3 April, Easter Monday 6 April, both within the due dates' 60 days from 20 March
    const today = '2026-03-20T12:00:00Z';
    const phs = Array.from({ length: 400 }, (_, i) => i * 7919).filter(
      (ph) => computedWindow({ all: [due] }, src, 'hard', today, ph).all[0] !== due,
    );
    let seen = 0;
    for (const ph of phs) {
      const a = computedWindow({ all: [due] }, src, 'hard', today, ph).all[0] as Atom & { closed?: string[] };
      if (!a.closed) continue;
      seen++;
      assert.ok(a.closed.includes('2026-04-03') && a.closed.includes('2026-04-06'), a.closed.join());
    }
    assert.ok(seen > 20, `${seen} converted`);
  });
});
