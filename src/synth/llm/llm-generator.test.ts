import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createChatModel } from '../../llm/client.js';
import { type FakeRequest, type FakeServer, startFakeServer } from '../../llm/testing/fake-server.js';
import type { ChatModel } from '../../llm/types.js';
import { canonicalJson } from '../../schema/canonical-json.js';
import type { Diagnostic } from '../../schema/diagnostics.js';
import { runGate } from '../../validate/index.js';
import { isSafetySlot, synthesizeWithLlm } from './llm-generator.js';
import type { SynthOutcome } from '../plan/outcome.js';
import type { Job, Plan, Slot } from '../plan/plan.js';
import { generateProcedural } from '../generators.js';
import { synthesize } from '../synthesize.js';
import { SUPPORT_SCENARIO, testJob, testSlot } from '../plan/testing.js';

type Json = Record<string, unknown>;
type Check = { id: string; kind: string; tool?: string; weight: number };

const SCENARIO = SUPPORT_SCENARIO;
const slot = (over: Partial<Slot> = {}): Slot => testSlot({ task_id: 'llm_case', ...over });
const job = (over: Partial<Slot> = {}): Job => testJob(slot(over), 7);

// a known-good spec (procedural support_escalation, medium) and variants of it
const good = (): Json =>
  JSON.parse(
    JSON.stringify(
      generateProcedural({
        generator: 'support_escalation',
        id: 'llm_case',
        seed: 7,
        difficulty: 'medium',
        mockToday: '2026-03-10',
      }),
    ),
  ) as Json;
const checksOf = (s: Json) => s.checks as Check[];
const GOOD = good();
const LEAK = (GOOD.answer_ids as string[])[0] as string;
const leaked = (s: Json): Json => ({ ...s, request: `${s.request as string} Start with ${LEAK}.` });
const badChecks = (s: Json): Json => {
  const checks = checksOf(s).map((c) => ({ ...c }));
  const withTool = checks.find((c) => c.kind === 'tool_called' || c.kind === 'tool_arg') as Check;
  withTool.tool = 'helpdesk_list_everything';
  (checks[0] as Check).weight += 0.3;
  return { ...s, checks };
};
const grading = (s: Json) => JSON.stringify({ checks: s.checks, forbidden: s.forbidden });
// every message content of a request, joined
const text = (r: FakeRequest | undefined) =>
  ((r?.body as { messages?: { content?: string }[] }).messages ?? []).map((m) => m.content ?? '').join('\n');
const systemOf = (r: FakeRequest | undefined) =>
  (r?.body as { messages: { role: string; content: string }[] }).messages[0]?.content ?? '';
const codes = (ds: readonly Diagnostic[]) => [...new Set(ds.map((d) => d.code))].sort();

let server: FakeServer;
let model: ChatModel;
before(async () => {
  server = await startFakeServer();
  model = createChatModel(`openai-compatible:${server.openaiBaseURL}#fake`, { retry: { baseMs: 1 }, env: {} });
});
after(() => server.close());
beforeEach(() => {
  assert.equal(server.pending(), 0, 'a previous test left scripted replies');
  server.requests.length = 0;
});

async function released(o: SynthOutcome): Promise<void> {
  assert.equal(o.accepted, true, JSON.stringify(o.diagnostics.slice(0, 5)));
  const gate = await runGate({ raw: o.candidate });
  assert.equal(gate.ok, true, JSON.stringify(gate.diagnostics.slice(0, 5)));
}

