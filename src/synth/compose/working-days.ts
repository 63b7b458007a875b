import { longDay } from '../kit/dates.js';
import { andList } from '../kit/text.js';
import type { Atom } from '../rules/rule.js';

// The definitions a policy gives for the working-day counts its lines make: which days count, from which day, and
// the office's closure days that do not (compile/computed-window.ts draws them with the rule).

/** The definition lines for the working-day counts among `atoms` (none without one). */
export function workdayDefinitions(atoms: readonly Atom[]): string[] {
  const out: string[] = [];
  if (atoms.some((a) => a.kind === 'older' && a.workdays))
    out.push(
      '- Working days are Monday to Friday; count from the day after the date in the record, up to and including today.',
    );
  if (atoms.some((a) => a.kind === 'due_within' && a.workdays))
    out.push(
      '- Working days are Monday to Friday; count from the day after today, up to and including the date in the record.',
    );
  const closed = closureLine(atoms);
  if (closed) out.push(closed);
  return out;
}

/** The line listing the closure days a working-day count skips, as the policy states them. */
export function closureLine(atoms: readonly Atom[]): string | undefined {
  const days = [
    ...new Set(atoms.flatMap((a) => ((a.kind === 'older' || a.kind === 'due_within') && a.closed) || [])),
  ].sort();
  if (!days.length) return undefined;
  const said = days.map(longDay);
  const list = andList(said);
  const not = days.length === 1 ? 'that day is not a working day' : 'those days are not working days';
  return `- The office is closed on ${list}; ${not} and ${days.length === 1 ? 'does' : 'do'} not count.`;
}
