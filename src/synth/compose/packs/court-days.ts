// The days the courts of England and Wales sit: not at weekends, nor on a bank holiday (New Year's Day, Good Friday,
// Easter Monday, the May and August bank holidays, Christmas Day and Boxing Day), so no order is made, and no
// hearing or filing date falls, on one.

/** A UTC day as YYYY-MM-DD. */
export const iso = (d: Date): string => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

/** Easter Sunday of year `y` (the Gregorian computus). */
export function easter(y: number): Date {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  return utc(y, month, ((h + l - 7 * m + 114) % 31) + 1);
}

/** The first (n = 1) or last (n = -1) Monday of a month (1–12) of year `y`. */
export function monday(y: number, month: number, n: 1 | -1): Date {
  const d = n === 1 ? utc(y, month, 1) : utc(y, month + 1, 0);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + n);
  return d;
}

/** The UTC day `days` after `d`. */
export const plus = (d: Date, days: number): Date => new Date(d.getTime() + days * 86_400_000);

/** The bank holidays of England and Wales in year `y` (a fixed one on a weekend moves to the next working day). */
export function bankHolidays(y: number): ReadonlySet<string> {
  const out = new Set<string>();
  const fixed = (d: Date) => {
    while (d.getUTCDay() === 0 || d.getUTCDay() === 6 || out.has(iso(d))) d = plus(d, 1);
    out.add(iso(d));
  };
  fixed(utc(y, 1, 1));
  const e = easter(y);
  out.add(iso(plus(e, -2)));
  out.add(iso(plus(e, 1)));
  out.add(iso(monday(y, 5, 1)));
  out.add(iso(monday(y, 5, -1)));
  out.add(iso(monday(y, 8, -1)));
  fixed(utc(y, 12, 25));
  fixed(utc(y, 12, 26));
  return out;
}

/** Whether the courts are shut on `day` (YYYY-MM-DD…): a weekend or a bank holiday. */
export function courtClosed(day: unknown): boolean {
  const d = String(day).slice(0, 10);
  const dow = new Date(`${d}T12:00:00Z`).getUTCDay();
  return dow === 0 || dow === 6 || bankHolidays(Number(d.slice(0, 4))).has(d);
}

/** The court days nearest `day`, forward then back, the nearest first; none when it is one already. */
export function toCourtDay(day: unknown): string[] {
  const d = String(day).slice(0, 10);
  if (!courtClosed(d)) return [];
  const at = new Date(`${d}T00:00:00Z`);
  const moves: string[] = [];
  for (let k = 1; k <= 5; k++)
    for (const sign of [1, -1]) {
      const x = iso(plus(at, sign * k));
      if (!courtClosed(x)) moves.push(x);
    }
  return moves;
}