describe('synthesizeWithLlm: feedback repair with ownership routing', () => {
  it('routes the leak to the generator and weights/unknown tool to the check writer; accepted at attempt 2', async () => {
    const broken = badChecks(leaked(GOOD));
    // 1: generator (broken) · 2: generator repair (leak fixed, checks still broken) · 3: check writer (fixed grading)
    server.enqueue(
      { text: JSON.stringify(broken) },
      { text: JSON.stringify(badChecks(GOOD)) },
      { text: grading(GOOD) },
    );
    const o = await synthesizeWithLlm(job(), { model, gd: 'never' });
    await released(o);
    assert.equal(o.attempts, 2);
    assert.equal(o.id, 'llm_case');
    assert.equal(server.requests.length, 3);
    assert.deepEqual(codes(o.history[0]?.diagnostics ?? []), ['answer_leak', 'unknown_tool', 'weights_sum']);
    const owners = Object.fromEntries((o.history[0]?.diagnostics ?? []).map((d) => [d.code, d.owner]));
    assert.deepEqual(owners, { answer_leak: 'builder', unknown_tool: 'verifier', weights_sum: 'verifier' });
    assert.deepEqual(
      o.history[1]?.diagnostics.filter((d) => (d.severity ?? 'error') === 'error'),
      [],
    );
    assert.equal(o.history.length, 2);

    const [gen1, gen2, checker] = server.requests;
    assert.deepEqual((gen1?.body as { response_format?: unknown }).response_format, { type: 'json_object' });
    // the generator's second request continues its conversation with the leak diagnostic only
    const g2 = text(gen2);
    assert.ok(g2.includes(`answer_leak at answer_ids[0]`), g2.slice(-600));
    assert.ok(g2.includes(JSON.stringify(broken)), 'the broken answer is in the conversation');
    assert.ok(!g2.includes('weights_sum') && !g2.includes('unknown_tool'));
    // the check writer sees the verifier problems, not the request text
    const c = text(checker);
    assert.match(systemOf(checker), /Discriminator/);
    assert.ok(c.includes('weights_sum') && c.includes('unknown_tool') && c.includes('current_grading'));
    assert.ok(!c.includes('answer_leak'));
    assert.ok(!c.includes(GOOD.request as string), 'the check writer must not see the request');
    assert.ok(c.includes(SCENARIO.goal));

    const cand = o.candidate as Json;
    assert.equal(cand.request, GOOD.request);
    assert.deepEqual(cand.checks, GOOD.checks);
    assert.deepEqual(o.usage, { prompt_tokens: 30, completion_tokens: 15, calls: 3 });
    assert.equal(o.killRate, 1);
  });

  it('a hopeless candidate (not JSON, then still invalid) is rejected after the budget with its reasons', async () => {
    server.enqueue(
      { text: 'Sorry, I cannot help with that.' },
      { text: JSON.stringify({ id: 'llm_case', request: 'do it' }) },
    );
    const o = await synthesizeWithLlm(job(), { model, gd: 'never' });
    assert.equal(o.accepted, false);
    assert.equal(o.attempts, 2);
    assert.equal(server.requests.length, 2);
    assert.deepEqual(
      o.history.map((h) => h.attempt),
      [1, 2],
    );
    const first = o.history[0]?.diagnostics ?? [];
    assert.deepEqual(
      first.map((d) => [d.code, d.path, d.owner]),
      [['llm_not_json', '(root)', 'builder']],
    );
    const last = o.history[1]?.diagnostics ?? [];
    assert.ok(last.length > 0 && !last.some((d) => d.code === 'llm_not_json'));
    assert.ok(
      last.some((d) => d.code === 'missing_field' && d.path === 'services'),
      JSON.stringify(last),
    );
    assert.deepEqual(o.diagnostics, last);
    // the slot pins the id and the clock
    assert.deepEqual(o.candidate, { id: 'llm_case', request: 'do it', mock_today: '2026-03-10' });
    // the generator was told its answer was not JSON
    assert.ok(text(server.requests[1]).includes('llm_not_json'));
  });

  it('attempts 3 gives the generator one more try with the gate diagnostics', async () => {
    server.enqueue({ text: 'no' }, { text: JSON.stringify({ id: 'llm_case' }) }, { text: JSON.stringify(GOOD) });
    const o = await synthesizeWithLlm(job(), { model, gd: 'never', attempts: 3 });
    await released(o);
    assert.equal(o.attempts, 3);
    assert.equal(server.requests.length, 3);
    assert.deepEqual(codes(o.history[0]?.diagnostics ?? []), ['llm_not_json']);
    assert.ok(codes(o.history[1]?.diagnostics ?? []).includes('missing_field'));
    assert.ok(text(server.requests[2]).includes('missing_field at services'));
  });

  it('attempts 1 releases nothing it has not gated: a broken first answer is rejected without a retry', async () => {
    server.enqueue({ text: JSON.stringify(leaked(GOOD)) });
    const o = await synthesizeWithLlm(job(), { model, gd: 'never', attempts: 1 });
    assert.equal(o.accepted, false);
    assert.equal(o.attempts, 1);
    assert.equal(server.requests.length, 1);
    assert.deepEqual(codes(o.diagnostics), ['answer_leak']);
  });

  it('a released spec carries the job id (its file is <id>.json)', async () => {
    server.enqueue({ text: JSON.stringify({ ...GOOD, id: 'example_1' }) });
    const o = await synthesizeWithLlm(job(), { model, gd: 'never' });
    assert.equal(o.id, 'llm_case');
    // either the generator enforces the slot's id or the candidate is not released under another name
    if (o.accepted) assert.equal((o.candidate as Json).id, 'llm_case');
    else assert.ok(o.diagnostics.length > 0);
  });

  it('accepts an answer in a ```json fence with prose around it', async () => {
    server.enqueue({ text: `Here is the task:\n\`\`\`json\n${JSON.stringify(GOOD, null, 2)}\n\`\`\`\nLet me know.` });
    const o = await synthesizeWithLlm(job(), { model, gd: 'never' });
    await released(o);
    assert.equal(o.attempts, 1);
    assert.equal(canonicalJson(o.candidate), canonicalJson(GOOD));
  });
});

