// what nearly went wrong with one record of a type, as the people who keep them tell it: who caught it, when,
// and what it cost (occasion-stories.ts). `{day}` is a day last week ("last Tuesday"; `{Day}` at a sentence's
// start), `{who}` a colleague by first name (`{Who}` at a sentence's start). Each line is followed by the work it is
// a reason for, by the heading of an act on the record type (policy-acts.ts; any heading of the act stands for it):
// the work that would have caught it. A story is told only before that work, never before another on the same
// records ("a social post had the wrong date, so stop the boost on …").

/** A near miss and the headings of the work it is a reason for. */
export type NearMiss = readonly [line: string, ...works: string[]];
