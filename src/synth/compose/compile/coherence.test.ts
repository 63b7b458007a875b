import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import type { Rule } from '../../rules/rule.js';
import { vendorAssessments } from '../packs/safety-compliance.js';
import { makeWorld } from '../world.js';
import { coherent } from './coherence.js';

const world = (i: number) => makeWorld(createRng('coherent', i), 'Safety_Compliance', 'hard', '2026-06-03T10:00:00Z');
const soc2 = { kind: 'flag', field: 'soc2_report_on_file', value: false } as const;

describe('coherent', () => {
  it('an alternative the record type always brings another with decides nothing: health data is always tier 1 or 2 (review 49)', () => {
    const tied: Rule = {
      all: [soc2],
      any: [
        { kind: 'in', field: 'data_category', values: ['health data'] },
        { kind: 'in', field: 'tier', values: ['tier 1 (critical)', 'tier 2 (high)'] },
      ],
    };
    // (a record can hold health data without a tier-1 or tier-2 rating nowhere: each alternative is not alone)
    for (let i = 0; i < 6; i++) assert.equal(coherent(tied, vendorAssessments, world(i)), false, `draw ${i}`);
    // alternatives a record may meet one at a time agree
    const apart: Rule = {
      all: [soc2],
      any: [
        { kind: 'in', field: 'data_category', values: ['business contact data'] },
        { kind: 'in', field: 'tier', values: ['tier 1 (critical)', 'tier 2 (high)'] },
      ],
    };
    let agreed = 0;
    for (let i = 0; i < 6; i++) if (coherent(apart, vendorAssessments, world(i))) agreed++;
    assert.ok(agreed >= 5, `${agreed} of 6`);
  });
});
