import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FieldModel } from '../rules/fields.js';
import type { Rule } from '../rules/rule.js';
import { STUDIO_ACTS } from './acts-studio.js';
import type { PolicyAct } from './policy-act.js';
import { limitDefinitions, onSharedLimit } from './shared-limits.js';

const named = (section: string) =>
  (STUDIO_ACTS.design_requests ?? []).find((a) => a.sections.includes(section)) as PolicyAct;
const [hold, cap] = [named('Revision hold'), named('Revision cap')];
const rounds = (value: number): Rule => ({ all: [{ kind: 'at_least', field: 'revision_rounds', value }] });
const n = { singular: 'design request', plural: 'design requests' };
const models: FieldModel[] = [
  { kind: 'number', field: 'revision_rounds', label: 'revision rounds', min: 0, max: 6, step: 1 },
];

describe('shared limits', () => {
  it('the revision hold and the revision cap speak of one agreed count, from at least one agreed round', () => {
    assert.equal(hold.limit?.name, cap.limit?.name);
    assert.ok((hold.bounds?.revision_rounds?.[0] ?? 0) >= 2 && (cap.bounds?.revision_rounds?.[0] ?? 0) >= 2);
  });

  it('a section drawn after one that counts the limit takes its number', () => {
    assert.deepEqual(onSharedLimit(rounds(4), cap, [[rounds(2), hold]]).all, rounds(2).all);
    const r = rounds(4);
    assert.equal(onSharedLimit(r, cap, [[{ all: [] }, hold]]), r);
    assert.equal(onSharedLimit(r, cap, [[rounds(2), undefined]]), r);
  });

  it('defines the agreed count once, in the number the sections count from', () => {
    const shown = [
      [rounds(3), hold],
      [rounds(3), cap],
    ] as const;
    assert.deepEqual(limitDefinitions(shown, models, n), [
      '- Every design request comes with 2 agreed rounds of revisions; a design request with 3 or more revision rounds is past them.',
    ]);
    assert.deepEqual(limitDefinitions([[rounds(2), hold]], models, n), [
      '- Every design request comes with one agreed round of revisions; a design request with 2 or more revision rounds is past them.',
    ]);
  });
});
