import type { FigureUses } from './figure-use-types.js';

// The figures of the office's own records (service desk, sales, stock, finance, inbox, feeds, expenses, partner
// orders) and what each team takes them to (figure-uses-data.ts gathers them). A count's own uses also serve a
// count of only some of the records (figure-uses.ts): what the whole count decides is figure-decisions.ts's.

// the orders of a sheet and of a screenshot of one: the same orders, read by the same credit controller
const ORDERS: FigureUses = {
  reader: 'credit controller',
  figures: {
    sum: [
      'for the cash collection meeting',
      'to see how much cash is tied up',
      'for the aged debt report',
      { reader: 'finance director', for: ['for the working capital update to the board'] },
    ],
    max: [
      'for the cash collection meeting',
      "to check the biggest order against the customer's credit limit",
      'to decide whether the biggest order needs credit insurance cover',
      { reader: 'sales director', for: ['to know which customer to call personally'] },
    ],
    count: [
      'for the cash collection meeting',
      'for the aged debt report',
      'for the credit committee',
      'for the month-end debtor review',
    ],
  },
};

export const OFFICE_FIGURE_USES: Readonly<Record<string, FigureUses>> = {
  tickets: {
    reader: 'service desk manager',
    figures: {
      count: [
        'for the weekly SLA report',
        'for the service review',
        'for the monthly IT service report',
        { reader: 'problem manager', for: ['for the problem review'] },
      ],
    },
  },
  customers: {
    reader: 'head of sales',
    figures: {
      sum: [
        'for the pipeline review',
        'for the account planning day',
        'for the quarterly board pack',
        { reader: 'finance director', for: ['to see how much of our revenue these accounts carry'] },
      ],
      count: [
        'for the pipeline review',
        'for the weekly sales huddle',
        'for the quarterly business review',
        { reader: 'customer success lead', for: ['for the account health review'] },
      ],
    },
  },
  products: {
    reader: 'purchasing lead',
    figures: {
      min: [
        'for the weekly stock meeting',
        'to judge how urgent the reorders are',
        'to decide whether anything needs an express delivery',
        { reader: 'sales operations lead', for: ['to warn the sales team about short stock'] },
      ],
      count: [
        'for the weekly stock meeting',
        'for the stocktake',
        'for the monthly inventory report',
        'for the supplier review',
      ],
    },
    // where the reorders land: goods-in plans the space at each site
    by: {
      location: {
        reader: 'stores supervisor',
        for: [
          'to plan goods-in space for the reorders',
          'to plan the cycle count at each site',
          'to plan the transfers between sites',
        ],
      },
    },
  },
  transactions: {
    reader: 'finance controller',
    figures: {
      sum: [
        'to reconcile against the bank statement',
        'for the month-end close',
        'for the cash position report',
        { reader: 'head of finance', for: ['to explain the variance against budget'] },
      ],
      count: [
        'for the month-end close',
        'for the audit file',
        'for the controls report',
        'for the finance team stand-up',
      ],
    },
  },
  jobs: {
    reader: 'platform lead',
    figures: {
      count: [
        'for the on-call handover',
        'for the scheduler health report',
        'for the weekly ops review',
        { reader: 'SRE lead', for: ['for the reliability review'] },
      ],
    },
  },
  integrations: {
    reader: 'platform lead',
    figures: {
      sum: [
        'for the platform review',
        'for the capacity plan',
        'for the monthly API usage report',
        { reader: 'vendor manager', for: ['for the contract talks with the API provider'] },
      ],
      count: [
        'for the platform review',
        'for the quarterly integrations audit',
        'for the architecture review',
        'for the integrations register review',
      ],
    },
  },
  tasks: {
    reader: 'team lead',
    figures: {
      count: [
        'for the weekly planning session',
        'for the team check-in',
        'for the monthly progress report',
        'for the retrospective',
        { reader: 'project manager', for: ['for the project status report'] },
      ],
    },
  },
  sheet_rows: ORDERS,
  order_screenshot: ORDERS,
  mails: {
    reader: 'team lead',
    figures: {
      count: [
        'for the team meeting',
        'to plan cover for the inbox',
        'for the inbox report',
        { reader: 'office manager', for: ['for the response-time report'] },
      ],
    },
  },
  feed_articles: {
    reader: 'news editor',
    figures: {
      sum: [
        'for the weekly desk review',
        'to see how long the reading pile is',
        'to plan the reading time on the desk',
        { reader: 'newsletter editor', for: ['to see how much space they would take in the newsletter'] },
      ],
      count: [
        'for the weekly desk review',
        'for the monthly monitoring report',
        'for the editorial meeting',
        'for the sources review',
      ],
    },
  },
  receipt_scans: {
    reader: 'finance controller',
    figures: {
      // (what staff paid themselves is paid back through payroll: no company card statement lists it)
      sum: [
        'for the expenses run',
        'for the month-end expenses accrual',
        'to check the spend against the expenses budget',
        { reader: 'tax accountant', for: ['for the VAT reclaim'] },
      ],
      count: [
        'for the expenses run',
        'for the expenses audit',
        'for the monthly expenses report',
        'for the finance team stand-up',
      ],
    },
  },
  partner_mails: {
    reader: 'account manager',
    figures: {
      max: [
        'to check stock before confirming the biggest order',
        'to warn the warehouse about the biggest order',
        "to check the biggest order against the partner's credit limit",
        { reader: 'warehouse manager', for: ['to plan the picking for the biggest order'] },
      ],
      mean: [
        'for the partner account review',
        "to compare with last quarter's order sizes",
        'to set the minimum order quantity for the partners',
        { reader: 'demand planner', for: ['for the demand forecast'] },
      ],
      count: [
        'for the partner account review',
        'for the weekly sales meeting',
        'for the partner programme report',
        'for the channel review',
      ],
    },
  },
};
