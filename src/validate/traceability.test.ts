import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { runGate } from './index.js';
import { demandedTexts, namesTitle, normalText } from './traceability.js';

// a small traced task: the rule is in a policy e-mail the request names; every check says which words demand it
const traced = () => ({
  spec_version: 1,
  id: 'traced',
  title: 'Escalate tickets by the policy',
  family: 'business_workflow',
  labels: { capabilities: ['Tool_Calling'], scenario: 'Office_Productivity/Email', difficulty: 'easy' },
  mock_today: '2026-03-10T09:00:00Z',
  request:
    'Apply the "Ticket escalation rule" email in my inbox to our tickets: add an internal comment to each ticket it covers, then tell me the ticket ids you escalated.',
  services: ['helpdesk', 'gmail'],
  fixtures: {
    helpdesk: {
      tickets: [
        { ticket_id: 'TK-1001', title: 'VPN down', status: 'open', priority: 'high' },
        { ticket_id: 'TK-1002', title: 'Printer jam', status: 'open', priority: 'low' },
        { ticket_id: 'TK-1003', title: 'Mail bounce', status: 'closed', priority: 'high' },
      ],
    },
    gmail: {
      messages: [
        {
          message_id: 'msg_policy',
          from: 'ops@acme.example',
          to: 'me@acme.example',
          subject: 'Ticket escalation rule',
          date: '2026-03-01T09:00:00Z',
          body: 'Escalate every ticket that is still open and marked   high priority. Leave the rest alone.',
        },
      ],
    },
  },
  answer_ids: ['TK-1001'],
  checks: [
    {
      id: 'policy_read',
      kind: 'tool_called',
      tool: 'gmail_get_message',
      weight: 0.2,
      trace: { in: 'request', clause: 'the "Ticket escalation rule" email in my inbox' },
    },
    {
      id: 'commented',
      kind: 'audit_present',
      service: 'helpdesk',
      record: 'comments',
      where: { ticket_id: 'TK-1001', internal: true },
      weight: 0.6,
      trace: { in: 'policy', clause: 'still open and marked high priority', doc: 'Ticket escalation rule' },
    },
    {
      id: 'reported',
      kind: 'response_contains',
      all: ['TK-1001'],
      weight: 0.2,
      trace: { in: 'request', clause: 'tell me the ticket ids you escalated' },
    },
  ],
  forbidden: {
    actions: [{ service: 'helpdesk', record: 'comments', where: { ticket_id: { in: ['TK-1002', 'TK-1003'] } } }],
  },
  reference: [
    { call: 'gmail_get_message', args: { message_id: 'msg_policy' } },
    { call: 'helpdesk_list_tickets', args: { status: 'all' } },
    { call: 'helpdesk_add_comment', args: { ticket_id: 'TK-1001', comment: 'Escalated per policy.', internal: true } },
    { say: 'Escalated TK-1001.' },
  ],
});
type Raw = ReturnType<typeof traced>;

async function codes(edit: (t: Raw) => void): Promise<[string, string][]> {
  const raw = traced();
  edit(raw);
  const r = await runGate({ raw }, { through: 6 });
  return r.diagnostics.filter((d) => (d.severity ?? 'error') === 'error').map((d) => [d.code, d.path]);
}
const check = (t: Raw, id: string) =>
  t.checks.find((c) => c.id === id) as Raw['checks'][number] & Record<string, unknown>;

