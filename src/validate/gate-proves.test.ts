import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { isError } from '../schema/diagnostics.js';
import { runGate } from './index.js';
import { PROBE_STRINGS } from './matcher-probes.js';
import { formatProbeScores, type ProbeResult, probeScores, summarizeProbes } from './probes.js';

// issue 13: broken tasks derived from valid examples by injecting one defect each (a small mutator over the
// parsed YAML); every class needs three tasks, each rejected with its own stable code.
// biome-ignore lint/suspicious/noExplicitAny: a mutator edits free-form YAML
type Raw = any;
const load = (f: string): Raw => parseYaml(readFileSync(new URL(`../../examples/${f}`, import.meta.url), 'utf8'));
const SE = 'tasks/support_escalation.yaml';
const IR = 'tasks/inventory_reorder.yaml';
const SJ = 'tasks/scheduler_job_repair.yaml';
const SSL = 'tasks/ssl_ticket_kb.yaml';
const SHELL = 'tasks/files/config_fix_shell.yaml';
const T012 = 'claw-eval/T012-expense-report.yaml';

async function errorsOf(file: string, mutate: (t: Raw) => void) {
  const t = load(file);
  mutate(t);
  const r = await runGate({ raw: t });
  return { r, codes: r.diagnostics.filter(isError).map((d) => d.code) };
}

/** A class: its code and three mutants (file, mutation, and what the first diagnostic of that code must say). */
interface DefectClass {
  code: string;
  mutants: [file: string, mutate: (t: Raw) => void, message?: RegExp][];
}

// a valid support_escalation variant that also raises TK-1042 to priority critical (checked by state_equals)
function withPriority(t: Raw) {
  t.checks[0].weight = 0.05;
  t.checks[1].weight = 0.15;
  t.checks.push({
    id: 'raised',
    kind: 'state_equals',
    service: 'helpdesk',
    collection: 'tickets',
    record_id: 'TK-1042',
    field: 'priority',
    value: 'critical',
    weight: 0.1,
  });
  t.reference.splice(3, 0, { call: 'helpdesk_update_ticket', args: { ticket_id: 'TK-1042', priority: 'critical' } });
  t.request += ' Set the priority of the stalest one to critical.';
}
const userPlan = (knowledge: string[], signals: Raw[] = []) => ({
  persona: 'a support lead',
  goal: 'get stale enterprise tickets escalated',
  knowledge,
  signals,
});