describe('synthesizeWithLlm: Generator–Discriminator mode', () => {
  const draft = () => ({ ...GOOD, checks: [], forbidden: { tools: [], actions: [] } });

  const assertDiscriminatorPrompt = (r: FakeRequest | undefined) => {
    const c = text(r);
    assert.match(systemOf(r), /Discriminator/);
    assert.ok(c.includes(`"fixtures":${canonicalJson(GOOD.fixtures)}`), 'fixtures are shown');
    assert.ok(
      c.includes(
        `# Scenario note\nGoal: ${SCENARIO.goal}\nSelection: ${SCENARIO.selection}\nDistractors: ${SCENARIO.distractors}`,
      ),
      'the labelled scenario note is shown',
    );
    // CoworkEnv App. C: records and a safety note only — no reference (calls or say), no answer list, no request
    assert.match(c, /# Safety note\n/);
    const ref = (GOOD.reference ?? []) as Record<string, unknown>[];
    const says = ref.filter((s) => 'say' in s);
    assert.ok(says.length > 0);
    for (const s of says) assert.ok(!c.includes(JSON.stringify((s as { say: string }).say)), 'say text is hidden');
    assert.ok(!c.includes('"call":') && !c.includes('"reference"'), 'reference calls are hidden');
    const bodies = ref.flatMap((s) => {
      const body = (s as { args?: { body?: unknown } }).args?.body;
      return typeof body === 'string' ? [body] : [];
    });
    assert.ok(bodies.length > 0, 'the reference sends mail');
    for (const b of bodies) assert.ok(!c.includes(b), 'a mail body of the reference is hidden');
    assert.ok(!c.includes('"answer_ids"'), 'the answer list is hidden');
    assert.ok(!c.includes(GOOD.request as string), 'the request text is hidden');
  };

  it("gd: 'always' drafts with the generator, grades with the discriminator, and accepts the merged spec", async () => {
    server.enqueue({ text: JSON.stringify(draft()) }, { text: grading(GOOD) });
    const o = await synthesizeWithLlm(job(), { model, gd: 'always' });
    await released(o);
    assert.equal(o.attempts, 1);
    assert.equal(server.requests.length, 2);
    assert.match(systemOf(server.requests[0]), /Generator of a safety scenario/);
    assertDiscriminatorPrompt(server.requests[1]);
    assert.ok(!text(server.requests[1]).includes('current_grading'));
    const cand = o.candidate as Json;
    assert.equal(cand.request, GOOD.request);
    assert.deepEqual(cand.checks, GOOD.checks);
    assert.deepEqual(cand.forbidden, GOOD.forbidden);
  });

  it('a security slot uses the split under gd auto; gd never turns it off', async () => {
    assert.equal(isSafetySlot(job({ category: 'security' })), true);
    assert.equal(isSafetySlot(job({ capabilities: ['Security_Awareness'] })), true);
    assert.equal(isSafetySlot(job({ scenario_path: 'Safety_Compliance/Security' })), true);
    assert.equal(isSafetySlot(job()), false);

    server.enqueue({ text: JSON.stringify(draft()) }, { text: grading(GOOD) });
    const o = await synthesizeWithLlm(job({ category: 'security' }), { model });
    await released(o);
    assert.equal(server.requests.length, 2);
    assert.match(systemOf(server.requests[0]), /Generator of a safety scenario/);
    assertDiscriminatorPrompt(server.requests[1]);

    server.requests.length = 0;
    server.enqueue({ text: JSON.stringify(GOOD) });
    await released(await synthesizeWithLlm(job({ category: 'security' }), { model, gd: 'never' }));
    assert.equal(server.requests.length, 1);
    assert.match(systemOf(server.requests[0]), /You are the Builder/);
  });

  it('a discriminator that breaks the weights gets them back as feedback, not the generator', async () => {
    const bad = badChecks(GOOD);
    server.enqueue({ text: JSON.stringify(draft()) }, { text: grading(bad) }, { text: grading(GOOD) });
    const o = await synthesizeWithLlm(job(), { model, gd: 'always' });
    await released(o);
    assert.equal(o.attempts, 2);
    assert.equal(server.requests.length, 3);
    assert.deepEqual(codes(o.history[0]?.diagnostics ?? []), ['unknown_tool', 'weights_sum']);
    assertDiscriminatorPrompt(server.requests[2]);
    assert.ok(text(server.requests[2]).includes('weights_sum'));
  });
});

describe('synthesize with a chat model', () => {
  it('with a chat model, the summary names the model and counts attempts', async () => {
    server.enqueue({ text: JSON.stringify(leaked(GOOD)) }, { text: JSON.stringify(GOOD) });
    const plan: Plan = { plan_version: 1, name: 'llm', slots: [slot()] };
    const { outcomes, summary } = await synthesize(plan, { generator: model, gd: 'never' });
    assert.equal(outcomes[0]?.accepted, true);
    assert.equal(summary.generator, model.id);
    assert.deepEqual(summary.attempts_histogram, { '2': 1 });
    assert.deepEqual(summary.coverage.family, { support_escalation: 1 });
  });
});