describe('traceability (gate step 6, issue 27)', () => {
  it('a task whose every check traces to the request or a policy it names passes, whitespace and case aside', async () => {
    assert.deepEqual(await codes(() => {}), []);
    // the full gate too: the trace is metadata, the reference still scores 1
    const r = await runGate({ raw: traced() });
    assert.equal(r.ok, true, JSON.stringify(r.diagnostics));
  });

  it('once one check is traced, every check must be (check_untraced)', async () => {
    assert.deepEqual(
      await codes((t) => {
        delete (check(t, 'policy_read') as { trace?: unknown }).trace;
      }),
      [['check_untraced', 'checks[0]']],
    );
  });

  it('a clause is found where its trace says, or trace_not_found names the place', async () => {
    assert.deepEqual(
      await codes((t) => {
        check(t, 'reported').trace = { in: 'request', clause: 'tell me the ticket ids you closed' };
      }),
      [['trace_not_found', 'checks[2].trace.clause']],
    );
    // a policy clause must be in the policy document, not merely somewhere
    assert.deepEqual(
      await codes((t) => {
        check(t, 'commented').trace = {
          in: 'policy',
          clause: 'marked critical priority',
          doc: 'Ticket escalation rule',
        };
      }),
      [['trace_not_found', 'checks[1].trace.clause']],
    );
    // a user clause must be in the user plan
    assert.deepEqual(
      await codes((t) => {
        check(t, 'policy_read').trace = { in: 'user', clause: 'read the policy first' };
      }),
      [['trace_not_found', 'checks[0].trace.clause']],
    );
  });

  it('a policy trace needs a document the fixtures title so and the request names (policy_not_named)', async () => {
    assert.deepEqual(
      await codes((t) => {
        check(t, 'commented').trace = {
          in: 'policy',
          clause: 'still open and marked high priority',
          doc: 'Ticket SLA',
        };
      }),
      [
        ['policy_not_named', 'checks[1].trace.doc'],
        ['trace_not_found', 'checks[1].trace.doc'],
      ],
    );
    assert.deepEqual(
      await codes((t) => {
        t.request =
          'Escalate the tickets the rule in my inbox covers with an internal comment, then tell me the ticket ids.';
        check(t, 'policy_read').trace = { in: 'request', clause: 'the rule in my inbox' };
        check(t, 'reported').trace = { in: 'request', clause: 'tell me the ticket ids' };
      }),
      [['policy_not_named', 'checks[1].trace.doc']],
    );
    // a path whose slug holds the title's words names it
    assert.ok(namesTitle('see policies/ticket-escalation-rule.md on the drive', 'Ticket escalation rule'));
    assert.ok(!namesTitle('see policies/ticket-sla.md', 'Ticket escalation rule'));
  });

  it('a check that wants ids written traces to a clause asking for ids (ids_not_asked)', async () => {
    assert.deepEqual(
      await codes((t) => {
        t.request = t.request.replace('tell me the ticket ids you escalated', 'tell me which tickets you escalated');
        check(t, 'reported').trace = { in: 'request', clause: 'tell me which tickets you escalated' };
      }),
      [['ids_not_asked', 'checks[2].trace.clause']],
    );
    // a request in another language asks for ids in its own words
    for (const asks of [
      'dime los números de ticket',
      'nenn mir die Ticketnummern',
      'donne-moi les identifiants',
      '告诉我工单编号',
      'チケット番号を教えて',
    ])
      assert.deepEqual(
        await codes((t) => {
          t.request = t.request.replace('tell me the ticket ids you escalated', asks);
          check(t, 'reported').trace = { in: 'request', clause: asks };
        }),
        [],
        asks,
      );
    // choosing the record by its id field asks for no text: the comment check is fine without "id" in its clause
    const idFields = new Set(['ticket_id']);
    assert.deepEqual(demandedTexts(traced().checks[1] as never, idFields), []);
    assert.deepEqual(
      demandedTexts(
        {
          id: 'm',
          kind: 'file_matches',
          weight: 1,
          path: 'r.md',
          text: { regex: '^(?![\\s\\S]*TK-1002)' },
          regex: 'TK\\-1001',
        } as never,
        idFields,
      ),
      ['TK-1001'],
    );
    // a list of refs that contains a record picks it: a submitted report's transactions ask for no text
    assert.deepEqual(
      demandedTexts(
        {
          id: 'r',
          kind: 'audit_present',
          weight: 1,
          service: 'finance',
          record: 'submitted_reports',
          where: { transactions: { contains: 'txn_611' } },
        } as never,
        new Set(['transactions']),
      ),
      [],
    );
    // a recipient routes the mail: mailing an address asks for no id in the text
    assert.deepEqual(
      demandedTexts(
        {
          id: 'm',
          kind: 'audit_present',
          weight: 1,
          service: 'gmail',
          record: 'sent_messages',
          where: { to: 'ana@acme.example', cc: { contains: 'bo@acme.example' }, body: { contains: 'TK-1001' } },
        } as never,
        idFields,
      ),
      ['TK-1001'],
    );
  });

  it('specs without traces are not judged: the examples stay valid', async () => {
    for (const f of ['examples/tasks/support_escalation.yaml', 'examples/claw-eval/T016-kb-search.yaml']) {
      const r = await runGate(readFileSync(f, 'utf8'), { through: 6 });
      assert.equal(r.ok, true, f);
    }
    assert.equal(normalText('  Still OPEN\n and <b>marked</b>  “high”  '), 'still open and marked "high"');
    assert.ok(parseYaml);
  });
});
