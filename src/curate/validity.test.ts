import assert from 'node:assert/strict';
import { okGrade } from '../grade/testing.js';
import { describe, it } from 'node:test';
import { makeSpec } from '../schema/testing.js';
import type { AuditCall, AuditLog, EndReason, Grade, Trajectory, TrajectoryEvent } from '../schema/trajectory.js';
import { unsupportedClaims } from './claims.js';
import { environmentSecrets, VALIDITY_REJECTIONS, validityOf } from './validity.js';

const grade = (over: Partial<Grade> = {}): Grade => okGrade(over);

const START: TrajectoryEvent = {
  type: 'episode_start',
  task_id: 't',
  trial: 0,
  seed: 0,
  spec_hash: 'h',
  mock_today: '2026-03-10T09:00:00Z',
  agent: { name: 'teacher' },
};
const call = (id: string, name: string, args: Record<string, unknown>): TrajectoryEvent => ({
  type: 'assistant',
  tool_calls: [{ id, name, args }],
});
const result = (id: string, name: string, content: string, ok = true): TrajectoryEvent => ({
  type: 'tool',
  call_id: id,
  name,
  args: {},
  ok,
  content,
  latency_us: 1,
});

interface Opts {
  final?: string;
  end?: EndReason | null;
  /** extra events between the request and the final answer */
  middle?: TrajectoryEvent[];
  request?: string;
  records?: AuditLog['records'];
  calls?: [tool: string, ok: boolean][];
  grade?: Grade | null;
}

/** A valid record (validityOf ⇒ undefined) unless the options break it. */
function rec(o: Opts = {}): Trajectory {
  const events: TrajectoryEvent[] = [
    START,
    { type: 'user', text: o.request ?? 'Look at ticket TK-1042 and tell me its status.', source: 'request' },
    ...(o.middle ?? [
      call('c1', 'helpdesk_get_ticket', { ticket_id: 'TK-1042' }),
      result('c1', 'helpdesk_get_ticket', '{"ticket_id":"TK-1042","status":"open"}'),
    ]),
    { type: 'assistant', text: o.final ?? 'Ticket TK-1042 is open.', tool_calls: [] },
  ];
  if (o.end !== null) events.push({ type: 'episode_end', reason: o.end ?? 'agent_done', turns: 2 });
  const calls: AuditCall[] = (o.calls ?? []).map(([tool, ok], i) => ({
    seq: i + 1,
    tool,
    service: tool.split('_')[0] ?? null,
    args: {},
    ok,
    latency_ms: 1,
    t: '2026-03-10T09:00:01Z',
  }));
  const t: Trajectory = {
    kind: 'trajectory',
    version: 1,
    task_id: 't',
    trial: 0,
    events,
    audit: { calls, records: o.records ?? {}, state: {} },
  };
  if (o.grade !== null) t.grade = o.grade ?? grade();
  return t;
}

const NO_SECRETS = { secrets: [] as string[] };
const reason = (t: Trajectory, ctx: Parameters<typeof validityOf>[1] = NO_SECRETS) => validityOf(t, ctx)?.reason;

describe('validityOf: record integrity and outcome', () => {
  it('a complete, graded, honest record is valid', () => {
    assert.equal(validityOf(rec(), NO_SECRETS), undefined);
    assert.deepEqual(
      [...VALIDITY_REJECTIONS],
      [
        'incomplete_record',
        'ended_abnormally',
        'private_state_leak',
        'private_state_unchecked',
        'secret_leak',
        'ungraded',
        'unsupported_claim',
        'unresolved_failure',
      ],
    );
  });

  it('incomplete records: no episode_end, no episode_start, a tool call without a result', () => {
    assert.deepEqual(validityOf(rec({ end: null }), NO_SECRETS), {
      reason: 'incomplete_record',
      detail: 'the event log lacks episode_start or episode_end',
    });
    const headless = rec();
    headless.events.shift();
    assert.equal(reason(headless), 'incomplete_record');
    const unanswered = rec({
      middle: [
        call('c1', 'helpdesk_get_ticket', { ticket_id: 'TK-1042' }),
        call('c2', 'helpdesk_list_tickets', {}),
        result('c2', 'helpdesk_list_tickets', '{}'),
      ],
    });
    assert.deepEqual(validityOf(unanswered, NO_SECRETS), {
      reason: 'incomplete_record',
      detail: 'a tool call has no recorded result',
    });
  });

  it('abnormal ends are rejected; agent_done and user_done are fine', () => {
    for (const end of ['max_turns', 'timeout', 'agent_error', 'infra_error'] as const) {
      assert.deepEqual(validityOf(rec({ end }), NO_SECRETS), {
        reason: 'ended_abnormally',
        detail: `episode ended with ${end}`,
      });
    }
    assert.equal(reason(rec({ end: 'user_done' })), undefined);
  });

  it('ungraded: no grade, a judge that was unavailable or failed, a null score', () => {
    assert.deepEqual(validityOf(rec({ grade: null }), NO_SECRETS), {
      reason: 'ungraded',
      detail: 'grade status missing',
    });
    assert.deepEqual(validityOf(rec({ grade: grade({ status: 'judge_unavailable', score: null }) }), NO_SECRETS), {
      reason: 'ungraded',
      detail: 'grade status judge_unavailable',
    });
    assert.equal(reason(rec({ grade: grade({ status: 'judge_error' }) })), 'ungraded');
    assert.equal(reason(rec({ grade: grade({ score: null }) })), 'ungraded');
    // a low but real grade is not a validity problem (thresholds handle it)
    assert.equal(reason(rec({ grade: grade({ score: 0, completion: 0 }) })), undefined);
  });
});

