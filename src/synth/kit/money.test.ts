import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amountPattern, factPattern, numberVariants } from './money.js';

// the grader matches answer patterns case-insensitively
const says = (fact: string, text: string, money = false) => new RegExp(factPattern(fact, money), 'i').test(text);

describe('answer figures', () => {
  it('a figure asked to two decimals reads with or without them; a count never gains them', () => {
    for (const text of ['51200.00', '51,200.00', '51200', '51,200']) assert.ok(says('51200.00', `avg ${text}.`), text);
    assert.ok(says('12.50', 'it is 12.5') && says('12.50', 'it is 12.50'));
    assert.deepEqual(numberVariants('3').sort(), ['3']);
    assert.ok(!says('3', 'we handled 3.00') && !says('1234', 'total 1,234.00') && says('1234', 'total 1,234'));
    // an amount of money may carry cents even when whole
    assert.ok(says('51200', '$51,200.00', true) && new RegExp(amountPattern(51200), 'i').test('51200.00'));
  });

  it('matches a figure only where it is one: not a list marker, a date, a time or part of an id', () => {
    for (const text of ['Done — 3 handled.', 'Count:\n3', 'the answer is 3. Thanks', '(3)', '3 tickets'])
      assert.ok(says('3', text), text);
    for (const text of [
      '1. first\n3. third',
      '  3) item',
      'due 3 July',
      'on July 3',
      'Sep 3',
      'the 3rd',
      '2026-07-03',
      '03/07',
      'at 10:03',
      'T-3 closed',
      'version 3.5',
      '2023',
      'JOB3',
    ])
      assert.ok(!says('3', text), text);
  });
});
