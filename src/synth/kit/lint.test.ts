import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { occasion } from '../compose/occasions.js';
import { makeWorld } from '../compose/world.js';
import { contradicted, dayOf } from './date-phrases.js';
import { lintText } from './lint.js';
import { agree, isPlural } from './text.js';

const WED = '2026-06-17T09:00:00Z'; // a Wednesday, mid-month
const rules = (t: string, today = WED) => lintText(t, today).map((l) => l.rule);

describe('the linter catches template seams', () => {
  it('an imperative asked as a question; a real question is fine', () => {
    assert.deepEqual(rules('Please go through the claims? For each of them, close it.'), ['mood']);
    assert.deepEqual(rules('Hi. I need you to work through the claims? Thanks.'), ['mood']);
    assert.deepEqual(rules('Could you go through the claims? For each of them, close it.'), []);
  });

  it("a greeting's comma running into a sentence; a name after it is fine", () => {
    assert.deepEqual(rules('Good afternoon, The claims were skipped in the last clean-up.'), ['greeting']);
    assert.deepEqual(rules('Hello, We are reviewing our order.'), ['greeting']);
    assert.deepEqual(rules('Good afternoon,\n\nThe claims were skipped.'), []);
    assert.deepEqual(rules('Hello, we are reviewing our order.'), []);
    assert.deepEqual(rules('Hello, Priya — the claims were skipped.'), []);
  });

  it('a plural subject with a singular verb', () => {
    assert.deepEqual(rules('This working instructions says which claims qualify.'), ['agreement']);
    assert.deepEqual(rules('These working instructions say which claims qualify.'), []);
    assert.deepEqual(rules('This procedure says which claims qualify.'), []);
    assert.deepEqual(rules('- Its desk notes mentions "embargo".'), ['agreement']);
    assert.deepEqual(rules('- Its thesis mentions "buyback". Its status is open.'), []);
    assert.deepEqual(rules("- Its monthly views is 450 or more. The dashboard's monthly views is 3."), [
      'agreement',
      'agreement',
    ]);
    assert.deepEqual(rules('- Its number of runs is 5 or more.'), []);
    assert.deepEqual(rules('Its clause notes was edited.'), ['agreement']);
    assert.deepEqual(rules('> Every one of the claims over $5 need attention: close them.'), ['agreement']);
    assert.deepEqual(rules('- The schema migration is with a down migration.'), ['agreement']);
  });

  it('a forwarded note asking to be asked, the same figure asked twice, a title under its own heading', () => {
    assert.deepEqual(rules('Forwarding this:\n> Post one note (ask me which channel).\n\nThanks'), ['forwarded']);
    assert.deepEqual(rules('Forwarding this:\n> Post one note (ask Ana which channel).\n\nAsk me first.'), []);
    assert.deepEqual(
      rules('Email them, ending with their average fee, to two decimals. Close with their average fee, please.'),
      ['doubled_ask'],
    );
    assert.deepEqual(rules('# Claim handling policy\n\nClaim handling policy\nVersion 2.'), ['repeated_line']);
    assert.deepEqual(rules('# Claim handling policy\nVersion 2.'), []);
  });

  it('a per-record wording twice, an ask twice, a word doubled in a name, a history dated after its end', () => {
    assert.deepEqual(rules('Find the referrals. For each of them, put each of those referrals on hold.'), [
      'doubled_word',
    ]);
    assert.deepEqual(rules('Find the referrals. For each of them, put it on hold.'), []);
    assert.deepEqual(
      rules('Write a CSV file (ask me where it goes). I have not decided the file path yet, so ask me first.'),
      ['doubled_ask'],
    );
    assert.deepEqual(rules('Write a CSV file. I have not decided the file path yet, so ask me first.'), []);
    assert.deepEqual(rules('See the "Access review review procedure" at policies/legal-review-review.md.'), [
      'doubled_word',
      'doubled_word',
    ]);
    assert.deepEqual(rules('Update: NCR NCR-9213 changed; scheduled job JOB-1250 too.'), []);
    const history = (d: string) =>
      `## History\nUntil 19 August the hold section read:\n- Traded ${d}.\nThat version no longer applies.`;
    assert.deepEqual(rules(history('between 4 September and today')), ['history_date']);
    assert.deepEqual(rules(history('between 4 August and today')), []);
    assert.deepEqual(rules(history('today or in the 30 days before')), []);
  });
});

describe('a policy window agrees with the lead time its section states', () => {
  const section = (days: number) =>
    `## Heavy check\nHeavy checks need parts and a hangar slot booked weeks ahead.\nAn inspection qualifies for heavy check if:\n- It is due today or in the next ${days} days.`;
  it('a window shorter than the stated lead time is a glitch; one as long or longer is fine', () => {
    assert.deepEqual(rules(section(3)), ['lead_time']);
    assert.deepEqual(rules(section(21)), []);
    // a reason's own lead time counts too ("a few days' notice" beside "tomorrow")
    assert.deepEqual(
      rules('## Picture commissioning\nA photographer needs a few days’ notice.\n- It is due today or tomorrow.'),
      ['lead_time'],
    );
  });
  it("another section's lead time says nothing of this section's window", () => {
    const other = '## Subbing slot\nStories due soon are booked a subeditor.\n- It is due today or in the next 3 days.';
    assert.deepEqual(rules(`${section(21)}\n\n${other}`), []);
  });
});