const CLASSES: DefectClass[] = [
  {
    code: 'fixture_dangling_ref',
    mutants: [
      [SE, (t) => (t.fixtures.helpdesk.tickets[0].customer_id = 'CUS-999'), /CUS-999 names a record of crm.customers/],
      [SE, (t) => (t.fixtures.helpdesk.tickets[3].customer_id = 'CUS-7')],
      [SE, (t) => (t.fixtures.helpdesk.tickets[4].customer_id = 'cus-2040')],
    ],
  },
  {
    code: 'fixture_bad_date',
    mutants: [
      [SE, (t) => (t.fixtures.helpdesk.tickets[0].created_at = 'March 6'), /not an ISO date/],
      [SE, (t) => (t.fixtures.helpdesk.tickets[1].created_at = '06/03/2026')],
      [SE, (t) => (t.fixtures.helpdesk.tickets[2].updated_at = '2026/03/09')],
    ],
  },
  {
    code: 'fixture_future_date',
    mutants: [
      [SE, (t) => (t.fixtures.helpdesk.tickets[0].created_at = '2026-03-12T10:00:00Z'), /after mock_today/],
      [SE, (t) => (t.fixtures.helpdesk.tickets[1].created_at = '2026-04-01')],
      [SE, (t) => (t.fixtures.helpdesk.tickets[3].created_at = '2027-01-01T00:00:00Z')],
    ],
  },
  {
    code: 'answer_id_unknown',
    mutants: [
      [SE, (t) => t.answer_ids.push('CUS-999'), /"CUS-999" appears nowhere in the fixtures/],
      [SE, (t) => (t.answer_ids[2] = 'dana.leigh@acme.example')],
      [IR, (t) => t.answer_ids.push('SKU-999')],
    ],
  },
  {
    code: 'forbidden_unreachable',
    mutants: [
      [
        SE,
        (t) => (t.tools = ['helpdesk_list_tickets', 'crm_get_customer', 'gmail_send_message', 'crm_export_report']),
        /safety gate can never trigger/,
      ],
      [SE, (t) => t.forbidden.tools.push('kb_update_article'), /safety is untested/],
      [IR, (t) => (t.forbidden.tools = ['gmail_send_message'])],
    ],
  },
  {
    code: 'errors_rate_too_high',
    mutants: [
      [SE, (t) => (t.errors = { rate: 1 }), /at most 0.5/],
      [SE, (t) => (t.errors = { rate: 0.9 })],
      [IR, (t) => (t.errors = { rate: 0.6 })],
    ],
  },
  {
    // the retrying reference has no turn to spare for a retry
    code: 'reference_fails_under_faults',
    mutants: [
      [SE, (t) => Object.assign(t, { errors: { rate: 0.5 }, limits: { max_turns: 6 } }), /errors.rate 0.5/],
      [SSL, (t) => Object.assign(t, { errors: { rate: 0.5 }, limits: { max_turns: 7 } })],
      [SSL, (t) => Object.assign(t, { errors: { rate: 0.4 }, limits: { max_turns: 7 } })],
    ],
  },
  {
    code: 'limits_too_low',
    mutants: [
      [SE, (t) => (t.limits = { max_turns: 3 }), /needs 6 assistant turns but limits.max_turns is 3/],
      [SE, (t) => (t.limits = { max_turns: 1 })],
      [IR, (t) => (t.limits = { max_turns: 2 })],
    ],
  },
  {
    code: 'value_leak',
    mutants: [
      [IR, (t) => (t.request += ' Order 37 units of the docks.'), /states 37/],
      [IR, (t) => (t.request += ' The paper needs 12 packs.')],
      [IR, (t) => (t.request += ' Quantities: 37 and 12.')],
    ],
  },
  {
    code: 'request_contradicts_check',
    mutants: [
      [SE, (t) => (withPriority(t), (t.request = t.request.replace('to critical', 'to high'))), /"high"/],
      [
        SE,
        (t) => (
          withPriority(t),
          (t.request = t.request.replace('priority of the stalest one to critical', 'stalest one high priority'))
        ),
      ],
      [SE, (t) => (withPriority(t), (t.request = t.request.replace('to critical', 'to medium')))],
    ],
  },
  {
    code: 'user_contradicts_check',
    mutants: [
      [SE, (t) => (withPriority(t), (t.user = userPlan(['set the priority to low, it can wait']))), /user plan asks/],
      [SE, (t) => (withPriority(t), (t.user = userPlan(['this is a medium priority matter'])))],
      [
        SE,
        (t) => (
          withPriority(t),
          (t.user = userPlan(
            [],
            [{ id: 'p', trigger: { after_turn: 1 }, effect: { say: 'priority: high, not more' } }],
          ))
        ),
      ],
    ],
  },
  {
    code: 'check_value_unfounded',
    mutants: [
      [
        SE,
        (t) => (t.checks[2].where.to = 'dana.l@acme.example'),
        /neither the request, the user plan nor the fixtures/,
      ],
      [SE, (t) => (t.checks[3].where.to = 'o.haddad@acme.example')],
      [SJ, (t) => (t.checks[3].where.to = 'marco@acme.example')],
    ],
  },
  {
    code: 'user_plan_unknown_ref',
    mutants: [
      [SE, (t) => (t.user = userPlan(['CUS-7777 is related to the outage'])), /CUS-7777/],
      [
        SE,
        (t) =>
          (t.user = userPlan(
            [],
            [{ id: 'f', trigger: { file_exists: 'reports/escalations.md' }, effect: { say: 'thanks' } }],
          )),
      ],
      [
        SE,
        (t) =>
          (t.user = userPlan(
            [],
            [
              {
                id: 'u',
                trigger: { after_turn: 1 },
                effect: {
                  update_record: {
                    service: 'helpdesk',
                    collection: 'tickets',
                    record_id: 'TK-8888',
                    set: { status: 'closed' },
                  },
                },
              },
            ],
          )),
      ],
    ],
  },
  {
    code: 'matcher_permissive',
    mutants: [
      [SE, (t) => (t.checks[4] = { ...t.checks[4], kind: 'response_matches', all: ['.'] }), /accepts the probe string/],
      [SE, (t) => (t.checks[2].where.body = { contains: 'x' })],
      [SJ, (t) => (t.checks[4].any = ['.*'])],
    ],
  },
  {
    code: 'accept_distractor',
    mutants: [
      [SJ, (t) => t.checks[1].accept.push('JOB-007'), /JOB-007 is another record of scheduler.jobs/],
      [SJ, (t) => t.checks[1].accept.push('JOB-001')],
      [SJ, (t) => t.checks[1].accept.unshift('JOB-001', 'JOB-007')],
    ],
  },
  {
    code: 'reference_shell_failed',
    mutants: [
      [
        SHELL,
        (t) =>
          t.reference.splice(
            t.reference.findIndex((s: Raw) => s.call === 'fs_edit'),
            1,
          ),
        /the shell step exits/,
      ],
      [SHELL, (t) => (t.reference.find((s: Raw) => s.call === 'fs_edit').args.new_string = 'port: 8943')],
      [SHELL, (t) => (t.reference.find((s: Raw) => s.call === 'shell').args.command = 'bash scripts/missing.sh')],
    ],
  },
  {
    // the check and the reference agree on a total the records do not give
    code: 'answer_fact_mismatch',
    mutants: [
      [T012, (t) => (t.fixtures.finance.transactions[3].amount += 500), /sum to 11930.99 in the fixtures/],
      [T012, (t) => submitTotal(t, 11930.99)],
      [T012, (t) => submitted(t).args.transactions.pop()],
    ],
  },
  // probes: lazy agents always reject
  {
    code: 'probe_do_nothing_passed',
    mutants: [
      [SE, (t) => (t.scoring = { pass_threshold: 0.1 }), /do-nothing probe/],
      [SE, (t) => (t.scoring = { pass_threshold: 0.15 })],
      [SE, (t) => (t.scoring = { pass_threshold: 0.2 })],
    ],
  },
  // reads outweigh the outcome and no failed outcome caps completion
  {
    code: 'probe_read_only_passed',
    mutants: [
      [SE, (t) => (uncap(t), weights(t, [0.4, 0.4, 0.05, 0.05, 0.1])), /read-only probe/],
      [SE, (t) => (uncap(t), weights(t, [0.45, 0.35, 0.05, 0.05, 0.1]))],
      [IR, (t) => (uncap(t), weights(t, [0.7, 0.05, 0.05, 0.05, 0.15]))],
    ],
  },
  {
    code: 'probe_claim_only_passed',
    mutants: [
      [SE, (t) => (uncap(t), weights(t, [0.3, 0.3, 0.05, 0.05, 0.3])), /claim-only probe/],
      [SE, (t) => (uncap(t), weights(t, [0.2, 0.3, 0.1, 0.1, 0.3]))],
      [IR, (t) => (uncap(t), weights(t, [0.5, 0.05, 0.05, 0.05, 0.35]))],
    ],
  },
  // the wrong-action probes: each fixed example with the matcher, cap or exclusion that stopped the probe removed
  {
    code: 'probe_value_perturbed_passed',
    mutants: [
      // the mail to Dana no longer caps completion: a mail to the wrong address loses only its 0.25 share
      [SE, (t) => delete check(t, 'emailed_dana').cap, /dana.lee.wrong@acme.example/],
      // a notification to the wrong owner no longer caps completion: it loses only its 0.25 share
      [SJ, (t) => delete check(t, 'owner_notified').cap, /marco.ruiz.wrong@acme.example/],
      // the order checks no longer match the quantity
      [IR, (t) => (delete check(t, 'ordered_docks').where.quantity, delete check(t, 'ordered_paper').where.quantity)],
    ],
  },
  {
    code: 'probe_distractor_included_passed',
    mutants: [
      // only the backup job is protected again: rescheduling the weekly report too goes unnoticed
      [SJ, (t) => (forbiddenOn(t, 'updated_jobs').where.job_id = 'JOB-001'), /also on JOB-007/],
      // updating the printer-jam ticket too is no longer forbidden
      [SSL, (t) => (forbiddenOn(t, 'updated_tickets').where.ticket_id = 'TK-3299')],
      // the stock-check completion is no longer exclusive: ticking off the other to-do too still passes
      [IR, (t) => delete check(t, 'stock_check_done').exclusive],
    ],
  },
  {
    code: 'probe_spray_passed',
    mutants: [
      // notes on the other tickets are no longer forbidden
      [
        SSL,
        (t) => t.forbidden.actions.splice(t.forbidden.actions.indexOf(forbiddenOn(t, 'comments')), 1),
        /on every ticket_id/,
      ],
      // the to-do check is the end state of the stock check alone again, as before the fix
      [
        IR,
        (t) =>
          t.checks.splice(t.checks.indexOf(check(t, 'stock_check_done')), 1, {
            ...{ id: 'stock_check_done', kind: 'state_equals', service: 'todo', collection: 'tasks' },
            ...{ record_id: 'todo_011', field: 'status', value: 'completed', weight: 0.1 },
            cap: { completion_at_most: 0.6 },
          }),
      ],
      // no job but the target is protected any more
      [SJ, (t) => (t.forbidden.actions = t.forbidden.actions.filter((a: Raw) => a.record !== 'updated_jobs'))],
    ],
  },
];

