import type { Company } from './people.js';

// Suppliers and the goods they sell: a stock item comes from a supplier in its trade and carries that trade's
// category, so no "Coffee beans" filed under packaging from a software house (review 50).

/** A trade a supplier is in: the category its goods are filed under, the goods, and how such firms are named. */
interface Line {
  category: string;
  goods: readonly string[];
  /** the second half of a supplier's name ("Northgate" + " Office Supply") */
  trade: readonly string[];
  /** what one unit of its goods costs, lowest and highest (a chair is never 5.95, stretch film never 237.51) */
  prices: readonly [number, number];
}

export const LINES: readonly Line[] = [
  {
    category: 'office',
    prices: [2, 45],
    goods: ['Whiteboard markers', 'Toner cartridge', 'Printer paper', 'Sticky notes', 'Ring binders', 'Ballpoint pens'],
    trade: ['Office Supply', 'Stationers'],
  },
  {
    category: 'electronics',
    prices: [12, 260],
    goods: [
      'USB-C docking station',
      'Wireless keyboard',
      'Noise-cancelling headset',
      'Barcode scanner',
      'Extension cord',
      'Label printer',
    ],
    trade: ['Electronics', 'Tech Distribution'],
  },
  {
    category: 'furniture',
    prices: [25, 480],
    goods: [
      'Ergonomic office chair',
      'Standing desk frame',
      'Monitor arm',
      'Laptop stand',
      'LED desk lamp',
      'Filing cabinet',
    ],
    trade: ['Office Furniture', 'Workspace Furnishings'],
  },
  {
    category: 'packaging',
    prices: [3, 60],
    goods: [
      'Packing tape',
      'Shipping carton',
      'Bubble wrap',
      'Thermal receipt paper',
      'Stretch film',
      'Padded mailers',
    ],
    trade: ['Packaging', 'Warehouse Supplies'],
  },
  {
    category: 'cleaning',
    prices: [2, 35],
    goods: ['Nitrile gloves', 'Hand sanitiser refill', 'Cleaning spray', 'Paper towels', 'Bin liners', 'Floor cleaner'],
    trade: ['Hygiene Supplies', 'Janitorial Supply'],
  },
  {
    category: 'kitchen',
    prices: [2, 30],
    goods: ['Coffee beans', 'Tea bags', 'Paper cups', 'Dishwasher tablets', 'Oat milk cartons', 'Sugar sticks'],
    trade: ['Catering Supplies', 'Coffee Company'],
  },
];

/** The first half of a supplier's name: a place or a plain word, never a trade of its own. */
export const PLACES = [
  'Northgate',
  'Harbour',
  'Ashford',
  'Riverside',
  'Kestrel',
  'Millbrook',
  'Westfield',
  'Brightwater',
  'Oakridge',
  'Linden',
  'Fairway',
  'Greystone',
] as const;

/** A supplier: a company in one trade, with its trade's category, goods and prices. */
export interface Supplier extends Company, Pick<Line, 'category' | 'goods' | 'prices'> {}
