const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-](\d{2}):(\d{2}))?)?$/;

/** An ISO date or date-time whose calendar fields exist (Date.parse rolls 30 February over to March). */
export function isRealIsoDate(s: string): boolean {
  const m = ISO.exec(s);
  if (!m) return false;
  const [y, mo, d, h = 0, mi = 0, se = 0, , oh = 0, om = 0] = m
    .slice(1)
    .map((x) => (x === undefined || x === 'Z' ? undefined : Number(x))) as number[];
  if (mo === undefined || d === undefined || y === undefined) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return mo >= 1 && mo <= 12 && d >= 1 && d <= days && h < 24 && mi < 60 && se < 60 && oh < 24 && om < 60;
}

/** English month names, January first (Date.getUTCMonth order). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** English weekday names, Sunday first (Date.getUTCDay order). */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