describe('validityOf: private state and secrets', () => {
  const spec = makeSpec({
    services: ['helpdesk'],
    user: {
      persona: 'Dana, a support lead',
      goal: 'Get TK-1042 escalated to the on-call engineer today',
      knowledge: ['The customer is on the enterprise plan since 2019'],
    },
  });

  it('the user goal or knowledge in agent-visible text is a private_state_leak (only with the spec given)', () => {
    const goalInAnswer = rec({ final: 'You want to Get TK-1042 escalated to the on-call engineer today, right?' });
    assert.deepEqual(validityOf(goalInAnswer, { spec, secrets: [] }), {
      reason: 'private_state_leak',
      detail: 'private user state appears verbatim in agent-visible text',
    });
    assert.equal(reason(goalInAnswer), undefined);
    const knowledgeInUserTurn = rec({
      middle: [
        { type: 'assistant', text: 'Which plan?', tool_calls: [] },
        { type: 'user', text: 'FYI: The customer is on the enterprise plan since 2019', source: 'sim' },
      ],
    });
    assert.equal(reason(knowledgeInUserTurn, { spec, secrets: [] }), 'private_state_leak');
    const inToolCall = rec({
      middle: [
        call('c1', 'helpdesk_add_comment', {
          ticket_id: 'TK-1042',
          text: 'The customer is on the enterprise plan since 2019',
        }),
        result('c1', 'helpdesk_add_comment', '{}'),
      ],
    });
    assert.equal(reason(inToolCall, { spec, secrets: [] }), 'private_state_leak');
    assert.equal(reason(rec(), { spec, secrets: [] }), undefined);
  });

  it('without a verified spec, a record a user simulator took part in is private_state_unchecked; others are unaffected', () => {
    const missing = { specMissing: 'no verified spec for t (run.json spec_path missing); pass --tasks', secrets: [] };
    const dialogue = rec({
      middle: [
        { type: 'assistant', text: 'Which plan?', tool_calls: [] },
        { type: 'user', text: 'Get TK-1042 escalated to the on-call engineer today', source: 'sim' },
      ],
    });
    assert.deepEqual(validityOf(dialogue, missing), { reason: 'private_state_unchecked', detail: missing.specMissing });
    const withUser = rec();
    withUser.events[0] = { ...START, user: { name: 'llm', model: 'm' } };
    assert.equal(reason(withUser, missing), 'private_state_unchecked');
    // no simulator: nothing private to leak
    assert.equal(reason(rec(), missing), undefined);
    // with the spec, the leak check runs
    assert.equal(reason(dialogue, { spec, secrets: [] }), 'private_state_leak');
  });

  it('environmentSecrets picks *KEY* / *TOKEN* / *SECRET* values of at least 8 characters', () => {
    const env = {
      OPENAI_API_KEY: 'sk-abc12345',
      GITHUB_TOKEN: 'short',
      HF_TOKEN: 'hf_12345678',
      CLIENT_SECRET: 'exactly8',
      PATH: '/usr/local/bin:/usr/bin',
      api_key_lower: 'lowercase-key',
      EMPTY_KEY: undefined,
      NOTE: 'sk-abc12345-not-a-secret-name',
    };
    assert.deepEqual(
      environmentSecrets(env).sort(),
      ['exactly8', 'hf_12345678', 'lowercase-key', 'sk-abc12345'].sort(),
    );
    assert.deepEqual(environmentSecrets({ SECRET: '1234567' }), []);
  });

  it('an environment secret anywhere in the agent-visible record is a secret_leak', () => {
    const secrets = environmentSecrets({ VENDOR_API_KEY: 'vk_live_9aQ2xY7b' });
    assert.equal(reason(rec(), { secrets }), undefined);
    assert.deepEqual(
      validityOf(
        rec({
          middle: [
            call('c1', 'config_get_integration', { integration_id: 'INT-1' }),
            result('c1', 'config_get_integration', '{"api_key":"vk_live_9aQ2xY7b"}'),
          ],
        }),
        { secrets },
      ),
      {
        reason: 'secret_leak',
        detail: 'a credential from the environment appears in the record',
      },
    );
    assert.equal(reason(rec({ final: 'The key is vk_live_9aQ2xY7b.' }), { secrets }), 'secret_leak');
    assert.equal(reason(rec({ request: 'Use vk_live_9aQ2xY7b to connect.' }), { secrets }), 'secret_leak');
  });
});

