import type { Rng } from '../../env/rng.js';
import { at } from '../kit/dates.js';
import { DATE_PHRASES, type Day, dayOf, weekdayName } from '../kit/date-phrases.js';
import type { Person } from '../kit/people.js';
import type { World } from './parts.js';

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
  /** every record names someone responsible for it */
  owned: boolean;
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

// the next working day's name, from tomorrow on
function nextWorkday(today: string, from: number, rng: Rng): string {
  for (let k = from; k < from + 7; k++) {
    const d = dayOf(at(today, { days: k + rng.int(0, 1) }));
    if (d.weekday >= 1 && d.weekday <= 5) return weekdayName(d);
  }
  return 'Monday';
}

// the standing meetings and deadlines of the team that keeps a kind of record (by record type, then service):
// what a coworker there would name as the reason to look at the records now
const EVENTS: Readonly<Record<string, readonly string[]>> = {
  analytics: ['the data governance forum', 'the monthly metrics review', 'the analytics planning session'],
  automations: ['the platform review', "the automation owners' check-in", 'the quarterly access recertification'],
  clinic: ['the clinical governance meeting', 'the practice meeting', "the partners' meeting"],
  vaccinations: ['the practice meeting', 'the reminder run', "the head nurse's review"],
  cms: ['the editorial planning meeting', 'the weekly desk review', 'the rights check with legal'],
  config: ['the change advisory board', 'the platform review', 'the security review'],
  crm: ['the pipeline review', 'the renewals meeting', 'the account planning session'],
  devops: ['the change advisory board', 'the release planning meeting', 'the engineering ops review'],
  facilities: ['the facilities review', 'the office move planning meeting', 'the fire safety walk-round'],
  finance: ['the month-end close', 'the expenses run', "the auditors' visit"],
  grc: ['the risk committee', 'the ISO 27001 surveillance audit', 'the compliance steering group'],
  helpdesk: ['the service review', 'the weekly SLA report', 'the support team huddle'],
  inventory: ['the stocktake', 'the supplier call', 'the replenishment meeting'],
  matters: ["the risk partner's file review", 'the WIP meeting', "the partners' meeting"],
  court_deadlines: ["the risk partner's file review", 'the diary check', 'the litigation team meeting'],
  plant: ['the weekly quality review', 'the customer audit', 'the production meeting'],
  aircraft_inspections: ['the maintenance planning meeting', 'the CAMO review', 'the hangar slot review'],
  field_plots: ['the farm walk', 'the spray planning meeting', "the agronomist's visit"],
  portfolio: ['the risk committee', 'the investment committee', 'the compliance review'],
  research: ['the research review', 'the reading group', 'the client briefing'],
  rss: ['the morning briefing', 'the editorial meeting'],
  scheduler: ['the platform review', 'the on-call handover', 'the change advisory board'],
  school: ['the exam board', 'the moderation meeting', 'the programme committee'],
  studio: ['the production meeting', 'the client review', 'the studio planning session'],
  todo: ['the team check-in', 'the weekly planning session'],
  travel: ['the expenses run', 'the travel policy review', 'the finance check-in'],
  household_bills: ['the household budget review', 'the bank statement check'],
  desk_plan: ['the floor re-plan', 'the facilities review'],
  ward_beds: ['the bed meeting', 'the ward handover'],
  exam_seats: ['the next exam session', "the invigilators' briefing"],
  warehouse_bays: ['the racking inspection', 'the stocktake'],
  receipt_scans: ['the expenses run', 'the month-end close'],
  order_screenshot: ['the cash collection meeting', 'the sales review'],
  sheet_rows: ['the cash collection meeting', 'the sales review'],
  partner_mails: ['the partner account review', 'the supplier call'],
  gmail: ['the team meeting', 'the weekly review'],
};
const eventsOf = (f?: OccasionFacts) =>
  (f && (EVENTS[f.name] ?? EVENTS[f.service])) ?? ['the team meeting', 'the weekly review'];

// every reason is about the records themselves, the team that keeps them or the team's calendar, never a meeting
// or a company the records have nothing to do with ("Meridian Radio called, so the field plots…" reads as filler)
function reasons(w: World, boss: string, plural: string, rng: Rng, f?: OccasionFacts): Reason[] {
  const d = dayOf(w.today);
  const soon = nextWorkday(w.today, 1, rng);
  const work = d.weekday >= 1 && d.weekday <= 5;
  const event = rng.pick(eventsOf(f));
  const Event = capitalised(event);
  // each reason in one of a few wordings, so that none of them is a template a reader spots
  const say = (...xs: string[]) => rng.pick(xs);
  const out: Reason[] = [
    {
      text: say(`The ${plural} review is on ${soon}`, `We go through the ${plural} as a team on ${soon}`),
      ahead: true,
    },
    { text: `${boss} moved the ${plural} review forward to ${soon}`, ahead: true },
    {
      text: say(`${Event} is on ${soon}`, `${Event} is coming up on ${soon}`, `We have ${event} on ${soon}`),
      ahead: true,
    },
    {
      text: say(
        `${boss} wants the ${plural} raised at ${event}`,
        `${boss} put the ${plural} on the agenda for ${event}`,
      ),
      ahead: true,
    },
    { text: `${boss} is going through the ${plural} on ${soon}`, ahead: true },
    {
      text: say(`I'm handing the ${plural} over on ${soon}`, `The ${plural} move to another team on ${soon}`),
      ahead: true,
    },
    { text: say(`${boss} asked me for a status on the ${plural}`, `${boss} wants to know where the ${plural} stand`) },
    {
      text: say(
        `I'm covering the ${plural} while ${boss} is away`,
        `${boss} is off until ${soon} and left the ${plural} with me`,
        `${boss} handed me the ${plural} before going on leave`,
        `I've taken the ${plural} over from ${boss} for the week`,
      ),
    },
    { text: say(`The status report goes out on ${soon}`, `My weekly update goes out on ${soon}`), ahead: true },
  ];
  if (work) out.push({ text: d.weekday === 5 ? "I'm off on Monday" : "I'm out tomorrow", ahead: true });
  if (holds('month_end', d)) out.push({ text: 'The month is nearly over', ahead: true });
  if (holds('month_start', d)) out.push({ text: 'The new month has just started' });
  if (holds('quarter_end', d)) out.push({ text: 'Quarter end is close', ahead: true });
  if (holds('year_end', d)) out.push({ text: 'Year-end is coming', ahead: true });
  if (holds('holidays', d)) out.push({ text: 'Half the team is away for the holiday season soon', ahead: true });
  if (d.weekday === 1) out.push({ text: "It's Monday and I'm planning the week" });
  return out;
}

