import type { HardenRule } from './kit.js';
import { anchorAnswer, capOnOutcome, capOnPerturbed } from './caps.js';
import { distractorsForbidden, exclusive } from './targets.js';
import { exactValues, pinPerturbed, tightenWithin } from './values.js';
import { outcomeOverReads, prohibitions } from './weights.js';

export type { Change, HardenRule, RawSpec, RuleContext } from './kit.js';

/** The rules in the order `harden` tries them (each a `HardenRule` in this folder; add one here). */
export const HARDEN_RULES: readonly HardenRule[] = [
  prohibitions,
  outcomeOverReads,
  exactValues,
  exclusive,
  distractorsForbidden,
  pinPerturbed,
  tightenWithin,
  capOnPerturbed,
  anchorAnswer,
  capOnOutcome,
];
