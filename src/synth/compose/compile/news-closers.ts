import type { Register } from '../../kit/content.js';

// How a coworker ends a message passing on news mid-task, in their own register: a nudge to look again, a word on
// what it may change, or nothing (review: " Just so you know." closing one news message in four). Each register has
// its own, so no closer marks the corpus.

/** The closers of a news message by the asker's register ('' : the news ends it). */
export const NEWS_CLOSERS: Record<Register, readonly string[]> = {
  terse: [
    '',
    '',
    ' Check it.',
    ' Recheck that one.',
    ' Adjust if needed.',
    ' Recheck before you finish.',
    ' Worth a look.',
    ' Factor it in.',
    ' Take it into account.',
    ' Redo that one if it matters.',
    ' Your call on it.',
    ' Mind that one.',
  ],
  plain: [
    '',
    '',
    ' Can you take another look?',
    ' Worth a second look.',
    ' Could you factor that in?',
    ' Might change things.',
    ' Please bear that in mind.',
    ' Does that change anything?',
    ' Sorry for the late change.',
    ' Thought you would want to know.',
    ' Let me know if it matters.',
    ' Just flagging it.',
    ' Can you check it still fits?',
    ' Please work that in.',
    ' That may move things around.',
    ' Worth double-checking.',
  ],
  chatty: [
    '',
    ' Just so you know.',
    ' Sorry, I know you were halfway through!',
    ' Thought you should know.',
    ' Hope that does not mess things up!',
    ' Might be worth a quick recheck.',
    ' Never a dull day!',
    ' Sorry about that!',
    ' Always something, right?',
    ' Shout if it changes anything!',
  ],
  formal: [
    '',
    ' Please take this into account.',
    ' Kindly review it in that light.',
    ' Please adjust accordingly.',
    ' Apologies for the late change.',
    ' I thought you should be aware.',
    ' Please let me know if this affects the outcome.',
    ' I would be grateful if you could recheck it.',
    ' Please reflect this in your work.',
    ' My apologies for the interruption.',
  ],
};
