import type { Check, Step } from '../kit/checks.js';
import { weights } from '../kit/checks.js';
import { amountPattern } from '../kit/money.js';
import { at, dateOf } from '../kit/dates.js';
import type { GeneratorContext } from '../kit/generator.js';
import { ids, shuffle } from '../kit/ids.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import { definePreset } from './define.js';

// a meal claim whose amounts exist only in pictures: each receipt is a scanned PNG, and the card charge in the
// finance system includes a tip the policy does not reimburse, so copying the charges is wrong. A distractor
// charge at another merchant carries exactly a receipt's total (matching by amount picks it). medium: two
// receipts in one report; hard: one receipt lists a drink the policy excludes, so its line comes off the claim.

const MERCHANTS = [
  ['Café Lindner', 'CAFE LINDNER MUENCHEN'],
  ['Trattoria Sole', 'TRATTORIA SOLE GMBH'],
  ['Brasserie Nord', 'BRASSERIE NORD HH'],
  ['Sushi Kaito', 'SUSHI KAITO BERLIN'],
  ['The Copper Kettle', 'COPPER KETTLE LTD'],
  ['Bistro Marlene', 'BISTRO MARLENE KOELN'],
] as const;
const DISHES = [
  ['Lunch menu', 15.9],
  ['Soup of the day', 6.5],
  ['Club sandwich', 11.4],
  ['Risotto', 14.8],
  ['Caesar salad', 12.2],
  ['Sparkling water', 3.2],
  ['Espresso', 2.9],
  ['Apple strudel', 5.6],
  ['Fish of the day', 19.5],
] as const;
const DRINKS = [
  ['House wine (0.2 l)', 6.8],
  ['Pilsner', 4.6],
  ['Aperol spritz', 8.5],
] as const;
const OTHERS = [
  ['BUCHHANDLUNG LEHMKUHL', 'office'],
  ['DB FERNVERKEHR', 'travel'],
  ['OFFICE DEPOT', 'office'],
] as const;

const money = (v: number) => Math.round(v * 100) / 100;
const fmt = (v: number) => v.toFixed(2);

interface Receipt {
  path: string;
  merchant: string;
  card: string;
  day: string;
  lines: { item: string; qty: number; amount: number }[];
  total: number;
  tip: number;
  /** hard: the excluded drink's line amount */
  drink: number;
  txn: string;
}

interface Scenario {
  ctx: GeneratorContext;
  receipts: Receipt[];
  claim: number;
  title: string;
  decoy: { id: string; merchant: string; category: string; day: string; amount: number };
  other: { id: string; day: string; amount: number };
  hard: boolean;
}

function draw(ctx: GeneratorContext): Scenario {
  const { rng, difficulty, mockToday } = ctx;
  const hard = difficulty === 'hard';
  const n = difficulty === 'easy' ? 1 : 2;
  const before = (days: number) => dateOf(at(mockToday, { days: -days }));
  const merchants = shuffle(rng, MERCHANTS).slice(0, n);
  const txns = ids(rng, 'txn_', n + 2, 4);
  const receipts = merchants.map(([merchant, card], i) => {
    const dishes = shuffle(rng, DISHES).slice(0, rng.int(2, 4));
    const lines: Receipt['lines'] = dishes.map(([item, price]) => {
      const qty = rng.int(1, 3);
      return { item, qty, amount: money(price * qty) };
    });
    let drink = 0;
    if (hard && i === 0) {
      const [item, price] = rng.pick(DRINKS);
      const qty = rng.int(1, 2);
      drink = money(price * qty);
      lines.splice(rng.int(0, lines.length), 0, { item, qty, amount: drink });
    }
    const net = money(lines.reduce((a, l) => a + l.amount, 0));
    const day = before(2 + i * 2 + rng.int(0, 1));
    const slug = merchant
      .toLowerCase()
      .replace(/[^a-z]+/g, '-')
      .replace(/^-|-$/g, '');
    return {
      path: `receipts/${slug}-${day.slice(5).replace('-', '')}.png`,
      merchant,
      card,
      day,
      lines,
      // prices are gross (VAT included, as printed in Europe): the total is the lines' sum, so a drink's line
      // comes off the claim as printed, with nothing to apportion
      total: net,
      tip: money(rng.int(150, 600) / 100),
      drink,
      txn: txns[i] as string,
    };
  });
  const claim = money(receipts.reduce((a, r) => a + r.total - r.drink, 0));
  const [decoyMerchant, decoyCategory] = rng.pick(OTHERS);
  const decoy = {
    id: txns[n] as string,
    merchant: decoyMerchant,
    category: decoyCategory,
    day: before(3),
    amount: (receipts[0] as Receipt).total,
  };
  const other = { id: txns[n + 1] as string, day: before(1), amount: money(rng.int(900, 4800) / 100) };
  const title = n === 1 ? `Client lunch – ${(receipts[0] as Receipt).merchant}` : 'Client meals';
  return { ctx, receipts, claim, title, decoy, other, hard };
}

