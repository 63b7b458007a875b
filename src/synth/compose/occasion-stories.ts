import type { Rng } from '../../env/rng.js';
import { aOrAn, capitalise } from '../kit/text.js';
import type { OccasionFacts } from './occasions.js';
import { HOMELY } from './policy-doc-data.js';
import { NEAR_MISSES } from './near-misses-data.js';
import { eventsOf } from './team-calendar.js';
import { actNamed } from './policy-acts.js';

// what the people a service's records are kept for complain of: one record that went wrong, said as they would say
// it (a customer complaint "about the customer accounts" names no complaint), and never of a household's own bills
const COMPLAINTS: Readonly<Record<string, (plural: string) => string[]>> = {
  helpdesk: (p) => [
    `A customer complained last month that one of the ${p} sat for days without a reply`,
    `A customer escalated last month over one of the ${p} that nobody had picked up`,
  ],
  crm: () => [
    'A customer complained last month that nobody had been in touch before their renewal',
    'One of our customers told their account manager last month that they felt forgotten',
  ],
  inventory: (p) => [
    `A customer complained last month about an order we could not fill, and it traced back to one of the ${p}`,
    `A customer order went out short last month because one of the ${p} was wrong`,
  ],
  travel: (p) => [
    `A traveller complained last month after one of the ${p} was missed`,
    `A traveller complained last month that one of the ${p} sat for a week with nobody on it`,
  ],
  // (a clinic's records may be a pet's: no "patient" complaining about a booster)
  clinic: (p) => [
    `A complaint came in last month after one of the ${p} was missed`,
    `A family complained last month about one of the ${p} that nobody followed up`,
  ],
  // (said of what ran: the work over them may be a licence check or a legal read, not an answer to the reader)
  cms: (p) => [
    `A reader complained last month about one of the ${p} we ran`,
    `One of the ${p} drew a complaint from a reader last month`,
  ],
  studio: (p) => [`A client complained last month that one of the ${p} sat in the queue`],
  matters: (p) => [`A client complained last month that nobody had told them where one of the ${p} stood`],
};

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;

/**
 * What nearly went wrong with one of these records (near-misses-data.ts), told with its day and the colleague who
 * caught it (`who`, a first name; "a colleague" where the request has none to give). Only a story the task's work
 * (`work`, a heading of its act) would have caught: none where no story of the record type is one. (The draws are
 * the same either way, so that a story left out moves no other draw.)
 */
export function nearMiss(name: string, rng?: Rng, who = 'a colleague', work?: string): string | undefined {
  const all = NEAR_MISSES[name];
  if (!all) return undefined;
  const headings = work === undefined ? undefined : [work, ...(actNamed(name, work)?.sections ?? [])];
  const fit = headings ? all.filter(([, ...works]) => works.some((h) => headings.includes(h))) : all;
  const [line] = rng ? rng.pick(fit.length ? fit : all) : (fit[0] ?? []);
  const day = `last ${rng ? rng.pick(WEEKDAYS) : WEEKDAYS[0]}`;
  if (!fit.length || line === undefined) return undefined;
  return line
    .replaceAll('{Day}', `L${day.slice(1)}`)
    .replaceAll('{day}', day)
    .replaceAll('{Who}', `${who[0]?.toUpperCase()}${who.slice(1)}`)
    .replaceAll('{who}', who);
}

// the headings of works that stop, shelve or end records rather than move them on
const STOPPING =
  /\b(?:hold|pause|freez|archiv|retir|clos|cancel|releas|write-off|purg|delet|suspend|withdraw|deprecat)/i;

// the headings of rounds that check records rather than act on them (a review, an audit sample, a verification)
const CHECKING = /\b(?:review|audit|check|verif|sample|inspection|reconcil)/i;

// the short stories a request may open with (render.ts), beside the occasions that say why the work is due now

/**
 * The stories a short request opens with: what went wrong with the records, as far as the facts allow. A story
 * about a round of work names the one the records are picked for (`section`, the policy's heading) or the team's
 * own meeting, never another ("the last clean-up" before a spot check); only records with a due date turn out
 * overdue. A round that "left out" or "never got as far as" the records covers other record types too: said only
 * where the section covers more than one (`covers`); a policy section about these records alone gets a story of a
 * round over them. The stories of the records' own work (their round, their holders, their due dates, the people who
 * complain) come first; those any records could be told with only make up a pool of fewer than two.
 */
