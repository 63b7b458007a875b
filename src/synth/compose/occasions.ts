import type { Rng } from '../../env/rng.js';
import { at } from '../kit/dates.js';
import { DATE_PHRASES, type Day, dayOf, weekdayName } from '../kit/date-phrases.js';
import type { Person } from '../kit/people.js';
import type { World } from './parts.js';

// Why the coworker asks now: a content plan of a reason (who or what prompted it, perhaps an upcoming event)
// and a consequence for the records, rather than one sentence from a short fixed list. Reasons that name a
// date ("the month is nearly over", "it's Friday") are offered only on days they hold, by the same table the
// linter checks them with.

/** The "why now" line. */
export interface Occasion {
  text: string;
}

interface Reason {
  text: string;
  /** an event ahead: "before then" reads right after it */
  ahead?: true;
  /** people are its subject: a "they" after it would mean them, so the consequence names the records */
  people?: true;
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

// every reason is about the records themselves or the team's calendar, never a meeting or a company the records
// have nothing to do with ("Meridian Radio called, so the field plots…" reads as filler)
function reasons(w: World, boss: string, plural: string, rng: Rng): Reason[] {
  const d = dayOf(w.today);
  const soon = nextWorkday(w.today, 1, rng);
  const work = d.weekday >= 1 && d.weekday <= 5;
  const out: Reason[] = [
    { text: `The ${plural} review is on ${soon}`, ahead: true },
    { text: `${boss} moved the ${plural} review forward to ${soon}`, ahead: true },
    { text: `An audit of the ${plural} is coming up`, ahead: true },
    { text: `${boss} is going through the ${plural} on ${soon}`, ahead: true },
    { text: `I'm handing the ${plural} over on ${soon}`, ahead: true },
    { text: `${boss} asked me for a status on the ${plural}` },
    { text: `Two people who normally handle the ${plural} are off this week`, people: true },
    { text: 'The backlog report goes out soon', ahead: true },
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
    ...(ahead
      ? [`and I want the ${plural} sorted before then`, `and the ${plural} have to be tidy by then`]
      : [`and the ${plural} have been sitting there too long`]),
  ];
}

// lines that carry their own consequence
function whole(w: World, plural: string, boss: string): Reason[] {
  const d = dayOf(w.today);
  return [
    { text: `We are behind on the ${plural} again` },
    { text: `Since last week's system change the ${plural} have piled up` },
    { text: `I promised ${boss} an update on the ${plural} today` },
    { text: `We are handing the ${plural} over to a new team next week` },
    { text: `I keep getting questions about the ${plural}` },
    { text: `${boss} wants a clean picture of the ${plural}` },
    ...(d.weekday >= 1 && d.weekday <= 5 ? [{ text: `${boss} flagged the ${plural} in this morning's stand-up` }] : []),
    ...(holds('month_start', d) ? [{ text: `Last month's ${plural} still need closing` }] : []),
    ...(d.weekday === 5 ? [{ text: `It's Friday and I'd rather not leave the ${plural} over the weekend` }] : []),
  ];
}

/** A "why now" line for a request about `plural`; `not` is a person the line must not name (the forwarder). */
export function occasion(w: World, plural: string, rng: Rng, not?: Person): Occasion {
  const pool = w.staff.slice(2).filter((p) => p.email !== w.me.email && p.email !== not?.email);
  const boss = pool.length ? rng.pick(pool).first : 'Our manager';
  if (rng.chance(0.35)) return { text: rng.pick(whole(w, plural, boss)).text };
  const r = rng.pick(reasons(w, boss, plural, rng));
  const named = r.text.includes(plural) && !r.people;
  const then = rng.pick(consequencesOf(plural, Boolean(r.ahead), named));
  // "…are off this week, so let's get them done today": a consequence clause takes its comma
  return { text: `${r.text}${then.startsWith('so ') ? ',' : ''} ${then}` };
}
