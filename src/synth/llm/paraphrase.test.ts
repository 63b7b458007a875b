import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { inProcess } from '../../cli/testing.js';
import { createChatModel } from '../../llm/client.js';
import { type FakeRequest, type FakeServer, startFakeServer } from '../../llm/testing/fake-server.js';
import type { ChatModel } from '../../llm/types.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import { runGate } from '../../validate/index.js';
import { missingAnchors, type ParaphrasedOutcome, paraphraseOutcome, requestAnchors } from './paraphrase.js';
import { expandPlan, type Plan } from '../plan/plan.js';
import type { ParaphraseSummary } from './paraphrase.js';
import { synthesizeProcedural } from '../synthesize.js';

// synth --paraphrase against the fake LLM server: a natural rewrite is gated again and released; a rewrite that
// drops what the checks need, leaks an answer, is not JSON or fails at the model keeps the original, reported

const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-paraphrase-'));
let server: FakeServer;
let model: ChatModel;
before(async () => {
  server = await startFakeServer();
  model = createChatModel(`openai-compatible:${server.openaiBaseURL}#fake`, { retry: { retries: 0 }, env: {} });
});
after(async () => {
  await server.close();
  rmSync(TMP, { recursive: true, force: true });
});
beforeEach(() => {
  assert.equal(server.pending(), 0, 'a previous test left scripted replies');
  server.requests.length = 0;
});

const PLAN: Plan = {
  plan_version: 1,
  name: 'para',
  slots: [
    {
      task_id: 'esc',
      services: ['crm', 'helpdesk', 'gmail'],
      category: 'email',
      difficulty: 'medium',
      language: 'en',
      mock_today: '2026-03-10',
      scenario: { goal: 'escalate old enterprise tickets' },
      family: 'support_escalation',
      count: 5,
      seed: 40,
    },
  ],
};
const promptOf = (r: FakeRequest) =>
  ((r.body as { messages: { content: string }[] }).messages ?? []).map((m) => m.content).join('\n');
const requestIn = (r: FakeRequest) => /Rewrite this request \(language: en\):\n([^\n]+)/.exec(promptOf(r))?.[1] ?? '';
const natural = (req: string) =>
  `Hey, quick favour: ${req.replace(/^Find/, 'could you find').replace('Then tell me', 'and afterwards tell me')}`;

describe('requestAnchors', () => {
  it('keeps ids, e-mails, paths, numbers, quoted phrases, record names and compared values; not common words', () => {
    const spec = {
      request:
        'Please ask Dana Reyes (dana@acme.example) about TK-4711 and "Q3 close", write reports/q3.csv with columns region and total_due, and send 3 reminders before 17:00. Messy Media is waiting.',
      fixtures: { crm: { customers: [{ name: 'Messy Media', contact: 'Dana Reyes' }] } },
      checks: [
        { id: 'c', kind: 'file_matches', weight: 1, path: 'reports/q3.csv', csv: { column: 'region', value: 'x' } },
        { id: 'd', kind: 'audit_present', weight: 0, service: 'gmail', record: 'sent_messages', where: {} },
      ],
    } as unknown as TaskSpecInput;
    const anchors = requestAnchors(spec);
    assert.deepEqual(anchors, [
      'Dana Reyes',
      'dana@acme.example',
      'TK-4711',
      '"Q3 close"',
      '3', // first seen inside "Q3 close", kept for "send 3 reminders"
      'reports/q3.csv',
      'region',
      'total_due',
      '17:00',
      'Messy Media',
    ]);
    // "gmail" and "sent_messages" are grading machinery, "Please" a sentence's first word
    assert.ok(!anchors.includes('Please') && !anchors.includes('gmail'));
    assert.deepEqual(missingAnchors(anchors, 'Ask dana reyes at DANA@acme.example about tk-4711'), [
      '"Q3 close"',
      '3',
      'reports/q3.csv',
      'region',
      'total_due',
      '17:00',
      'Messy Media',
    ]);
  });
});

describe('paraphraseOutcome', () => {
  it('passes rejected outcomes through untouched and keeps the original when the model echoes or rambles', async () => {
    const rejected = { id: 'x', slotIndex: 0, accepted: false, attempts: 1, diagnostics: [], history: [] };
    assert.equal(await paraphraseOutcome(rejected, model), rejected);
    assert.equal(server.requests.length, 0);

    const [job] = expandPlan(PLAN);
    const o = await synthesizeProcedural(job as NonNullable<typeof job>);
    assert.equal(o.accepted, true);
    const original = (o.candidate as TaskSpecInput).request as string;
    server.enqueue(
      { text: JSON.stringify({ request: original }) },
      { text: JSON.stringify({ request: `${original} ${'and also '.repeat(200)}` }) },
    );
    const same = await paraphraseOutcome(o, model);
    assert.deepEqual(same.paraphrase?.reason, 'unchanged');
    assert.equal(same.candidate, o.candidate);
    const long = await paraphraseOutcome(o, model);
    assert.equal(long.paraphrase?.reason, 'too_long');
    assert.equal((long.candidate as TaskSpecInput).request, original);
    // the model was told what to keep
    assert.match(
      promptOf(server.requests[0] as FakeRequest),
      /Keep each of these items exactly as written \(same spelling, digits and quotes\):\n {2}- 48$/,
    );
  });
});

