import type { Rng } from '../../env/rng.js';
import { escapeRegex } from '../../schema/text.js';
import { addWorkdays, dateOf } from '../kit/dates.js';
import { DATE_PHRASES, type Day, dayOf, weekdayName } from '../kit/date-phrases.js';
import type { Person } from '../kit/people.js';
import { capitalise } from '../kit/text.js';
import type { World } from './parts.js';
import { BOOKS_CLOSE, consequencesOf, MOTIVES } from './occasions-data.js';
import { ofWork } from './work-keyed.js';
import { WORK_MOTIVES } from './work-motives-data.js';
import { DAILY } from './team-calendar-data.js';
import { HOMELY } from './policy-doc-data.js';
import { datesOf, eventsOf, leadsOf } from './team-calendar.js';

// Why the coworker asks now: a content plan of a reason (who or what prompted it, perhaps an upcoming event)
// and a consequence for the records, rather than one sentence from a short fixed list. The reasons fit what the
// task's records are: the meetings and deadlines of the team that keeps them (a file review for a law firm's
// deadlines, a stocktake for a warehouse), and nothing the data contradicts (no "nobody owns them" beside an
// owner on every record). Reasons that name a date ("the month is nearly over", "it's Friday") are offered only on
// days they hold, by the same table the linter checks them with.

/** The "why now" line. */
export interface Occasion {
  text: string;
}

/** What the records are, as far as a reason for asking may refer to it. */
export interface OccasionFacts {
  /** the service that keeps the records ("matters", "clinic") and the record type's name ("court_deadlines") */
  service: string;
  name: string;
  /** the part each record names its own holder for ("exams officer"): the records say who that is */
  ownerRole?: string;
  /** every record names someone responsible for it */
  owned: boolean;
  /** the records carry a due date (they can be overdue) */
  due?: boolean;
  /** the heading of the policy section the records are picked under, when the rule is in a document */
  section?: string;
  /** the heading of the work the task is, named or not: reasons that fit it (work-motives-data.ts WORK_MOTIVES) */
  work?: string;
  /** the section takes part of the work for a reason of its own (purpose-scope.ts `narrowedFor`): no motive of the
   * whole work competes with it */
  narrowed?: boolean;
  /** the work changes the records (sets, holds, mails each): not a read-only write-up */
  acts?: boolean;
  /** where the records are seen: a system, a picture, a file or a mailbox, and its name ("the seating plan") */
  place: 'system' | 'picture' | 'file' | 'mailbox';
  where: string;
}

interface Reason {
  text: string;
  /** an event ahead: "before then" reads right after it */
  ahead?: true;
}

const holds = (name: string, d: Day) => DATE_PHRASES.find((p) => p.name === name)?.holds(d) ?? false;

// the name of a working day three or four working days out: what the work is for comes after what the request asks
// to be done by (a follow-up due in two working days, a review slot on the next), and within the week's names
function nextWorkday(today: string, rng: Rng): string {
  return weekdayName(dayOf(`${addWorkdays(dateOf(today), 3 + rng.int(0, 1))}T12:00:00Z`));
}

// the colleague introduced by their part, once: "our practice manager Jonas", "Jonas, the practice manager,"; never
// a part the task's policy gives someone else (the finance controller who signs the batch off is one person)
function introduce(who: Person, w: World, rng: Rng, f?: OccasionFacts): string {
  const first = who.first;
  const leads = leadsOf(f);
  const free = leads.filter((r) => (w.roles?.get(r) ?? who).email === who.email);
  const role = rng.pick(free.length ? free : ['colleague']);
  if (!w.roles?.has(role)) w.roles?.set(role, who);
  // (a part no one else holds is "the" part; a plain colleague is one of many: "Esther, a colleague,")
  const the = role === 'colleague' ? 'a' : 'the';
  return rng.pick([
    `our ${role} ${first}`,
    `${first}, our ${role},`,
    `${first}, ${the} ${role},`,
    `${first} (our ${role})`,
  ]);
}

