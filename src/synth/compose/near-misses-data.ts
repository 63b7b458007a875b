import { DESK_NEAR_MISSES } from './near-misses-desks-data.js';
import { MORE_NEAR_MISSES } from './near-misses-more-data.js';
import type { NearMiss } from './near-miss.js';

// an order sheet's rows, in the sheet or in a screenshot of it
const ORDERS: readonly NearMiss[] = [
  [
    '{Day} a customer rang about an order marked as shipped that had never left, and {who} had to rebook the courier',
    'Follow-up',
    'Escalation',
  ],
  [
    'We nearly invoiced one order twice {day}; {who} in credit control caught it when the customer queried the statement',
    'Write-off review',
    'Follow-up',
  ],
  [
    '{Day} we shipped another order to a customer already sixty days behind on paying, and {who} in credit control had to chase both',
    'Credit hold',
    'Escalation',
  ],
];

export const NEAR_MISSES: Readonly<Record<string, readonly NearMiss[]>> = {
  tickets: [
    [
      '{Day} a customer rang to chase a ticket that had sat unassigned for four days, and {who} only caught it because they knew the name',
      'Owner follow-up',
      'Follow-up',
      'Triage',
      'Escalation',
    ],
    [
      "One ticket breached its SLA {day} because it had been filed in the wrong queue, and the customer's manager wrote in about it",
      'Triage',
      'Escalation',
      'Priority handling',
    ],
    [
      '{Day} a customer got our satisfaction survey for a ticket still showing as open a week after we had fixed it, and asked {who} whether it was sorted',
      'Closure',
    ],
  ],
  customers: [
    [
      'We nearly let a renewal lapse {day}: {who} noticed that one customer account had gone three months without a call, a week before its contract ended',
      'Escalation',
      'Renewal risk',
      'Follow-up',
      'Review',
    ],
    [
      '{Day} a customer we had down as dormant turned out to have a renewal open, and {who} only heard because they emailed us',
      'Renewal risk',
      'Follow-up',
      'Review',
    ],
    [
      '{Day} a customer bought a second licence tier from a reseller because nobody had offered it to them, and {who} found out from the invoice',
      'Expansion',
    ],
  ],
  products: [
    [
      '{Day} we nearly sold stock we did not have: the count on one product was forty units out, and {who} caught it at packing',
      'Stock count',
    ],
    [
      'A product showed as in stock {day} after the last box had gone, and {who} had to ring the customer to say their order would be late',
      'Restock',
      'Stock count',
    ],
    [
      '{Day} {who} found two pallets of one product that had not sold a unit since the spring, still taking up a whole bay',
      'Slow-stock review',
    ],
  ],
  transactions: [
    [
      '{Day} {who} nearly paid one supplier twice, because a transaction had sat unmatched since the month before',
      'Audit sample',
      'Follow-up',
      'Escalation',
    ],
    [
      'The card statement came in {day} with a charge nobody could match to a receipt, and {who} lost the afternoon chasing it',
      'Follow-up',
      'Escalation',
      'Audit sample',
    ],
    [
      "{Day} the auditors found a month's costs booked in the month after, and {who} had to restate the accounts pack",
      'Accrual',
    ],
  ],
  jobs: [
    [
      'A nightly job failed without an alert {day}, and nobody noticed until {who} saw the export was two days stale',
      'Escalation',
      'Follow-up',
      'Review',
    ],
    [
      '{Day} two scheduled jobs ran over each other and locked the reporting database for an hour before {who} stopped one',
      'Suspension',
      'Review',
      'Clean-up',
    ],
  ],
  integrations: [
    [
      '{Day} an integration was still syncing with a key that should have been revoked, and {who} only saw it in the audit log',
      'Deactivation',
      'Escalation',
      'Follow-up',
    ],
    [
      'An integration nobody uses any more threw errors all night {day} and paged {who} at three in the morning',
      'Deactivation',
      'Usage review',
      'Escalation',
    ],
  ],
  tasks: [
    [
      '{Day} a to-do for a client call went past its date and {who} had to apologise for the missed call',
      'Deadline check',
      'Review',
      'Work to start',
    ],
    [
      '{Day} I found a to-do from the month before, still on my list, that should have gone to {who}',
      'Stalled work',
      'Clean-up',
      'Review',
      'Parking',
    ],
  ],
  mails: [
    [
      "A customer's message sat unread in the shared inbox from {day} until {who} found it three days later",
      'Reply',
      'Follow-up',
    ],
    [
      '{Day} two of us answered the same message without knowing, and the sender got two different answers',
      'Reply',
      'Filing',
    ],
  ],
  feed_articles: [
    [
      '{Day} we nearly circulated a news article the publisher had already corrected, and {who} caught it just before the briefing went out',
      'Briefing',
      'Follow-up',
    ],
    ['{Who} quoted a news article in the briefing {day} that turned out to be a week old', 'Briefing', 'Archive'],
  ],
  partner_mails: [
    [
      "A partner's message sat unanswered from {day} because nobody could read the language it was in, and they chased us through {who}",
      'Translation',
      'Reply',
      'Routing',
    ],
    ["{Day} {who} found that a partner's change of terms had gone a week without a reply", 'Reply', 'Routing'],
    [
      "{Day} a partner's large order sat in the general inbox for two days before it reached {who} in sales",
      'Large orders',
      'Routing',
    ],
  ],
  sheet_rows: ORDERS,
  order_screenshot: ORDERS,
  receipt_scans: [
    [
      "{Day} an expense claim went to finance with a receipt from someone else's claim attached, and {who} had to pull it back",
      'Reimbursement',
      'Statement reconciliation',
    ],
    [
      'Finance bounced a claim {day} because the receipt scan could not be read, and {who} had to dig out the paper copy',
      'Reimbursement',
      'Itemised receipt',
    ],
    [
      '{Day} finance turned down a claim filed four months after the meal, and {who} had to explain the policy to a very unhappy colleague',
      'Late claim',
    ],
  ],
  ...DESK_NEAR_MISSES,
  ...MORE_NEAR_MISSES,
};
