import { shuffle } from '../../kit/ids.js';
import { daysFrom } from '../../rules/fields.js';
import type { Rec, World } from '../parts.js';
import { addDays } from './table-source.js';

// A household gets one bill per account per billing cycle: one property tax bill a year, one electricity bill a
// month. Its bills of one kind are its accounts of that kind (electricity and gas from its energy company, the
// council's separate levies, a second streaming service), and a task's window of due dates (a fortnight back to a
// month ahead) holds at most two monthly bills of one account, a month apart, and one quarterly or annual one.

/** Kinds of bill a household may hold with several providers at once (two phone contracts, two streaming services). */
export const SEVERAL: ReadonlySet<string> = new Set(['mobile', 'streaming', 'gym']);

/** The days between two bills of one account on a cycle. */
const CYCLE_DAYS: Readonly<Record<string, number>> = { monthly: 28, quarterly: 85, annual: 360 };

/** Whether two bills of one account are a whole cycle apart. */
export const cycleApart = (cycle: string, a: unknown, b: unknown): boolean =>
  Math.abs(daysFrom(String(a), b)) >= (CYCLE_DAYS[cycle] ?? 28);

/** What a household's bills are drawn from: the j-th account of a kind, how many it has, a kind's cycle. */
export interface Household {
  line(kind: string, j: number): string;
  lines(kind: string): number;
  /** the accounts of a kind a household holds only where its bills need them (a garage's own tax notice) */
  spare?(kind: string): readonly string[];
  cycle(kind: string): string;
}

// each bill's account, the kind's j-th in the order the records come
function assign(records: Rec[], home: Household): void {
  const seen = new Map<string, number>();
  for (const rec of records) {
    const kind = String(rec.category);
    const j = seen.get(kind) ?? 0;
    seen.set(kind, j + 1);
    rec.provider = home.line(kind, j);
  }
}

// the first bill not yet tried that repeats another one's account within its cycle (the earlier of two may be the
// one whose part in the task lets it move)
const repeat = (records: Rec[], home: Household, tried: ReadonlySet<Rec>): Rec | undefined =>
  records.find(
    (rec) =>
      !tried.has(rec) &&
      records.some(
        (r) =>
          r !== rec &&
          r.provider === rec.provider &&
          !cycleApart(home.cycle(String(rec.category)), r.due_on, rec.due_on),
      ),
  );

/**
 * Gives each bill its account (`provider`), one bill per account per cycle: a bill that would repeat an account
 * within its cycle becomes a kind the household has an account left of, else (monthly) falls due a month from the
 * other, where its part in the task allows (`keep`), on the same side of today (a bill overdue stays overdue).
 */
export function onePerCycle(
  records: Rec[],
  w: World,
  home: Household,
  kinds: readonly string[],
  keep: (rec: Rec, change: Rec) => boolean,
): void {
  const tried = new Set<Rec>();
  assign(records, home);
  for (let rec = repeat(records, home, tried); rec; rec = repeat(records, home, tried)) {
    tried.add(rec);
    const held = (kind: string) => records.filter((r) => r.category === kind).length;
    const free = shuffle(
      w.rng,
      kinds.filter((k) => k !== rec?.category && held(k) < home.lines(k)),
    );
    if (!free.some((category) => keep(rec as Rec, { category })) && home.cycle(String(rec.category)) === 'monthly') {
      const other = records.find((r) => r !== rec && r.provider === rec?.provider);
      const ahead = daysFrom(w.today, rec.due_on) >= 0;
      const moves = [addDays(other?.due_on, 30), addDays(other?.due_on, -30)].filter(
        (d) => daysFrom(w.today, d) >= 0 === ahead && Math.abs(daysFrom(w.today, d)) <= 45,
      );
      moves.some((due_on) => keep(rec as Rec, { due_on }));
    }
    assign(records, home);
  }
  // a repeat nothing could move is a spare account's bill, where the household may hold one
  for (let rec = repeat(records, home, new Set()); rec; rec = repeat(records, home, new Set())) {
    const line = home.spare?.(String(rec.category)).find((l) => !records.some((r) => r.provider === l));
    if (!line) break;
    rec.provider = line;
  }
}

/**
 * Gives each account one payment method: a direct debit mandate is the account's, so two bills of one account (EnBW
 * Strom in June and in July) are both collected by it or neither is. A bill whose part in the task fixes its method
 * keeps it and its siblings follow, where theirs allow (`keep`).
 */
export function oneMandate(records: Rec[], keep: (rec: Rec, change: Rec) => boolean): void {
  const accounts = new Map<unknown, Rec[]>();
  for (const rec of records) accounts.set(rec.provider, [...(accounts.get(rec.provider) ?? []), rec]);
  for (const bills of accounts.values()) {
    if (new Set(bills.map((b) => b.direct_debit)).size < 2) continue;
    // (each method in turn, the first bill's first: every bill on another one moves to it, or the next is tried)
    for (const method of [bills[0]?.direct_debit, !bills[0]?.direct_debit])
      if (bills.every((b) => b.direct_debit === method || keep(b, { direct_debit: method }))) break;
  }
}
