import type { Rng } from '../../../env/rng.js';
import { oneOf, writePlan } from '../../kit/content.js';

// finance and investment: what a position's thesis, a trade's note, a hedge's note and a research note say (the
// pack, finance-investment.ts, holds the record types)

// what the sizing line of a thesis says for each stance (status): an exit is never a "core holding"
const SIZING: Readonly<Record<string, readonly string[]>> = {
  core: ['core holding since the last rebalance', 'full weight since the last rebalance'],
  add: ['sized at half weight for now', 'building towards full weight'],
  hold: ['at target weight', 'no change to sizing planned'],
  'on watch': ['sized at half weight for now', 'under review since the last print'],
  trim: ['taking the weight down by a third', 'trimming into strength'],
  exit: ['selling down over the next two weeks', 'thesis no longer holds; exiting'],
};
// a view that argues for owning more fits only the stances that keep or build the position
const BULLISH = ['core', 'add', 'hold'];

export function thesis(
  rng: Rng,
  term: string | undefined,
  _v?: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  const stance = String(rec?.status ?? '');
  const sizing = SIZING[stance] ?? ['sized at half weight for now'];
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          ...sizing,
          'valuation below its five-year average',
          `management met in ${rng.pick(['January', 'February', 'November'])}`,
          'liquid enough to exit within two days',
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `thesis rests on ${term}`,
                `key risk: ${term}`,
                `watching ${term} into the next print`,
                `${term} is the swing factor`,
              ),
            ]
          : []),
        oneOf(
          rng,
          ...(BULLISH.includes(stance) ? ['consensus too cautious on volumes'] : []),
          'review after earnings',
          '',
        ),
      ].filter(Boolean),
    },
    'terse',
  );
}

export function tradeNote(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'worked over the morning',
          'rebalance flow',
          'allocated across two funds',
          `limit ${rng.int(2, 9)}% away from the open`,
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `${term} per the PM`,
                `${term} — see the broker's message`,
                `note: ${term}`,
                `${term} on this one`,
              ),
            ]
          : []),
        oneOf(rng, 'confirm sent to the custodian', 'commission at the standard rate', 'no client order attached', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

export function hedgeNote(
  rng: Rng,
  term: string | undefined,
  _v?: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  // an exposure hedged at 0% has no counterparty, no layers and nothing to mark
  const none = rec !== undefined && Number(rec.hedge_ratio_pct) === 0;
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          none
            ? 'no forwards placed yet'
            : `counterparty ${rng.pick(['Barclays', 'HSBC', 'BNP Paribas', 'Deutsche Bank', 'Citi'])}`,
          // (not how much is hedged: the note is written without the ratio)
          'ratio set at the quarterly hedging review',
          'exposure from the European subsidiary',
          'reviewed at the monthly treasury meeting',
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `${term} applies`,
                `check the ${term}`,
                `driven by the ${term}`,
                `${term} discussed with the CFO`,
              ),
            ]
          : []),
        oneOf(
          rng,
          ...(none ? ['left open pending the budget rate'] : ['marked daily', 'layered over three months']),
          'within limits',
          '',
        ),
      ].filter(Boolean),
    },
    'terse',
  );
}

export function noteSummary(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          `we model ${rng.int(3, 14)}% revenue growth next year`,
          `shares trade at ${rng.int(11, 32)}x forward earnings`,
          'next catalyst is the quarterly print',
          'consensus looks too low on volumes',
        ),
        ...(term
          ? [oneOf(rng, `we see ${term} ahead`, `the call hinges on ${term}`, `${term} is the main debate`)]
          : []),
        oneOf(rng, 'risks: FX and input costs', 'our DCF uses a 9% WACC', 'peers re-rated this quarter', ''),
      ].filter(Boolean),
    },
    'formal',
  );
}
