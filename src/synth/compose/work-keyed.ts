import { actNamed } from './policy-acts.js';

// Tables keyed by the work a task is (work-motives-data.ts, figure-uses-work.ts) list each act under one of its
// headings; a task may be filed under any of them ("Watering" is the irrigation act's other heading).

/** A work-keyed table's entry for a task's work on a record type, under any heading of the work's act. */
export function ofWork<T>(
  table: Readonly<Record<string, T>> | undefined,
  source: string,
  work: string | undefined,
): T | undefined {
  if (!table || work === undefined) return undefined;
  const heading = [work, ...(actNamed(source, work)?.sections ?? [])].find((h) => h in table);
  return heading === undefined ? undefined : table[heading];
}
