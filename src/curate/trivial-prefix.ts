import { type OneOf, oneOf } from '../schema/errors.js';
import type { Converted } from './convert.js';
import { taskPrefix } from './grouping.js';

/**
 * When the one record per normalised task prefix of TRIVIAL tasks (CE App. E) is chosen:
 *  - `before-conversion` (default): CoworkEnv's text — "the SFT export keeps the first qualifying record per
 *    normalized task prefix", and "Export first retains trajectories meeting source-specific reward
 *    thresholds. Conversion then removes records…". The first qualifying record uses up the prefix even when
 *    conversion then rejects it; the prefix then gives no row.
 *  - `after-conversion`: the first qualifying record that also converts (a failed first record lets the next
 *    one through).
 * A qualifying record is one that passed the reward threshold and the validity checks.
 */
export type TrivialPrefixOrder = 'before-conversion' | 'after-conversion';
export const TRIVIAL_PREFIX_ORDERS: readonly TrivialPrefixOrder[] = ['before-conversion', 'after-conversion'];

/** Throws a bad_input error naming `label` unless `order` is a TrivialPrefixOrder. */
export const checkTrivialPrefixOrder: OneOf<TrivialPrefixOrder> = oneOf(
  TRIVIAL_PREFIX_ORDERS,
  'CurateOptions.trivialPrefix',
);

/**
 * What the prefix rule did: `taken` records dropped because their prefix was taken; `first_failed` prefixes
 * whose first qualifying record failed conversion; `rescued` of those, the prefixes with a later record that
 * converts. `first_failed` and `rescued` are the same under both orders: after-conversion exports `rescued`
 * rows that before-conversion does not.
 */
export interface TrivialPrefixCounts {
  taken: number;
  first_failed: number;
  rescued: number;
}

export type PrefixDecision = { admit: true; converted: Converted } | { admit: false; detail: string };

interface PrefixState {
  /** the record holding the prefix: the first qualifying one, or (after-conversion) the one that converted */
  holder: string;
  /** the first qualifying record's conversion rejection, if it failed */
  firstFailed: string | undefined;
  /** a row came out of this prefix */
  filled: boolean;
  rescued: boolean;
}

/** The TRIVIAL allowance: one record per prefix, chosen in `order`, in the order records arrive. */
export class TrivialPrefixes {
  readonly counts: TrivialPrefixCounts = { taken: 0, first_failed: 0, rescued: 0 };
  readonly #state = new Map<string, PrefixState>();

  constructor(readonly order: TrivialPrefixOrder) {
    checkTrivialPrefixOrder(order);
  }

  /**
   * Decides on a qualifying record of a TRIVIAL task. Admitted: its conversion (which may still have failed:
   * the caller rejects it then). Not admitted: why (`trivial_prefix_taken`). `convert` runs only when needed.
   */
  admit(taskId: string, key: string, convert: () => Converted): PrefixDecision {
    const p = taskPrefix(taskId);
    const s = this.#state.get(p);
    if (!s) {
      const c = convert();
      this.#state.set(p, { holder: key, firstFailed: c.ok ? undefined : c.reason, filled: c.ok, rescued: false });
      if (!c.ok) this.counts.first_failed++;
      return { admit: true, converted: c };
    }
    if (s.filled) return this.#taken(`prefix ${p} taken by ${s.holder}`);
    // the prefix's first qualifying record failed conversion
    if (this.order === 'before-conversion') {
      // converted only to count what after-conversion would export instead
      if (!s.rescued && convert().ok) this.#rescue(s);
      return this.#taken(
        `prefix ${p} used up by ${s.holder}, which failed conversion (${s.firstFailed}); --trivial-prefix after-conversion would consider this record`,
      );
    }
    const c = convert();
    if (c.ok) {
      this.#rescue(s);
      s.filled = true;
      s.holder = key;
    }
    return { admit: true, converted: c };
  }

  #rescue(s: PrefixState): void {
    s.rescued = true;
    this.counts.rescued++;
  }

  #taken(detail: string): PrefixDecision {
    this.counts.taken++;
    return { admit: false, detail };
  }
}
