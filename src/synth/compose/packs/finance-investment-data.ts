// finance investment: the curated names, spreads and note terms its record types draw from (its pack,
// finance-investment.ts, holds the record types themselves)

// ticker, issuer, asset class, sector (a bond fund's is Fixed Income, never a GICS sector), a price level: several times a book's positions, so that no holding is in
// every task
export const SECURITIES: readonly (readonly [string, string, string, string, number])[] = [
  ['MSFT', 'Microsoft Corp.', 'equity', 'Information Technology', 410],
  ['ASML', 'ASML Holding N.V.', 'equity', 'Information Technology', 720],
  ['JNJ', 'Johnson & Johnson', 'equity', 'Health Care', 155],
  ['NOVO', 'Novo Nordisk A/S', 'equity', 'Health Care', 98],
  ['JPM', 'JPMorgan Chase & Co.', 'equity', 'Financials', 198],
  ['XOM', 'Exxon Mobil Corp.', 'equity', 'Energy', 112],
  ['SHEL', 'Shell plc', 'equity', 'Energy', 66],
  ['CAT', 'Caterpillar Inc.', 'equity', 'Industrials', 345],
  ['SIEGY', 'Siemens AG (ADR)', 'equity', 'Industrials', 92],
  ['PG', 'Procter & Gamble Co.', 'equity', 'Consumer Staples', 162],
  ['NEE', 'NextEra Energy Inc.', 'equity', 'Utilities', 71],
  ['PLD', 'Prologis Inc.', 'REIT', 'Real Estate', 118],
  ['XLV', 'Health Care Select Sector SPDR', 'ETF', 'Health Care', 142],
  ['IEF', 'iShares 7-10 Year Treasury Bond ETF', 'ETF', 'Fixed Income', 94],
  ['AAPL', 'Apple Inc.', 'equity', 'Information Technology', 225],
  ['SAP', 'SAP SE (ADR)', 'equity', 'Information Technology', 230],
  ['ORCL', 'Oracle Corp.', 'equity', 'Information Technology', 168],
  ['AZN', 'AstraZeneca plc (ADR)', 'equity', 'Health Care', 74],
  ['PFE', 'Pfizer Inc.', 'equity', 'Health Care', 29],
  ['UNH', 'UnitedHealth Group Inc.', 'equity', 'Health Care', 520],
  ['HSBC', 'HSBC Holdings plc (ADR)', 'equity', 'Financials', 46],
  ['GS', 'Goldman Sachs Group Inc.', 'equity', 'Financials', 505],
  ['ALIZY', 'Allianz SE (ADR)', 'equity', 'Financials', 32],
  ['BP', 'BP plc (ADR)', 'equity', 'Energy', 33],
  ['TTE', 'TotalEnergies SE (ADR)', 'equity', 'Energy', 63],
  ['CVX', 'Chevron Corp.', 'equity', 'Energy', 152],
  ['HON', 'Honeywell International Inc.', 'equity', 'Industrials', 210],
  ['UNP', 'Union Pacific Corp.', 'equity', 'Industrials', 238],
  ['ABBNY', 'ABB Ltd (ADR)', 'equity', 'Industrials', 55],
  ['KO', 'Coca-Cola Co.', 'equity', 'Consumer Staples', 68],
  ['NSRGY', 'Nestlé S.A. (ADR)', 'equity', 'Consumer Staples', 96],
  ['UL', 'Unilever plc (ADR)', 'equity', 'Consumer Staples', 61],
  ['DUK', 'Duke Energy Corp.', 'equity', 'Utilities', 112],
  ['NGG', 'National Grid plc (ADR)', 'equity', 'Utilities', 64],
  ['SO', 'Southern Co.', 'equity', 'Utilities', 88],
  // (no one-letter ticker such as Realty Income's O: a check on it would match any word with an o)
  ['PSA', 'Public Storage', 'REIT', 'Real Estate', 290],
  ['EQIX', 'Equinix Inc.', 'REIT', 'Real Estate', 820],
  ['SPG', 'Simon Property Group Inc.', 'REIT', 'Real Estate', 165],
  ['XLK', 'Technology Select Sector SPDR', 'ETF', 'Information Technology', 228],
  ['XLE', 'Energy Select Sector SPDR', 'ETF', 'Energy', 91],
  ['TLT', 'iShares 20+ Year Treasury Bond ETF', 'ETF', 'Fixed Income', 92],
];

export const THESIS_TERMS = ['margin expansion', 'buyback', 'activist', 'regulatory risk', 'dividend cut', 'guidance'];

// the thesis terms a holding of each kind can rest on: a company's (and a REIT's) all of them; a sector fund has
// no buyback, activist or guidance of its own; a Treasury fund none (its case is rates and duration)
const FUND_TERMS = ['regulatory risk'];
export function termsFit(security: readonly [string, string, string, string, number], terms: readonly string[]) {
  const [, , assetClass, sector] = security;
  if (assetClass !== 'ETF') return true;
  return sector !== 'Fixed Income' && terms.every((t) => FUND_TERMS.includes(t));
}

export const TRADE_TERMS = [
  'VWAP',
  'market on close',
  'block trade',
  'SSI mismatch',
  'partial fill',
  'late affirmation',
];

export const FX_TERMS = [
  'ISDA',
  'CSA threshold',
  'rollover',
  'cash flow forecast',
  'board mandate',
  'dividend repatriation',
];

export const NOTE_TITLES: Readonly<Record<string, string>> = {
  initiation: 'Initiating coverage',
  'earnings preview': 'Earnings preview',
  'earnings review': 'Results review',
  'model update': 'Model update',
  'sector deep dive': 'Sector deep dive',
  'rating change': 'Rating change',
};

// the target price over today's level each rating implies
export const UPSIDE: Readonly<Record<string, readonly [number, number]>> = {
  buy: [1.15, 1.4],
  outperform: [1.05, 1.2],
  hold: [0.95, 1.08],
  underperform: [0.85, 0.97],
  sell: [0.65, 0.88],
};

export const SUMMARY_TERMS = [
  'raise estimates',
  'guidance cut',
  'margin pressure',
  'free cash flow',
  'valuation gap',
  'management change',
];
