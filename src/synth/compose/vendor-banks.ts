import type { Rng } from '../../env/rng.js';
import { MERCHANTS } from './sources/merchants-data.js';

// the banks a vendor paid in each currency keeps its account at: a supplier list spreads over the country's
// banks (a few share the big ones), never one bank for all, which would make a changed bank look like nothing
const BANKS_BY_CURRENCY: Readonly<Record<string, readonly string[]>> = {
  USD: [
    'JPMorgan Chase',
    'Bank of America',
    'Wells Fargo',
    'Citibank',
    'U.S. Bank',
    'PNC Bank',
    'Truist',
    'Capital One',
    'TD Bank',
    'Fifth Third Bank',
    'KeyBank',
    'Citizens Bank',
  ],
  EUR: ['Deutsche Bank', 'BNP Paribas', 'ING', 'Santander', 'Commerzbank', 'Société Générale', 'ABN AMRO', 'UniCredit'],
  GBP: ['Barclays', 'HSBC UK', 'Lloyds Bank', 'NatWest', 'Santander UK', 'Metro Bank'],
};

// the merchants (merchants-data.ts) based in the UK or the euro area, whose accounts are at home whatever
// currency a statement shows them in: a London sandwich chain banks at Barclays, not Wells Fargo
const HOME_CURRENCY: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    [
      'British Airways',
      'Trainline',
      'Premier Inn',
      'Eurostar',
      'easyJet',
      'Travelodge',
      'Avanti West Coast',
      'Addison Lee',
      'Viking Direct',
      'Ryman',
      'Currys Business',
      'Screwfix',
      'John Lewis for Business',
      // every meal merchant is a UK chain
      ...(MERCHANTS.meals ?? []),
      'QA Ltd',
      'FutureLearn',
      'CIPD',
    ].map((m) => [m, 'GBP']),
  ),
  ...Object.fromEntries(
    ['Lufthansa', 'KLM', 'Lyreco', 'Domestika', 'Vistaprint', 'IKEA Business'].map((m) => [m, 'EUR']),
  ),
};

/**
 * The bank a vendor banks at, drawn for that vendor: among its home country's banks where the merchant is known,
 * else among those of the currency it is paid in (US banks for an unknown currency).
 */
export function vendorBank(rng: Rng, vendor: string, currency: unknown): string {
  const home = HOME_CURRENCY[vendor] ?? String(currency);
  return rng.pick(BANKS_BY_CURRENCY[home] ?? (BANKS_BY_CURRENCY.USD as readonly string[]));
}
