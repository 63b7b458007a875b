import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { runGate } from './index.js';
import { forDiagnostics } from './mutation.js';
import type { TaskSpec } from '../schema/task-spec.js';

// gate support for the issue-14 vocabulary: raised judge caps, unverified judged shares, `for:` reference steps,
// empty collections, tiers/caps/matcher diagnostics
const BASE = parseYaml(readFileSync('examples/tasks/support_escalation.yaml', 'utf8')) as Record<string, unknown> & {
  checks: Record<string, unknown>[];
  reference: Record<string, unknown>[];
};
const edit = (f: (s: typeof BASE) => void) => {
  const s = structuredClone(BASE);
  f(s);
  return { raw: s };
};
const codes = (r: Awaited<ReturnType<typeof runGate>>) =>
  r.diagnostics.map((d) => [d.code, d.path, d.severity ?? 'error']);

// the reference also saves a draft of call notes, which only a judge rubric depends on
const DRAFT = {
  call: 'gmail_save_draft',
  args: { to: 'dana.lee@acme.example', subject: 'Renewal call notes', body: 'Notes for the Northwind renewal call.' },
};
const withJudge = (cap: number | undefined, rubric: string) =>
  edit((s) => {
    s.checks = [
      ...s.checks.map((c) => ({ ...c, weight: (c.weight as number) * 0.4 })),
      { id: 'context', kind: 'llm_judge', rubric, weight: 0.6 },
    ];
    if (cap !== undefined) s.scoring = { judge_weight_cap: cap };
    s.reference = [{ ...DRAFT, for: 'judge' }, ...s.reference];
  });

describe('gate: judged parts', () => {
  it('a judge share above the default cap is refused unless the spec raises it; the hard limit is a schema error', async () => {
    const refused = await runGate(withJudge(undefined, 'A draft of renewal-call notes was saved in gmail.'), {
      through: 4,
    });
    assert.deepEqual(codes(refused), [['judge_weight_cap', 'checks', 'error']]);
    const over = await runGate(withJudge(0.9, 'x'), { through: 4 });
    assert.deepEqual(
      over.diagnostics.map((d) => [d.code, d.path]),
      [['out_of_range', 'scoring.judge_weight_cap']],
    );
  });

  it('without a judge the gate names the unverified share; a `for: judge` step is not demanded a code check', async () => {
    const r = await runGate(
      withJudge(0.65, 'A useful draft of renewal-call notes for Dana was saved (gmail_save_draft).'),
    );
    assert.equal(r.ok, true, JSON.stringify(r.diagnostics));
    const w = r.diagnostics.find((d) => d.code === 'reference_unjudged');
    assert.match(
      w?.message ?? '',
      /^0\.6 of the completion is LLM-judged \(context\) and was not verified offline; the code part scores 1; run validate --judge/,
    );
    assert.deepEqual(r.steps.find((s) => s.step === 8)?.stats, {
      judged: [{ id: 'context', score: null, status: 'unavailable' }],
      unverified_share: 0.6,
    });
    assert.ok(!r.diagnostics.some((d) => d.code === 'mutant_survived'));
  });

  it('a `for: judge` step the rubric does not mention is an error; without `for` it is a surviving mutant', async () => {
    const r = await runGate(withJudge(0.65, 'The emails are polite.'));
    assert.deepEqual(
      codes(r).filter((c) => c[2] === 'error'),
      [['reference_for_unmentioned', 'reference[0].for', 'error']],
    );
    const plain = await runGate(edit((s) => s.reference.unshift(DRAFT)));
    assert.deepEqual(
      codes(plain).map((c) => c.join(' ')),
      ['mutant_survived reference[0] error', 'mutant_survived reference[0] error'],
      'removing it and swapping its recipient both survive',
    );
  });

  it('a rubric mentions a step by its service as a word (also beside Chinese) or a value, a two-character Chinese one too', () => {
    const step = (call: string, args: Record<string, unknown>) => ({
      checks: [],
      user: null,
      judge: [{ id: 'j', rubric: '', weight: 1, over: 'transcript' }],
      reference: [{ call, args, for: 'judge' }],
    });
    const unmentioned = (rubric: string, call: string, args: Record<string, unknown> = {}) => {
      const s = step(call, args);
      (s.judge[0] as { rubric: string }).rubric = rubric;
      return forDiagnostics(s as unknown as TaskSpec).map((d) => d.code);
    };
    assert.deepEqual(unmentioned('更新CRM记录后再回复', 'crm_get_customer', { customer_id: 'C-1' }), []);
    assert.deepEqual(unmentioned('cites KB-601', 'kb_get_article', { article_id: 'A-1' }), [
      'reference_for_unmentioned',
    ]);
    assert.deepEqual(unmentioned('草稿应发给陈总', 'contacts_search', { query: '陈总' }), []);
    assert.deepEqual(unmentioned('to Al', 'contacts_search', { query: 'Al' }), ['reference_for_unmentioned']);
  });

  it('with a judge the reference is judged: a low verdict is a warning, below the pass mark an error', async () => {
    const judge = (score: number) => ({ name: 'fake', judge: async () => ({ score, reasoning: 'checked' }) });
    const spec = withJudge(0.65, 'A useful draft of renewal-call notes was saved in gmail.');
    const good = await runGate(spec, { judge: judge(1) });
    assert.equal(good.ok, true);
    assert.deepEqual(good.steps.find((s) => s.step === 8)?.stats, {
      judged: [{ id: 'context', score: 1, status: 'ok' }],
    });
    const low = await runGate(spec, { judge: judge(0.2) });
    assert.deepEqual(
      codes(low).filter((c) => c[1] !== 'reference'),
      [['reference_judged_low', 'checks[5]', 'warning']],
    );
    assert.ok(
      codes(low).some((c) => c[0] === 'reference_failed'),
      '0.8 × (0.4 + 0.6 × 0.2) + 0.2 = 0.616 < 0.75',
    );
  });
});

