import type { Rng } from '../../../env/rng.js';
import { teamOf } from '../team-calendar.js';
import type { SourcePart } from '../parts.js';

// Why the requester has not decided where the deliverable goes, and the ask to check first: a real reason the
// destination is still open — who decides it, what it depends on — in the team's own terms (its lead, its
// meetings), composed from a reason and an ask in several wordings, so no one line recurs across a corpus.

type Said = (role: string, event: string) => string;

const REASONS: Readonly<Record<string, readonly Said[]>> = {
  'file path': [
    (r) => `the ${r} decides where these get filed and hasn't got back to me yet`,
    (r) => `the ${r} is reorganising our shared drive at the moment`,
    (_, e) => `it depends on whether it goes into the pack for ${e} or stays in our own folder`,
    () => `we're moving the team folders around this week and I don't know the new layout yet`,
    (r) => `the ${r} wants this year's files kept apart from last year's and hasn't said how`,
    (_, e) => `there may already be a folder set up for ${e} and I need to check`,
    () => 'IT are moving our folders to the new drive and the paths are not final',
  ],
  recipient: [
    () => 'it depends on who is covering this week',
    (r) => `the ${r} hasn't said yet who is picking this up`,
    (_, e) => `it may go to whoever is running ${e}, and I don't know who that is yet`,
    () => `the rota changes this week and I'm not sure who's on`,
    (r) => `it depends on whether the ${r} wants to see it first`,
  ],
  channel: [
    () => 'it depends on which team picks this up',
    (r) => `the ${r} is merging some of our channels this week`,
    (_, e) => `it may belong in the channel for ${e} rather than ours`,
    () => `we've just split the team channels and I'm not sure which one fits`,
  ],
  title: [
    () => 'the title has to match the series it goes out in and I still need to check that',
    (r) => `the ${r} has the final say on titles and hasn't picked one`,
    () => `we're renaming the series and the new name isn't settled`,
  ],
  'report title': [
    () => 'finance files these by title and I need to check which one they want',
    (r, e) => `the ${r} wants a particular title for ${e} and I don't have it yet`,
    () => "finance changed how claims are named this month and I haven't seen the new format",
  ],
};

const ASKS: Readonly<Record<string, readonly string[]>> = {
  'file path': [
    'check with me before you save it',
    'ask me where to save it first',
    'give me a shout before you save it',
    'ask me for the path before saving',
    "don't save it until I've told you where",
  ],
  recipient: [
    'ask me who to send it to',
    'check with me before you send it',
    "don't send it until I've told you who gets it",
    'ask me for the name first',
  ],
  channel: ['ask me which channel before you post', 'check with me before posting', 'ask me where to post it first'],
  title: ['ask me before you publish it', 'check the title with me first', 'ask me for the title first'],
  'report title': [
    'ask me before you submit it',
    'check the title with me first',
    'ask me for the title before submitting',
  ],
};

/** The ask-first line for an open `destination` (no final stop): "the ward sister decides …, so check with me …". */
export function undecided(destination: string, src: SourcePart, rng: Rng): string {
  const reasons = REASONS[destination];
  const asks = ASKS[destination];
  if (!reasons || !asks) return `ask me for the ${destination} first`;
  const team = teamOf(src);
  const reason = rng.pick(reasons)(rng.pick(team.leads), rng.pick(team.events));
  const ask = rng.pick(asks);
  return rng.pick([`${reason}, so ${ask}`, `${ask}: ${reason}`, `${ask} — ${reason}`]);
}
