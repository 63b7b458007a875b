import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { matchValue } from '../../grade/match.js';
import type { Matcher } from '../../schema/matchers.js';
import { formsOf } from './policy-acts.js';
import type { ActionContext, ActionPart, Rec } from './parts.js';
import { repairDesk, repairSeat, reportBedRelease } from './place-actions.js';
import { deskPlan, examSeats, wardBeds } from './sources/pictures.js';
import { makeWorld } from './world.js';

// a blocked place goes to the team that brings it back into use, named by its id and by the area the plan shows it
// in: a message or ticket naming another area, or sent elsewhere, fails

const w = makeWorld(createRng('place-actions'), 'Healthcare', 'medium', '2026-03-10T09:00:00Z');
const ctx = (rec: Rec, src: ActionContext['src']): ActionContext => ({
  rec,
  src,
  w,
  owner: undefined,
  tag: 'Repair',
  slot: 0,
  slots: 1,
});
const passes = (a: ActionPart<string>, x: ActionContext, args: Rec) =>
  Object.entries(a.exact?.(x) ?? {}).every(([f, m]) => matchValue(m as Matcher, args[f])) &&
  Object.entries(a.proof(x).where).every(([f, m]) => matchValue(m as Matcher, args[f]));

describe('work on a floor plan’s blocked places', () => {
  it('reports a blocked bed to the domestic services mailbox the request names, with its bay', () => {
    const x = ctx({ place_id: 'B-14', zone: 'Bay 2', status: 'blocked' }, wardBeds);
    const args = reportBedRelease.args(x);
    assert.ok(reportBedRelease.fill?.(w).desk === args.to);
    assert.ok(passes(reportBedRelease, x, args));
    assert.ok(!passes(reportBedRelease, x, { ...args, body: String(args.body).replace('Bay 2', 'Bay 1') }));
    assert.ok(!passes(reportBedRelease, x, { ...args, subject: 'Bed awaiting cleaning' }));
  });

  it('raises a repair ticket per seat or desk in the estates queue, with its area in the description', () => {
    for (const [a, src, zone] of [
      [repairSeat, examSeats, 'Front block'],
      [repairDesk, deskPlan, 'Quiet zone'],
    ] as const) {
      const x = ctx({ place_id: 'S-7', zone, status: 'blocked' }, src);
      const args = a.args(x);
      assert.ok(passes(a, x, args), a.name);
      assert.ok(!passes(a, x, { ...args, department: 'IT' }), `${a.name}: another queue`);
      assert.ok(!passes(a, x, { ...args, description: 'Broken, please fix.' }), `${a.name}: no area`);
      assert.ok(
        a.phrases.every((p) => p.includes('"Estates"')),
        `${a.name}: the request names the queue`,
      );
    }
  });

  it('releases every blocked bed, or first the oxygen or hoist beds admissions wait for', () => {
    const forms = formsOf('ward_beds', reportBedRelease.name);
    assert.deepEqual(
      forms.map((f) => f.sections[0]),
      ['Bed release', 'Respiratory bed release', 'Hoist bed release'],
    );
    for (const f of forms) {
      assert.deepEqual(f.lean?.status, ['blocked'], `${f.sections[0]}: only blocked beds are released`);
      assert.ok(f.sections.every((s) => reportBedRelease.sections.includes(s)));
    }
  });
});
