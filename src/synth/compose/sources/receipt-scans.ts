import { shuffle } from '../../kit/ids.js';
import type { FieldModel } from '../../rules/fields.js';
import type { Rec, World } from '../parts.js';
import { defineSource } from './kit.js';

// receipt scans: one picture per receipt, the merchant, total, date and payment printed on it and nowhere else;
// the office scanner feeds some in sideways or upside down (the picture's `turned`), which the work that files
// them has to undo (media-actions.ts).

const MERCHANTS: Readonly<Record<string, readonly string[]>> = {
  meals: ['Café Lumière', 'The Brass Kettle', 'Trattoria Sole', 'Noodle Bar 88'],
  taxi: ['City Cabs', 'Metro Taxi Co.', 'Airport Express Cars'],
  hotel: ['Hotel Meridian', 'Harbour View Inn', 'Parkside Suites'],
  supplies: ['Papeterie Moderne', 'OfficeHub', 'Print & Post'],
};
const ITEMS: Readonly<Record<string, readonly string[]>> = {
  meals: ['Lunch menu', 'Soup of the day', 'Sparkling water', 'Coffee', 'Dessert'],
  taxi: ['Fare', 'Waiting time', 'Luggage'],
  hotel: ['Room, 1 night', 'Breakfast', 'City tax'],
  supplies: ['Printer paper A4', 'Toner cartridge', 'Notebooks', 'Binders'],
};
const PAID = {
  'corporate card': 'Paid by corporate card',
  'personal card': 'Paid by personal card',
  cash: 'Paid in cash',
};

/** Where the scanner drops a receipt's picture. */
export const scanPath = (rec: Rec) => `scans/inbox/${rec.scan_id}.png`;
/** How far a scan is turned clockwise (the scanner's feed, drawn per record). */
export const turnOf = (rec: Rec): 0 | 90 | 180 | 270 => (Number(rec.turned) || 0) as 0 | 90 | 180 | 270;

// lines that add up to the total: one to three items, the last taking the remainder
function receiptLines(rec: Rec, w: World): { item: string; amount: number }[] {
  const items = ITEMS[String(rec.category)] ?? ['Item'];
  const total = Math.round(Number(rec.total) * 100);
  const n = Math.min(items.length, total < 1500 ? 1 : w.rng.int(1, 3));
  const picked = shuffle(w.rng, items).slice(0, n);
  let left = total;
  return picked.map((item, i) => {
    const cents = i === n - 1 ? left : Math.max(100, Math.round((left * w.rng.int(25, 60)) / 100));
    left -= cents;
    return { item, amount: cents / 100 };
  });
}

/** Receipt scans in the workspace: the merchant, total, date and payment are only on the picture. */
export const receiptScans = defineSource({
  name: 'receipt_scans',
  domains: ['Office_Productivity', 'Finance_Investment', 'Travel_Lifestyle'],
  // what a printed receipt says never changes
  fixed: ['category', 'payment', 'total', 'receipt_date'],
  nameField: { field: 'merchant', label: 'merchant' },
  service: 'workspace',
  noun: ['receipt scan', 'receipt scans'],
  idField: 'scan_id',
  prefix: 'SC-',
  capabilities: ['Multimodal_Perception'],
  measure: { field: 'total', label: 'receipt total', unit: 'EUR' },
  fields: [
    {
      kind: 'enum',
      field: 'category',
      label: 'kind of expense',
      values: ['meals', 'taxi', 'hotel', 'supplies'],
      say: { supplies: 'office supplies' },
    },
    { kind: 'number', field: 'total', label: 'receipt total', min: 6, max: 420, step: 0.01, currency: 'EUR' },
    { kind: 'date', field: 'receipt_date', label: 'receipt date', from: -45, to: 0, verb: 'dated' },
    {
      kind: 'enum',
      field: 'payment',
      label: 'payment method',
      values: ['corporate card', 'personal card', 'cash'],
      weights: [3, 2, 1],
    },
  ] satisfies FieldModel[],
  make: (w, id) => ({ scan_id: id, turned: w.rng.pick([0, 0, 90, 90, 270, 180]) }),
  title: (rec) => `${rec.scan_id} (${rec.merchant ?? rec.category}, ${rec.total} EUR)`,
  fixtures: (records, w) => {
    const files: Record<string, unknown> = {};
    records.forEach((rec, i) => {
      const names = MERCHANTS[String(rec.category)] ?? ['Receipt'];
      // the merchant follows from the kind of expense: the picture and the record say the same
      rec.merchant = names[(i + w.rng.int(0, names.length - 1)) % names.length];
      files[scanPath(rec)] = {
        png: {
          kind: 'receipt',
          merchant: rec.merchant,
          date: String(rec.receipt_date).slice(0, 10),
          lines: receiptLines(rec, w),
          total: rec.total,
          currency: '€',
          footer: PAID[rec.payment as keyof typeof PAID] ?? '',
          turned: turnOf(rec),
        },
      };
    });
    files['scans/README.md'] = 'The office scanner drops one picture per receipt here, named by scan number.\n';
    return { workspace: { files } };
  },
  list: () => [{ call: 'fs_list', args: { path: 'scans/inbox' } }],
  get: (rec) => ({ call: 'fs_read', args: { path: scanPath(rec) } }),
  seenIn: (w) =>
    w.rng.pick([
      'The scans are in scans/inbox/, one picture per receipt; the scanner sometimes feeds them in sideways.',
      'Everything is in scans/inbox/ (one picture per receipt, named by scan number); some went through the scanner the wrong way round.',
    ]),
});
