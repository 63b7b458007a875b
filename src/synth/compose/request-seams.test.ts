import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { actionSentences, SEAM, workSentences } from './request-seams.js';

// a request's work split at its seams once it runs long, every clause kept whole (the checks trace to each)

const sentences = (s: string) => s.split(/(?<=[.?!])\s+(?=[A-Z])/);
const SELECT =
  'the seats that fall under the "Seat allocation" section of the "Seat review procedure" page in our notes';
const ACTION =
  'create a high-priority follow-up to-do for each one, due Friday 14 August, with the seat id in its title, so that the invigilators see it on the morning of the sitting, before the doors open';
const AGGREGATE =
  'write them up in a short document at reports/seat-allocation-summary.docx: a heading, then one bullet per seat with its id and seating block, and leave every other seat out of the write-up';

describe('request seams', () => {
  it('keeps a short work in one sentence', () => {
    const s = workSentences({
      head: 'Please go through the desks',
      join: ' and',
      stop: '.',
      action: 'mark each',
      aggregate: 'list them',
    });
    assert.equal(s, 'Please go through the desks and mark each, and then list them.');
  });

  it('splits a long work at the action and the deliverable, keeping each clause verbatim', () => {
    const s = workSentences({
      head: `Could you go through ${SELECT}`,
      join: ' and',
      stop: '?',
      action: ACTION,
      aggregate: AGGREGATE,
    });
    for (const clause of [SELECT, ACTION.slice(1), AGGREGATE]) assert.ok(s.includes(clause), `${clause}\n${s}`);
    assert.match(s, /\? Create a high-priority/);
    assert.match(s, /\. Then write them up/);
    for (const x of sentences(s)) assert.ok(x.length <= SEAM, x);
  });

  it('never ends a branch of two sentences with a question mark: the ask becomes a plain one', () => {
    const branch = 'for the ones due this week, email the owner. For all the others, mark each as seen';
    const s = workSentences({ head: 'Could you look at the orders', join: ' and', stop: '?', action: branch });
    assert.equal(
      s,
      'Please look at the orders. For the ones due this week, email the owner. For all the others, mark each as seen.',
    );
  });

  it('says "for each of them" before an action that does not go record by record, and "Then" before a long deliverable', () => {
    assert.equal(actionSentences('put them on hold'), 'For each of them, put them on hold.');
    const s = actionSentences(ACTION, AGGREGATE);
    assert.ok(s.startsWith('Create a high-priority'), s);
    assert.match(s, /\. Then write them up/);
  });

  it("a branch's reason ends its sentence: the deliverable never runs on from it (review 47)", () => {
    const branched =
      'for the ones of $5,000 or more, add a to-do each. A larger order value is beyond what we handle routinely';
    assert.equal(
      actionSentences(branched, 'list them in a page'),
      `For the ones of $5,000 or more, add a to-do each. A larger order value is beyond what we handle routinely. Then list them in a page.`,
    );
    // a last sentence that is work still takes it
    assert.match(
      actionSentences('mark the ones that are late as urgent. For all the others, mark them as seen', 'list them'),
      /mark them as seen, and then list them\.$/,
    );
  });
});