const capitalised = (s: string) => `${s[0]?.toUpperCase()}${s.slice(1)}`;

// after a reason that names the records, the consequence refers back to them ("…on the stories, and they are the
// one thing still open"), never names them twice
function consequencesOf(plural: string, ahead: boolean, named: boolean): string[] {
  if (!named) return consequences(plural, ahead);
  return [
    'so they need to be right',
    "so I'd like them off my list",
    'and they are the one thing still open',
    "so they can't wait any longer",
    "and I'd rather they were in order",
    "so let's get them done today",
    'so I need a clean list',
    "and I don't want any surprises there",
    ...(ahead ? ['and I want them sorted before then', 'and they have to be tidy by then'] : []),
  ];
}

function consequences(plural: string, ahead: boolean): string[] {
  return [
    `so the ${plural} need to be right`,
    `so I'd like the ${plural} off my list`,
    `and the ${plural} are the one thing still open`,
    `so the ${plural} can't wait any longer`,
    `and I'd rather the ${plural} were in order`,
    `so let's get the ${plural} done today`,
    `and the ${plural} are what I'll be asked about`,
    ...(ahead
      ? [`and I want the ${plural} sorted before then`, `and the ${plural} have to be tidy by then`]
      : [`and the ${plural} have been sitting there too long`]),
  ];
}

// lines that carry their own consequence
function whole(w: World, plural: string, boss: string, rng: Rng, f?: OccasionFacts): Reason[] {
  const d = dayOf(w.today);
  const event = rng.pick(eventsOf(f));
  return [
    { text: `We are behind on the ${plural} again` },
    { text: `I promised ${boss} an update on the ${plural} today` },
    { text: `We are handing the ${plural} over to a new team next week` },
    { text: `I keep getting questions about the ${plural}` },
    { text: `${boss} wants a clean picture of the ${plural}` },
    { text: `${boss} wants the ${plural} settled before ${event}` },
    { text: `The ${plural} came up at ${event} last time and I said I'd sort them` },
    // a system's records pile up after a change to it; a picture or a file is not "the system"
    ...(f?.place === 'system' || !f ? [{ text: `Since last week's system change the ${plural} have piled up` }] : []),
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
    ...(d.weekday >= 1 && d.weekday <= 5 ? [{ text: `${boss} flagged the ${plural} in this morning's stand-up` }] : []),
    ...(holds('month_start', d) ? [{ text: `Last month's ${plural} still need closing` }] : []),
    ...(d.weekday === 5 ? [{ text: `It's Friday and I'd rather not leave the ${plural} over the weekend` }] : []),
  ];
}

/**
 * A "why now" line for a request about `plural`; `not` is a person the line must not name (the forwarder), `facts`
 * what the records are (without them, only reasons that fit any records).
 */
export function occasion(w: World, plural: string, rng: Rng, not?: Person, facts?: OccasionFacts): Occasion {
  const pool = w.staff.slice(2).filter((p) => p.email !== w.me.email && p.email !== not?.email);
  const boss = pool.length ? rng.pick(pool).first : 'Our manager';
  if (rng.chance(0.35)) return { text: rng.pick(whole(w, plural, boss, rng, facts)).text };
  const r = rng.pick(reasons(w, boss, plural, rng, facts));
  const named = r.text.includes(plural);
  const then = rng.pick(consequencesOf(plural, Boolean(r.ahead), named));
  // "…are off this week, so let's get them done today": a consequence clause takes its comma, as does one after a
  // reason with an "and" of its own ("…left them with me, and they are the one thing still open")
  return { text: `${r.text}${then.startsWith('so ') || / and /.test(r.text) ? ',' : ''} ${then}` };
}

/** The stories a short request opens with: what went wrong with the records, as far as the facts allow. */
export function stories(plural: string, facts?: OccasionFacts): string[] {
  return [
    `The last review showed the ${plural} are a mess`,
    `We had a near miss with the ${plural} last week`,
    `The ${plural} were skipped in the last clean-up`,
    `Nobody has looked at the ${plural} properly in a while`,
    // an owner on every record contradicts "nobody owns them"
    ...(facts && !facts.owned ? [`Last week we found out the hard way that nobody owns the ${plural}`] : []),
    ...(facts?.place === 'system' ? [`The new system went live and nobody checked the ${plural} afterwards`] : []),
    ...(facts && COMPLAINER[facts.service]
      ? [`A ${COMPLAINER[facts.service]} complaint last month traced back to the ${plural}`]
      : []),
  ];
}

// who outside the team feels a slip in a service's records, and complains
const COMPLAINER: Readonly<Record<string, string>> = {
  helpdesk: 'customer',
  crm: 'customer',
  inventory: 'customer',
  travel: 'traveller',
  clinic: 'patient',
  cms: 'reader',
  studio: 'client',
  matters: 'client',
};
