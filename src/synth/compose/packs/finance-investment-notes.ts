import type { Rng } from '../../../env/rng.js';
import { oneOf, writePlan } from '../../kit/content.js';
import { SECURITIES } from './finance-investment-data.js';

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

// how a thesis says each term: what it rests on, what would break it, what the PM watches ("rests on activist"
// is no sentence); a term outside this table is what the holding rests on
const SAYS: Readonly<Record<string, readonly ((t: string) => string)[]>> = {
  'margin expansion': [(t) => `thesis rests on ${t}`, (t) => `watching ${t} into the next print`],
  buyback: [(t) => `thesis rests on the ${t}`, (t) => `the ${t} is the swing factor`],
  activist: [(t) => `an ${t} on the register is the catalyst`, (t) => `watching the ${t} into the AGM`],
  'regulatory risk': [(t) => `${t} is the main worry`, (t) => `${t} is the swing factor`],
  'dividend cut': [(t) => `key risk: a ${t}`, (t) => `a ${t} would break the thesis`],
  guidance: [(t) => `watching ${t} into the next print`, (t) => `${t} is the swing factor`],
};

// what else a thesis says, by what is held: a company is met and reports earnings, a fund is rebalanced, a Treasury
// fund is held for duration
function kindOf(rec?: Readonly<Record<string, unknown>>): 'company' | 'fund' | 'bonds' {
  if (rec?.asset_class !== 'ETF') return 'company';
  return rec.sector === 'Fixed Income' ? 'bonds' : 'fund';
}
const VIEWS = {
  company: (rng: Rng) => [
    'valuation below its five-year average',
    `management met in ${rng.pick(['January', 'February', 'November'])}`,
  ],
  fund: () => ['cheapest way into the sector', 'tracking error within budget'],
  bonds: () => ['held for duration', 'ballast if growth disappoints'],
};
const CLOSES = {
  company: (bullish: boolean) => [...(bullish ? ['consensus too cautious on volumes'] : []), 'review after earnings'],
  fund: () => ['review at the quarterly rebalance'],
  bonds: () => ['review after the next Fed meeting'],
};

export function thesis(
  rng: Rng,
  term: string | undefined,
  _v?: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  const stance = String(rec?.status ?? '');
  const sizing = SIZING[stance] ?? ['sized at half weight for now'];
  const kind = kindOf(rec);
  const says = term ? (SAYS[term] ?? [(t: string) => `thesis rests on ${t}`]) : [];
  return writePlan(
    rng,
    {
      facts: [
        oneOf(rng, ...sizing, ...VIEWS[kind](rng), 'liquid enough to exit within two days'),
        ...(term ? [rng.pick(says)(term)] : []),
        oneOf(rng, ...CLOSES[kind](BULLISH.includes(stance)), ''),
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

// the forward P/E a sell-side note quotes, by the covered company's sector: an oil major trades near 10x, a drug
// maker in its low teens, a software house in its thirties (a REIT or a fund is valued on something else)
const FORWARD_PE: Readonly<Record<string, readonly [number, number]>> = {
  Energy: [7, 12],
  'Health Care': [11, 17],
  Financials: [8, 14],
  Utilities: [14, 19],
  'Consumer Staples': [17, 24],
  Industrials: [15, 24],
  'Information Technology': [24, 35],
};

/** The forward earnings multiple a note on a company of `sector` quotes (none known: a market multiple). */
export function forwardPe(rng: Rng, sector: unknown): number {
  const [lo, hi] = FORWARD_PE[String(sector)] ?? [14, 20];
  return rng.int(lo, hi);
}

export function noteSummary(
  rng: Rng,
  term: string | undefined,
  _v?: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  const sector = SECURITIES.find((s) => s[0] === rec?.ticker)?.[3];
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          `we model ${rng.int(3, 14)}% revenue growth next year`,
          `shares trade at ${forwardPe(rng, sector)}x forward earnings`,
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
