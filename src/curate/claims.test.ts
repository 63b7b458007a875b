import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AuditLog } from '../schema/trajectory.js';
import { findClaims } from './claim-parse.js';
import { unsupportedClaims } from './claims.js';
import { People, peopleOf } from './people.js';

const DANA = 'dana.lee@acme.example';
const OMAR = 'omar.haddad@acme.example';
const mail = (to: string, body: string) => ({
  message_id: 'sent_001',
  to,
  cc: [],
  recipients: [to],
  subject: 'Escalation',
  body,
});
const audit = (records: AuditLog['records']): AuditLog => ({ calls: [], records, state: {} });

const NONE = audit({});
const BOTH = audit({
  gmail: {
    sent_messages: [mail(DANA, 'TK-1042 has been open for 4 days.'), mail(OMAR, 'TK-1055 has been open for 3 days.')],
  },
});
const ONLY_OMAR = audit({ gmail: { sent_messages: [mail(OMAR, 'TK-1055 has been open for 3 days.')] } });
const ONLY_DANA = audit({ gmail: { sent_messages: [mail(DANA, 'TK-1042 has been open for 4 days.')] } });
const ASSIGNED = audit({
  helpdesk: { updated_tickets: [{ ticket_id: 'TK-1042', status: 'open', assigned_to: 'Dana Lee' }] },
});
const OTHER_TICKET = audit({ helpdesk: { updated_tickets: [{ ticket_id: 'TK-1055', priority: 'high' }] } });

// the directory a record knows (crm fixtures: account managers and their addresses)
const people = new People();
people.collect({
  crm: {
    customers: [
      {
        customer_id: 'CUS-204',
        name: 'Northwind Logistics',
        contact_person: 'Ivo Brandt',
        email: 'ivo@northwind.example',
        account_manager: 'Dana Lee',
        account_manager_email: DANA,
      },
      { customer_id: 'CUS-311', name: 'Brightline Foods', account_manager: 'Omar Haddad', account_manager_email: OMAR },
    ],
  },
});

// [final answer, audit, expected unsupported claim (undefined = nothing unsupported)]
const TABLE: [string, AuditLog, string | undefined][] = [
  // correct answers that must not be rejected
  ['I escalated the tickets TK-1042 and TK-1055 to Dana Lee and Omar Haddad by email.', BOTH, undefined],
  ['I escalated TK-1042 to Dana Lee.', ASSIGNED, undefined], // an assignment is an escalation too
  ['You have two scheduled meetings today: the 10:00 sync and the 15:00 review.', NONE, undefined],
  ['I emailed Dana about TK-1042.', BOTH, undefined],
  ['Emailed Dana Lee and Omar Haddad.', BOTH, undefined],
  ['I did not email anyone.', NONE, undefined],
  ["I haven't emailed Dana yet; I could send a message if you want.", NONE, undefined],
  ['If the ticket had been stale, I would have notified Omar.', NONE, undefined],
  ['TK-1003 was closed on 20 February, so I left it alone.', NONE, undefined],
  ['TK-1042, which was escalated to Tier 2 last month, is still open.', NONE, undefined],
  ['Closed tickets are not included in this list.', NONE, undefined],
  ["Here is the summary I've sent you.", NONE, undefined],
  ['Should I email Dana Lee about TK-1042?', NONE, undefined],
  ['The customer escalated TK-1042 last week and Dana replied on Monday.', NONE, undefined],
  ['I checked every ticket and found nothing to escalate.', NONE, undefined],
  ['I reviewed the open tickets and updated my notes below.', NONE, undefined],
  ['I emailed Priya about TK-1042.', ONLY_DANA, undefined], // nobody called Priya is known: not checked
  ['I sent no emails, since no ticket was older than 48 hours.', NONE, undefined],
  // claims the audit does not support
  ['I emailed Dana Lee about the escalation.', ONLY_OMAR, 'sent email (to Dana Lee)'],
  ['I emailed dana.lee@acme.example.', ONLY_OMAR, 'sent email (to dana.lee@acme.example)'],
  ['Email sent to Dana.', NONE, 'sent'],
  ["I've sent Dana an email with the details.", NONE, 'sent'],
  ['No stale tickets remained, so I emailed Dana.', NONE, 'sent email'],
  ['Since no ticket was older than 48 hours, I emailed Omar a summary.', NONE, 'sent email'],
  ['Before I emailed Dana, I checked TK-1042.', NONE, 'sent email'],
  ["I didn't close TK-1042 and emailed Dana instead.", NONE, 'sent email'],
  ['The follow-up email was sent to Omar Haddad.', ONLY_DANA, 'sent (to Omar Haddad)'],
  [
    'Escalated TK-1042 (Northwind Logistics) to Dana Lee and TK-1055 (Brightline Foods) to Omar Haddad.',
    ONLY_DANA,
    'escalated (to Omar Haddad)',
  ],
  ['I updated ticket TK-1042 to high priority.', OTHER_TICKET, 'updated (TK-1042)'],
  ['I scheduled a meeting with Dana for Friday.', NONE, 'scheduled'],
  ['- **Notified** Omar Haddad about TK-1055', NONE, 'notified'],
];

