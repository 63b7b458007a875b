/** `date`'s default format for the mock clock: Tue Mar 10 09:00:00 UTC 2026 */
export function dateText(iso: string): string {
  const [wd, day, mon, year, time] = new Date(iso).toUTCString().replace(',', '').split(' ');
  return `${wd} ${mon} ${day} ${time} UTC ${year}\n`;
}
