// Phrases whose truth depends on the task's date ("the month is nearly over", "it's Friday"). One table serves
// both sides: a writer offers a phrase only on a day it holds, and the linter rejects any text where it does not.

/** The calendar facts of one day the phrases are judged against. */
export interface Day {
  /** day of the month, 1–31 */
  date: number;
  /** 0 = January */
  month: number;
  /** 0 = Sunday */
  weekday: number;
  /** days in the month */
  length: number;
}

/** The calendar facts of an ISO date or date-time. */
export function dayOf(iso: string): Day {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  return {
    date: d,
    month: m - 1,
    weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay(),
    length: new Date(Date.UTC(y, m, 0)).getUTCDate(),
  };
}

/** A kind of date-dependent wording: how the linter finds it and on which days it holds. */
export interface DatePhrase {
  name: string;
  find: RegExp;
  holds(d: Day): boolean;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const workday = (d: Day) => d.weekday >= 1 && d.weekday <= 5;

// a period's end said as a modifier names a thing, which may be mentioned on any day ("the year-end inspection",
// "the 2025 year-end update" of a report): only the period's end itself, or as it is coming, is a claim about today
const NOT_A_NAME = String.raw`\b(?![- ](?!(?:is|was|comes|approaches|looms|nears|draws)\b)[a-z])`;

export const DATE_PHRASES: readonly DatePhrase[] = [
  {
    name: 'month_end',
    find: /\b(?:month is (?:nearly|almost) over|end of the month is (?:close|near))\b/i,
    holds: (d) => d.date >= 24,
  },
  {
    name: 'month_start',
    find: /\b(?:start of the month|new month has (?:just )?started|first week of the month)\b/i,
    holds: (d) => d.date <= 5,
  },
  {
    name: 'quarter_end',
    find: new RegExp(`\\b(?:quarter[- ]end|end of the quarter)${NOT_A_NAME}`, 'i'),
    holds: (d) => d.month % 3 === 2 && d.date >= 15,
  },
  {
    name: 'year_end',
    find: new RegExp(`\\b(?:year[- ]end|end of the year)${NOT_A_NAME}`, 'i'),
    holds: (d) => d.month === 11 && d.date >= 10,
  },
  {
    name: 'holidays',
    find: /\b(?:before the (?:winter|Christmas) holidays|holiday season)\b/i,
    holds: (d) => d.month === 11 && d.date <= 23,
  },
  {
    name: 'weekend_close',
    // (a newspaper's weekend edition is a product, not the weekend: "due before the weekend edition deadline")
    find: /\b(?:before the weekend|over the weekend|end of the week)\b(?! edition)/i,
    holds: (d) => d.weekday >= 3 && d.weekday <= 5,
  },
  {
    name: 'week_start',
    find: /\b(?:start(?:ing)? the week|start of the week)\b/i,
    holds: (d) => d.weekday === 1 || d.weekday === 2,
  },
  {
    name: 'workday',
    find: /\b(?:this morning's stand-up|in the office today)\b/i,
    holds: workday,
  },
];

/** The named weekday ("it's Monday", "happy Friday") must be today's. */
export function weekdayClaims(text: string, d: Day): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(
    /\b(?:it's|it is|happy) (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b/gi,
  )) {
    const named = (m[1] as string).toLowerCase();
    if (named !== (WEEKDAY_NAMES[d.weekday] as string).toLowerCase()) out.push(m[0]);
  }
  return out;
}

/** The phrases of `text` that `d` contradicts. */
export function contradicted(text: string, d: Day): string[] {
  const out = DATE_PHRASES.flatMap((p) => {
    const m = p.find.exec(text);
    return m && !p.holds(d) ? [m[0]] : [];
  });
  return [...out, ...weekdayClaims(text, d)];
}

/** The name of today's weekday. */
export const weekdayName = (d: Day): string => WEEKDAY_NAMES[d.weekday] as string;
