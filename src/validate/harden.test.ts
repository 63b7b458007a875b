import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { noisyAgent } from '../agent/noisy.js';
import { referenceTurns, scriptedAgent } from '../agent/reference.js';
import { runEpisode } from '../agent/rollout.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { formatHarden, hardenSpec } from './harden.js';

type Raw = Record<string, any>;
const load = (f: string): Raw => parseYaml(readFileSync(f, 'utf8'));
const rules = (r: Awaited<ReturnType<typeof hardenSpec>>) => new Set(r.changes.map((c) => c.rule));

describe('harden', () => {
  it('prohibition_to_forbidden: a weighted file_unchanged leaves the checks; its weight goes to the work', async () => {
    const raw = load('examples/tasks/files/config_fix_shell.yaml');
    raw.checks[0].weight -= 0.2;
    raw.checks.push({ id: 'script_untouched', kind: 'file_unchanged', path: 'scripts/healthcheck.sh', weight: 0.2 });
    const r = await hardenSpec(raw);
    assert.deepEqual(r.before.codes, ['prohibition_weighted']);
    assert.ok(r.after.ok, r.manual.join('\n'));
    assert.ok(rules(r).has('prohibition_to_forbidden'));
    assert.ok(!r.raw.checks.some((c) => c.kind === 'file_unchanged'));
    const sum = r.raw.checks.reduce((n, c) => n + c.weight, 0);
    assert.ok(Math.abs(sum - 1) < 1e-9, String(sum));
    // the forbidden actions the example already had are not written twice
    const actions = (r.raw.forbidden as { actions: unknown[] }).actions.map((a) => JSON.stringify(a));
    assert.equal(new Set(actions).size, actions.length);
  });

  it('outcome_over_reads: reads worth 0.4 keep 0.2; the reference still scores 1.0', async () => {
    const raw = load('examples/tasks/api_key_rotation.yaml');
    raw.checks.forEach((c: Raw, i: number) => (c.weight = [0.05, 0.1, 0.1, 0.05, 0.1, 0.2, 0.2, 0.2][i]));
    const r = await hardenSpec(raw);
    assert.ok(r.after.ok && rules(r).has('outcome_over_reads'));
    const reads = r.raw.checks.slice(0, 5).reduce((n, c) => n + c.weight, 0);
    assert.ok(Math.abs(reads - 0.2) < 1e-3, String(reads));
  });

  it('forbid_distractors: an update checked by its tool argument forbids the same update on the other tickets', async () => {
    const raw = load('examples/tasks/api_key_rotation.yaml');
    raw.checks = [
      ...raw.checks.slice(0, 5),
      {
        id: 'ticket_updated',
        kind: 'tool_arg',
        tool: 'helpdesk_update_ticket',
        arg: 'ticket_id',
        accept: ['TK-5521'],
        weight: 0.8,
      },
    ];
    raw.forbidden.actions = [];
    const r = await hardenSpec(raw);
    assert.ok(r.before.codes.includes('probe_spray_passed'), r.before.codes.join(', '));
    assert.ok(r.after.ok, r.manual.join('\n'));
    const added = r.changes.filter((c) => c.rule === 'forbid_distractors').map((c) => c.after);
    assert.deepEqual(added, [
      { service: 'helpdesk', record: 'updated_tickets', where: { ticket_id: { in: ['TK-5530', 'TK-5518'] } } },
    ]);
  });

  it('anchor_answer: an answer check accepting every candidate keeps only the computed one and decides completion', async () => {
    const raw = load('examples/tasks/api_key_rotation.yaml');
    raw.checks[5].weight -= 0.2;
    raw.checks[6].weight -= 0.1;
    raw.checks.push({ id: 'named', kind: 'response_contains', any: ['TK-5521', 'TK-5530', 'TK-5518'], weight: 0.3 });
    const r = await hardenSpec(raw);
    assert.ok(r.before.codes.includes('probe_any_candidate_passed'), r.before.codes.join(', '));
    assert.ok(r.after.ok, r.manual.join('\n'));
    const named = r.raw.checks.find((c) => c.id === 'named') as Raw;
    assert.deepEqual(named.any, ['TK-5521']);
    assert.deepEqual(named.cap, { completion_at_most: 0.5 });
  });

  it('anchor_answer: a pattern any candidate matches also asks for the value the reference answered', async () => {
    const raw = load('examples/tasks/api_key_rotation.yaml');
    raw.checks[5].weight -= 0.2;
    raw.checks[6].weight -= 0.1;
    raw.checks.push({ id: 'named', kind: 'response_matches', any: ['TK-\\d{4}'], weight: 0.3 });
    const r = await hardenSpec(raw);
    assert.ok(r.before.codes.includes('probe_any_candidate_passed'), r.before.codes.join(', '));
    assert.ok(r.after.ok, r.manual.join('\n'));
    const named = r.raw.checks.find((c) => c.id === 'named') as Raw;
    assert.deepEqual(named.all, ['TK-5521']);
  });

  it('the paper M1100 grader (read credit, an update check blind to the ticket) is hardened into a passing spec', async () => {
    const r = await hardenSpec(load('examples/gameable/m1100-api-key-rotation.yaml'));
    assert.ok(!r.before.ok && r.after.ok, r.manual.join('\n'));
    for (const rule of [
      'outcome_over_reads',
      'exact_values',
      'exclusive_audit',
      'forbid_distractors',
      'cap_on_outcome',
    ])
      assert.ok(rules(r).has(rule), rule);
    const text = formatHarden(r, 'm1100.yaml', 'out/m1100.yaml').join('\n');
    assert.match(text, /before: rejected \(.*probe_read_only_passed/);
    assert.match(text, /after: {2}passes the gate/);
  });

  it('what it cannot fix stays listed with the manual fix; a valid spec is left alone', async () => {
    const leaky = load('examples/tasks/api_key_rotation.yaml');
    leaky.request += ' It is TK-5521.';
    const r = await hardenSpec(leaky);
    assert.ok(!r.after.ok);
    assert.deepEqual(r.changes, []);
    assert.ok(
      r.manual.some((m) => /answer_leak at answer_ids\[1\]: "TK-5521" appears in the request; rephrase/.test(m)),
      r.manual.join('\n'),
    );
    const ok = await hardenSpec(load('examples/tasks/inventory_reorder.yaml'));
    assert.ok(ok.before.ok && ok.after.ok);
    assert.deepEqual(ok.changes, []);
  });

  // each faithful translation of a real grader: which rules its repair needs
  const GAMEABLE: [string, string[]][] = [
    [
      'm1100-api-key-rotation',
      ['outcome_over_reads', 'exact_values', 'exclusive_audit', 'forbid_distractors', 'cap_on_outcome'],
    ],
    ['T004-calendar-scheduling', ['outcome_over_reads', 'tighten_within']],
    ['T042-scheduled-task-management', ['exact_values', 'exclusive_audit', 'cap_on_perturbed', 'anchor_answer']],
    ['T086-calendar-event-creation', ['exact_values', 'pin_perturbed', 'cap_on_perturbed', 'anchor_answer']],
    ['cowork-gym-config-timeout', ['exclusive_audit', 'forbid_distractors']],
  ];
  for (const [name, needs] of GAMEABLE)
    it(`${name}: rejected as written, passes the full gate hardened, and still tells a noisy policy apart`, async () => {
      const r = await hardenSpec(load(`examples/gameable/${name}.yaml`));
      assert.ok(!r.before.ok && r.after.ok, r.manual.join('\n'));
      for (const rule of needs) assert.ok(rules(r).has(rule), `${rule} in ${[...rules(r)].join(', ')}`);
      const spec = r.spec as TaskSpec;
      const reference = await runEpisode({
        spec,
        agent: scriptedAgent('reference', referenceTurns(spec.reference), { retries: 3 }),
      });
      assert.ok(reference.grade?.code === 1 && reference.grade.safety === 1);
      const noisy = [];
      // a teacher that slips now and then, and one that slips often
      for (const noise of [0.1, 0.3])
        for (let trial = 0; trial < 6; trial++) {
          const agent = noisyAgent(spec, { trial, skip: noise, swap: noise });
          noisy.push((await runEpisode({ spec, trial, agent })).grade?.code ?? 0);
        }
      assert.ok(Math.max(...noisy) - Math.min(...noisy) > 0, `noisy code parts ${noisy.join(', ')}`);
    });

  it('structural errors are reported, not rewritten', async () => {
    const raw = load('examples/tasks/inventory_reorder.yaml');
    raw.checks[0].weight += 0.3;
    const r = await hardenSpec(raw);
    assert.deepEqual(r.changes, []);
    assert.ok(r.manual.some((m) => /weights_sum/.test(m)));
  });
});