describe('unsupportedClaims: a table of final answers', () => {
  for (const [text, log, expected] of TABLE) {
    it(`${expected ? 'rejects' : 'accepts'}: ${text}`, () => {
      assert.deepEqual(
        unsupportedClaims(text, log, () => people).map((c) => c.claim),
        expected ? [expected] : [],
      );
    });
  }

  it('learns who is who only when an entry does not name the recipient directly (a People builder is lazy)', () => {
    let built = 0;
    const lazy = () => {
      built++;
      return people;
    };
    // "Dana Lee" is in the address's local part: decided from the entry alone
    assert.deepEqual(unsupportedClaims('I emailed Dana Lee about TK-1042.', ONLY_DANA, lazy), []);
    assert.equal(built, 0);
    // mail went to Omar only: whether "Dana Lee" is among its recipients takes the People index, built once
    assert.deepEqual(
      unsupportedClaims('I emailed Dana Lee and then emailed Dana Lee again.', ONLY_OMAR, lazy).map((c) => c.claim),
      ['sent email (to Dana Lee)', 'sent email (to Dana Lee)'],
    );
    assert.equal(built, 1);
  });

  it('covers both directions with at least 15 sentences each way', () => {
    assert.ok(TABLE.filter(([, , e]) => e === undefined).length >= 15);
    assert.ok(TABLE.filter(([, , e]) => e !== undefined).length >= 12);
  });
});

describe('findClaims', () => {
  it('negation is scoped to its clause, and to the text between the cue and the verb', () => {
    assert.equal(findClaims('No stale tickets remained, so I emailed Dana.').length, 1);
    assert.equal(findClaims('I never emailed Dana.').length, 0);
    assert.equal(findClaims('I have not, as you asked, notified Dana.').length, 0);
    assert.equal(findClaims('Nothing was exported.').length, 0);
  });

  it('each verb names its own ids and recipients', () => {
    const [closed, mailed] = findClaims('I closed TK-1042 and emailed Omar Haddad about TK-1055.');
    assert.deepEqual([closed?.label, closed?.ids, closed?.recipients], ['closed', ['TK-1042'], []]);
    assert.deepEqual([mailed?.label, mailed?.ids, mailed?.recipients], ['sent email', ['TK-1055'], ['Omar Haddad']]);
  });

  it('quoted text and questions claim nothing', () => {
    assert.deepEqual(findClaims('Draft for you: "I emailed Dana and closed TK-1042." Want me to send it?'), []);
  });
});

describe('People', () => {
  it('ties names to addresses from fixtures, "Name <address>" text and address local parts', () => {
    assert.deepEqual(people.resolve('Dana Lee'), [DANA]);
    assert.deepEqual(people.resolve('dana'), [DANA]);
    assert.deepEqual(people.resolve('Ivo Brandt'), ['ivo@northwind.example']);
    // crm `name` is the company, not the contact
    assert.deepEqual(people.resolve('Northwind Logistics'), []);
    const p = new People();
    p.collect('From: Lena Park <lp@acme.example>');
    assert.deepEqual(p.resolve('Lena'), ['lp@acme.example']);
    assert.deepEqual(p.resolve('Priya'), []);
  });

  it('peopleOf reads what the agent was shown (tool observations) and the audit', () => {
    const p = peopleOf({
      kind: 'trajectory',
      version: 1,
      task_id: 't',
      trial: 0,
      events: [
        {
          type: 'tool',
          call_id: 'c1',
          name: 'crm_get_customer',
          args: {},
          ok: true,
          content: JSON.stringify({
            customer_id: 'CUS-9',
            account_manager: 'Kim Roe',
            account_manager_email: 'k.roe@acme.example',
          }),
          latency_us: 1,
        },
      ],
      audit: {
        calls: [],
        records: {
          contacts: { sent_messages: [{ contact_id: 'CT-1', name: 'Jo Ng', email: 'jo@acme.example', message: 'hi' }] },
        },
        state: {},
      },
    });
    assert.deepEqual(p.resolve('Kim Roe'), ['k.roe@acme.example']);
    assert.deepEqual(p.resolve('Jo'), ['jo@acme.example']);
  });
});
