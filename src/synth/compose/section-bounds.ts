import type { Atom, Rule } from '../rules/rule.js';

// Two sections of one policy that take a field from opposite sides ("filed within 30 days" and "late: 30 or more
// days ago") never both claim its boundary: a record exactly on it would be inside and outside at once, and the
// generator puts its near misses exactly there. Dates are moved a day apart (the other section starts the day
// after); a threshold both claim is drawn again (`sharesThreshold`).

const conditions = (r: Rule): readonly Atom[] => [...r.all, ...(r.any ?? [])];

/**
 * Whether a date window ends where a shown section's opposite window ends (both would claim the boundary day): a
 * superseded version is written beside the sections in force, and "until May: dated in the 30 days before" over a
 * "late: 30 or more days ago" reads as the same muddle.
 */
export function claimsBoundary(a: Atom, shown: readonly Rule[]): boolean {
  if (a.kind !== 'older' && a.kind !== 'recent') return false;
  if (a.kind === 'older' && a.workdays) return false;
  const other = a.kind === 'older' ? 'recent' : 'older';
  return shown
    .flatMap(conditions)
    .some((b) => b.kind === other && b.field === a.field && b.days === a.days && !(b.kind === 'older' && b.workdays));
}

/** `r` with each date window that ends where a shown section's opposite window ends moved one day off it. */
export function apartFrom(r: Rule, shown: readonly Rule[]): Rule {
  const theirs = shown.flatMap(conditions);
  const claims = (kind: 'older' | 'recent', field: string, days: number) =>
    theirs.some((b) => b.kind === kind && b.field === field && b.days === days && !(b.kind === 'older' && b.workdays));
  // (moved until no shown window ends there: a day off one section's boundary may be another's)
  const apart = (a: Atom): Atom => {
    if (a.kind === 'older' && !a.workdays && claims('recent', a.field, a.days)) {
      let days = a.days;
      while (claims('recent', a.field, days)) days++;
      return { ...a, days };
    }
    if (a.kind === 'recent' && a.days > 1 && claims('older', a.field, a.days)) {
      let days = a.days;
      while (days > 1 && claims('older', a.field, days)) days--;
      return days === a.days ? a : { ...a, days };
    }
    return a;
  };
  const all = r.all.map(apart);
  const any = r.any?.map(apart);
  const moved = all.some((a, i) => a !== r.all[i]) || (any ?? []).some((a, i) => a !== r.any?.[i]);
  return moved ? { ...r, all, ...(any ? { any } : {}) } : r;
}

/**
 * Whether `r` takes a date window from one side that reaches into a shown section's opposite window ("archive what
 * was published 3 or more days ago" beside "brief what was published in the last 14 days"): a record between the
 * two would be briefed and archived at once. Opposite windows on one date split it, as a number's limits do.
 */
export function overlapsWindow(r: Rule, shown: readonly Rule[]): boolean {
  const theirs = shown.flatMap(conditions);
  // the days a calendar window counts back, or none
  const back = (a: Atom) => ((a.kind === 'older' && !a.workdays) || a.kind === 'recent' ? a.days : undefined);
  return conditions(r).some((a) => {
    const d = back(a);
    return (
      d !== undefined &&
      theirs.some((b) => {
        const e = back(b);
        return e !== undefined && b.field === a.field && b.kind !== a.kind && (a.kind === 'older' ? d < e : e < d);
      })
    );
  });
}

/** Whether `r` takes a number from one side at the very value a shown section takes it from the other. */
export function sharesThreshold(r: Rule, shown: readonly Rule[]): boolean {
  const theirs = shown.flatMap(conditions);
  return conditions(r).some(
    (a) =>
      (a.kind === 'at_least' || a.kind === 'at_most') &&
      theirs.some(
        (b) =>
          b.field === a.field &&
          b.kind === (a.kind === 'at_least' ? 'at_most' : 'at_least') &&
          (b as { value: number }).value === a.value,
      ),
  );
}

// the values a rule narrows its work to (its own conditions) and the ones its exception leaves out
const narrowsTo = (r: Rule) => r.all.flatMap((a) => (a.kind === 'in' ? a.values.map((v) => `${a.field}=${v}`) : []));
const leavesOut = (r: Rule) => (r.unless?.kind === 'in' ? r.unless.values.map((v) => `${r.unless?.field}=${v}`) : []);

/**
 * Whether `r` leaves out a value a shown section is confined to, or is confined to one a shown section leaves out:
 * each says what that value is for in its own reason ("the front block seats the access-arrangement candidates"
 * beside "leave it out if it is in the Front block: its seats are given out on the morning"), and the two reasons
 * come from different sections' stock, so one policy would tell two stories of one zone, one desk or one channel.
 */
export function clashesOnScope(r: Rule, shown: readonly Rule[]): boolean {
  const mineIn = narrowsTo(r);
  const mineOut = leavesOut(r);
  return shown.some(
    (y) => leavesOut(y).some((v) => mineIn.includes(v)) || narrowsTo(y).some((v) => mineOut.includes(v)),
  );
}
