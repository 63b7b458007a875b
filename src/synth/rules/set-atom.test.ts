import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { VOCAB } from '../kit/domains/index.js';
import type { NumberModel } from './fields.js';
import { benignValue, freeRecord, setAtom } from './set-atom.js';

const dna: NumberModel = { kind: 'number', field: 'missed_before', label: 'missed', min: 0, max: 6, step: 1, usual: 1 };
const share = (xs: number[], p: (x: number) => boolean) => xs.filter(p).length / xs.length;

describe('free values of an alarm field', () => {
  it('sit mostly on the benign side, at the field’s usual level, a few anywhere', () => {
    const rng = createRng('benign');
    const xs = Array.from({ length: 2000 }, () => benignValue(dna, 'high', rng));
    assert.ok(share(xs, (x) => x <= 1) > 0.75, 'most patients have missed no appointment or one');
    assert.ok(share(xs, (x) => x >= 4) < 0.12, 'few sit past a discharge line');
    assert.ok(share(xs, (x) => x >= 4) > 0, 'but some do');
    assert.ok(xs.every((x) => x >= dna.min && x <= dna.max && Number.isInteger(x)));
    // a field whose low side calls for attention leans high; without `usual`, its benign fifth
    const pct: NumberModel = { kind: 'number', field: 'attendance_pct', label: 'a', min: 40, max: 100, step: 1 };
    const ys = Array.from({ length: 2000 }, () => benignValue(pct, 'low', rng));
    assert.ok(share(ys, (y) => y >= 88) > 0.75);
  });

  it('a free record draws only its alarm fields at their base rate; the rest over their range', () => {
    const x = { rng: createRng('free'), today: '2026-03-02', vocab: VOCAB.Healthcare };
    const other = { ...dna, field: 'slots' };
    const recs = Array.from({ length: 1000 }, () => freeRecord([dna, other], x, undefined, { missed_before: 'high' }));
    assert.ok(
      share(
        recs.map((r) => Number(r.missed_before)),
        (v) => v <= 1,
      ) > 0.75,
    );
    assert.ok(
      share(
        recs.map((r) => Number(r.slots)),
        (v) => v <= 1,
      ) < 0.3,
    );
  });

  it('a value a step past the line stays on the field’s grain (no 0.21000000000000002)', () => {
    const rate: NumberModel = { kind: 'number', field: 'error_rate', label: 'e', min: 0, max: 0.25, step: 0.01 };
    const x = { rng: createRng('grain'), today: '2026-03-02', vocab: VOCAB.Healthcare };
    for (let i = 0; i < 300; i++) {
      const rec: Record<string, unknown> = {};
      setAtom({ kind: 'at_least', field: 'error_rate', value: 0.2 }, rate, rec, i % 2 === 0, true, x, false);
      const v = Number(rec.error_rate);
      assert.equal(v, Math.round(v * 100) / 100, String(v));
    }
  });
});