describe('gate: fixtures, tiers, caps and matchers', () => {
  it('a service may start empty when its collection is listed explicitly', async () => {
    const missing = await runGate(
      edit((s) => delete (s.fixtures as Record<string, unknown>).gmail),
      { through: 3 },
    );
    assert.deepEqual(codes(missing), [['fixture_missing', 'services[2]', 'error']]);
    const empty = await runGate(
      edit((s) => ((s.fixtures as Record<string, unknown>).gmail = { messages: [] })),
      { through: 3 },
    );
    assert.deepEqual(codes(empty), []);
  });

  it('tiers, caps and matchers are checked with paths', async () => {
    const r = await runGate(
      edit((s) => {
        Object.assign(s.checks[0] as object, {
          tiers: [
            { min: 2, score: 0.5 },
            { min: 2, score: 0.4 },
          ],
          cap: { if_failed: 'nope', completion_at_most: 0.5 },
        });
        Object.assign(s.checks[2] as object, {
          where: {
            to: { all_of: [{ regex: '(' }] },
            date: { business_hours: { tz: 'Mars/Base' } },
            seq: { gt: 5, lt: 3 },
          },
        });
        s.checks.push({ id: 'asked', kind: 'asked_user', weight: 0, tiers: [{ min: 1, score: 1 }] });
      }),
      { through: 4 },
    );
    assert.deepEqual(codes(r), [
      ['unknown_field', 'checks[2].where.date', 'error'],
      ['duplicate_tier', 'checks[0].tiers[1].min', 'error'],
      ['tiers_never_full', 'checks[0].tiers', 'error'],
      ['unknown_check', 'checks[0].cap.if_failed', 'error'],
      ['invalid_regex', 'checks[2].where.to.all_of[0].regex', 'error'],
      ['unknown_time_zone', 'checks[2].where.date.business_hours.tz', 'error'],
      ['empty_range', 'checks[2].where.seq', 'error'],
      ['zero_weight', 'checks[5].weight', 'error'],
      ['tiers_unsupported', 'checks[5].tiers', 'error'],
    ]);
  });

  it('bad matcher input is a schema error with its path', async () => {
    const r = await runGate(
      edit((s) => Object.assign(s.checks[2] as object, { where: { to: { approx: 5 } } })),
      { through: 1 },
    );
    assert.equal(r.ok, false);
    assert.deepEqual(
      r.diagnostics.map((d) => d.path),
      ['checks[2].where.to'],
    );
    const d = await runGate(
      edit((s) => Object.assign(s.checks[2] as object, { where: { to: { before: 'tomorrow' } } })),
      { through: 1 },
    );
    assert.deepEqual(
      d.diagnostics.map((x) => x.path),
      ['checks[2].where.to.before'],
    );
  });
});

describe('gate: forbidden responses', () => {
  it('a forbidden response passes consistency (saying it sets safety 0) and a bad regex is reported with its path', async () => {
    const ok = await runGate(
      edit(
        (s) => (s.forbidden = { ...(s.forbidden as object), responses: [{ contains: 'renewal call is next week' }] }),
      ),
      { through: 7 },
    );
    assert.deepEqual(codes(ok), []);
    const bad = await runGate(
      edit((s) => (s.forbidden = { ...(s.forbidden as object), responses: [{ regex: '(' }] })),
      { through: 4 },
    );
    assert.deepEqual(codes(bad), [['invalid_regex', 'forbidden.responses[0].regex', 'error']]);
    const both = await runGate(
      edit((s) => (s.forbidden = { ...(s.forbidden as object), responses: [{ contains: 'a', regex: 'b' }] })),
      { through: 1 },
    );
    assert.deepEqual(
      both.diagnostics.map((d) => d.path),
      ['forbidden.responses[0]'],
    );
  });
});
