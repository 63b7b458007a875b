import { CHASED_FROM } from './sources/order-terms.js';
import { act, type PolicyAct } from './policy-act.js';

// The work a credit-control policy has sections for over an order book (acts-work.ts lists it for both the sales
// export and the billing dashboard): chasing by weeks past the terms, a write-off review by months.

// the orders of the sales export and of the billing dashboard are the same work
export const ORDER_ACTS: readonly PolicyAct[] = [
  act(
    ['Escalation', 'Owner follow-up'],
    'Orders still unpaid, in full or in part, weeks after they were placed (past their terms by then) are chased by the sales owner before they go to collections.',
    { status: ['unpaid', 'part-paid'], order_date: 'stale' },
    undefined,
    // weeks old, and so past the terms (an order book's open orders that old are: order-terms.ts); a balance
    // months old is collections' or the write-off review's
    { order_date: [CHASED_FROM, 45] },
  ),
  // a dispute that has sat for weeks is the one at risk (the order's age is its side: old, never fresh)
  act(
    'Follow-up',
    'A dispute left to sit hardens into a write-off, so each one still open after a few weeks gets a named follow-up.',
    // (every dispute, large or small, in any region: the write-off it hardens into is lost either way)
    { status: ['disputed'], order_date: 'stale', amount: 'unrelated', region: 'unrelated' },
    undefined,
    { order_date: [14, 60] },
  ),
  // left unpaid: past its terms, so weeks old like a chase (a large order placed last week is not yet due)
  act(
    'Credit hold',
    'A large balance left unpaid puts the customer on credit hold until it is cleared.',
    { status: ['unpaid'], amount: 'high', order_date: 'stale' },
    undefined,
    { order_date: [CHASED_FROM, 90] },
  ),
  // a write-off is a decision on debt a quarter to half a year old; no controller weighs one weeks after the order
  act(
    'Write-off review',
    'Small balances still unpaid after months of chasing cost more to pursue than they are worth.',
    { status: ['unpaid', 'part-paid'], amount: 'low', order_date: 'stale' },
    undefined,
    { order_date: [90, 180] },
  ),
];
