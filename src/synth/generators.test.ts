import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalJson } from '../schema/canonical-json.js';
import { GENERATORS } from './generators.js';
import { generateProcedural } from './generators.js';

const gen = (family: string, seed: number) =>
  canonicalJson(generateProcedural({ family, id: `t_${seed}`, seed, difficulty: 'medium', mockToday: '2026-03-10' }));

describe('generateProcedural', () => {
  it('gives the same bytes for the same request whatever was generated before (no generator keeps state between tasks)', () => {
    const alone = GENERATORS.map((f) => gen(f.name, 3));
    // other families, seeds and dates in between, then the same requests in reverse order
    for (const f of GENERATORS)
      canonicalJson(
        generateProcedural({ family: f.name, id: 'other', seed: 99, difficulty: 'hard', mockToday: '2027-01-05' }),
      );
    const again = [...GENERATORS]
      .reverse()
      .map((f) => gen(f.name, 3))
      .reverse();
    assert.deepEqual(again, alone);
    assert.notEqual(gen(GENERATORS[0]?.name as string, 4), alone[0], 'a different seed gives a different task');
  });

  it('refuses an unknown family with the list of families', () => {
    assert.throws(
      () => generateProcedural({ family: 'nope', id: 'x', seed: 1, difficulty: 'easy', mockToday: '2026-03-10' }),
      /unknown family "nope"; families: support_escalation/,
    );
  });
});