// every reason is about the records themselves, the team that keeps them or the team's calendar, never a meeting
// or a company the records have nothing to do with ("Meridian Radio called, so the field plots…" reads as filler);
// each in several wordings, so that no line is one a reader of many requests spots
function reasons(w: World, boss: string, plural: string, rng: Rng, f?: OccasionFacts): Reason[] {
  const d = dayOf(w.today);
  const soon = nextWorkday(w.today, rng);
  const work = d.weekday >= 1 && d.weekday <= 5;
  // a date of the team's (a meeting, a run, a visit), and a meeting, which alone has an agenda
  const event = rng.pick(datesOf(f));
  const meeting = rng.pick(eventsOf(f));
  const Event = capitalise(event);
  const say = (...xs: string[]) => rng.pick(once(xs, plural));
  const out: Reason[] = [
    {
      text: say(
        `The ${plural} review is on ${soon}`,
        `The ${plural} get their weekly look on ${soon}`,
        `The ${plural} are up for review on ${soon}`,
        `Our ${plural} check is booked for ${soon}`,
      ),
      ahead: true,
    },
    {
      text: say(
        `${boss} moved the ${plural} review forward to ${soon}`,
        `${boss} brought the ${plural} review forward to ${soon}`,
        `${boss} has asked to see the ${plural} on ${soon}, earlier than planned`,
      ),
      ahead: true,
    },
    {
      text: say(
        `${Event} is on ${soon}`,
        `${Event} is coming up on ${soon}`,
        `We have ${event} on ${soon}`,
        `${Event} got moved to ${soon}`,
      ),
      ahead: true,
    },
    {
      text: say(
        `${boss} wants the ${plural} in good order for ${event}`,
        `${boss} put the ${plural} on the agenda for ${meeting}`,
        `${boss} asked for the ${plural} to be an item at ${meeting}`,
      ),
    },
    {
      text: say(
        `${boss} is going through the ${plural} on ${soon}`,
        `${boss} will look at the ${plural} on ${soon}`,
        `${boss} is signing off the ${plural} on ${soon}`,
      ),
      ahead: true,
    },
    {
      text: say(
        `${boss} asked me for a status on the ${plural}`,
        `${boss} wants to know where the ${plural} stand`,
        `${boss} asked where we are with the ${plural}`,
        `${boss} chased me about the ${plural} today`,
      ),
    },
    {
      text: say(
        `I'm covering the ${plural} while ${boss} is away`,
        `${boss} is off until ${soon} and left the ${plural} with me`,
        `${boss} handed me the ${plural} before going on leave`,
        `I've taken the ${plural} over from ${boss} for the week`,
      ),
    },
    {
      text: say(
        `The status report goes out on ${soon}`,
        `My weekly update goes out on ${soon}`,
        `I report on the ${plural} on ${soon}`,
        `I owe ${boss} a written update on the ${plural} by ${soon}`,
      ),
      ahead: true,
    },
    {
      text: say(
        `I've been asked to own the ${plural} from now on`,
        `The ${plural} landed on my desk this week`,
        `The ${plural} are mine as of this week`,
      ),
    },
  ];
  // the round the records are picked for, by the policy's own heading
  if (f?.section)
    out.push(
      {
        text: say(
          `${boss} wants the "${f.section}" list for ${event}`,
          `The "${f.section}" round on the ${plural} is due before ${event}`,
        ),
      },
      { text: `I said at ${meeting} I'd do the "${f.section}" round on the ${plural}` },
    );
  if (work)
    out.push({
      text:
        d.weekday === 5
          ? say("I'm off on Monday", "I'm out on Monday", "I'm on a course all of Monday")
          : say(
              "I'm out tomorrow",
              "I'm off tomorrow",
              "I'm on a course all day tomorrow",
              "I'm travelling tomorrow and mostly offline",
            ),
      ahead: true,
    });
  // a period's end is a reason only for work that closes with the books (occasions-data.ts BOOKS_CLOSE): a ward's
  // beds or a field's plots have no quarter end. Each says what the date means for these records, never the bare
  // date dropped between two asks
  const books = f !== undefined && BOOKS_CLOSE.has(f.name);
  if (books && holds('month_end', d))
    out.push({
      text: say(
        `The month is nearly over and the ${plural} go into the month-end close`,
        `The end of the month is close, and the ${plural} have to be right before the books close`,
      ),
    });
  if (books && holds('month_start', d))
    out.push({ text: say(`The new month has just started and last month's ${plural} still need closing`) });
  if (books && holds('quarter_end', d))
    out.push({
      text: say(
        `Quarter end is close and the ${plural} go into the quarter's figures`,
        `We are nearly at quarter end, and the ${plural} have to be right for the quarter's close`,
      ),
    });
  if (books && holds('year_end', d))
    out.push({ text: say(`Year-end is coming and the ${plural} go into the year's accounts`) });
  if (holds('holidays', d))
    out.push({ text: `Half the team is away for the holiday season soon, and the ${plural} cannot wait for them` });
  if (d.weekday === 1)
    out.push({ text: say("It's Monday and I'm planning the week", "It's Monday and I'm setting up the week") });
  return out;
}

