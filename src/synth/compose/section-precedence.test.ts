import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import type { Rule } from '../rules/rule.js';
import { overriding, PRECEDENCE_SHARE } from './section-precedence.js';

// Precedence between sections (section-precedence.ts): a rule's exception written as a section of its own that
// overrides the task's, and the task's section without it.

const n = { singular: 'pull request', plural: 'pull requests' };
const rule: Rule = {
  all: [{ kind: 'in', field: 'ci_status', values: ['failing'] }],
  unless: { kind: 'in', field: 'repo', values: ['mobile-app'] },
  why: "mobile-app builds run in the mobile team's own CI",
};
// (a stand-in for the document's bullets)
const bullets = (r: Rule) => r.all.map((a) => `- It is ${a.kind === 'in' ? a.values.join(' or ') : a.field}.`);
const draws = (d: 'easy' | 'medium' | 'hard', r: Rule = rule) =>
  Array.from({ length: 200 }, (_, i) => overriding(r, 'Changes requested', n, d, createRng('prec', i), bullets, []));

describe('overriding (section-precedence.ts)', () => {
  it('states the exception under a section of its own that names the section it overrides', () => {
    const over = draws('hard').find((o) => o !== undefined);
    assert.ok(over);
    assert.deepEqual(over.own, { all: rule.all });
    assert.notEqual(over.heading, 'Changes requested');
    const text = over.lines.join('\n');
    assert.match(text, /mobile-app: mobile-app builds run in the mobile team's own CI\./);
    assert.match(text, /"Changes requested"/);
    assert.match(text, /left out of changes requested/);
  });

  it('on hard documents far more often than medium ones, never on easy ones nor without a reason', () => {
    const share = (d: 'easy' | 'medium' | 'hard') => draws(d).filter(Boolean).length / 200;
    assert.equal(PRECEDENCE_SHARE.easy, 0);
    assert.equal(share('easy'), 0);
    assert.ok(share('hard') > 0.45 && share('medium') < 0.35, `${share('hard')} ${share('medium')}`);
    assert.equal(draws('hard', { ...rule, why: undefined }).filter(Boolean).length, 0);
    assert.equal(draws('hard', { all: rule.all }).filter(Boolean).length, 0);
  });
});
