import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createChatModel } from '../llm/client.js';
import { type FakeServer, startFakeServer } from '../llm/testing/fake-server.js';
import type { ChatModel } from '../llm/types.js';
import type { Plan, Slot } from '../synth/plan/plan.js';
import { generateProcedural } from '../synth/generators.js';
import { synthesize } from '../synth/synthesize.js';
import { llmReviewer } from './reviewer.js';

// synth with the model steps: LLM candidates repair the reviewer's findings, procedural ones are rejected
let server: FakeServer;
let model: ChatModel;
before(async () => {
  server = await startFakeServer();
  model = createChatModel(`openai-compatible:${server.openaiBaseURL}#fake`, {
    retry: { baseMs: 1, retries: 0 },
    env: {},
  });
});
after(() => server.close());
beforeEach(() => {
  assert.equal(server.pending(), 0, 'a previous test left scripted replies');
  server.requests.length = 0;
});

const slot: Slot = {
  task_id: 'meaning_case',
  services: ['crm', 'helpdesk', 'gmail'],
  category: 'email',
  difficulty: 'medium',
  language: 'en',
  mock_today: '2026-03-10',
  scenario: { goal: 'Chase the enterprise support backlog.' },
  count: 1,
} as Slot;
const plan = (s: Partial<Slot> = {}): Plan =>
  ({ plan_version: 1, name: 'meaning', slots: [{ ...slot, ...s }] }) as Plan;
const GOOD = JSON.stringify(
  generateProcedural({
    generator: 'support_escalation',
    id: 'meaning_case',
    seed: 7,
    difficulty: 'medium',
    mockToday: '2026-03-10',
  }),
);
const vague = {
  text: JSON.stringify({
    findings: [
      {
        kind: 'underspecified',
        path: 'request',
        confidence: 0.9,
        message: 'The request never says which tickets count as stale.',
      },
    ],
  }),
};

describe('synth --reviewer', () => {
  it('an LLM candidate with a confident finding goes back to the generator and is released once clean', async () => {
    server.enqueue({ text: GOOD }, vague, { text: GOOD }, { text: '{"findings": []}' });
    const { outcomes, summary } = await synthesize(plan(), {
      generator: model,
      attempts: 2,
      gd: 'never',
      meaning: { reviewer: llmReviewer(model) },
    });
    const o = outcomes[0];
    assert.equal(o?.accepted, true, JSON.stringify(o?.diagnostics));
    assert.equal(o?.attempts, 2);
    assert.deepEqual(
      o?.history[0]?.diagnostics.map((d) => [d.code, d.owner]),
      [['review_underspecified', 'builder']],
    );
    // the repair request (third call) carries the finding to the generator's conversation
    const repair = JSON.stringify(server.requests[2]?.body.messages);
    assert.match(repair, /review_underspecified/);
    assert.match(repair, /which tickets count as stale/);
    assert.equal(summary.accepted, 1);
  });

  it('a procedural candidate with a finding is rejected with it', async () => {
    server.enqueue(vague);
    const { outcomes, summary } = await synthesize(plan({ family: 'support_escalation' } as Partial<Slot>), {
      generator: 'procedural',
      meaning: { reviewer: llmReviewer(model) },
    });
    assert.equal(outcomes[0]?.accepted, false);
    assert.deepEqual(summary.rejected_by_code, { review_underspecified: 1 });
    assert.equal(server.requests.length, 1);
  });
});