// the record type's own reasons (occasions-data.ts MOTIVES), filled in: the next working day, the colleague
function ownReasons(w: World, boss: string, rng: Rng, f?: OccasionFacts): Reason[] {
  const lines = [
    ...((f && (MOTIVES[f.name] ?? MOTIVES[f.service])) ?? []),
    ...((f && !f.narrowed ? ofWork(WORK_MOTIVES[f.name], f.name, f.work) : undefined) ?? []),
  ];
  const soon = nextWorkday(w.today, rng);
  return lines.map((t) => ({
    text: t.replace('{soon}', soon).replace('{boss}', boss),
    ...(t.includes('{soon}') ? { ahead: true as const } : {}),
  }));
}

// lines that carry their own consequence
function whole(w: World, plural: string, boss: string, rng: Rng, f?: OccasionFacts): Reason[] {
  const d = dayOf(w.today);
  const hour = new Date(w.today).getUTCHours();
  const event = rng.pick(datesOf(f));
  const meeting = rng.pick(eventsOf(f));
  const daily = (f && DAILY[f.name]) ?? 'catch-up';
  const say = (...xs: string[]) => rng.pick(once(xs, plural));
  return [
    // a plan of seats, desks or bays is not work that falls behind
    ...(f?.place === 'picture' && !f.due
      ? []
      : [
          {
            // (who noticed and where: a bare "slipped again" is a line any request could open with)
            text: say(
              `${boss} pointed out at ${meeting} that we're behind on the ${plural}`,
              `We came out of ${meeting} behind on the ${plural}`,
              `${boss} noticed the ${plural} falling behind and asked me to catch them up`,
            ),
          },
        ]),
    {
      text: say(
        `I promised ${boss} an update on the ${plural} today`,
        `I told ${boss} the ${plural} would be done today`,
        `${boss} is expecting the ${plural} from me today`,
      ),
    },
    // (a household's records change hands within the home: no team, no colleague)
    {
      text:
        f && HOMELY.has(f.name)
          ? say(
              `My partner takes over the ${plural} next month and I want to hand them over clean`,
              `I'm handing the ${plural} to my flatmate on ${nextWorkday(w.today, rng)}`,
            )
          : say(
              `The ${plural} go to a new team next week and I want to hand them over clean`,
              `Another team inherits the ${plural} next week`,
              `A new colleague takes over the ${plural} on ${nextWorkday(w.today, rng)}`,
            ),
    },
    {
      // (who asks: a bare "people keep asking" names no one the records matter to)
      text: say(
        `${boss} has had questions about the ${plural} all week and passed them to me`,
        `The ${plural} came up again at ${meeting}, and I'd like answers before the next one`,
        `${boss} had no answer on the ${plural} when asked at ${meeting} and wants one by the next`,
      ),
    },
    {
      text: say(
        `${boss} wants a clean picture of the ${plural}`,
        `${boss} asked for an up-to-date view of the ${plural}`,
        `${boss} wants to see where the ${plural} really stand`,
      ),
    },
    {
      text: say(
        `${boss} wants the ${plural} settled before ${event}`,
        `${boss} asked for the ${plural} to be sorted before ${event}`,
      ),
    },
    {
      text: say(
        `The ${plural} came up at ${meeting} last time and I said I'd sort them`,
        `I said last week I'd get the ${plural} sorted`,
        `I took the ${plural} as an action at ${meeting}`,
        `I owe ${meeting} an answer on the ${plural}`,
        `The ${plural} are still on my action list from ${meeting}`,
        `I promised at ${meeting} that the ${plural} would be looked at`,
      ),
    },
    {
      text: say(
        `I'd like the ${plural} off my plate before the end of the day`,
        `Sorting out the ${plural} is on my list for today`,
        ...(hour < 12 ? [`I've set aside this afternoon for the ${plural}`] : []),
      ),
    },
    // a plan or a screenshot is redone as a whole; scans arrive in batches
    ...(f?.place === 'picture'
      ? [
          {
            text: /plan|screenshot/.test(f.where)
              ? `The latest version of ${f.where} only came through this morning`
              : `The last batch of ${plural} only came through this morning`,
          },
        ]
      : []),
    ...(f?.place === 'file' ? [{ text: `Last night's export of the ${plural} is finally in` }] : []),
    ...(d.weekday >= 1 && d.weekday <= 5
      ? [
          {
            text: say(
              `${boss} flagged the ${plural} in this morning's ${daily}`,
              `The ${plural} came up in this morning's ${daily}`,
              `The ${plural} got a mention at the ${daily} this morning`,
              `${boss} raised the ${plural} at this morning's ${daily}`,
            ),
          },
        ]
      : []),
    // (only work that closes with the month: a field plot or a ward bed is never "closed")
    ...(f && BOOKS_CLOSE.has(f.name) && holds('month_start', d)
      ? [{ text: `Last month's ${plural} still need closing` }]
      : []),
    ...(d.weekday === 5
      ? [
          {
            text: say(
              `It's Friday and I'd rather not leave the ${plural} over the weekend`,
              `I don't want the ${plural} hanging over the weekend`,
            ),
          },
        ]
      : []),
  ];
}

