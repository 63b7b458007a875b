import { capitalise } from '../kit/text.js';

// A request's work as a coworker writes it: the selection, the action on each record and the deliverable in one
// sentence while it stays short, split at its natural seams once it runs long (review: sentences of 500 characters
// and more, "…, and then write them up …" after a long action). Every clause stays whole, so the checks still trace
// to it verbatim.

/** The length a sentence of the work may reach before its next clause starts a sentence of its own. */
export const SEAM = 300;

// "For each of them, put each of those referrals on hold": an action that already goes record by record is not
// wrapped in a second "for each"
export const perEach = (action: string): string =>
  /\b(?:each|every)\b/.test(action) ? capitalise(action) : `For each of them, ${action}`;

/** What the work joins to its head and how the head's sentence ends. */
export interface Seams {
  /** the text before the selection's work: "Please go through the seats that …" */
  head: string;
  /** what joins the action (or the deliverable) to the head: " and", ", and", "; then", ":" */
  join: string;
  /** the end of the head's sentence: "." or "?" */
  stop: string;
  action?: string;
  aggregate?: string;
}

// a question cannot end after a second sentence of the action (a branch's "… For all the others, …"): it becomes
// a plain ask
const asPlainAsk = (head: string) => head.replace(/^(?:Could|Can|Would) you /, 'Please ');

/**
 * The head and its work as one or more sentences, ending with the last one's stop: "Please go through X and mark
 * each of them as Y, and then write them up in Z." or "Please go through X. Mark each of them as Y. Then write them
 * up in Z." — whichever keeps each sentence under the seam length.
 */
export function workSentences({ head, join, stop, action, aggregate }: Seams): string {
  const splitAction = Boolean(action && (/\. [A-Z]/.test(action) || `${head}${join} ${action}`.length > SEAM));
  const lead = splitAction && /\. [A-Z]/.test(action ?? '') && stop === '?' ? asPlainAsk(head) : head;
  const leadStop = lead === head ? stop : '.';
  if (!action) {
    const todo = aggregate ?? 'note them';
    return `${lead}${join} ${todo}`.length > SEAM
      ? `${lead}${leadStop} ${capitalise(todo)}.`
      : `${lead}${join} ${todo}${leadStop}`;
  }
  // the sentence the action ends: its own, or the head's
  if (splitAction) return `${lead}${leadStop} ${actionSentences(action, aggregate)}`;
  const acted = `${lead}${join} ${action}`;
  if (!aggregate) return `${acted}${leadStop}`;
  return `${acted}, and then ${aggregate}`.length > SEAM
    ? `${acted}${leadStop} Then ${aggregate}.`
    : `${acted}, and then ${aggregate}${leadStop}`;
}

/** The action as a sentence of its own ("For each of them, …"), and the deliverable after it, or in one of its own. */
export function actionSentences(action: string, aggregate?: string): string {
  const acted = perEach(action);
  if (!aggregate) return `${acted}.`;
  const last = acted.slice(acted.lastIndexOf('. ') + 1).trim();
  // the deliverable goes on the last sentence only where that is work ("For all the others, mark …"), never on a
  // branch's reason ("…, and a to-do of its own keeps each one from slipping, and then turn all of them …": review 47)
  const onWork = last === acted || /^For\b/.test(last);
  return !onWork || `${last}, and then ${aggregate}`.length > SEAM
    ? `${acted}. Then ${aggregate}.`
    : `${acted}, and then ${aggregate}.`;
}