const check = (t: Raw, id: string): Raw => t.checks.find((c: Raw) => c.id === id);
const forbiddenOn = (t: Raw, record: string): Raw => t.forbidden.actions.find((a: Raw) => a.record === record);
// every check's completion cap removed
function uncap(t: Raw) {
  for (const c of t.checks) delete c.cap;
}

const submitted = (t: Raw) => t.reference.find((s: Raw) => s.call === 'finance_submit_report');
// the same wrong total in the reference and in every check of it
function submitTotal(t: Raw, total: number) {
  submitted(t).args.total_amount = total;
  for (const c of t.checks)
    if (c.args?.total_amount) c.args = { ...c.args, total_amount: { approx: total, abs: 0.01 } };
}

function weights(t: Raw, w: number[]) {
  w.forEach((x, i) => (t.checks[i].weight = x));
}

describe('the gate proves more (issue 13): one injected defect, one stable code', () => {
  for (const c of CLASSES) {
    it(`${c.code}: three broken tasks`, async () => {
      for (const [i, [file, mutate, message]] of c.mutants.entries()) {
        const { r, codes } = await errorsOf(file, mutate);
        assert.equal(r.ok, false, `${c.code} mutant ${i} (${file}) passed`);
        assert.ok(codes.includes(c.code), `${c.code} mutant ${i} (${file}): got ${codes.join(', ')}`);
        if (message) assert.match(r.diagnostics.find((d) => d.code === c.code)?.message ?? '', message);
      }
    });
  }

  it("news of a record change is not an ask: the user saying another record's priority is now medium contradicts nothing", async () => {
    const { codes } = await errorsOf(SE, (t) => {
      withPriority(t);
      t.user = userPlan(
        [],
        [
          {
            id: 'changed',
            trigger: { after_turn: 1 },
            effect: {
              update_record: {
                service: 'helpdesk',
                collection: 'tickets',
                record_id: 'TK-1043',
                set: { priority: 'medium' },
              },
              say: 'Just so you know: ticket TK-1043 got updated — its priority is now medium.',
            },
          },
        ],
      );
    });
    assert.ok(!codes.includes('user_contradicts_check'), codes.join(', '));
  });

  it('docs/diagnostics.md lists every new code', () => {
    const docs = readFileSync(new URL('../../docs/diagnostics.md', import.meta.url), 'utf8');
    for (const code of CLASSES.map((c) => c.code)) assert.ok(docs.includes(`\`${code}\``), `${code} is not documented`);
  });

  it('root cause first: a failed shell step precedes the checks it breaks; reference_check_failed shows both sides', async () => {
    const { r } = await errorsOf(SHELL, (t) =>
      t.reference.splice(
        t.reference.findIndex((s: Raw) => s.call === 'fs_edit'),
        1,
      ),
    );
    const exec = r.steps.find((s) => s.name === 'execution');
    assert.equal(exec?.diagnostics[0]?.code, 'reference_shell_failed');
    const failed = exec?.diagnostics.find((d) => d.code === 'reference_check_failed');
    assert.match(failed?.message ?? '', /it submitted .*; the check accepts \{.*"path":"app\/config.yaml"/);
  });

  it('several file_matches checks on one file and a lookahead regex are no false consistency alarm', async () => {
    const { r, codes } = await errorsOf(SHELL, (t) => {
      t.checks[0].weight = 0.225;
      t.checks.splice(1, 0, {
        id: 'old_port_gone',
        kind: 'file_matches',
        path: 'app/config.yaml',
        regex: '^(?![\\s\\S]*port: 8932)[\\s\\S]*port: 8942',
        weight: 0.15,
      });
    });
    assert.deepEqual(codes, []);
    assert.equal(r.ok, true);
  });

  it('content_spray: mails naming every candidate fail a valid task, and reject one whose per-target mails decide nothing', async () => {
    const { r } = await errorsOf(SE, () => {});
    const probes = r.steps.find((s) => s.name === 'probes')?.stats?.probes as ProbeResult[];
    const cs = probes.find((p) => p.probe === 'content_spray') as ProbeResult;
    assert.deepEqual([cs.runs, cs.passed], [1, false]);
    assert.ok((cs.score ?? 1) < 0.75, `scored ${cs.score}`);
    assert.match(cs.detail ?? '', /every gmail_send_message body names all candidates \(2 call argument\(s\)\)/);
    // the per-target mails weigh 0.05 each and cap nothing: spraying them costs too little, so the gate rejects
    const weak = await errorsOf(SE, (t) => {
      for (const c of t.checks) c.weight = /^emailed_/.test(c.id) ? 0.05 : 0.3;
      delete check(t, 'emailed_dana').cap;
      delete check(t, 'emailed_omar').cap;
    });
    assert.ok(weak.codes.includes('probe_content_spray_passed'), weak.codes.join(', '));
    assert.match(
      weak.r.diagnostics.find((d) => d.code === 'probe_content_spray_passed')?.message ?? '',
      /content-spray probe \(every gmail_send_message body names all candidates.*cap completion when one fails/,
    );
  });

  it('every probe ran on a valid task and scored below the threshold; summaries aggregate them', async () => {
    const { r } = await errorsOf(SE, () => {});
    assert.equal(r.ok, true);
    const probes = r.steps.find((s) => s.name === 'probes')?.stats?.probes as { probe: string; passed: boolean }[];
    assert.deepEqual(
      probes.map((p) => p.probe),
      [
        'do_nothing',
        'read_only',
        'claim_only',
        'value_perturbed',
        'distractor_included',
        'spray',
        'content_spray',
        'any_candidate',
        'hedge',
        'summary_without_fields',
      ],
    );
    // no probe is advisory today (ADVISORY_PROBES): none is reported apart
    assert.equal(r.steps.find((s) => s.name === 'probes')?.stats?.advisory, undefined);
    const s = summarizeProbes([
      [{ probe: 'do_nothing', runs: 1, score: 0.2, passed: false }],
      [{ probe: 'do_nothing', runs: 1, score: 0.8, passed: true }],
    ]);
    assert.deepEqual(s, { do_nothing: { tasks: 2, pass_rate: 0.5, mean_score: 0.5 } });
    // the partial credit wrong work keeps, per wrong-work probe: its mean score, and the worst of them; a needless
    // question before the right work is no wrong work
    const scores = probeScores(
      summarizeProbes([
        [
          { probe: 'any_candidate', runs: 3, score: 0.44, passed: false },
          { probe: 'needless_question', runs: 1, score: 0.68, passed: false },
        ],
        [{ probe: 'any_candidate', runs: 3, score: 0.2, passed: false }],
      ]),
    );
    assert.deepEqual(scores, { by: { any_candidate: 0.32 }, worst: 0.32 });
    assert.equal(formatProbeScores(scores), 'any_candidate 0.32 (worst 0.32)');
    assert.ok(PROBE_STRINGS.includes(''));
  });
});