/**
 * A "why now" line for a request about `plural`; `not` is a person the line must not name (the forwarder), `facts`
 * what the records are (without them, only reasons that fit any records). A colleague it names is introduced by
 * their part ("our ward sister Jonas"), and a reason may stand alone.
 */
export function occasion(w: World, plural: string, rng: Rng, not?: Person, facts?: OccasionFacts): Occasion {
  const pool = w.staff.slice(2).filter((p) => p.email !== w.me.email && p.email !== not?.email);
  const boss = pool.length ? introduce(rng.pick(pool), w, rng, facts) : 'our manager';
  // the team's own reason (the sprayer booked, the release cut) half the time where the record type has them; a
  // reason any team could give otherwise, so that no one line stands out across many requests
  const own = ownReasons(w, boss, rng, facts);
  const mine = own.length > 0 && rng.chance(0.5);
  if (!mine && rng.chance(0.35)) return { text: said(rng.pick(whole(w, plural, boss, rng, facts)).text) };
  const r = mine ? rng.pick(own) : rng.pick(reasons(w, boss, plural, rng, facts));
  // a reason says enough on its own ("The bed meeting is on Tuesday"): a stock "so I'd like them off my list" after
  // it is filler, and read across a corpus the same few recur. Only a reason ahead of a day may say what it means
  // for the records by then
  // (a reason that names no day, "for the sales review", leaves "before then" nothing to point back to: review 36)
  if (!r.ahead || !DAY.test(r.text) || rng.chance(0.65)) return { text: said(r.text) };
  const named = r.text.includes(plural);
  const then = rng.pick(consequencesOf(plural, named));
  // "…are off this week, so let's get them done today": a consequence clause takes its comma, as does one after a
  // reason with an "and" of its own ("…left them with me, and they are the one thing still open")
  return { text: said(`${r.text}${then.startsWith('so ') || / and /.test(r.text) ? ',' : ''} ${then}`) };
}

// a day a reason names, which "before then" and "by then" after it point back to
const DAY = /\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|tomorrow)\b/;

// the wordings of a reason that say the records' own noun once: "The access reviews review is on …" says it twice
// (review 36); all of them where each does
function once(xs: readonly string[], plural: string): readonly string[] {
  const head = plural.split(' ').pop()?.replace(/s$/, '') ?? plural;
  const noun = new RegExp(`\\b${escapeRegex(head)}s?\\b`, 'gi');
  const fresh = xs.filter((x) => (x.match(noun) ?? []).length <= 1);
  return fresh.length ? fresh : xs;
}

// a line as written: its first word capitalised ("Our ward sister …"), an introduction's closing comma dropped
// before a mark of its own
const said = (t: string) => capitalise(t.replace(/,([,.;])/g, '$1').replace(/,$/, ''));