function fixtures(s: Scenario): NonNullable<TaskSpecInput['fixtures']> {
  const files: Record<string, unknown> = { 'receipts/README.md': 'Scans of paper receipts, named merchant-MMDD.' };
  for (const r of s.receipts)
    files[r.path] = {
      png: {
        kind: 'receipt',
        merchant: r.merchant,
        date: `${r.day} 12:${String(10 + r.lines.length * 7).padStart(2, '0')}`,
        lines: r.lines,
        total: r.total,
        currency: '€',
        footer: 'Thank you for your visit',
      },
    };
  const txn = (id: string, day: string, amount: number, merchant: string, category: string) => ({
    transaction_id: id,
    date: day,
    amount,
    currency: 'EUR',
    merchant,
    category,
    status: 'posted',
  });
  return {
    workspace: { files },
    finance: {
      transactions: shuffle(s.ctx.rng, [
        ...s.receipts.map((r) => txn(r.txn, r.day, money(r.total + r.tip), r.card, 'meals')),
        txn(s.decoy.id, s.decoy.day, s.decoy.amount, s.decoy.merchant, s.decoy.category),
        txn(s.other.id, s.other.day, s.other.amount, 'MVG TICKETS', 'travel'),
      ]),
    },
  };
}

const CLAUSES = {
  file: 'file one expense report for',
  receipt: 'we reimburse what the receipt says',
  tip: 'tips are not claimable',
  drink: 'alcohol is not claimable either',
  tell: 'tell me the amount you claimed',
};

function request(s: Scenario): string {
  const c = CLAUSES;
  const which =
    s.receipts.length === 1
      ? `the client lunch at ${(s.receipts[0] as Receipt).merchant}`
      : `last week's client meals at ${s.receipts.map((r) => r.merchant).join(' and ')}`;
  return `Could you ${c.file} ${which}? ${s.receipts.length === 1 ? 'The receipt scan is' : 'The receipt scans are'} in receipts/. Finance's rule: ${c.receipt} — ${c.tip}${s.hard ? `, and ${c.drink}` : ''}, so don't just copy the card charges. Title it "${s.title}" and ${c.tell}.`;
}

function checks(s: Scenario): Check[] {
  const w = weights([
    ['read', 0.1],
    ['filed', 0.6],
    ['told', 0.3],
  ]);
  return [
    ...s.receipts.map(
      (r, i) =>
        ({
          id: `receipt_read_${i + 1}`,
          kind: 'tool_called',
          tool: 'fs_read',
          args: { path: r.path },
          weight: money(w.read / s.receipts.length),
        }) as Check,
    ),
    {
      id: 'report_filed',
      kind: 'audit_present',
      service: 'finance',
      record: 'submitted_reports',
      where: {
        transactions: { set_equals: s.receipts.map((r) => r.txn) },
        total_amount: { approx: s.claim, abs: 0.01 },
      },
      weight: w.filed,
    } as Check,
    // (the amount however it is written: 1,234.50 or 1234.5, review 50)
    { id: 'amount_told', kind: 'response_matches', all: [amountPattern(s.claim)], weight: w.told } as Check,
  ];
}

function reference(s: Scenario): Step[] {
  const why = s.receipts
    .map(
      (r) =>
        `${r.merchant} €${fmt(r.total - r.drink)} (charged €${fmt(r.total + r.tip)} with tip${r.drink ? `; €${fmt(r.drink)} of drinks left out` : ''})`,
    )
    .join('; ');
  return [
    { call: 'fs_list', args: { path: 'receipts' } },
    ...s.receipts.map((r) => ({ call: 'fs_read', args: { path: r.path } })),
    { call: 'finance_list_transactions', args: {} },
    {
      call: 'finance_submit_report',
      args: { title: s.title, transactions: s.receipts.map((r) => r.txn), total_amount: s.claim },
    },
    { say: `Filed "${s.title}" at €${fmt(s.claim)}: ${why}.` },
  ];
}

export const receiptClaim = definePreset({
  name: 'receipt_claim',
  description:
    'claim client meals at the totals on scanned receipts (PNG pictures), not the card charges that include tips; hard: a drink the policy excludes comes off',
  services: ['workspace', 'finance'],
  capabilities: ['Multimodal_Perception', 'Tool_Calling', 'Logic_Reasoning'],
  scenario: 'Finance_Investment/Expense_Claims',
  build(ctx) {
    const s = draw(ctx);
    return {
      title: 'Claim client meals at the receipt totals',
      spec: {
        request: request(s),
        services: ['workspace', 'finance'],
        fixtures: fixtures(s),
        answer_ids: s.receipts.map((r) => r.txn),
        checks: checks(s),
        forbidden: {
          actions: [
            { service: 'finance', record: 'submitted_reports', where: { transactions: { contains: s.decoy.id } } },
          ],
        },
        reference: reference(s),
      },
      traces: {
        'receipt_read_*': CLAUSES.receipt,
        report_filed: CLAUSES.file,
        amount_told: CLAUSES.tell,
      },
    };
  },
});
