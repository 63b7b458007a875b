import { addWorkdays } from '../../kit/dates.js';
import { portfolio } from '../../../services/domains/portfolio.js';
import { shuffle } from '../../kit/ids.js';
import { daysFrom } from '../../rules/fields.js';
import type { Rec, World } from '../parts.js';
import { colleague } from '../sources/kit.js';
import { addDays, nth, onDay, packAction, packSource, refId, toWorkingDay } from './table-source.js';
import {
  FX_TERMS,
  NOTE_TITLES,
  SECURITIES,
  SUMMARY_TERMS,
  THESIS_TERMS,
  TRADE_TERMS,
  termsFit,
  UPSIDE,
} from './finance-investment-data.js';
import { thesis, tradeNote, hedgeNote, noteSummary } from './finance-investment-notes.js';

// Finance_Investment: a fund's positions with the PM's stance on each, the trade blotter through settlement,
// the currency exposures treasury hedges, and the analysts' research notes. Tickers, brokers and notes are what
// a portfolio manager, a middle-office analyst or a compliance officer would see.

// per task (world): the security each position holds and its prices, so that a trade on a position is priced like
// its stock whichever of the two is drawn first
interface Quote {
  security: (typeof SECURITIES)[number];
  cost: number;
  last: number;
}
const quotes = new WeakMap<World, Map<string, Quote>>();

function quoteOf(w: World, positionId: string, fits: (s: Quote['security']) => boolean = () => true): Quote {
  let book = quotes.get(w);
  if (!book) quotes.set(w, (book = new Map()));
  const known = book.get(positionId);
  if (known && fits(known.security)) return known;
  // the next security no other position of the task holds yet (and that fits what its thesis says)
  const held = new Set([...book].filter(([id]) => id !== positionId).map(([, q]) => q.security[0]));
  const security =
    [...SECURITIES.keys()].map((k) => nth(w, SECURITIES, k + book.size)).find((x) => !held.has(x[0]) && fits(x)) ??
    nth(w, SECURITIES, book.size);
  const level = security[4];
  const q = {
    security,
    cost: Math.round(level * (0.7 + w.rng.next() * 0.5) * 100) / 100,
    last: Math.round(level * (0.85 + w.rng.next() * 0.3) * 100) / 100,
  };
  book.set(positionId, q);
  return q;
}

// trades that open or close a short (sell short, buy to cover) go against short positions, the others against longs
const SHORT_SIDES = ['sell short', 'buy to cover'];
const positionFor = (w: World, short: boolean, i: number) => refId(w, 'POS-', short ? 4 + (i % 2) : i % 4, 6);

// a position's security and its prices
function holding(q: Quote): Rec {
  const [ticker, name, assetClass, sector] = q.security;
  return {
    ticker,
    security_name: name,
    asset_class: assetClass,
    sector,
    cost_basis: q.cost,
    last_price: q.last,
    stop_loss: Math.round(q.last * 0.85 * 100) / 100,
  };
}

// the stances a restricted position may hold: none trades it
const FROZEN = ['hold', 'core', 'on watch'];
// a restricted list holds a few of a book's names (a deal the firm advises on, a board seat), not half of them: a
// task's positions show two at most where their parts allow; per task (world), the names on it so far
const LISTED_MOST = 2;
const listedIn = new WeakMap<World, Set<string>>();
function listed(rec: Rec, w: World): boolean {
  let names = listedIn.get(w);
  if (!names) listedIn.set(w, (names = new Set()));
  const id = String(rec.position_id);
  if (!names.has(id) && names.size >= LISTED_MOST) return false;
  names.add(id);
  return true;
}

// A fund sizes a holding by its weight, its market value as a share of the fund's net assets, never by its share
// count (a thousand shares of one name can be worth forty times a thousand of another). Per task (world), the fund's
// net assets; a position's shares and market value follow from its weight and its stock's last price, so that
// weight, value, shares and price agree on every record.
const navs = new WeakMap<World, number>();
function navOf(w: World): number {
  let nav = navs.get(w);
  if (nav === undefined) navs.set(w, (nav = w.rng.int(25, 120) * 10_000_000));
  return nav;
}
// the shares a weight holds at a price (short: below zero), and their market value
function sized(w: World, weight: number, last: number): Rec {
  const quantity = Math.round(((weight / 100) * navOf(w)) / last);
  return { quantity, market_value: Math.round(quantity * last * 100) / 100 };
}

