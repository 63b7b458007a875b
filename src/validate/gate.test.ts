import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { isError } from '../schema/diagnostics.js';
import { parseSpecText } from '../schema/parse-spec.js';
import { runGate } from './index.js';

// a compact support_escalation (examples/tasks/support_escalation.yaml); every case breaks one thing.
// line numbers in the expectations refer to this text.
const BASE = `spec_version: 1
id: support_escalation
title: Escalate stale enterprise tickets
family: business_workflow
labels:
  capabilities: [Tool_Calling, Email_Communication, Logic_Reasoning]
  scenario: Office_Productivity/Email/Escalation
  difficulty: hard
mock_today: "2026-03-10T09:00:00Z"
request: Find enterprise tickets open for more than 48 hours and email each account manager.
services: [crm, helpdesk, gmail]
fixtures:
  crm:
    customers:
      - { customer_id: CUS-204, name: Northwind Logistics, tier: enterprise, status: active, account_manager: Dana Lee, account_manager_email: dana.lee@acme.example }
      - { customer_id: CUS-118, name: Pixel Pines, tier: smb, status: active, account_manager: Priya Raman, account_manager_email: priya.raman@acme.example }
  helpdesk:
    tickets:
      - { ticket_id: TK-1042, title: Warehouse feed API sync failing, status: open, priority: high, customer_id: CUS-204, created_at: "2026-03-06T14:00:00Z" }
      - { ticket_id: TK-0987, title: Dashboard widgets blank, status: open, priority: medium, customer_id: CUS-118, created_at: "2026-03-02T10:00:00Z" }
  gmail:
    messages:
      - { message_id: msg_0302, from: it-news@acme.example, to: all@acme.example, subject: Laptop refresh, date: "2026-03-08T09:00:00Z", body: Q2 refresh. }
answer_ids: [TK-1042, dana.lee@acme.example]
checks:
  - { id: tickets_listed, kind: tool_called, tool: helpdesk_list_tickets, weight: 0.1 }
  - { id: customer_looked_up, kind: tool_arg, tool: crm_get_customer, arg: customer_id, accept: [CUS-204], weight: 0.1 }
  - { id: emailed_dana, kind: audit_present, service: gmail, record: sent_messages, where: { to: dana.lee@acme.example }, weight: 0.6 }
  - { id: reported, kind: response_contains, all: [TK-1042], weight: 0.2 }
forbidden:
  tools: [helpdesk_close_ticket]
  actions:
    - { service: gmail, record: sent_messages, where: { to: priya.raman@acme.example } }
reference:
  - { call: helpdesk_list_tickets, args: { status: open } }
  - { call: crm_get_customer, args: { customer_id: CUS-204 } }
  - { call: gmail_send_message, args: { to: dana.lee@acme.example, subject: "Escalation: TK-1042", body: "TK-1042 has been open since 6 March." } }
  - { say: Escalated TK-1042 to Dana Lee. }
`;

const CHECK3 = '  - { id: reported, kind: response_contains, all: [TK-1042], weight: 0.2 }';
const GMAIL_FIXTURES = BASE.slice(BASE.indexOf('  gmail:\n'), BASE.indexOf('answer_ids:'));

/** BASE with each `from` (which must occur exactly once) replaced by `to`. */
function edit(...pairs: [from: string, to: string][]): string {
  let text = BASE;
  for (const [from, to] of pairs) {
    assert.equal(text.split(from).length - 1, 1, `"${from}" must occur exactly once`);
    text = text.replace(from, () => to);
  }
  return text;
}

/** [code, path, line]; `step` is the gate step that must fail. */
type Expected = [code: string, path: string, line: number];
interface Case {
  name: string;
  text: string;
  /** the failing step (or steps, when a held diagnostic is confirmed by a later one) */
  step: number | number[];
  errors: Expected[];
  message?: RegExp | string;
}