describe('a policy window agrees with the rhythm its reason names', () => {
  const section = (days: number) =>
    `## Diary entry\nThis section takes only the court deadlines falling soon: the docketing team enters the dates from every sealed order on its weekly run, so only a date falling before its next run is at risk.\n- It is due today or in the next ${days} days.`;
  it('a window longer than a weekly run is a glitch (review 18 D4b: 21 and 28 days); a week or less is fine', () => {
    assert.deepEqual(rules(section(28)), ['cadence']);
    assert.deepEqual(rules(section(21)), ['cadence']);
    assert.deepEqual(rules(section(7)), []);
    assert.deepEqual(rules(section(3)), []);
  });
});

describe('date phrases agree with the task day', () => {
  it('month end, month start, weekdays, quarter and year end', () => {
    const at = (t: string, day: string) => contradicted(t, dayOf(day));
    assert.deepEqual(at('The month is nearly over.', '2026-06-17'), ['month is nearly over']);
    assert.deepEqual(at('The month is nearly over.', '2026-06-26'), []);
    assert.deepEqual(at('The new month has just started.', '2026-06-03'), []);
    assert.deepEqual(at('The new month has just started.', '2026-06-12'), ['new month has just started']);
    assert.deepEqual(at("It's Friday and the claims can wait.", '2026-06-17'), ["It's Friday"]);
    assert.deepEqual(at("It's Friday and the claims can wait.", '2026-06-19'), []);
    assert.deepEqual(at('Quarter end is close.', '2026-06-20'), []);
    assert.deepEqual(at('Quarter end is close.', '2026-05-20'), ['Quarter end']);
    assert.deepEqual(at('Year-end is coming.', '2026-12-12'), []);
    assert.deepEqual(at('Before the weekend, please.', '2026-06-15'), ['Before the weekend']);
    // the weekend edition is the paper's, on any day
    assert.deepEqual(at('The round is due before the weekend edition deadline.', '2026-06-15'), []);
    // a meeting named "month-end close" is not a claim about today
    assert.deepEqual(at('The month-end close is on Thursday.', '2026-06-03'), []);
    assert.deepEqual(rules('The month is nearly over, so close the claims.', WED), ['date_phrase']);
    // a year-end that names a thing (an inspection, a report's update) is no claim about today; one coming is
    assert.deepEqual(at('Ready the ones the year-end inspection is most likely to test.', '2026-06-03'), []);
    assert.deepEqual(at('Market Report, 2025 year-end update', '2026-06-03'), []);
    assert.deepEqual(at('Get it done before year-end.', '2026-06-03'), ['year-end']);
    assert.deepEqual(at('The end of the year is getting close.', '2026-06-03'), ['end of the year']);
  });

  it('"a" before a vowel, plain or quoted; a capital A inside a sentence is a letter', () => {
    assert.deepEqual(rules('Nobody has done a "Audit sample" pass.'), ['article']);
    assert.deepEqual(rules('It runs on a offboarded user.'), ['article']);
    assert.deepEqual(rules('A urgent one came in.'), ['article']);
    assert.deepEqual(rules('Nobody has done an "Audit sample" pass, a URL check or a one-off.'), []);
    assert.deepEqual(rules('She covers the night shift at A and E.'), []);
  });

  it('a line compared against before any is stated in its section', () => {
    const section =
      '## Itemised receipt\n\nAbove this amount audit needs an itemised receipt.\n\n- total 250 USD or more';
    assert.deepEqual(rules(section), ['dangling']);
    assert.deepEqual(
      rules('## Itemised receipt\n\nReceipts of 250 USD or more: above this amount audit needs one.'),
      [],
    );
    // a figure in an earlier section is not this one's
    assert.deepEqual(rules(`## Late claim\n\nOlder than 30 days.\n\n${section}`), ['dangling']);
  });

  it('a weekday and date without a year is read in the year nearest today', () => {
    // 24 December 2025 was a Wednesday; in early January 2026 that is the date meant
    assert.deepEqual(rules('Its due date is Wednesday 24 December now.', '2026-01-08T09:00:00Z'), []);
    assert.deepEqual(rules('Its due date is Thursday 24 December now.', '2026-01-08T09:00:00Z'), ['weekday']);
    assert.deepEqual(rules('The review is on Thursday 24 December.', '2026-12-01T09:00:00Z'), []);
  });

  it('every occasion line agrees with its day, on every day of a year', () => {
    const seen = new Set<string>();
    for (let d = 0; d < 366; d++) {
      const today = new Date(Date.UTC(2026, 0, 1 + d, 9)).toISOString();
      const w = makeWorld(createRng('lint-test', d), 'Finance_Investment', 'medium', today);
      for (let k = 0; k < 6; k++) {
        const line = occasion(w, 'claims', w.rng).text;
        assert.deepEqual(lintText(`${line}.`, today), [], `${today}: ${line}`);
        seen.add(line.replace(/\b[A-Z][a-z]+\b/g, 'X'));
      }
    }
    // a content plan, not a short fixed list
    assert.ok(seen.size > 80, `${seen.size} distinct occasion lines`);
  });
});

describe('agreement repairs', () => {
  it('plural labels and "is with"', () => {
    assert.equal(isPlural('desk notes'), true);
    assert.equal(isPlural('status'), false);
    assert.equal(isPlural('exam series'), false);
    assert.equal(isPlural('thesis'), false);
    assert.equal(agree('Its desk notes mentions "x".'), 'Its desk notes mention "x".');
    assert.equal(agree('Its monthly views is 4.'), 'Its monthly views are 4.');
    assert.equal(agree('Its number of runs is 4.'), 'Its number of runs is 4.');
    assert.equal(agree('its clause notes was edited'), 'its clause notes were edited');
    assert.equal(agree('the migration is with a down migration'), 'the migration has a down migration');
    assert.equal(agree('the migration is without a down migration'), 'the migration has no down migration');
  });
});
