import type { Matcher } from '../../schema/matchers.js';
import { MONTHS, WEEKDAYS } from '../../schema/dates.js';

// times relative to the task's mock clock, and how requests and messages write them. one way of adding
// days (`at`), one way of cutting a date off a time stamp (`dateOf`).

/** ISO time (seconds precision, Z) `offset` before (negative) or after `mockToday`; fractional days are fine. */
export function at(mockToday: string, offset: { days?: number; hours?: number; minutes?: number }): string {
  const minutes = ((offset.days ?? 0) * 24 + (offset.hours ?? 0)) * 60 + (offset.minutes ?? 0);
  if (mockToday !== lastDay) {
    lastDay = mockToday;
    lastMs = Date.parse(mockToday);
  }
  const iso = new Date(lastMs + Math.round(minutes * 60_000)).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}
// a task draws hundreds of times from one clock: its parse, once
let lastDay = '';
let lastMs = Number.NaN;

/** The calendar day of an ISO time stamp: "2026-03-10". */
export function dateOf(iso: string): string {
  return iso.slice(0, 10);
}

/** Human date for requests and messages: "6 March". */
export function dayMonth(iso: string): string {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** "12 March 2026": a date a document keeps (an effective date outlives the year it was written in) */
export function dayMonthYear(iso: string): string {
  return `${dayMonth(iso)} ${new Date(iso).getUTCFullYear()}`;
}

/** "Thursday 12 March" */
export function longDay(day: string): string {
  return `${WEEKDAYS[new Date(`${day}T12:00:00Z`).getUTCDay()]} ${dayMonth(`${day}T12:00:00Z`)}`;
}

/** "09:30" from minutes after midnight */
export const hm = (min: number): string =>
  `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;

/** A UTC time stamp at `min` minutes after midnight of `day`. */
export const isoAt = (day: string, min: number): string => `${day}T${hm(min)}:00Z`;

/** the exact minute, however the agent spells seconds and the UTC offset */
export function timeRegex(day: string, min: number): string {
  return `^${day}T${hm(min)}(:00(\\.0+)?)?(Z|\\+00:00)?$`;
}

/**
 * A time stamp at one of `mins` (minutes after midnight of `day`, UTC) as a matcher: the same instant however it is
 * written — seconds or not, "Z", "+00:00", or another offset's clock ("11:00+01:00" is 10:00 UTC).
 */
export function atInstant(day: string, mins: readonly number[]): Matcher {
  const at = mins.map((min): Matcher => ({ within: { of: isoAt(day, min), minutes: 0 } }));
  return at.length === 1 ? (at[0] as Matcher) : { any_of: at };
}

/**
 * The working day a time stamp falls on, or the nearest one with the same clock time: a Saturday becomes the Friday
 * before (a month's last Saturday keeps its month end), a Sunday the Monday after. Office work is dated on a weekday.
 */
export function workingDay(iso: string): string {
  const wd = new Date(iso).getUTCDay();
  return wd === 6 ? at(iso, { days: -1 }) : wd === 0 ? at(iso, { days: 1 }) : iso;
}

/** the day `n` working days (Monday–Friday) after `day`, or before it for a negative `n` */
export function addWorkdays(day: string, n: number): string {
  let d = day;
  const step = Math.sign(n);
  for (let left = Math.abs(n); left > 0; ) {
    d = dateOf(at(`${d}T12:00:00Z`, { days: step }));
    const wd = new Date(`${d}T12:00:00Z`).getUTCDay();
    if (wd !== 0 && wd !== 6) left--;
  }
  return d;
}
