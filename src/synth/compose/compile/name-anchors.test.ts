import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchValue } from '../../../grade/match.js';
import type { Matcher } from '../../../schema/matchers.js';
import type { SourcePart } from '../parts.js';
import { lenient } from '../list-lines.js';
import { type Around, anchorNames, nameRests } from './name-anchors.js';

// a name check is met by the record it names, never by another record whose longer name goes on from it

const src = { nameField: { field: 'title', label: 'chart title' } } as unknown as SourcePart;
const records = [
  { title: 'New sign-ups by month' },
  { title: 'New sign-ups by month, UK' },
  { title: 'Onboarding checklist' },
  { title: 'Onboarding checklist (2)' },
  { title: 'Churn by plan' },
];

describe('name anchors', () => {
  it('a check on a name another record extends refuses that record’s name, and still meets its own', () => {
    const rests = nameRests(records, src);
    assert.deepEqual([...rests.keys()].sort(), ['new sign-ups by month', 'onboarding checklist']);
    const checks = anchorNames(
      [{ where: { body: { all_of: [{ contains: 'New sign-ups by month' }, { contains: 'CHR-1' }] } } }],
      rests,
    );
    const m = (checks[0]?.where.body.all_of[0] ?? {}) as Matcher;
    assert.ok(matchValue(m, '- CHR-1 — New sign-ups by month\n- CHR-2 — Churn by plan'));
    assert.ok(matchValue(m, 'new sign-ups by month.'));
    assert.ok(!matchValue(m, '- CHR-2 — New sign-ups by month, UK'));
    const dup = anchorNames({ contains: 'Onboarding checklist' }, rests) as Matcher;
    assert.ok(matchValue(dup, 'Onboarding checklist; Churn by plan'));
    assert.ok(!matchValue(dup, 'Onboarding checklist (2)'));
  });

  it('a file check on a name refuses an edition that goes on from it and a longer word it sits inside', () => {
    const rests = nameRests(
      [
        { title: 'Security Services Wave, 2026' },
        { title: 'Security Services Wave, 2026 mid-year update' },
        { title: 'Mill Piece' },
        { title: 'Windmill Piece' },
      ],
      src,
    );
    const [wave, mill] = anchorNames(
      [{ text: { regex: lenient('Security Services Wave, 2026') } }, { text: { regex: lenient('Mill Piece') } }],
      rests,
    ).map((c) => c.text as Matcher);
    assert.ok(wave && mill);
    assert.ok(matchValue(wave, '- MKR-1 Security Services Wave, 2026\n'));
    assert.ok(matchValue(wave, '| MKR-1 | security services wave, 2026 | 2026-01-04 |'));
    assert.ok(matchValue(wave, 'Security Services Wave, 2026 mid-year update; Security Services Wave, 2026.'));
    assert.ok(!matchValue(wave, '- MKR-2 Security Services Wave, 2026 mid-year update'));
    assert.ok(matchValue(mill, '- Mill Piece (MKR-3)'));
    assert.ok(!matchValue(mill, '- Windmill Piece (MKR-4)'));
    // a check on the longer name itself stays as it was
    const long = { regex: lenient('Windmill Piece') };
    assert.deepEqual(anchorNames(long, rests), long);
  });

  it('leaves every other check as it was', () => {
    const rests = nameRests(records, src);
    const c = { contains: 'Churn by plan' };
    assert.deepEqual(anchorNames(c, rests), c);
    assert.deepEqual(anchorNames({ contains: 'New sign-ups by month', field: 'x' }, rests), {
      contains: 'New sign-ups by month',
      field: 'x',
    });
    assert.equal(nameRests([{ title: 'A' }, { title: 'B' }], src).size, 0);
  });

  it('a short code or a number is met only as a word of its own', () => {
    const none = new Map<string, Around[]>();
    const bp = anchorNames({ contains: 'BP' }, none) as Matcher;
    assert.ok(matchValue(bp, 'Positions: BP, Shell'));
    assert.ok(matchValue(bp, 'bp (energy)'));
    assert.ok(!matchValue(bp, 'BPX Energy') && !matchValue(bp, 'ABP'));
    const n = anchorNames({ contains: '630' }, none) as Matcher;
    assert.ok(matchValue(n, 'units: 630.') && matchValue(n, '630 units'));
    assert.ok(!matchValue(n, '1630') && !matchValue(n, '6300') && !matchValue(n, '630.5') && !matchValue(n, '630,000'));
    // a longer name stays a substring check
    assert.deepEqual(anchorNames({ contains: 'Shell plc' }, none), { contains: 'Shell plc' });
  });
});
