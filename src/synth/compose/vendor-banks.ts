import type { Rng } from '../../env/rng.js';

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

/** The bank a vendor paid in `currency` banks at, drawn for that vendor (US banks for an unknown currency). */
export function vendorBank(rng: Rng, currency: unknown): string {
  return rng.pick(BANKS_BY_CURRENCY[String(currency)] ?? (BANKS_BY_CURRENCY.USD as readonly string[]));
}
