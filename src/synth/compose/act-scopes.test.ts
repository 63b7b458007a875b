import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { oneOffEvents } from '../kit/lint.js';
import { ACT_NARROWS } from './act-narrowings.js';
import { ACT_SCOPES } from './act-scopes.js';
import { ACTS } from './policy-acts.js';
import { SPARED } from './spared-data.js';
import { PARTS } from './registry.js';

// a section's reasons are written into versioned policies ("Revision 6, effective 29 March") that stay in force for
// months, so each is a standing fact: no "the refit starts on Monday", "on leave that fortnight", "the spring
// campaign's ads start next week" (review 18 D2: 32 tasks)

const strings = (x: unknown): string[] =>
  typeof x === 'string' ? [x] : x && typeof x === 'object' ? Object.values(x).flatMap(strings) : [];

describe('standing reasons', () => {
  it('the lint finds the dated events of the review and passes standing facts', () => {
    assert.deepEqual(oneOffEvents('the quiet-zone refit starts on Monday'), ['on Monday']);
    assert.deepEqual(oneOffEvents('the GP is on leave that fortnight'), ['on leave', 'that fortnight']);
    assert.deepEqual(oneOffEvents('the spring campaign’s ads start next week'), ['the spring', 'next week']);
    assert.deepEqual(oneOffEvents('the budget is nearly spent this month'), ['this month']);
    assert.deepEqual(oneOffEvents('the digest goes out each week, so only that week’s articles go in'), []);
    assert.deepEqual(oneOffEvents('the malting contract for the spring barley sets a nitrogen limit'), []);
  });

  it('no scope, narrowing or exception reason, nor any work’s purpose, names a dated event', () => {
    const reasons = [
      ...Object.values(ACT_SCOPES).flatMap((acts) => Object.values(acts).flatMap((ss) => ss.map((s) => s.why))),
      ...strings(ACT_NARROWS),
      ...strings(SPARED),
      ...Object.values(ACTS).flatMap((acts) => acts.map((a) => a.why)),
    ];
    assert.ok(reasons.length > 300, `${reasons.length} reasons`);
    // (the boost stop's "this month's paid budget" is a budget period, rewritten with that work's own review)
    const dated = reasons.filter((r) => oneOffEvents(r).length > 0 && !/^This month’s paid budget/.test(r));
    assert.deepEqual(dated, []);
  });
});

// review 26, C and E: a section's reason names no other recipient than its work sends to, and claims no state its
// rules never test
describe('reasons that fit the work', () => {
  it('a partner routing section’s reasons name only the language desk its work forwards to', () => {
    const routing = PARTS.actions.find((a) => a.name === 'route_by_language');
    assert.ok(routing);
    const reasons = routing.sections.flatMap((s) => (ACT_SCOPES.partner_mails?.[s] ?? []).map((x) => x.why));
    assert.ok(reasons.length >= 3);
    for (const why of reasons) {
      assert.doesNotMatch(why, /quality desk|shared-service|belongs? to|go(es)? to the/, why);
      // a desk it names is a language's: the city desks of the language scopes, or "the desk for … language"
      if (/\b(desk|office|centre|team)\b/.test(why))
        assert.match(why, /desk for (their|the partner’s) language|Frankfurt desk|Tokyo liaison office/, why);
    }
  });

  it('no work’s reason claims a missing appointment unless its rules test the booking', () => {
    for (const [src, acts] of Object.entries(ACTS))
      for (const a of acts)
        if (/without an appointment|no appointment|not (yet )?booked/.test(a.why))
          assert.ok(a.must?.includes('status'), `${src} ${a.sections[0]}: ${a.why}`);
  });
});

// review 27 classes 1, 4 and 8: a reason or purpose a practitioner knows is false for the work it is given to
describe('reasons a practitioner would accept', () => {
  it('no standing act’s purpose is a one-off closure, which a rolling window would move with today', () => {
    for (const [src, acts] of Object.entries(ACTS))
      for (const a of acts)
        assert.doesNotMatch(a.why, /\b(?:was|were) (?:down|shut|closed|offline|out of action)\b/, `${src}: ${a.why}`);
  });

  it('a late claim takes every kind of receipt past the window: none is singled out with a reason that holds for all', () => {
    assert.equal(ACT_SCOPES.receipt_scans?.['Late claim'], undefined);
  });

  it('a routine referral chase gives no reason from the urgent pathway’s two-week wait', () => {
    const reasons = Object.values(ACT_SCOPES.referrals ?? {}).flatMap((ss) => ss.map((s) => s.why));
    assert.ok(reasons.length > 0);
    for (const why of reasons) assert.doesNotMatch(why, /two-week wait|cancer pathway/, why);
  });

  it('a scope’s reason says why the section takes these records, not that another desk takes the rest', () => {
    const elsewhere =
      /\b(?:follows?|handles?|covers?|does|runs?|deals? with) [^,;.]*\b(?:itself|themselves)\b|(?:desks?|teams?|sections?) of their own/i;
    for (const [type, acts] of Object.entries(ACT_SCOPES))
      for (const [section, scopes] of Object.entries(acts))
        for (const s of scopes) assert.doesNotMatch(s.why, elsewhere, `${type} ${section}: ${s.why}`);
  });
});