export const positions = packSource({
  name: 'positions',
  system: portfolio,
  table: 'positions',
  domains: ['Finance_Investment'],
  capabilities: ['Data_Analysis', 'Math_Scientific'],
  // (weights of one fund add up: the names a review picks out are that share of it)
  measure: { field: 'weight_pct', label: 'portfolio weight', unit: '%' },
  fields: {
    opened_on: { label: 'opening date', from: -720, to: 0, verb: 'opened' },
    weight_pct: { label: 'portfolio weight', min: 0.2, max: 8, step: 0.1, unit: '%' },
    restricted: {
      label: 'restricted list',
      yes: 'on the restricted list',
      no: 'not restricted',
      p: 0.15,
      stake: { yes: 'may not be traded without compliance sign-off, and a breach is reportable' },
    },
    status: { label: 'stance', weights: [4, 2, 4, 2, 1, 1] },
    thesis: { label: 'thesis', terms: THESIS_TERMS, write: thesis, ofRecord: true },
  },
  make: (w, id, i) => ({ position_id: id, ...holding(quoteOf(w, id)), portfolio_manager: colleague(w, i).email }),
  // the thesis a rule reads names what the holding rests on: a buyback or an activist is a company's, never a
  // Treasury fund's; a position whose thesis names one holds a security it fits
  settle: (rec, w) => {
    const said = THESIS_TERMS.filter((t) =>
      String(rec.thesis ?? '')
        .toLowerCase()
        .includes(t),
    );
    Object.assign(rec, holding(quoteOf(w, String(rec.position_id), (s) => termsFit(s, said))));
  },
  // a name on the restricted list is frozen: its stance is to keep it as it is (no add, trim or exit without
  // compliance), or it is not on the list
  // (one past the list's few names comes off it first, else it is frozen all the same)
  agree: (rec, w) => {
    if (rec.restricted !== true) return [];
    const freeze = FROZEN.includes(String(rec.status)) ? [] : shuffle(w.rng, FROZEN).map((status) => ({ status }));
    if (!listed(rec, w)) return [{ restricted: false }, ...freeze];
    return freeze.length ? [...freeze, { restricted: false }] : [];
  },
  derive: (rec, w) => sized(w, Number(rec.weight_pct), Number(rec.last_price)),
  title: (rec) => `${rec.position_id} (${rec.ticker}, ${rec.security_name})`,
  nameField: { field: 'ticker', label: 'ticker' },
  owner: { field: 'portfolio_manager', role: 'portfolio manager' },
  textField: 'thesis',
});

