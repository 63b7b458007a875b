import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { lintText } from '../kit/lint.js';
import { drawRule } from '../rules/draw.js';
import type { Atom } from '../rules/rule.js';
import { PARTS } from './registry.js';
import { reviewReason } from './review-reasons.js';

// a review's reason is what its rule says of the records it picks, never a line that fits any rule

describe('review reasons', () => {
  it('say why the records a review rule picks deserve the look, for every record type', () => {
    const rng = createRng(9);
    const seen = new Set<string>();
    let none = 0;
    for (const src of PARTS.sources)
      for (const section of ['Review', 'Audit sample'])
        for (const d of ['easy', 'medium', 'hard'] as const) {
          const r = drawRule(src.fields, rng, d);
          const why = reviewReason(section, r, src.fields, { singular: src.noun[0], plural: src.noun[1] }, rng);
          // a rule whose conditions say nothing of why (a count, a period) takes the section's usual reason
          if (!why) {
            none++;
            continue;
          }
          assert.ok(why.endsWith('.') && !why.includes('  ') && !why.includes('undefined'), why);
          assert.deepEqual(lintText(why, '2026-06-17T09:00:00Z'), [], why);
          // it names the records it is about
          assert.ok(why.toLowerCase().includes(src.noun[1].toLowerCase()), why);
          seen.add(why);
        }
    assert.ok(seen.size > PARTS.sources.length, `${seen.size} reasons`);
    assert.ok(none < seen.size / 2, `${none} rules without a reason of their own, ${seen.size} with`);
  });

  it('read cleanly over every number field, high or low ("high on estimated cost" is never followed by "cost")', () => {
    for (const src of PARTS.sources)
      for (const m of src.fields) {
        if (m.kind !== 'number') continue;
        for (const kind of ['at_least', 'at_most'] as const)
          for (const section of ['Review', 'Audit sample'])
            for (let seed = 0; seed < 4; seed++) {
              const a: Atom = { kind, field: m.field, value: m.min };
              const n = { singular: src.noun[0], plural: src.noun[1] };
              const why: string = reviewReason(section, { all: [a] }, src.fields, n, createRng(seed)) ?? '';
              assert.deepEqual(lintText(why, '2026-06-17T09:00:00Z'), [], why);
            }
      }
  });

  it('take the reason from a condition that selects, a share of the records only where none does', () => {
    // a high number of sockets is no risk in itself: the share (Bay 2) gives the reason; a bed's sockets never
    // "carry the most risk"
    const rng = createRng(1);
    const beds = PARTS.sources.find((s) => s.name === 'ward_beds');
    assert.ok(beds);
    const n = { singular: beds.noun[0], plural: beds.noun[1] };
    const zone = { kind: 'in', field: 'zone', values: ['Bay 2'] } as const;
    // a review's share of the records is no reason of its own ("one bay at a time"): the section's usual one stands
    assert.equal(reviewReason('Review', { all: [zone] }, beds.fields, n, rng), undefined);
    assert.match(reviewReason('Audit sample', { all: [zone] }, beds.fields, n, rng) ?? '', /Bay 2/);
    const sockets = { kind: 'at_least', field: 'sockets', value: 1 } as const;
    assert.equal(reviewReason('Review', { all: [zone, sockets] }, beds.fields, n, rng), undefined);
    // an amount of money does say why by its size
    const money = PARTS.sources
      .flatMap((s) => s.fields.map((m) => [s, m] as const))
      .find(([, m]) => m.kind === 'number' && m.currency);
    assert.ok(money);
    const [src, m] = money;
    const big = reviewReason(
      'Review',
      { all: [{ kind: 'at_least', field: m.field, value: 1 }] },
      src.fields,
      { singular: src.noun[0], plural: src.noun[1] },
      rng,
    );
    assert.match(big ?? '', /cost|money/);
  });

  it('take a yes/no as a reason only where its side says what is at stake, never "likely to need a second look"', () => {
    const rng = createRng(3);
    const n = { singular: 'legal hold', plural: 'legal holds' };
    const flag = (stake?: { no: string }) => [
      {
        kind: 'flag' as const,
        field: 'acknowledged',
        label: 'acknowledgement',
        yes: 'acknowledged',
        no: 'not yet acknowledged',
        ...(stake ? { stake } : {}),
      },
    ];
    const rule = { all: [{ kind: 'flag', field: 'acknowledged', value: false } as Atom] };
    assert.equal(reviewReason('Review', rule, flag(), n, rng), undefined);
    const why = reviewReason('Review', rule, flag({ no: 'are where documents could still be lost' }), n, rng) ?? '';
    assert.match(why, /legal holds not yet acknowledged.*documents could still be lost/i);
    assert.doesNotMatch(why, /second look/);
  });

  it('say what a date close ahead costs in the record type’s own work, never a line that fits any date', () => {
    const src = PARTS.sources.find((x) => x.name === 'social_posts');
    assert.ok(src);
    const n = { singular: src.noun[0], plural: src.noun[1] };
    const soon: Atom = { kind: 'due_within', field: 'scheduled_for', days: 3 };
    const said = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const why = reviewReason('Review', { all: [soon] }, src.fields, n, createRng(seed), src.name) ?? '';
      assert.doesNotMatch(why, /still leave time to act before the date/);
      said.add(why);
    }
    assert.ok(
      [...said].some((x) => /go out|pulled/.test(x)),
      [...said].join(' | '),
    );
  });
});
