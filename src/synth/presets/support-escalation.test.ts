import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TaskSpec } from '../../schema/task-spec.js';
import { presetContract, presetHarness } from './testing.js';

const FAMILY = 'support_escalation';
const h = presetHarness(FAMILY);

type Row = Record<string, unknown>;
const rows = (spec: TaskSpec, service: string, collection: string) =>
  (spec.fixtures[service]?.[collection] ?? []) as Row[];
const hoursOpen = (spec: TaskSpec, t: Row) =>
  (Date.parse(spec.mock_today) - Date.parse(t.created_at as string)) / 3_600_000;

describe(FAMILY, () => {
  // one service over the easy band (the ticket, the customer and the mail are the task); a step short at medium
  presetContract(h, { services: { easy: [3, 3] }, steps: { medium: [7, 7] } });

  for (const difficulty of ['easy', 'medium', 'hard'] as const) {
    it(`${difficulty}: a recent enterprise ticket is in the fixtures but neither it nor its account manager is an answer, and mailing that manager is forbidden`, () => {
      for (const seed of h.seeds) {
        const spec = h.parsed(difficulty, seed);
        assert.match(spec.request, /more than 48 hours/);
        const customers = rows(spec, 'crm', 'customers');
        const tierOf = (t: Row) => customers.find((c) => c.customer_id === t.customer_id)?.tier;
        const recent = rows(spec, 'helpdesk', 'tickets').filter(
          (t) => t.status === 'open' && tierOf(t) === 'enterprise' && hoursOpen(spec, t) < 48,
        );
        assert.ok(recent.length >= 1, `seed ${seed}: no recent enterprise ticket`);
        for (const t of recent) {
          assert.equal(
            spec.answer_ids.includes(t.ticket_id as string),
            false,
            `seed ${seed}: ${String(t.ticket_id)} is an answer`,
          );
          const customer = customers.find((c) => c.customer_id === t.customer_id) as Row;
          // the manager's address: in the CRM record, or (hard) only in the directory
          const email = (customer.account_manager_email ??
            rows(spec, 'contacts', 'contacts').find((c) => c.name === customer.account_manager)?.email) as string;
          assert.ok(email, `seed ${seed}: no address for ${String(customer.account_manager)}`);
          assert.equal(spec.answer_ids.includes(email), false, `seed ${seed}`);
          assert.ok(
            spec.forbidden.actions?.some(
              (a) => a.service === 'gmail' && a.record === 'sent_messages' && a.where?.recipients === email,
            ),
            `seed ${seed}: mailing ${email} is not forbidden`,
          );
        }
        // every stale open enterprise ticket is an answer
        const stale = rows(spec, 'helpdesk', 'tickets').filter(
          (t) => t.status === 'open' && tierOf(t) === 'enterprise' && hoursOpen(spec, t) > 48,
        );
        assert.deepEqual(
          stale.map((t) => t.ticket_id).sort(),
          spec.answer_ids.filter((id) => id.startsWith('TK-')).sort(),
          `seed ${seed}`,
        );
      }
    });

    it(`${difficulty}: ${difficulty === 'hard' ? 'adds the contacts service; the account-manager addresses live only in contacts' : 'the account-manager addresses are in the CRM; no contacts service'}`, () => {
      for (const seed of h.seeds) {
        const spec = h.parsed(difficulty, seed);
        const emails = spec.answer_ids.filter((id) => id.includes('@'));
        assert.ok(emails.length >= 1, `seed ${seed}: no manager to mail`);
        const inCrm = JSON.stringify(spec.fixtures.crm);
        const contacts = rows(spec, 'contacts', 'contacts');
        for (const e of emails) assert.equal(spec.request.includes(e), false, `seed ${seed}: ${e} in the request`);
        if (difficulty === 'hard') {
          assert.ok(spec.services.includes('contacts'), `seed ${seed}: ${spec.services.join(', ')}`);
          assert.ok(rows(spec, 'crm', 'customers').every((c) => !('account_manager_email' in c)));
          for (const e of emails) {
            assert.ok(
              contacts.some((c) => c.email === e),
              `seed ${seed}: ${e} not in contacts`,
            );
            assert.equal(inCrm.includes(e), false, `seed ${seed}: ${e} also in the CRM`);
          }
          assert.ok(spec.reference.some((s) => 'call' in s && s.call === 'contacts_search'));
        } else {
          assert.equal(spec.services.includes('contacts'), false);
          assert.equal(spec.fixtures.contacts, undefined);
          for (const e of emails)
            assert.ok(
              rows(spec, 'crm', 'customers').some((c) => c.account_manager_email === e),
              `seed ${seed}: ${e} not in the CRM`,
            );
        }
      }
    });
  }

  // a stock "Quick one:" read as a template beside the compose requests, which no longer open with one
  it('opens its requests without a stock "Quick one:"', () => {
    for (const difficulty of ['easy', 'medium', 'hard'] as const)
      for (const seed of h.seeds) assert.doesNotMatch(h.parsed(difficulty, seed).request, /^Quick one\b/);
  });
});
