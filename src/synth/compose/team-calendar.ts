import { readings, usesOf } from './figure-uses.js';
import { DEADLINES, EVENTS, LEADS } from './team-calendar-data.js';
import { WORK_DEADLINES, WORK_EVENTS } from './work-calendar-data.js';
import { ofWork } from './work-keyed.js';

// The team that keeps a record type, as a request may name it: its meetings, its other dates and the parts of its
// leads (team-calendar-data.ts), the same in the reason for asking (occasions.ts), the open destination
// (compile/undecided.ts) and the background mail (backgrounds.ts).

// the team's own calendar, by record type: its standing meetings, and those with its other dates (a run, a
// window, a visit); a record type without a row has only what any team has. With the work the task is, that work's
// own dates too (work-calendar-data.ts)
export const eventsOf = (f?: { name: string; work?: string }) => [
  ...((f && EVENTS[f.name]) ?? ['the team meeting', 'the weekly review']),
  ...((f && ofWork(WORK_EVENTS[f.name], f.name, f.work)) ?? []),
];
export const datesOf = (f?: { name: string; work?: string }) => [
  ...eventsOf(f),
  ...((f && DEADLINES[f.name]) ?? []),
  ...((f && ofWork(WORK_DEADLINES[f.name], f.name, f.work)) ?? []),
];

// the parts of the people who lead the team that keeps the records: the readers of its figures (figure-uses.ts)
// and its other leads, never a team ("our billing team Jonas"), nor the part each record names its own holder for
// (the records say who the exams officer is: "our exams officer Jonas" beside entries naming Rosa would contradict
// them)
export function leadsOf(f?: { name: string; ownerRole?: string }): string[] {
  if (!f) return ['team lead', 'manager'];
  const uses = usesOf(f.name);
  const figures = Object.values(uses.figures).flatMap((u) => (u ? readings(u, uses.reader) : []));
  const readers = [uses.reader, ...figures.map((r) => r.reader)];
  const all = [...new Set([...readers, ...(LEADS[f.name] ?? [])])].filter((r) => !/\bteam$/.test(r));
  const free = all.filter((r) => r !== f.ownerRole);
  return free.length ? free : ['team lead', 'manager'];
}

/**
 * The world of the team that keeps a record type, as the rest of a request may name it: its standing meetings
 * ("the bed meeting") and the parts of the people who lead it ("ward sister"), so that a reason for a figure or
 * for an open destination is the team's own, not a line any request could carry.
 */
export function teamOf(src: { name: string; service: string; ownerRole?: string }): {
  events: readonly string[];
  leads: readonly string[];
} {
  return { events: eventsOf(src), leads: leadsOf(src) };
}