describe('synth --paraphrase (in-process CLI, fake model)', () => {
  it('releases gated rewrites and keeps the original of every refused one, with the reason', async () => {
    // the same procedural candidates the CLI makes, to know each one's answers
    const specs = await Promise.all(
      expandPlan(PLAN).map(async (j) => (await synthesizeProcedural(j)).candidate as TaskSpecInput),
    );
    const answer = (specs[2]?.answer_ids ?? [])[0] as string;
    assert.ok(answer);
    server.enqueue(
      (r) => ({ text: JSON.stringify({ request: natural(requestIn(r)) }) }), // 1: rewritten
      (r) => ({ text: JSON.stringify({ request: natural(requestIn(r)).replace('48 hours', 'two days') }) }), // 2: drops 48
      (r) => ({ text: JSON.stringify({ request: `${natural(requestIn(r))} Start with ${answer}.` }) }), // 3: leaks
      { text: 'Sure! Here is a friendlier version of the request.' }, // 4: not JSON
      { status: 400, message: 'bad request' }, // 5: the model fails
    );
    const planFile = join(TMP, 'plan.json');
    writeFileSync(planFile, JSON.stringify(PLAN));
    const out = join(TMP, 'out');
    const model = `openai-compatible:${server.openaiBaseURL}#fake`;
    const printed = await inProcess(
      'synth',
      planFile,
      '--out',
      out,
      '--paraphrase',
      model,
      '--no-cache',
      '--llm-retries',
      '0',
    );
    assert.equal(server.requests.length, 5);
    const ids = expandPlan(PLAN).map((j) => j.id);
    const released = ids.map((id) => JSON.parse(readFileSync(join(out, `${id}.json`), 'utf8')) as TaskSpecInput);
    // 1: the rewrite is released and passes the whole gate; its checks and records are the original's
    assert.equal(released[0]?.request, natural(specs[0]?.request as string));
    assert.notEqual(released[0]?.request, specs[0]?.request);
    assert.deepEqual({ ...released[0], request: '' }, { ...specs[0], request: '' });
    const gate = await runGate({ raw: released[0] });
    assert.equal(gate.ok, true, JSON.stringify(gate.diagnostics.slice(0, 3)));
    // 2–5: the original request, unchanged
    for (const i of [1, 2, 3, 4]) assert.deepEqual(released[i], specs[i]);

    const summary = JSON.parse(readFileSync(join(out, 'synth-summary.json'), 'utf8')) as {
      paraphrase: ParaphraseSummary;
    };
    assert.deepEqual(
      { ...summary.paraphrase, kept_tasks: summary.paraphrase.kept_tasks.map((k) => [k.id, k.reason]) },
      {
        model: `openai-compatible:${server.openaiBaseURL}#fake`,
        tasks: 5,
        rewritten: 1,
        kept: 4,
        kept_by_reason: { dropped_anchors: 1, gate_failed: 1, not_json: 1, model_error: 1 },
        kept_tasks: [
          [ids[1], 'dropped_anchors'],
          [ids[2], 'gate_failed'],
          [ids[3], 'not_json'],
          [ids[4], 'model_error'],
        ],
      },
    );
    assert.match(summary.paraphrase.kept_tasks[0]?.message ?? '', /drops "48"/);
    assert.match(summary.paraphrase.kept_tasks[1]?.message ?? '', /fails the gate: answer_leak/);
    // the CLI says so, per task
    assert.match(printed, /paraphrase with openai-compatible:\S+#fake: 1\/5 rewritten, 4 kept the original/);
    assert.match(printed, new RegExp(`kept ${ids[2]}: gate_failed`));
  });

  it('a paraphrase outcome carries the proposal it refused', async () => {
    const [job] = expandPlan(PLAN);
    const o = await synthesizeProcedural(job as NonNullable<typeof job>);
    server.enqueue((r) => ({ text: JSON.stringify({ request: requestIn(r).replace('48', 'forty-eight') }) }));
    const p: ParaphrasedOutcome = await paraphraseOutcome(o, model);
    assert.equal(p.paraphrase?.status, 'kept');
    assert.match(p.paraphrase?.proposed ?? '', /forty-eight hours/);
    assert.equal(p.paraphrase?.original, (o.candidate as TaskSpecInput).request);
  });
});