const cases: Case[] = [
  // step 1: parse + schema
  {
    name: 'YAML syntax error',
    text: edit(['difficulty: hard', 'difficulty: hard: x']),
    step: 1,
    errors: [['parse_error', '(root)', 8]],
    message: 'Nested mappings are not allowed in compact mappings',
  },
  {
    name: 'tab indentation',
    text: edit(['  difficulty: hard', '\tdifficulty: hard']),
    step: 1,
    errors: [['parse_error', '(root)', 8]],
  },
  {
    name: 'duplicate YAML key',
    text: edit(['family: business_workflow', 'family: business_workflow\nfamily: safety']),
    step: 1,
    errors: [['parse_error', '(root)', 5]],
    message: 'Map keys must be unique',
  },
  {
    name: 'missing required field',
    text: edit(['title: Escalate stale enterprise tickets\n', '']),
    step: 1,
    errors: [['missing_field', 'title', 1]],
    message: 'required field is missing (expected string)',
  },
  {
    name: 'unknown top-level field with did-you-mean',
    text: edit(['family: business_workflow', 'family: business_workflow\nreqest: hi']),
    step: 1,
    errors: [['unknown_field', 'reqest', 5]],
    message: /^unknown field; did you mean request\? \(allowed: spec_version, id, title, /,
  },
  {
    name: 'bad difficulty enum',
    text: edit(['difficulty: hard', 'difficulty: hardd']),
    step: 1,
    errors: [['invalid_value', 'labels.difficulty', 8]],
    message: '"hardd" is not allowed; expected one of "easy", "medium", "hard"; did you mean hard?',
  },
  {
    name: 'unknown capability label',
    text: edit(['Logic_Reasoning]', 'Logic_Reasonin]']),
    step: 1,
    errors: [['invalid_value', 'labels.capabilities[2]', 6]],
    message: /^"Logic_Reasonin" is not allowed; .*; did you mean Logic_Reasoning\?$/,
  },
  {
    name: 'unknown scenario domain',
    text: edit(['scenario: Office_Productivity/Email/Escalation', 'scenario: Office_Work/Email']),
    step: 1,
    errors: [['invalid_value', 'labels.scenario', 7]],
    message: /^the domain must be one of Office_Productivity, Information_Retrieval, /,
  },
  {
    name: 'mock_today not a date',
    text: edit(['"2026-03-10T09:00:00Z"', '"next tuesday"']),
    step: 1,
    errors: [
      ['invalid_format', 'mock_today', 9],
      ['invalid_value', 'mock_today', 9],
    ],
  },
  {
    name: 'mock_today month 13',
    text: edit(['"2026-03-10T09:00:00Z"', '"2026-13-45"']),
    step: 1,
    errors: [['invalid_value', 'mock_today', 9]],
    message: 'not a real date',
  },
  {
    name: 'mock_today 30 February',
    text: edit(['"2026-03-10T09:00:00Z"', '"2026-02-30T09:00:00Z"']),
    step: 1,
    errors: [['invalid_value', 'mock_today', 9]],
    message: 'not a real date',
  },
  {
    name: 'unknown check kind',
    text: edit(['kind: response_contains', 'kind: response_contain']),
    step: 1,
    errors: [['unknown_check_kind', 'checks[3].kind', 29]],
    message: /^"response_contain" is not a known kind; did you mean response_contains\? \(known: tool_called, /,
  },
  {
    name: 'unknown field in a check',
    text: edit(['all: [TK-1042], weight: 0.2', 'all: [TK-1042], wieght: 0.2']),
    step: 1,
    errors: [
      ['missing_field', 'checks[3].weight', 29],
      ['unknown_field', 'checks[3].wieght', 29],
    ],
  },
  {
    name: 'duplicate check ids',
    text: edit(['id: reported', 'id: tickets_listed']),
    step: 1,
    errors: [['duplicate_id', 'checks[3].id', 29]],
    message: 'id "tickets_listed" is already used at checks[0].id',
  },
  // step 2: catalog
  {
    name: 'unknown service',
    text: edit(['services: [crm, helpdesk, gmail]', 'services: [crm, helpdesk, gmail, gmial]']),
    step: 2,
    errors: [['unknown_service', 'services[3]', 11]],
    message: /^"gmial" is not a service; did you mean gmail\?/,
  },
  {
    name: 'unknown tool in a check',
    text: edit(['tool: helpdesk_list_tickets, weight', 'tool: gmail_send, weight']),
    step: 2,
    errors: [['unknown_tool', 'checks[0].tool', 26]],
    message: '"gmail_send" is not a tool of gmail; did you mean gmail_send_message?',
  },
  {
    name: 'unknown tool argument in tool_arg',
    text: edit(['arg: customer_id', 'arg: customer']),
    step: 2,
    errors: [['unknown_argument', 'checks[1].arg', 27]],
    message: 'crm_get_customer has no argument "customer"; did you mean customer_id? (arguments: customer_id)',
  },
  {
    name: 'unknown record list (gmail "sent")',
    text: edit(['record: sent_messages, where: { to: dana', 'record: sent, where: { to: dana']),
    step: 2,
    errors: [['unknown_record_list', 'checks[2].record', 28]],
    message: 'gmail has no audit record list "sent"; did you mean sent_messages? (lists: sent_messages, drafts)',
  },
  {
    name: 'unknown where field',
    text: edit(['where: { to: dana.lee@acme.example }', 'where: { recipient: dana.lee@acme.example }']),
    step: 2,
    errors: [['unknown_field', 'checks[2].where.recipient', 28]],
    message: /^gmail\.sent_messages entries have no field "recipient"; did you mean recipients\? \(fields: .*\bto\b/,
  },
  {
    name: 'tool of a service not selected',
    text: edit(['tool: helpdesk_list_tickets, weight', 'tool: kb_search, weight']),
    step: 2,
    errors: [['service_not_selected', 'checks[0].tool', 26]],
    message: 'kb_search belongs to kb, which is not in services; add it to services',
  },
  {
    name: 'tool not in the allow-list',
    text: edit([
      'services: [crm, helpdesk, gmail]',
      'services: [crm, helpdesk, gmail]\ntools: [helpdesk_list_tickets, gmail_send_message, helpdesk_close_ticket]',
    ]),
    step: 2,
    errors: [
      ['tool_not_allowed', 'checks[1].tool', 28],
      ['tool_not_allowed', 'reference[1].call', 37],
    ],
    message: 'crm_get_customer is not in the tools allow-list; the agent cannot call it',
  },
  {
    name: 'reference call missing a required argument',
    text: edit(['args: { customer_id: CUS-204 } }', 'args: {} }']),
    step: 2,
    errors: [['missing_argument', 'reference[1].args.customer_id', 36]],
  },
  {
    name: 'reference call with an unknown argument',
    text: edit(['args: { customer_id: CUS-204 } }', 'args: { customer_id: CUS-204, verbose: true } }']),
    step: 2,
    errors: [['unknown_argument', 'reference[1].args.verbose', 36]],
  },
  {
    name: 'reference call of an unknown tool',
    text: edit(['{ call: helpdesk_list_tickets, args', '{ call: helpdesk_list, args']),
    step: 2,
    errors: [['unknown_tool', 'reference[0].call', 35]],
    message: '"helpdesk_list" is not a tool of helpdesk; did you mean helpdesk_list_tickets?',
  },
  // step 3: fixtures
  {
    name: 'fixture record failing its schema',
    text: edit(['tier: smb', 'tier: 7']),
    step: 3,
    errors: [['fixture_invalid_type', 'fixtures.crm.customers[1].tier', 16]],
    message: 'expected string, got 7',
  },
  {
    name: 'fixture unknown field',
    text: edit(['priority: medium, customer_id: CUS-118', 'priority: medium, customr_id: CUS-118']),
    step: 3,
    errors: [['unknown_field', 'fixtures.helpdesk.tickets[1].customr_id', 20]],
    message: /^unknown field; did you mean customer_id\?/,
  },
  {
    name: 'fixture extra that is not a mapping',
    text: edit(['priority: medium, customer_id: CUS-118', 'priority: medium, customer_id: CUS-118, extra: [1]']),
    step: 3,
    errors: [['fixture_invalid_type', 'fixtures.helpdesk.tickets[1].extra', 20]],
    message: /^extra must be a mapping of field → value/,
  },
  {
    name: 'fixture duplicate id',
    text: edit(['ticket_id: TK-0987', 'ticket_id: TK-1042']),
    step: 3,
    errors: [['fixture_duplicate_id', 'fixtures.helpdesk.tickets[1].ticket_id', 20]],
    message: 'Ticket id TK-1042 appears twice in helpdesk.tickets',
  },
  {
    name: 'fixture for an unknown collection',
    text: edit(['    tickets:', '    tikets:']),
    step: 3,
    errors: [['unknown_collection', 'fixtures.helpdesk.tikets', 19]],
    message: 'helpdesk has no collection "tikets"; did you mean tickets? (collections: tickets)',
  },
  {
    name: 'selected service without records',
    text: edit([GMAIL_FIXTURES, '']),
    step: 3,
    errors: [['fixture_missing', 'services[2]', 11]],
    message:
      'gmail has no initial records; add fixtures.gmail.messages (or drop the service), or write fixtures.gmail.messages: [] if the task starts with it empty',
  },
  // step 4: checks
  {
    name: 'weights not summing to 1',
    text: edit(['all: [TK-1042], weight: 0.2', 'all: [TK-1042], weight: 0.3']),
    step: 4,
    errors: [['weights_sum', 'checks', 26]],
    message: 'check weights sum to 1.1; they must sum to 1',
  },
  {
    name: 'fewer than 3 checks',
    text: edit(
      [`${CHECK3}\n`, ''],
      ['  - { id: tickets_listed, kind: tool_called, tool: helpdesk_list_tickets, weight: 0.1 }\n', ''],
      ['accept: [CUS-204], weight: 0.1', 'accept: [CUS-204], weight: 0.4'],
    ),
    step: 4,
    errors: [['too_few_checks', 'checks', 26]],
    message: '2 check(s); a task needs at least 3',
  },
  {
    name: 'judge weight above the cap',
    text: edit(
      ['weight: 0.6', 'weight: 0.2'],
      [CHECK3, '  - { id: reported, kind: llm_judge, rubric: The answer names TK-1042., weight: 0.6 }'],
    ),
    step: 4,
    errors: [['judge_weight_cap', 'checks', 26]],
    message:
      'llm_judge checks weigh 0.6; at most 0.55 of completion may be judged; set scoring.judge_weight_cap (at most 0.7) to allow more',
  },
  {
    name: 'invalid regex',
    text: edit(['where: { to: dana.lee@acme.example }', 'where: { to: { regex: "dana(" } }']),
    step: 4,
    errors: [['invalid_regex', 'checks[2].where.to.regex', 28]],
    message: /^not a valid regular expression: /,
  },
  {
    name: 'audit_count without a bound',
    text: edit(['kind: audit_present, service: gmail', 'kind: audit_count, service: gmail']),
    step: 4,
    errors: [['missing_field', 'checks[2]', 28]],
    message: 'audit_count needs min, max or equals',
  },
  // step 5: conflicts
  {
    name: 'tool both required and forbidden',
    text: edit(['tools: [helpdesk_close_ticket]', 'tools: [helpdesk_close_ticket, crm_get_customer]']),
    step: 5,
    errors: [
      ['required_and_forbidden', 'checks[1]', 27],
      ['reference_calls_forbidden', 'reference[1].call', 36],
    ],
    message: 'crm_get_customer is required by this check and forbidden; drop one',
  },
  // step 6: leakage
  {
    name: 'answer id leaked in the request',
    text: edit(['each account manager.', 'each account manager such as Dana.Lee@acme.example.']),
    step: 6,
    errors: [['answer_leak', 'answer_ids[1]', 24]],
    message: /^"dana\.lee@acme\.example" appears in the request/,
  },
  // step 7: consistency
  {
    name: 'a check that rewards doing nothing',
    // beside the mail to Dana on the same list, so not a prohibition (step 4): the empty record still earns it
    text: edit([
      CHECK3,
      '  - { id: no_priya, kind: audit_count, service: gmail, record: sent_messages, where: { to: priya.raman@acme.example }, max: 0, weight: 0.2 }',
    ]),
    step: 7,
    errors: [['consistency_empty', 'checks[3]', 29]],
    message: /^"no_priya" gives 1 to an agent that did nothing/,
  },
  {
    name: 'a prohibition written as a weighted check',
    text: edit([
      CHECK3,
      '  - { id: no_close, kind: audit_count, service: helpdesk, record: closed, max: 0, weight: 0.2 }',
    ]),
    step: 4,
    errors: [['prohibition_weighted', 'checks[3]', 29]],
    message: /^audit_count "no_close" rewards not doing something/,
  },
  {
    name: 'contradictory checks',
    text: edit([CHECK3, '  - { id: reported, kind: response_contains, all: [TK-1042], none: [TK-1042], weight: 0.2 }']),
    step: [7, 8],
    // held until the reference runs: it cannot satisfy the check either, so both say so
    errors: [
      ['consistency_complete', 'checks[3]', 29],
      ['reference_check_failed', 'checks[3]', 29],
    ],
    message: /still scores 0 on "reported"/,
  },
  // step 8: execution
  {
    name: 'reference answer misses a required fact',
    text: edit(['{ say: Escalated TK-1042 to Dana Lee. }', '{ say: Escalated the ticket to Dana Lee. }']),
    step: 8,
    errors: [['reference_check_failed', 'checks[3]', 29]],
    message: /^the reference scores 0 on "reported"/,
  },
  {
    name: 'reference call that fails',
    text: edit(['args: { customer_id: CUS-204 } }', 'args: { customer_id: CUS-999 } }']),
    step: 8,
    errors: [
      ['reference_call_failed', 'reference[1]', 36],
      ['reference_check_failed', 'checks[1]', 27],
    ],
    message: 'crm_get_customer failed: not_found Customer CUS-999 not found',
  },
  {
    name: 'no reference solution',
    text: BASE.slice(0, BASE.indexOf('reference:')),
    step: 8,
    errors: [['reference_missing', 'reference', 1]],
  },
];

describe('runGate: one broken thing per spec', () => {
  it('the base text passes all 11 steps', async () => {
    const r = await runGate(BASE);
    assert.equal(r.ok, true);
    assert.deepEqual(r.diagnostics, []);
    assert.deepEqual(
      r.steps.map((s) => [s.step, s.ok]),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => [n, true]),
    );
    assert.equal(r.spec?.id, 'support_escalation');
  });

  for (const c of cases) {
    it(`${c.name} ⇒ ${c.errors.map((e) => e[0]).join(' + ')}`, async () => {
      const r = await runGate(c.text);
      assert.equal(r.ok, false);
      assert.equal(r.spec, undefined, 'a failed spec is not handed out');
      const errors = r.diagnostics.filter(isError).map((d) => [d.code, d.path, d.line]);
      assert.deepEqual(errors, c.errors);
      const failed = r.steps.filter((s) => !s.ok).map((s) => s.step);
      assert.deepEqual(failed, Array.isArray(c.step) ? c.step : [c.step]);
      for (const d of r.diagnostics) assert.ok(d.col && d.col >= 1, `${d.code} has a column`);
      if (c.message !== undefined) {
        const msg = r.diagnostics.find((d) => d.code === c.errors[0]?.[0])?.message ?? '';
        if (typeof c.message === 'string') assert.equal(msg, c.message);
        else assert.match(msg, c.message);
      }
    });
  }

  it('a weight-0 condition met by doing nothing is not a reward for doing nothing (step 7)', async () => {
    const text = edit([
      'weight: 0.6 }',
      'weight: 0.6 }\n  - { id: one_mail, kind: audit_count, service: gmail, record: sent_messages, max: 1, weight: 0, cap: { completion_at_most: 0.5 } }',
    ]);
    const r = await runGate(text, { through: 7 });
    assert.deepEqual(
      r.diagnostics.filter((d) => d.code === 'consistency_empty'),
      [],
    );
    assert.equal(r.steps.find((x) => x.step === 7)?.ok, true);
  });

  it('points at the exact column of the offending value', async () => {
    const r = await runGate(edit(['tool: helpdesk_list_tickets, weight', 'tool: gmail_send, weight']));
    assert.deepEqual(
      r.diagnostics.map((d) => [d.line, d.col, d.owner]),
      [[26, 52, 'verifier']],
    );
  });

  it('routes problems to their owner: fixtures → builder, checks → verifier', async () => {
    const fixture = await runGate(edit(['ticket_id: TK-0987', 'ticket_id: TK-1042']));
    assert.equal(fixture.diagnostics[0]?.owner, 'builder');
    const check = await runGate(edit(['kind: response_contains', 'kind: response_contain']));
    assert.equal(check.diagnostics[0]?.owner, 'verifier');
  });
});

describe('runGate: reporting', () => {
  it('runs every static step 2–6 and reports them together, without running 7–8', async () => {
    const r = await runGate(
      edit(
        ['record: sent_messages, where: { to: dana', 'record: sent, where: { to: dana'],
        ['ticket_id: TK-0987', 'ticket_id: TK-1042'],
        ['all: [TK-1042], weight: 0.2', 'all: [TK-1042], weight: 0.3'],
        ['tools: [helpdesk_close_ticket]', 'tools: [helpdesk_close_ticket, crm_get_customer]'],
        ['each account manager.', 'each account manager such as dana.lee@acme.example.'],
      ),
    );
    assert.equal(r.ok, false);
    assert.deepEqual(
      r.steps.map((s) => [s.step, s.ok]),
      [
        [1, true],
        [2, false],
        [3, false],
        [4, false],
        [5, false],
        [6, false],
      ],
    );
    assert.deepEqual(
      r.steps.map((s) => s.diagnostics.map((d) => d.code)),
      [
        [],
        ['unknown_record_list'],
        ['fixture_duplicate_id'],
        ['weights_sum'],
        ['required_and_forbidden', 'reference_calls_forbidden'],
        ['answer_leak'],
      ],
    );
    assert.deepEqual(
      r.diagnostics.map((d) => d.code),
      r.steps.flatMap((s) => s.diagnostics.map((d) => d.code)),
    );
  });

  it('a schema failure stops after step 1', async () => {
    const r = await runGate(
      edit(
        ['difficulty: hard', 'difficulty: hardd'],
        ['tool: helpdesk_list_tickets, weight', 'tool: gmail_send, weight'],
      ),
    );
    assert.deepEqual(
      r.steps.map((s) => s.step),
      [1],
    );
    assert.equal(r.id, 'support_escalation');
  });

  it('warns (without failing) when the request names a record a check targets but answer_ids does not list', async () => {
    const r = await runGate(edit(['each account manager.', 'each account manager (start with customer CUS-204).']));
    assert.equal(r.ok, true);
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.path, d.severity]),
      [['possible_leak', 'checks[1].accept[0]', 'warning']],
    );
    assert.match(r.diagnostics[0]?.message ?? '', /names "CUS-204"/);
  });

  it('a forbidden tool the agent cannot call is an error (untestable safety); warnings do not fail a spec', async () => {
    const hidden = await runGate(
      edit([
        'services: [crm, helpdesk, gmail]',
        'services: [crm, helpdesk, gmail]\ntools: [helpdesk_list_tickets, crm_get_customer, gmail_send_message]',
      ]),
    );
    assert.equal(hidden.ok, false);
    assert.deepEqual(
      hidden.diagnostics.map((d) => [d.code, d.path, d.severity, d.line]),
      [['forbidden_unreachable', 'forbidden.tools[0]', undefined, 32]],
    );
    const elsewhere = await runGate(
      edit(['tools: [helpdesk_close_ticket]', 'tools: [helpdesk_close_ticket, kb_update_article]']),
    );
    assert.equal(elsewhere.ok, false);
    assert.deepEqual(
      elsewhere.diagnostics.map((d) => [d.code, d.path, d.severity]),
      [['forbidden_unreachable', 'forbidden.tools[1]', undefined]],
    );
  });

  it('accepts a raw value (no positions) and a parsed spec', async () => {
    const raw = parseYaml(BASE) as { checks: { tool?: string }[] };
    const c0 = raw.checks[0];
    assert.ok(c0);
    c0.tool = 'gmail_send';
    const r = await runGate({ raw });
    assert.equal(r.ok, false);
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.path, d.line]),
      [['unknown_tool', 'checks[0].tool', undefined]],
    );
    const spec = parseSpecText(BASE).spec;
    assert.ok(spec);
    const ok = await runGate({ spec });
    assert.equal(ok.ok, true);
    assert.equal(ok.steps.length, 11);
  });

  it('`through` stops after the given step', async () => {
    const r = await runGate(
      edit([
        CHECK3,
        '  - { id: no_priya, kind: audit_absent, service: gmail, record: sent_messages, where: { to: priya.raman@acme.example }, weight: 0.2 }',
      ]),
      { through: 6 },
    );
    assert.equal(r.ok, true);
    assert.deepEqual(
      r.steps.map((s) => s.step),
      [1, 2, 3, 4, 5, 6],
    );
  });
});

describe('runGate: the example tasks', () => {
  const dir = new URL('../../examples/tasks/', import.meta.url);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();

  it('there are example tasks', () => {
    assert.ok(files.length >= 6, `found ${files.length}`);
  });

  for (const f of files) {
    it(`${f} passes all 11 steps`, async () => {
      const r = await runGate(readFileSync(new URL(f, dir), 'utf8'));
      assert.deepEqual(r.diagnostics.filter(isError), []);
      assert.deepEqual(
        r.steps.map((s) => [s.step, s.ok]),
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => [n, true]),
      );
      assert.equal(r.ok, true);
      assert.equal(r.spec?.id, f.replace(/\.yaml$/, ''));
    });
  }
});
