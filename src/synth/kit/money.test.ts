import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { amountPattern, factPattern, numberVariants, questionKeys } from './money.js';

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
    // a figure asked to the nearest thousand, written in thousands or millions
    for (const text of ['about 3,090,000 readers', 'roughly 3.09 million', '3,090k', '3,090 thousand', '3.09m'])
      assert.ok(says('3090000', text), text);
    assert.ok(!says('3090000', '3.1 million') && !says('3090000', '3,09k'));
  });

  it('reads an amount in every way a right answer writes it: grouped by comma or space, with a sign or a code', () => {
    for (const text of [
      '1250',
      '1,250',
      '1 250',
      '1 250.00',
      '1\u202f250.00',
      '€1,250',
      '€1,250.00',
      'EUR 1,250',
      '1,250 EUR',
    ])
      assert.ok(says('1250', `The total is ${text} for these.`, true), text);
    for (const text of ['EUR1,250', 'USD1250.00']) assert.ok(says('1250', `Total ${text}.`, true), text);
    assert.ok(!says('1250', 'Ref ABC1250.', true) && !says('3', 'JOB3'));
    for (const text of ['1562.65', '1,562.65', '1 562.65', '$1,562.65'])
      assert.ok(says('1562.65', `sum ${text}.`, true), text);
    // a space between two numbers is no grouping where the digits after it are not three
    assert.ok(!says('1250', 'items 1 25 and 0', true) && !says('12500', 'lots 12 5000'));
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

describe('answer figures in words and beside names', () => {
  const sayn = (fact: string, text: string, names: string[] = []) =>
    new RegExp(factPattern(fact, false, names), 'i').test(text);

  it('a count of up to twenty reads in words too; "one" only as a count before a noun', () => {
    for (const [fact, text] of [
      ['1', 'I found one to-do left.'],
      ['2', 'Two access reviews need it.'],
      ['12', 'twelve tickets'],
      ['0', 'zero items'],
    ] as const)
      assert.ok(sayn(fact, text), text);
    for (const text of ['the one with the highest fee is 7', 'one of them', 'someone', 'Which one?', 'one-off'])
      assert.ok(!sayn('1', text), text);
    assert.ok(!sayn('2', 'network'), 'never inside a word');
    assert.ok(!sayn('21', 'twenty-one'), 'no words past twenty');
  });

  it('a figure inside a record name the task holds is not the answer; elsewhere it is', () => {
    const names = ['Coding portfolio, term 1', 'Building 3 annex'];
    assert.ok(!sayn('1', 'Coding portfolio, term 1 — 2 days late', names));
    assert.ok(sayn('1', 'Coding portfolio, term 1 — 1 day late', names));
    assert.ok(!sayn('3', 'Moved to Building 3 annex.', names));
    assert.ok(sayn('3', 'Moved 3 bookings to the annex.', names));
    // embedded in a larger pattern, the alternatives stay together
    assert.ok(!new RegExp(`Figure: ${factPattern('1', false, names)}$`, 'i').test('Figure: term 1'));
  });
});

describe('a small figure beside what it counts', () => {
  const nouns = ['to-do', 'to-dos'];
  const keys = questionKeys('the number of to-dos you handled whose priority is low', nouns);
  const re = new RegExp(factPattern('1', false, [], keys, nouns), 'i');

  it('reads the count next to its label, in words or digits, either side', () => {
    for (const text of [
      'Only one is low priority.',
      'Of the three, one was low priority.',
      'low-priority count: 1',
      'The number of to-dos I handled whose priority is low: 1.',
      'Low priority: 1 (TD-4410).',
    ])
      assert.ok(re.test(text), text);
  });

  it('reads a count stated as what qualified: "2 of the 10 qualify", "Two qualified: …" (review 42)', () => {
    const runs = questionKeys('the number of run failures you handled', ['run failure', 'run failures']);
    const two = new RegExp(factPattern('2', false, [], runs, ['run failure', 'run failures']), 'i');
    for (const text of ['2 of the 10 runs qualify.', 'Two qualified: RUN-8886 and RUN-8894.'])
      assert.ok(two.test(text), text);
    for (const text of ['3 of the 10 runs qualify.', 'Three qualified.', 'I looked at 2 dashboards first.'])
      assert.ok(!two.test(text), text);
  });

  it('never an incidental number, nor one with another figure between it and the label', () => {
    for (const text of [
      'I booked one review per to-do; low-priority count: 0.',
      'Built one page listing the 4 entries; low priority count: 2.',
      'Step 1 done.',
      'All 1 of them handled.',
    ])
      assert.ok(!re.test(text), text);
    // a number in brackets is part of a name, not a figure between the label and the count
    const rooms = new RegExp(
      factPattern('3', false, [], questionKeys('the number of room bookings whose room is Cotswold (4)')),
      'i',
    );
    assert.ok(rooms.test('the number of room bookings I handled whose room is Cotswold (4) is 3.'));
    // the match is the figure alone: what the answer probes swap for another candidate
    assert.equal('Low priority: 1 (TD-4410).'.match(re)?.[0], '1');
  });

  it('reads a sub-count said against its whole, and never the whole as the count', () => {
    for (const text of ['1 of the 2 has low priority (TD-4410).', 'Only one out of 4 is low priority.'])
      assert.ok(re.test(text), text);
    assert.ok(!re.test('Two of the three are low priority.'));
    const two = new RegExp(factPattern('2', false, [], keys, nouns), 'i');
    for (const text of [
      'Two of the three are low priority.',
      '2 out of 5 to-dos are low priority.',
      'In total, 2 of them are low priority.',
    ])
      assert.ok(two.test(text), text);
    // the whole is no count: with 2 the answer, "1 of the 2" or "of the 2 to-dos" does not state it
    for (const text of ['1 of the 2 has low priority.', 'Of the 2 to-dos, none is low priority.'])
      assert.ok(!two.test(text), text);
    // "a total of" is a count's own phrase
    assert.ok(two.test('A total of 2 are low priority.'));
    const papers = ['paper', 'papers'];
    const neurips = new RegExp(
      factPattern(
        '1',
        false,
        [],
        questionKeys('the number of papers you handled published at NeurIPS', papers),
        papers,
      ),
      'i',
    );
    assert.ok(neurips.test('Only one of the four was published at NeurIPS (PAP-8990).'));
    assert.ok(!neurips.test('One of the four is a journal paper; two were published at NeurIPS.'));
  });

  it("reads a count by any word of what it counts, or as a tally's label", () => {
    const charts = ['chart request', 'chart requests'];
    const five = new RegExp(
      factPattern('5', false, [], questionKeys('the number of chart requests you handled', charts), charts),
      'i',
    );
    for (const text of ['I produced 5 charts.', 'All five charts are done.', 'Chart requests handled: 5'])
      assert.ok(five.test(text), text);
    for (const text of ['Each chart has 5 bars.', 'Done in 5 minutes.']) assert.ok(!five.test(text), text);
  });

  it('what is counted reads right beside its count; a measure may carry a decimal that loses nothing', () => {
    const nouns = ['aircraft inspection', 'aircraft inspections'];
    const q = 'the number of aircraft inspections you handled whose aircraft type is A321neo';
    const one = new RegExp(factPattern('1', false, [], questionKeys(q, nouns), nouns), 'i');
    assert.ok(one.test('Only one inspection qualifies: INS-2245.') && one.test('A321neo: 1'));
    const todo = new RegExp(
      factPattern('1', false, [], questionKeys('the number of to-dos you handled', ['to-do', 'to-dos']), [
        'to-do',
        'to-dos',
      ]),
      'i',
    );
    assert.ok(!todo.test('I booked one review per to-do.'), 'a noun three words away is not what the count counts');
    assert.ok(new RegExp(factPattern('30', true), 'i').test('30.0 ha in all'));
    assert.ok(!new RegExp(factPattern('12.25', true), 'i').test('12.3'), 'never a rounding that changes the value');
  });

  it('the question words name what is counted, not its glue; large figures stay unanchored', () => {
    assert.deepEqual(questionKeys('their combined booked time (in minutes)').slice(0, 4), [
      'combined',
      'booked',
      'time',
      'minute',
    ]);
    assert.ok(new RegExp(factPattern('1680', false, [], keys), 'i').test('1,680 in all'));
  });
});
