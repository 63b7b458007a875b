import { mailOwner, ownerMailBody } from './actions.js';
import type { ActionPart } from './parts.js';
import type { SourceName } from './sources/index.js';

// the sections of a policy whose work is a chase of the record's owner by mail (a security finding's owning team
// before its remediation date, a pull request's author once it has gone stale): the owner mail (actions.ts mailOwner)
// under the section's own heading, so those tasks are worked by mail rather than always by a status change

function chase(
  name: string,
  sections: readonly string[],
  sources: readonly SourceName[],
  phrases: readonly string[],
  ask: string,
) {
  const part: ActionPart<SourceName> = {
    ...mailOwner,
    name,
    sections,
    // (the chase is its section's whole job: never a branch of triage or of requesting changes)
    ownSection: true,
    sources,
    phrases,
    // the mail asks for what the section is for (a fix by its date, a rebase), as the request says it does
    args: (x) => ({ ...mailOwner.args(x), body: ownerMailBody(x, ask) }),
  };
  return part;
}

export const chaseRemediation = chase(
  'chase_remediation',
  ['Remediation chase'],
  ['security_findings'],
  [
    // (its remediation date, named: "before the date passes" left the date unsaid, review 68)
    'email the {owner} of each one before its remediation date passes, with the {noun} id in the subject, {carry}',
    'chase each {owner} by email (subject line: the {noun} id), {carry}',
  ],
  'Could you let me know whether the fix will be in before its remediation date?',
);

export const nudgeAuthor = chase(
  'nudge_author',
  ['Stale branches'],
  ['pull_requests'],
  [
    'email the {owner} of each one to rebase or close it, with the {noun} id in the subject, {carry}',
    'send each {owner} a note asking them to rebase or close it (subject line: the {noun} id), {carry}',
  ],
  'It has been open a while: could you rebase it on main, or close it if it is no longer needed?',
);