export function stories(
  plural: string,
  facts?: OccasionFacts,
  rng?: Rng,
  section?: string,
  covers = 1,
  who?: string,
): string[] {
  const say = (...xs: string[]) => (rng ? rng.pick(xs) : (xs[0] as string));
  const event = rng ? rng.pick(eventsOf(facts)) : (eventsOf(facts)[0] as string);
  const round = section ? `"${section}"` : undefined;
  const near = facts && nearMiss(facts.name, rng, who, facts.work);
  const by = who ?? 'a colleague';
  // the stories that come from these records' own work: the round they are picked for, their holders, their due
  // dates, the people who complain when they go wrong
  const own = [
    ...(round
      ? [
          say(
            // (never a count: a number in the story read as a fact no record bears out, or as the answer, review 49;
            // never a round that "found mistakes", nor one whose doer was "pulled off it halfway" or "cannot tell
            // which … it reached": contrived, review 65)
            `One of the ${plural} was caught only at the last minute in the last ${round} round`,
            ...(covers > 1
              ? [
                  `The ${plural} were left out of the last ${round} round`,
                  `The last ${round} pass never got as far as the ${plural}`,
                ]
              : [
                  `The last ${round} pass over the ${plural} was cut short`,
                  `The last ${round} round stopped halfway through the ${plural}`,
                ]),
            `Nobody has done ${aOrAn(section ?? '')} ${round} pass over the ${plural} since last quarter`,
            // (who did it, and what came of it)
            `The last ${round} round was done in a rush, and ${by} has since found mistakes in it`,
            `The last ${round} round went by an old copy of the rules, and ${by} is not sure which of the ${plural} it got right`,
            `${capitalise(by)} did the last ${round} round from memory and kept no list of the ${plural} it covered`,
            `The last ${round} round was signed off unchecked, and ${by} has already found one of the ${plural} it missed`,
          ),
        ]
      : []),
    // (a mistake caught on one is a reason to check the rest only when the story says someone asked for that, and
    // only for a round that checks them and puts right what it finds: no error found in one BI dashboard leads to
    // archiving the others, nor to a read-only list of them)
    ...(facts?.ownerRole && facts.acts && CHECKING.test(section ?? '')
      ? [
          say(
            `The ${facts.ownerRole} on one of the ${plural} found an error in it last week and asked for the rest to be checked`,
            `After the ${facts.ownerRole} on one of the ${plural} spotted a problem at the last minute, they asked us to go through the others`,
            `${aOrAn(facts.ownerRole) === 'an' ? 'An' : 'A'} ${facts.ownerRole} found something wrong with one of the ${plural} last week and wants the rest looked at`,
          ),
        ]
      : []),
    // what nearly went wrong with one of them, as the team that keeps them would tell it
    ...(near ? [near] : []),
    // only records with a due date can be overdue
    ...(facts?.due
      ? [
          say(
            `I found a few of the ${plural} that should have been dealt with already`,
            `Some of the ${plural} slipped past their due dates without anyone noticing`,
          ),
        ]
      : []),
    // (a complaint that something sat undone asks for it to be done: never the reason to hold, archive or close
    // the rest, review 58: "a family complained … that nobody followed up, so put each of those referrals on hold")
    ...(facts && !HOMELY.has(facts.name) && COMPLAINTS[facts.service] && !STOPPING.test(facts.work ?? section ?? '')
      ? [say(...(COMPLAINTS[facts.service]?.(plural) ?? []))]
      : []),
  ];
  // the stories any records could be told with (a bad showing at a meeting, a migration nobody checked, "nobody owns
  // them") only where the work gives fewer than two of its own: read across a corpus they are its stock openings
  if (own.length >= 2) return own;
  return [
    ...own,
    say(
      // (what went wrong, said: "found in poor shape" is a line any records could be told with)
      `At ${event} last time nobody could say where some of the ${plural} stood`,
      `Two of the ${plural} were queried at ${event} last time and nobody had an answer`,
    ),
    // (not "nearly missed": a seat or a desk is never missed, review 57)
    `One of the ${plural} was only sorted out just before ${event} last time`,
    say(
      `Nobody has looked at the ${plural} properly in a while`,
      `It's been weeks since anyone went through the ${plural}`,
      `No one has been through the ${plural} for a good while`,
      `The ${plural} have been left to drift for a while`,
    ),
    say(
      `The backlog of ${plural} came up in my one-to-one`,
      `My manager asked me to get on top of the ${plural}`,
      `I've been told the ${plural} are mine to get straight`,
    ),
    // an owner on every record contradicts "nobody owns them"
    ...(facts && !facts.owned
      ? [`Last week a question about one of the ${plural} went round three people, since no one owns the ${plural}`]
      : []),
    ...(facts?.place === 'system'
      ? [
          say(
            `The new system went live and nobody checked the ${plural} afterwards`,
            `Since the move to the new system nobody has gone through the ${plural}`,
            `The ${plural} were moved over in the migration without a check`,
            `Nobody reviewed the ${plural} after the switch-over`,
          ),
        ]
      : []),
  ];
}