export const trades = packSource({
  name: 'trades',
  system: portfolio,
  table: 'trades',
  // an executed trade's side, broker and size stand: a correction is a new trade, never an edit
  fixed: ['side', 'broker', 'quantity'],
  domains: ['Finance_Investment'],
  capabilities: ['Data_Analysis', 'Logic_Reasoning'],
  measure: { field: 'commission', label: 'commission', unit: 'USD', mean: true },
  fields: {
    side: { label: 'side', weights: [5, 4, 1, 1] },
    broker: { label: 'broker', weights: [3, 3, 3, 2, 1, 1] },
    trade_date: { label: 'trade date', from: -14, to: 0, verb: 'executed' },
    // (on the blotter beside the side: surveillance and the settlement desk both weigh a trade by its size)
    quantity: { label: 'trade size', min: 500, max: 40_000, step: 100, unit: 'shares' },
    settlement_status: { label: 'settlement status', weights: [2, 2, 2, 5, 1, 1] },
    compliance_flagged: {
      label: 'compliance flag',
      yes: 'flagged by compliance',
      no: 'not flagged by compliance',
      p: 0.15,
    },
    notes: { label: "trader's note", terms: TRADE_TERMS, write: tradeNote },
  },
  make: (w, id, i) => ({ trade_id: id, trader: colleague(w, i).email }),
  // US equities settle on T+1; a trade goes against a long or a short position by its side, at a price within a
  // few percent of its stock's last price (the trades are of the last two weeks)
  derive: (rec, w, i) => {
    const position = positionFor(w, SHORT_SIDES.includes(String(rec.side)), i);
    const { last } = quoteOf(w, position);
    return {
      position_id: position,
      commission: Math.round(Number(rec.quantity) * 0.02 * 100) / 100,
      price: Math.round(last * (0.96 + w.rng.next() * 0.08) * 100) / 100,
      // (T+1 in business days: a Friday's trade settles on the Monday)
      settlement_date: addWorkdays(String(rec.trade_date).slice(0, 10), 1),
    };
  },
  // a trade settles the business day after it is done: one still pending, affirmed or matched is from the last day or two,
  // and one whose settlement day has not come has not settled yet
  agree: (rec, w) => {
    const age = -daysFrom(w.today, rec.trade_date);
    const s = String(rec.settlement_status);
    if (age > 2 && ['pending', 'affirmed', 'matched'].includes(s))
      return [
        ...shuffle(w.rng, ['settled', 'settled', 'failed']).map((settlement_status) => ({ settlement_status })),
        { trade_date: onDay(w, -w.rng.int(0, 2)) },
      ];
    if (s === 'settled' && addWorkdays(String(rec.trade_date).slice(0, 10), 1) > onDay(w, 0))
      return [
        ...shuffle(w.rng, ['pending', 'affirmed', 'matched']).map((settlement_status) => ({ settlement_status })),
        { trade_date: onDay(w, -w.rng.int(2, 10)) },
      ];
    // the market is shut at weekends: a trade is done on a weekday, never after today
    return toWorkingDay(rec.trade_date)
      .filter((trade_date) => trade_date <= onDay(w, 0))
      .map((trade_date) => ({ trade_date }));
  },
  title: (rec) => `${rec.trade_id} (${rec.side} ${rec.quantity}, ${rec.broker})`,
  nameField: { field: 'broker', label: 'executing broker' },
  owner: { field: 'trader', role: 'trader' },
  textField: 'notes',
  parents: { position_id: positions },
  // a position holds at least what its trades sell or cover (a short one below zero), and was opened by the first
  // of them at the latest
  fitParent: (pos, trades, w) => {
    const short = trades.some((t) => SHORT_SIDES.includes(String(t.side)));
    const most = Math.max(0, ...trades.map((t) => Number(t.quantity) || 0));
    const last = Number(pos.last_price);
    // (the weight, to a tenth of a percent, whose shares cover the largest trade: the position's derive sizes it)
    const covers = Math.ceil((((most + w.rng.int(1, 40) * 100) * last) / navOf(w)) * 1000) / 10;
    const weight = Math.max(Math.abs(Number(pos.weight_pct) || 0), covers);
    const first = trades.map((t) => String(t.trade_date)).sort()[0];
    return {
      weight_pct: short ? -weight : weight,
      ...(short ? { stop_loss: Math.round(last * 1.15 * 100) / 100 } : {}),
      ...(first && String(pos.opened_on) > first ? { opened_on: addDays(first, -w.rng.int(0, 90)) } : {}),
    };
  },
});

export const fxExposures = packSource({
  name: 'fx_exposures',
  system: portfolio,
  table: 'fx_exposures',
  fixed: ['currency_pair'],
  noun: ['FX exposure', 'FX exposures'],
  domains: ['Finance_Investment'],
  capabilities: ['Math_Scientific', 'Data_Analysis'],
  measure: { field: 'notional', label: 'notional', unit: 'USD' },
  fields: {
    currency_pair: { label: 'currency pair', weights: [4, 3, 2, 1, 1, 1] },
    notional: { label: 'notional', min: 500_000, max: 40_000_000, step: 10_000 },
    hedge_ratio_pct: { label: 'hedge ratio', min: 0, max: 100, step: 5, unit: '%' },
    maturity_date: { label: 'hedge maturity', from: -5, to: 90, verb: 'maturing', past: 'matured' },
    notes: { label: 'hedging note', terms: FX_TERMS, write: hedgeNote, ofRecord: true },
  },
  // a forward matures on a business day
  agree: (rec) => toWorkingDay(rec.maturity_date).map((maturity_date) => ({ maturity_date })),
  make: (w, id, i) => ({ exposure_id: id, treasury_analyst: colleague(w, i).email }),
  // the instrument, where the hedge stands and its mark follow from the ratio and the maturity
  derive: (rec, w) => {
    const ratio = Number(rec.hedge_ratio_pct);
    const matured = String(rec.maturity_date) < w.today.slice(0, 10);
    return {
      hedge_instrument: ratio === 0 ? 'none' : w.rng.pick(['forward', 'forward', 'FX swap', 'option collar']),
      status: matured ? 'matured' : ratio === 0 ? 'unhedged' : ratio >= 95 ? 'fully hedged' : 'partially hedged',
      mark_to_market: Math.round(Number(rec.notional) * (ratio / 100) * (w.rng.next() * 0.04 - 0.02)),
    };
  },
  title: (rec) => `${rec.exposure_id} (${rec.currency_pair}, ${rec.hedge_ratio_pct}% hedged)`,
  nameField: { field: 'currency_pair', label: 'currency pair' },
  owner: { field: 'treasury_analyst', role: 'treasury analyst' },
  textField: 'notes',
});

