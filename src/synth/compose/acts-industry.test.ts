import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { drawRule } from '../rules/draw.js';
import { atomsOf } from '../rules/rule.js';
import { ACTS, actNamed } from './policy-acts.js';
import { PARTS } from './registry.js';

// review 30 D7 and D12: changes requested on a pull request whose only problem is a flaky job, and a test paused
// at its first significant reading. Flakiness is the suite's (re-run or ticketed); a test is called once its
// planned sample is in, never at an early peek.

const fieldsOf = (name: string) => PARTS.sources.find((s) => s.name === name)?.fields ?? [];

describe('engineering and analytics sections', () => {
  it('request changes on failing checks only, never on a flaky job', () => {
    const act = actNamed('pull_requests', 'Changes requested');
    assert.ok(act);
    assert.deepEqual(act.lean?.ci_status, ['failing']);
    const rng = createRng('flaky');
    for (let i = 0; i < 40; i++)
      for (const a of atomsOf(drawRule(fieldsOf('pull_requests'), rng, 'hard', act.lean, act.must, [], act.bounds)))
        if (a.field === 'ci_status' && a.kind === 'in') assert.ok(!a.values.includes('flaky'), a.values.join());
  });

  it('stop no experiment on significance alone: the section is the planned sample’s', () => {
    const sections = (ACTS.experiments ?? []).flatMap((a) => a.sections);
    assert.ok(!sections.some((s) => /early|significance/i.test(s)), sections.join());
    const planned = actNamed('experiments', 'Planned stop');
    assert.ok(planned);
    assert.equal(planned.lean?.sample_size, 'high');
    assert.match(planned.why, /planned sample/);
  });
});
