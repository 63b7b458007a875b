// The notice a work's words say it needs ("parts and a hangar slot booked weeks ahead", "a photographer needs a few
// days' notice"): a window ahead shorter than that takes only the records already too late for the work, which
// contradicts the reason given for it. Read by the rule draw (compose/purpose-scope.ts) and by the lint, which
// rejects a policy section whose window is shorter than the lead time its own words state.

const LEAD: readonly [RegExp, number][] = [
  [/\ba few days[’'] notice\b/i, 3],
  [/\ba week (?:ahead|before|in advance|of notice)\b/i, 7],
  [/\bweeks (?:ahead|in advance|of notice|before)\b/i, 14],
  [/\bwell before\b|\bnot in the week of\b/i, 14],
  [/\ba month (?:ahead|in advance|before|of notice)\b/i, 28],
];

// a lead time in days, as a reason drawn with its window states it ("sent to the account owner 45 days before the
// end date"); not a window behind ("installed today or in the 30 days before", then a stop or "and …")
const LEAD_DAYS = /\b(\d+) days (?:before|ahead of) (?!and\b|or\b|unless\b)(?=[a-z])/gi;

/** The longest lead time `text` states in days ("45 days before the end date"; 0: none). */
export const leadDays = (text: string): number =>
  Math.max(0, ...[...text.matchAll(LEAD_DAYS)].map((m) => Number(m[1])));

/** The longest lead time, in days, that `text` says its work needs (0: it names none); `inDays`: those in days too. */
export function leadTime(text: string, inDays = true): number {
  return Math.max(inDays ? leadDays(text) : 0, ...LEAD.filter(([re]) => re.test(text)).map(([, days]) => days));
}

// The spans a rhythm is said in ("checked every six weeks"), one per window a rule draws, so a reason drawn with its
// window names the rhythm that window is (`everySpan`) and the check reads the same words back (`cadence`).
const EVERY: readonly [number, string][] = [
  [7, 'week'],
  [14, 'two weeks'],
  [21, 'three weeks'],
  [30, 'month'],
  [45, 'six weeks'],
  [60, 'two months'],
  [90, 'quarter'],
  [180, 'six months'],
  [365, 'year'],
];

/** A window's days as the rhythm that keeps it: 14 → "every two weeks", 30 → "every month", 10 → "every 10 days". */
export function everySpan(days: number): string {
  return `every ${EVERY.find(([d]) => d === days)?.[1] ?? `${days} days`}`;
}

// The rhythm a reason says the work keeps ("entered on the docketing team's weekly run", "the digest goes out each
// week"): a window longer than it takes records the next run deals with anyway, which contradicts the reason given.
// A briefing "since the last one" covers the day before, a weekend at most. Each with the shortest window its words
// allow where they speak of the records since the last run (`cadenceFloor`): "a skill added since the last
// quarterly review" over a 14-day window leaves out the skills of the ten weeks before, equally unreviewed.
const CADENCE: readonly [RegExp, number, number][] = [
  [/\bsince the last one\b/i, 3, 1],
  [/\bweekly run\b|\bgoes out each week\b|\bonly that week[’']s\b/i, 7, 7],
  [/\bmonthly (?:run|claims?)\b/i, 31, 30],
  [/\bquarterly (?:\w+ )?review\b/i, 92, 90],
  [/\bthe last few days\b/i, 5, 2],
  [/\bthe last few weeks\b/i, 45, 14],
  ...EVERY.map(([days, span]): [RegExp, number, number] => [new RegExp(`\\bevery ${span}\\b`, 'i'), days, days]),
  [/\bevery (\d+) days\b/i, 0, 0],
];

// what a rhythm's words say the days are: its table entry's, or the number it states ("every 10 days")
function rhythms(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const [re, most, least] of CADENCE) {
    const m = text.match(re);
    if (!m) continue;
    out.push(most ? [most, least] : [Number(m[1]), Number(m[1])]);
  }
  return out;
}

/** The shortest rhythm, in days, that `text` says its work keeps (Infinity: it names none). */
export function cadence(text: string): number {
  return Math.min(Infinity, ...rhythms(text).map(([most]) => most));
}

// a reason about the records since the last run ("since the last quarterly review", "only that week's articles",
// "from the last few weeks"), not one about a run still to come ("before the docketing team's weekly run")
const SINCE = /\bsince the last\b(?! one\b)|\bonly that week[’']s\b|\bthe last few\b/i;

/** The shortest window, in days, a reason about the records since the last run allows (0: any). */
export function cadenceFloor(text: string): number {
  if (!SINCE.test(text)) return 0;
  const own = rhythms(text);
  return own.length ? Math.max(...own.map(([, least]) => least)) : 0;
}

/** The windows ahead a policy text sets, in days: "today or in the next 14 days" (14), "today or tomorrow" (1). */
export function windowsAhead(text: string): number[] {
  return [...text.matchAll(/\btoday or (?:in the next (\d+) days|tomorrow)\b/g)].map((m) => Number(m[1] ?? 1));
}
