import { dateOf } from '../kit/dates.js';
import { amountPattern, formatMoney } from '../kit/money.js';
import { escapeRegex } from '../../schema/text.js';
import type { Person } from '../kit/people.js';
import type { ActionContext, ActionPart, World } from './parts.js';
import type { SourceName } from './sources/index.js';

// the clerical work on a receipt besides its scan for the expense tool (media-actions.ts): keying it in as an
// expense line, and asking for the sign-off a late claim needs. Both write what only the picture shows (the date,
// the merchant, the total), so the checks hold the values read off the scan, not a copy of its file.

const scanId = (x: ActionContext) => String(x.rec.scan_id);
const day = (x: ActionContext) => dateOf(String(x.rec.receipt_date));
const total = (x: ActionContext) => Number(x.rec.total);

const linePath = (x: ActionContext) => `expenses/import/${scanId(x)}.csv`;
/**
 * A total as a CSV field holds it: after the comma that ends the merchant's field (which `amountPattern` refuses, as
 * inside 1,172.01), quoted or not, with its cents (a trailing zero may go: 172.1), never inside a longer number.
 */
export function csvAmount(amount: number): string {
  const [units, cents] = amount.toFixed(2).split('.') as [string, string];
  const tail = cents === '00' ? '(?:\\.00?)?' : cents.endsWith('0') ? `\\.${cents[0]}0?` : `\\.${cents}`;
  return `(?:^|[,;"\\s€])${escapeRegex(units)}${tail}(?![\\d.]|,\\d{2}\\b)`;
}

/** The expense tool's import line, as its header names the columns. */
export const LINE_HEADER = 'scan,date,merchant,amount,currency';

/** Each selected receipt keyed in as one line of the expense tool's import: date, merchant and total off the scan. */
export const keyExpenseLine: ActionPart<SourceName> = {
  name: 'key_expense_line',
  // (its forms, acts-work.ts: paying staff back, or matching the corporate card's statement)
  sections: ['Reimbursement', 'Expense filing', 'Statement reconciliation'],
  service: 'workspace',
  tool: 'fs_write',
  sources: ['receipt_scans'],
  capabilities: ['Multimodal_Perception', 'Data_Analysis'],
  phrases: [
    `key each one in for the expense tool: expenses/import/<scan number>.csv with the header ${LINE_HEADER} and one line giving the receipt date (YYYY-MM-DD), the merchant and the total in EUR as printed`,
    `enter each receipt as an expense line, one CSV per scan at expenses/import/<scan number>.csv (columns ${LINE_HEADER}): the date as YYYY-MM-DD, the merchant's name and the total, all read off the receipt`,
  ],
  args: (x) => ({
    path: linePath(x),
    content: `${LINE_HEADER}\n${scanId(x)},${day(x)},"${String(x.rec.merchant)}",${formatMoney(total(x)).replace(/,/g, '')},EUR\n`,
  }),
  proof: (x) => ({ service: 'workspace', record: 'writes', where: { path: linePath(x) } }),
  exact: (x) => ({
    content: {
      all_of: [{ contains: day(x) }, { contains: String(x.rec.merchant) }, { regex: csvAmount(total(x)) }],
    },
  }),
};

// the colleague who signs late claims off: named once per task, by their part (the same person wherever a text
// of the task names that part)
const SIGNER = 'line manager';
const signer = (w: World): Person => {
  const held = w.roles?.get(SIGNER);
  if (held) return held;
  const who = w.staff[9] ?? w.staff[w.staff.length - 1] ?? w.me;
  w.roles?.set(SIGNER, who);
  return who;
};

/**
 * A late receipt sent to the line manager for sign-off: one email per receipt, its scan number in the subject, its
 * date and total in the body (what the manager signs off is the amount, and the date is why it is late).
 */
export const askSignOff: ActionPart<SourceName> = {
  name: 'ask_sign_off',
  sections: ['Late claim'],
  // (a late receipt's sign-off is its section's whole job, never a branch of paying the receipts inside the window,
  // and every late receipt needs it: none is uploaded instead)
  ownSection: true,
  whole: true,
  service: 'gmail',
  tool: 'gmail_send_message',
  sources: ['receipt_scans'],
  capabilities: ['Email_Communication', 'Multimodal_Perception'],
  phrases: [
    'send each one to {signer} for sign-off: one email per receipt with the scan number in the subject and its date (YYYY-MM-DD) and total in the message',
    'ask {signer} to sign each of them off, a separate email per receipt: scan number in the subject line, the receipt date (YYYY-MM-DD) and total in the body',
  ],
  fill: (w) => {
    const who = signer(w);
    return { signer: `the ${SIGNER} who signs late claims off, ${who.name} (${who.email})` };
  },
  args: (x) => ({
    to: signer(x.w).email,
    subject: `Late claim sign-off: ${scanId(x)}`,
    body: `Hi ${signer(x.w).first},\n\nReceipt ${scanId(x)} from ${String(x.rec.merchant)}, dated ${day(x)}, for ${formatMoney(total(x))} EUR is outside the claim window. Could you sign it off?\n\nThanks.`,
  }),
  proof: (x) => ({ service: 'gmail', record: 'sent_messages', where: { subject: { contains: scanId(x) } } }),
  exact: (x) => ({
    to: signer(x.w).email,
    body: { all_of: [{ contains: day(x) }, { regex: amountPattern(total(x)) }] },
  }),
};