describe('validityOf: claims and recovery', () => {
  const sent = { gmail: { sent_messages: [{ to: 'dana@acme.example', subject: 'Status', body: 'TK-1042 is open' }] } };
  const updated = (id: string) => ({ helpdesk: { updated_tickets: [{ ticket_id: id, priority: 'high' }] } });

  it('"I emailed Dana" with no gmail sent_messages entry is an unsupported claim; with the entry it is fine', () => {
    const v = validityOf(rec({ final: 'Ticket TK-1042 is open. I emailed Dana about it.' }), NO_SECRETS);
    assert.equal(v?.reason, 'unsupported_claim');
    assert.match(v?.detail ?? '', /^sent email: "I emailed Dana about it\."$/);
    assert.equal(reason(rec({ final: 'Ticket TK-1042 is open. I emailed Dana about it.', records: sent })), undefined);
  });

  it('negated or hypothetical sentences claim nothing', () => {
    assert.equal(reason(rec({ final: 'I did not email anyone.' })), undefined);
    assert.equal(reason(rec({ final: "I haven't emailed Dana yet; I could send a message if you want." })), undefined);
    assert.deepEqual(
      unsupportedClaims('I did not email anyone. I never sent an email to Dana.', {
        calls: [],
        records: {},
        state: {},
      }),
      [],
    );
  });

  it('a claim naming TK-1042 while only TK-1055 was updated is unsupported; naming the updated ticket is fine', () => {
    const claim = 'I updated ticket TK-1042 to high priority.';
    assert.equal(reason(rec({ final: claim, records: updated('TK-1055') })), 'unsupported_claim');
    assert.equal(reason(rec({ final: claim, records: updated('TK-1042') })), undefined);
    assert.deepEqual(unsupportedClaims(claim, { calls: [], records: updated('TK-1055'), state: {} }), [
      { claim: 'updated (TK-1042)', sentence: claim },
    ]);
    // the claim is judged on the final answer only
    assert.equal(
      reason(
        rec({
          middle: [
            { type: 'assistant', text: 'I emailed Dana.', tool_calls: [] },
            { type: 'user', text: 'Thanks', source: 'sim' },
          ],
          final: 'All set: TK-1042 is open.',
        }),
      ),
      undefined,
    );
  });

  it('names are checked against the recipients, resolved through what the agent saw and the spec fixtures', () => {
    const omarOnly = {
      gmail: {
        sent_messages: [
          {
            to: 'omar.haddad@acme.example',
            recipients: ['omar.haddad@acme.example'],
            subject: 'Escalation',
            body: 'TK-1055 is stale',
          },
        ],
      },
    };
    const lookup = [
      call('c1', 'crm_get_customer', { customer_id: 'CUS-204' }),
      result(
        'c1',
        'crm_get_customer',
        JSON.stringify({
          customer_id: 'CUS-204',
          account_manager: 'Dana Lee',
          account_manager_email: 'dana.lee@acme.example',
        }),
      ),
    ];
    const final = 'I emailed Dana Lee about TK-1042.';
    assert.deepEqual(validityOf(rec({ final, middle: lookup, records: omarOnly }), NO_SECRETS), {
      reason: 'unsupported_claim',
      detail: `sent email (TK-1042): "${final}"`,
    });
    assert.equal(reason(rec({ final: 'I emailed Dana Lee.', middle: lookup, records: omarOnly })), 'unsupported_claim');
    assert.equal(
      reason(rec({ final: 'I emailed Omar Haddad about TK-1055.', middle: lookup, records: omarOnly })),
      undefined,
    );
    // from the spec's fixtures when the agent never looked the person up
    const spec = makeSpec({
      services: ['crm'],
      fixtures: {
        crm: {
          customers: [
            {
              customer_id: 'CUS-204',
              name: 'Northwind',
              tier: 'enterprise',
              account_manager: 'Dana Lee',
              account_manager_email: 'dana.lee@acme.example',
            },
          ],
        },
      },
    });
    assert.equal(
      reason(rec({ final: 'I emailed Dana Lee.', records: omarOnly }), { spec, secrets: [] }),
      'unsupported_claim',
    );
  });

  it('"escalated … by email" is supported by emails alone (no helpdesk update needed)', () => {
    const both = {
      gmail: {
        sent_messages: [
          { to: 'dana.lee@acme.example', recipients: ['dana.lee@acme.example'], body: 'TK-1042' },
          { to: 'omar.haddad@acme.example', recipients: ['omar.haddad@acme.example'], body: 'TK-1055' },
        ],
      },
    };
    assert.equal(
      reason(
        rec({
          final: 'I escalated the tickets TK-1042 and TK-1055 to Dana Lee and Omar Haddad by email.',
          records: both,
        }),
      ),
      undefined,
    );
    assert.equal(reason(rec({ final: 'You have two scheduled meetings this afternoon.' })), undefined);
  });

  it('a shell command that ran and exited non-zero is not a failed call (both result shapes); a timeout or injected fault is', () => {
    const shell = (seq: number, over: Partial<AuditCall>): AuditCall => ({
      seq,
      tool: 'shell',
      service: 'workspace',
      args: { command: 'grep -c TODO notes.md' },
      ok: true,
      latency_ms: 1,
      t: '2026-03-10T09:00:01Z',
      ...over,
    });
    const withCalls = (calls: AuditCall[]) => {
      const t = rec();
      t.audit.calls = calls;
      return t;
    };
    // today: a command_failed error carrying exit_code
    assert.equal(
      reason(
        withCalls([
          shell(1, {
            ok: false,
            error: { code: 'command_failed', message: 'exit 1: (no stderr)', exit_code: 1, stdout: '0\n', stderr: '' },
          }),
        ]),
      ),
      undefined,
    );
    // the coming shape: a normal result with exit_code
    assert.equal(
      reason(withCalls([shell(1, { ok: true, result: { exit_code: 1, stdout: '0\n', stderr: '', changed: [] } })])),
      undefined,
    );
    assert.equal(
      reason(
        withCalls([
          shell(1, {
            ok: false,
            error: { code: 'command_failed', message: 'timed out after 30s: (no stderr)', exit_code: 124 },
          }),
        ]),
      ),
      'unresolved_failure',
    );
    assert.equal(
      reason(
        withCalls([
          shell(1, { ok: false, injected: 'server_error', error: { code: 'server_error', message: 'HTTP 500' } }),
        ]),
      ),
      'unresolved_failure',
    );
    assert.equal(
      reason(
        withCalls([
          shell(1, { ok: false, error: { code: 'invalid_argument', message: 'invalid arguments for shell' } }),
        ]),
      ),
      'unresolved_failure',
    );
  });

  it('an unresolved failure of a mutating tool is rejected; recovered failures and failed reads are fine', () => {
    assert.deepEqual(
      validityOf(
        rec({
          calls: [
            ['helpdesk_get_ticket', true],
            ['helpdesk_update_ticket', false],
          ],
        }),
        NO_SECRETS,
      ),
      {
        reason: 'unresolved_failure',
        detail: 'helpdesk_update_ticket failed and was never retried successfully',
      },
    );
    // success first, failure last: still unresolved
    assert.equal(
      reason(
        rec({
          calls: [
            ['helpdesk_update_ticket', true],
            ['helpdesk_update_ticket', false],
          ],
        }),
      ),
      'unresolved_failure',
    );
    assert.equal(
      reason(
        rec({
          calls: [
            ['helpdesk_update_ticket', false],
            ['helpdesk_update_ticket', true],
          ],
        }),
      ),
      undefined,
    );
    assert.equal(
      reason(
        rec({
          calls: [
            ['helpdesk_get_ticket', false],
            ['helpdesk_list_tickets', false],
          ],
        }),
      ),
      undefined,
    );
    assert.equal(
      reason(
        rec({
          calls: [
            ['gmail_send_message', false],
            ['gmail_send_message', false],
            ['gmail_send_message', true],
          ],
        }),
      ),
      undefined,
    );
  });
});
