import type { Rng } from '../../env/rng.js';
import { dayMonthYear, longDay } from '../kit/dates.js';
import { capitalise } from '../kit/text.js';
import { easter, iso, monday, plus } from './packs/court-days.js';
import type { Call, Fixtures } from './parts.js';

// What an office's closure list is made of: the public holidays the office keeps and the days it shuts for its own
// reasons (closure-doc.ts picks among them), and the list's text.

/** One closure day of the list and why the office is closed. */
export interface Listed {
  day: string;
  reason: string;
}

/** The closure list a policy points to: where it is, what it says, and how a reader opens it. */
export interface ClosureDoc {
  title: string;
  /** the policy's Definitions line that points to it (in place of the listed closures) */
  line: string;
  /** the closure days the task's rule needs, and every day the list gives */
  needed: string[];
  listed: Listed[];
  fixtures: Fixtures;
  reads: Call[];
}

/** Days an office shuts for its own reasons, as its closure list gives them. */
export const CLOSURE_EVENTS: readonly string[] = [
  // (nothing only one trade does: a newsroom or a clinic counts no stock, review 57)
  'power shutdown for the landlord’s works: the building is shut',
  'site move: the office moves to its new premises',
  'electrical safety inspection: the building is shut',
  'company away day',
  'staff training day',
  'fire alarm replacement: the building is shut',
  'network and phone system upgrade: no desk is usable',
  'annual deep clean of the building',
  'lift and heating maintenance: the building is shut',
  'office refurbishment: the floor is closed to staff',
];

const weekend = (d: Date) => d.getUTCDay() === 0 || d.getUTCDay() === 6;

/** The public holidays of year `y` the office closes for, on weekdays (a fixed one on a weekend is not moved). */
export function holidaysOf(y: number): Listed[] {
  const easterSunday = easter(y);
  const days: [Date, string][] = [
    [new Date(Date.UTC(y, 0, 1)), "public holiday (New Year's Day)"],
    [plus(easterSunday, -2), 'public holiday (Good Friday)'],
    [plus(easterSunday, 1), 'public holiday (Easter Monday)'],
    [monday(y, 5, 1), 'public holiday (May Day)'],
    [new Date(Date.UTC(y, 11, 24)), 'Christmas Eve: the office shuts for the holidays'],
    [new Date(Date.UTC(y, 11, 25)), 'public holiday (Christmas Day)'],
    [new Date(Date.UTC(y, 11, 26)), 'public holiday (Boxing Day)'],
  ];
  return days.filter(([d]) => !weekend(d)).map(([d, reason]) => ({ day: iso(d), reason }));
}

/** The closure list's text: its title, who issued it and when, and one line per day with its reason. */
export function closureText(title: string, listed: readonly Listed[], by: string, issued: string, rng: Rng): string {
  const lead = rng.pick([
    `Issued on ${issued} by ${by}. The office is closed on the days below; they are not working days.`,
    `From ${by}, ${issued}. On these days the office is closed and nobody works; plan deadlines around them.`,
    `${capitalise(by)} keeps this list up to date (last change ${issued}). The office is closed on each day below.`,
  ]);
  // (the weekday after the date, which carries its year: a "Thursday 1 January" far from today reads as a slip)
  const lines = listed.map(
    (l) => `- ${dayMonthYear(`${l.day}T12:00:00Z`)} (${longDay(l.day).split(' ')[0]}): ${l.reason}`,
  );
  const close = rng.pick([
    'Out-of-hours cover is arranged by the duty manager; weekends are not listed.',
    'Ask HR before booking leave on the working days either side of a closure.',
    'Weekends are not listed here; they are never working days.',
  ]);
  return [title, lead, lines.join('\n'), close].join('\n\n');
}
