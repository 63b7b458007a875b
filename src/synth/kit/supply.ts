import type { Company } from './people.js';

// Suppliers and the goods they sell: a stock item comes from a supplier in its trade and carries that trade's
// category, so no "Coffee beans" filed under packaging from a software house (review 50).

/** A trade a supplier is in: the category its goods are filed under, the goods, and how such firms are named. */
interface Line {
  category: string;
  goods: readonly string[];
  /** the second half of a supplier's name ("Northgate" + " Office Supply") */
  trade: readonly string[];
}

export const LINES: readonly Line[] = [
  {
    category: 'office',
    goods: ['Whiteboard markers', 'Toner cartridge', 'Printer paper', 'Sticky notes', 'Ring binders', 'Ballpoint pens'],
    trade: ['Office Supply', 'Stationers'],
  },
  {
    category: 'electronics',
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
    goods: ['Nitrile gloves', 'Hand sanitiser refill', 'Cleaning spray', 'Paper towels', 'Bin liners', 'Floor cleaner'],
    trade: ['Hygiene Supplies', 'Janitorial Supply'],
  },
  {
    category: 'kitchen',
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

/** A supplier: a company in one trade, and the goods and category of its stock items. */
export interface Supplier extends Company {
  category: string;
  goods: readonly string[];
}
