import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchValue } from '../../../grade/match.js';
import type { Matcher } from '../../../schema/matchers.js';
import { loosened, looseNames } from './loose-names.js';

// a long or punctuated name is asked for by its words in order, whatever stands between them (review 36: a citation
// checked byte for byte failed a mail that dropped its full stop or typed straight quotes)

const ECON = 'The Economist, ‘The trouble with subscription fatigue’, 11 January 2025.';
const OKAFOR = 'Okafor, N. (2023). Platform pricing and entry. Journal of Industrial Economics, 71(2).';
const check = (name: string) => ({ where: { body: { contains: name } } });
const body = (m: { where: { body: unknown } }) => m.where.body as Matcher;

describe('a long or punctuated name in a check', () => {
  it('is met however the reply punctuates, quotes or marks it up', () => {
    const econ = body(looseNames(check(ECON), [ECON, 'Short name']));
    const okafor = body(looseNames(check(OKAFOR), [OKAFOR]));
    for (const text of [
      `- SRC-3230: ${ECON}`,
      "SRC-3230 — The Economist, 'The trouble with subscription fatigue', 11 January 2025",
      'SRC-3230: The Economist, "The trouble with subscription fatigue", 11 January 2025;',
    ])
      assert.ok(matchValue(econ, text), text);
    assert.ok(
      matchValue(
        okafor,
        'SRC-3221 | Okafor, N. (2023). Platform pricing and entry. *Journal of Industrial Economics*, 71(2)',
      ),
    );
  });

  it('takes "&" for "and" between authors', () => {
    const two = 'Adeyemi, T. and Ross, J. (2023). Bank branch closures and SME lending. Journal of Finance, 78(5).';
    const m = body(looseNames(check(two), [two]));
    assert.ok(matchValue(m, two.replace(' and Ross', ' & Ross')));
    assert.ok(!matchValue(m, two.replace(' and Ross', '')));
  });

  it('fails a reply short of any of its words, or with another number', () => {
    const econ = body(looseNames(check(ECON), [ECON]));
    assert.ok(!matchValue(econ, 'SRC-3230: The Economist, 11 January 2025'));
    assert.ok(!matchValue(econ, "SRC-3230: 'The trouble with subscription fatigue'"));
    assert.ok(!matchValue(econ, 'The Economist, ‘The trouble with subscription fatigue’, 11 January 2026.'));
    const okafor = body(looseNames(check(OKAFOR), [OKAFOR]));
    assert.ok(!matchValue(okafor, OKAFOR.replace('71(2)', '71(3)')));
  });

  it('leaves a short plain name, and any text that is no record name, as written', () => {
    assert.ok(!loosened('Keeper’s Field'));
    assert.ok(loosened('Fenwick Biotech – trade mark infringement, FENLUX'));
    const copy = 'One place for the numbers your team checks every morning, now in expense management.';
    assert.deepEqual(looseNames(check(copy), [ECON]), check(copy));
    assert.deepEqual(looseNames(check('Keeper’s Field'), ['Keeper’s Field']), check('Keeper’s Field'));
  });
});
