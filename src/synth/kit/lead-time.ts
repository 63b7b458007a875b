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

/** The longest lead time, in days, that `text` says its work needs (0: it names none). */
export function leadTime(text: string): number {
  return Math.max(0, ...LEAD.filter(([re]) => re.test(text)).map(([, days]) => days));
}

// The rhythm a reason says the work keeps ("entered on the docketing team's weekly run", "the digest goes out each
// week"): a window longer than it takes records the next run deals with anyway, which contradicts the reason given.
// A briefing "since the last one" covers the day before, a weekend at most.
const CADENCE: readonly [RegExp, number][] = [
  [/\bsince the last one\b/i, 3],
  [/\bweekly run\b|\bgoes out each week\b|\bonly that week[’']s\b/i, 7],
  [/\bmonthly (?:run|claims?)\b/i, 31],
  [/\bquarterly (?:\w+ )?review\b/i, 92],
];

/** The shortest rhythm, in days, that `text` says its work keeps (Infinity: it names none). */
export function cadence(text: string): number {
  return Math.min(Infinity, ...CADENCE.filter(([re]) => re.test(text)).map(([, days]) => days));
}

/** The windows ahead a policy text sets, in days: "today or in the next 14 days" (14), "today or tomorrow" (1). */
export function windowsAhead(text: string): number[] {
  return [...text.matchAll(/\btoday or (?:in the next (\d+) days|tomorrow)\b/g)].map((m) => Number(m[1] ?? 1));
}
