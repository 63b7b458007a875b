import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { daysFrom } from '../../rules/fields.js';
import { inAgreement } from './kit.js';
import { CHASED_FROM, pastItsTerms, termDays } from './order-terms.js';
import { orderScreenshot } from './pictures.js';
import { makeWorld } from '../world.js';

// review 30 D2: "SO-8541 … part-paid, net 60, ordered 29 days ago" chased as overdue. An order falls due its terms
// after it is placed: one still open weeks after is past them, so a chase over its age never reaches one not due.

const TODAY = '2026-02-13T09:00:00Z';
const TERMS = ['net 15', 'net 30', 'net 60'];
const world = (i: number) => makeWorld(createRng('terms', i), 'Finance_Investment', 'medium', TODAY);
const placed = (days: number) => `${new Date(Date.parse(TODAY) - days * 86_400_000).toISOString().slice(0, 10)}`;

describe('an order and its payment terms', () => {
  it('reads the days its terms give', () => {
    assert.equal(termDays('net 60'), 60);
    assert.equal(termDays('net 15'), 15);
  });

  it('is past its terms by a week when still open the weeks after it was placed that a chase counts', () => {
    for (let i = 0; i < 200; i++) {
      const w = world(i);
      const age = CHASED_FROM + (i % 60);
      const rec = {
        order_id: 'SO-1',
        status: i % 2 ? 'unpaid' : 'part-paid',
        terms: 'net 60',
        order_date: placed(age),
      };
      // the rule's part aside (every change keeps it), the record settles
      inAgreement(rec, orderScreenshot, w, () => true);
      const ageNow = -daysFrom(TODAY, rec.order_date);
      assert.ok(ageNow < CHASED_FROM || ageNow - termDays(rec.terms) >= 7, JSON.stringify(rec));
    }
  });

  it('is placed again inside its terms when no shorter terms fit and its age is not what the rule reads', () => {
    const w = world(1);
    const rec = { order_id: 'SO-2', status: 'unpaid', terms: 'net 30', order_date: placed(CHASED_FROM) };
    const changes = pastItsTerms(rec, w, TERMS);
    assert.deepEqual(changes.slice(0, -1), []);
    assert.ok(-daysFrom(TODAY, changes.at(-1)?.order_date) < termDays('net 30'));
  });

  it('has sent no reminder on an open order not yet due', () => {
    for (let i = 0; i < 100; i++) {
      const rec = {
        order_id: 'SO-3',
        status: 'unpaid',
        terms: 'net 60',
        order_date: placed(5 + (i % 30)),
        reminders: 3,
      };
      inAgreement(rec, orderScreenshot, world(i), () => true);
      const age = -daysFrom(TODAY, rec.order_date);
      assert.ok(rec.reminders === 0 || age > termDays(rec.terms), JSON.stringify(rec));
    }
  });

  it('leaves a paid, disputed or fresh order, and one already past its terms, as it is', () => {
    const w = world(2);
    for (const rec of [
      { status: 'paid', terms: 'net 60', order_date: placed(30) },
      { status: 'disputed', terms: 'net 60', order_date: placed(30) },
      { status: 'unpaid', terms: 'net 60', order_date: placed(10) },
      { status: 'unpaid', terms: 'net 15', order_date: placed(40) },
    ])
      assert.deepEqual(pastItsTerms(rec, w, TERMS), [], JSON.stringify(rec));
  });
});