export const researchNotes = packSource({
  name: 'research_notes',
  system: portfolio,
  table: 'research_notes',
  fixed: ['note_type'],
  domains: ['Finance_Investment'],
  capabilities: ['Knowledge_Retrieval', 'Logic_Reasoning'],
  fields: {
    note_type: { label: 'note type', weights: [1, 3, 3, 3, 1, 1] },
    rating: { label: 'rating', weights: [3, 3, 4, 1, 1] },
    // a note not yet out carries the day it is scheduled to go out
    published_on: { label: 'publication date', from: -60, to: 14, verb: 'due to be published', past: 'published' },
    conflicts_disclosed: {
      label: 'conflicts disclosure',
      yes: 'with the conflicts disclosure attached',
      no: 'missing the conflicts disclosure',
      p: 0.75,
    },
    status: { label: 'status', weights: [2, 2, 6, 1] },
    summary: { label: 'summary', terms: SUMMARY_TERMS, write: noteSummary, ofRecord: true },
  },
  // analysts cover companies: no earnings preview on a bond ETF
  make: (w, id, i) => {
    const [ticker] = nth(
      w,
      SECURITIES.filter(([, , kind]) => kind === 'equity'),
      i,
    );
    return { note_id: id, ticker, analyst: colleague(w, i).email };
  },
  // the target price sits where the rating says the stock is going (a buy above today's level, a sell below)
  derive: (rec, w) => {
    const security = SECURITIES.find((s) => s[0] === rec.ticker);
    const [lo, hi] = UPSIDE[String(rec.rating)] ?? [0.95, 1.08];
    return {
      title: `${security?.[1] ?? String(rec.ticker)}: ${NOTE_TITLES[String(rec.note_type)] ?? 'Note'}, ${rec.rating}`,
      target_price: Math.round((security?.[4] ?? 100) * (lo + w.rng.next() * (hi - lo))),
    };
  },
  // a draft or a note in compliance review goes out on a day still to come; a published or withdrawn one went out
  agree: (rec, w) => {
    const ahead = daysFrom(w.today, rec.published_on) > 0;
    const unpublished = ['draft', 'in compliance review'].includes(String(rec.status));
    if (unpublished && !ahead)
      return [
        ...[1, 3, 7, 10].map((d) => ({ published_on: onDay(w, d) })),
        ...shuffle(w.rng, ['published', 'withdrawn']).map((status) => ({ status })),
      ];
    if (!unpublished && ahead)
      return [
        ...[1, 4, 12].map((d) => ({ published_on: onDay(w, -d) })),
        ...shuffle(w.rng, ['draft', 'in compliance review']).map((status) => ({ status })),
      ];
    return [];
  },
  title: (rec) => `${rec.note_id} (${rec.title})`,
  nameField: { field: 'ticker', label: 'ticker' },
  owner: { field: 'analyst', role: 'analyst' },
  textField: 'summary',
});

export const actions = [
  packAction(positions, portfolio, {
    name: 'watch_position',
    leftOut: 'wrong list',
    sections: ['Watch list', 'Monitoring'],
    from: ['core', 'add', 'hold', 'trim'],
    field: 'status',
    value: 'on watch',
    phrases: ['put each of those positions "on watch"', 'set the stance on each of those positions to on watch'],
    capabilities: ['Tool_Calling', 'Data_Analysis'],
  }),
  packAction(trades, portfolio, {
    name: 'flag_trade',
    leftOut: 'wrong list',
    // short sales and their covers are what surveillance reviews
    lean: { side: ['sell short', 'buy to cover'] },
    must: ['side'],
    sections: ['Compliance flag', 'Surveillance'],
    when: { settlement_status: ['pending', 'affirmed', 'matched', 'settled', 'failed'] },
    field: 'compliance_flagged',
    value: true,
    phrases: ['flag each of those trades for compliance review', 'mark each of those trades as compliance-flagged'],
    capabilities: ['Tool_Calling'],
  }),
  packAction(researchNotes, portfolio, {
    name: 'note_to_compliance',
    leftOut: 'wrong list',
    lean: { conflicts_disclosed: false },
    sections: ['Compliance review', 'Pre-publication review'],
    from: ['draft'],
    field: 'status',
    value: 'in compliance review',
    phrases: [
      'send each of those notes back to "in compliance review"',
      'set each of those research notes to in compliance review',
    ],
  }),
];
