import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { digitsRegex } from './checks.js';

const says = (value: string, text: string) => new RegExp(digitsRegex(value), 'i').test(text);

describe('digitsRegex', () => {
  it('finds a phone number however its groups are written (review 50: "(555) 258-6088" failed an exact check)', () => {
    for (const text of [
      'Call +1 555 258 6088.',
      'on (555) 258-6088',
      'the number 555-258-6088',
      '+1-555-258-6088',
      '1 555 258 6088',
      '5552586088',
      'tel. 555.258.6088',
    ])
      assert.ok(says('+1 555 258 6088', text), text);
  });

  it('finds an account number with any grouping, never another or a longer number', () => {
    assert.ok(says('1916-1512-4609', 'account 1916 1512 4609'));
    assert.ok(says('1916-1512-4609', 'account 191615124609'));
    assert.ok(!says('1916-1512-4609', 'account 1916-1512-4608'));
    assert.ok(!says('1916-1512-4609', 'account 21916-1512-4609'));
    assert.ok(!says('1916-1512-4609', 'account 1916-1512-46091'));
    assert.ok(!says('+1 555 258 6088', 'call 555 258 6089'));
    assert.ok(!says('+1 555 258 6088', 'call 44 555 258 60881'));
  });
});
