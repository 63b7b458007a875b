import type { ActionPart } from './parts.js';

// The domain packs' status marks that are a wrong list, not a harm, when done for a record the rules leave out
// (ActionPart `leftOut`): a flag asking a desk of the user's own firm to look — a news item flagged for the account
// team, a story for a legal read, a trade for compliance review, a note back into compliance review, a CAPA or a
// postmortem asked for, a source to verify again, a position put on watch. Each is undone in one edit, sends nothing
// out, commits no money and records no work as done. Every other status a pack sets is a harm: it sends (a reminder,
// a chase, a query, a questionnaire), pays or approves, cancels, holds or stops work others run, withdraws what others
// use (an archived dashboard, a superseded report), changes someone's access, or records a check as done that nobody
// did (triaged, condition checked, SEO reviewed, diarised), so the real one is skipped. (The packs declare their acts
// as PackAct, which does not carry the property: this is where a pack act says it.)
const PACK_WRONG_LISTS: ReadonlySet<string> = new Set([
  'flag_news',
  'require_legal_read',
  'flag_trade',
  'note_to_compliance',
  'require_capa',
  'require_postmortem',
  'reverify_source',
  'watch_position',
]);

/** A pack's action with what doing it for a record left out is (a harm unless it is listed above). */
export const withLeftOut = <S extends string>(a: ActionPart<S>): ActionPart<S> =>
  PACK_WRONG_LISTS.has(a.name) ? { ...a, leftOut: 'wrong list' } : a;
