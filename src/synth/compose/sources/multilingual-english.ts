import type { Lang, Matter, Topic } from './multilingual-kinds.js';

// what each partner message says, in English, part for part: the reference translation of a message is the English
// of the very variants its text was drawn from (multilingual-text.ts draws an index per part), so it says what the
// message says and no template sentence more. Dates, ids and figures stay as the partner wrote them.

export interface EnglishPlan {
  greet: readonly string[];
  body: Record<Topic, readonly ((m: Matter) => string)[]>;
  units: readonly ((n: number) => string)[];
  ask: readonly string[];
  close: readonly ((person: string, company: string) => string)[];
}

const regards = (p: string, c: string) => `Kind regards,\n${p}\n${c}`;

export const ENGLISH: Readonly<Record<Lang, EnglishPlan>> = {
  Spanish: {
    greet: ['Dear Sir or Madam,', 'Good morning,', 'Hello, how are you?'],
    body: {
      invoice: [
        (m) =>
          `We have received the invoice for order ${m.ref} for ${m.amount}, and the amount does not match the quote we agreed.`,
        (m) =>
          `Our accounts department cannot find the payment of the invoice for order ${m.ref} (${m.amount}), due on ${m.day}.`,
      ],
      delivery: [
        (m) =>
          `Order ${m.ref} was due to arrive on ${m.day} and we still have not received it; its value is ${m.amount}.`,
        (m) => `We are still waiting for the delivery of order ${m.ref}. You confirmed ${m.day} as the arrival date.`,
      ],
      price: [
        (m) =>
          `We want to repeat order ${m.ref} and need to know whether the price of ${m.amount} still applies after ${m.day}.`,
        (m) => `Before we close the annual budget, could you confirm the price of order ${m.ref}? We had ${m.amount}.`,
      ],
      complaint: [
        (m) => `Part of the goods in order ${m.ref} arrived damaged on ${m.day}; we estimate the loss at ${m.amount}.`,
        (m) => `We are very unhappy with order ${m.ref}: parts worth ${m.amount} are missing.`,
      ],
    },
    units: [(n) => `The order was for ${n} units.`, (n) => `It concerns ${n} units in total.`],
    ask: [
      'We would be grateful for an answer as soon as possible.',
      'Could you look into it and let us know this week?',
    ],
    close: [regards, (p, c) => `Yours faithfully,\n${p} (${c})`],
  },
  German: {
    greet: ['Dear Sir or Madam,', 'Good day,', 'Hello everyone,'],
    body: {
      invoice: [
        (m) => `the invoice for order ${m.ref} for ${m.amount} differs from the quote we agreed.`,
        (m) =>
          `our accounts department is missing the invoice for order ${m.ref}; the amount of ${m.amount} was due on ${m.day}.`,
      ],
      delivery: [
        (m) => `order ${m.ref} was to reach us on ${m.day} but has still not arrived (value of the goods ${m.amount}).`,
        (m) => `we are still waiting for the delivery of order ${m.ref}, which was promised for ${m.day}.`,
      ],
      price: [
        (m) =>
          `we would like to repeat order ${m.ref} and ask whether the price of ${m.amount} still applies after ${m.day}.`,
        (m) => `for our annual planning, please confirm the price from order ${m.ref} (so far ${m.amount}).`,
      ],
      complaint: [
        (m) =>
          `part of the goods from order ${m.ref} arrived damaged on ${m.day}; the damage comes to about ${m.amount}.`,
        (m) => `parts worth ${m.amount} are missing from order ${m.ref}, and not for the first time.`,
      ],
    },
    units: [(n) => `The order comprised ${n} pieces.`, (n) => `It concerns ${n} pieces in total.`],
    ask: ['We ask for a prompt reply.', 'Could you please check this and get back to us this week?'],
    close: [regards, (p, c) => `Best regards,\n${p}, ${c}`],
  },
  French: {
    greet: ['Dear Sir or Madam,', 'Hello,', 'Hello to the whole team,'],
    body: {
      invoice: [
        (m) => `the invoice for order ${m.ref}, for an amount of ${m.amount}, does not match the quote we accepted.`,
        (m) =>
          `our accounts department cannot find the invoice for order ${m.ref} (${m.amount}), expected by ${m.day}.`,
      ],
      delivery: [
        (m) => `order ${m.ref} was due to reach us on ${m.day} and we still have not received it (value ${m.amount}).`,
        (m) => `we are still waiting for the delivery of order ${m.ref}, announced for ${m.day}.`,
      ],
      price: [
        (m) =>
          `we wish to renew order ${m.ref} and would like to know whether the price of ${m.amount} still applies after ${m.day}.`,
        (m) => `for our annual budget, could you confirm the price of order ${m.ref} (so far ${m.amount})?`,
      ],
      complaint: [
        (m) => `part of the goods in order ${m.ref} arrived damaged on ${m.day}; we estimate the loss at ${m.amount}.`,
        (m) => `parts worth ${m.amount} are missing from order ${m.ref}, and this is not the first time.`,
      ],
    },
    units: [(n) => `The order was for ${n} units.`, (n) => `It concerns ${n} units in total.`],
    ask: ['Please reply to us quickly.', 'Could you check and come back to us this week?'],
    close: [regards, (p, c) => `Best wishes,\n${p} (${c})`],
  },
  Chinese: {
    greet: ['Hello,', 'Dear partner,', 'Hello everyone,'],
    body: {
      invoice: [
        (m) =>
          `We have received the invoice for order ${m.ref}; the amount is ${m.amount}, but it does not match the quote both sides confirmed.`,
        (m) =>
          `Our finance team has not yet received the refund for order ${m.ref} (${m.amount}); it was due to arrive on ${m.day}.`,
      ],
      delivery: [
        (m) =>
          `Order ${m.ref} was due to be delivered on ${m.day} but has still not been received; the goods are worth ${m.amount}.`,
        (m) => `We are still waiting for the goods of order ${m.ref}; you promised delivery on ${m.day}.`,
      ],
      price: [
        (m) => `We would like to reorder order ${m.ref}. Is the price of ${m.amount} still valid after ${m.day}?`,
        (m) => `To draw up our annual budget, please confirm the price of order ${m.ref} (previously ${m.amount}).`,
      ],
      complaint: [
        (m) =>
          `Part of the goods of order ${m.ref} were already damaged when they arrived on ${m.day}; the loss is about ${m.amount}.`,
        (m) => `Order ${m.ref} is missing parts worth ${m.amount}, and this is not the first time.`,
      ],
    },
    units: [(n) => `The order is for ${n} pieces in all.`, (n) => `The goods concerned total ${n} pieces.`],
    ask: ['Please reply as soon as possible, thank you.', 'Please check this week and give us an answer.'],
    close: [(p, c) => `With best regards,\n${p}\n${c}`, (p, c) => `Best wishes,\n${c} ${p}`],
  },
  Japanese: {
    greet: ['Thank you as always for your support.', 'Thank you for your support.', 'To whom it may concern,'],
    body: {
      invoice: [
        (m) =>
          `We have received the invoice for order number ${m.ref} (${m.amount}), but the amount does not match the quote we agreed.`,
        (m) =>
          `Our accounts department cannot confirm the refund for order number ${m.ref} (${m.amount}, due ${m.day}).`,
      ],
      delivery: [
        (m) => `Order number ${m.ref} was due to arrive on ${m.day} but has not yet reached us (amount ${m.amount}).`,
        (m) =>
          `We are still waiting for the goods of order number ${m.ref}, which you told us would arrive on ${m.day}.`,
      ],
      price: [
        (m) =>
          `We would like to reorder order number ${m.ref}; could you confirm whether the price of ${m.amount} is valid after ${m.day}?`,
        (m) =>
          `To prepare our annual budget, please confirm the unit price of order number ${m.ref} (so far ${m.amount}).`,
      ],
      complaint: [
        (m) => `Part of the goods of order number ${m.ref} arrived damaged on ${m.day}. The loss is about ${m.amount}.`,
        (m) => `Parts worth ${m.amount} were missing from order number ${m.ref}. The same thing has happened before.`,
      ],
    },
    units: [(n) => `The quantity ordered is ${n} pieces.`, (n) => `The order concerned totals ${n} pieces.`],
    ask: [
      'We are sorry to trouble you, but we would appreciate a prompt answer.',
      'Could you check and contact us within this week?',
    ],
    close: [(p, c) => `Thank you very much.\n${c}\n${p}`, (p, c) => `With our sincere thanks.\n${c} ${p}`],
  },
};

/**
 * Our house term for what a message is about: a translation names the matter with it, whatever word the partner
 * used (the glossary the request gives).
 */
export const HOUSE_TERM: Readonly<Record<Topic, string>> = {
  invoice: 'billing query',
  delivery: 'delivery delay',
  price: 'price validity',
  complaint: 'quality claim',
};
