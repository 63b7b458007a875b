import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse as parseYaml, stringify } from 'yaml';
import { createChatModel } from '../llm/client.js';
import { llmJudge } from '../llm/judge.js';
import { type FakeServer, startFakeServer } from '../llm/testing/fake-server.js';
import { validatePaths } from './validate.js';

// validate --judge: the reference's LLM-judged items are judged (fake OpenAI-compatible server, 127.0.0.1)
const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-validate-judge-'));
let server: FakeServer;
before(async () => {
  server = await startFakeServer();
});
after(async () => {
  await server.close();
  rmSync(TMP, { recursive: true, force: true });
});

const spec = parseYaml(readFileSync('examples/tasks/support_escalation.yaml', 'utf8')) as {
  checks: { weight: number }[];
  scoring?: unknown;
};
spec.checks = [
  ...spec.checks.map((c) => ({ ...c, weight: c.weight * 0.5 })),
  { id: 'tone', kind: 'llm_judge', rubric: 'The escalation emails are clear and polite.', weight: 0.5 } as never,
];
const FILE = join(TMP, 'judged.yaml');
writeFileSync(FILE, stringify(spec));
const judge = () =>
  llmJudge(
    createChatModel(`openai-compatible:${server.openaiBaseURL}#judge-m`, {
      env: {},
      retry: { baseMs: 1, retries: 0 },
      timeoutMs: 5000,
    }),
    { attempts: 1 },
  );

async function validate(opts: Parameters<typeof validatePaths>[1]) {
  let text = '';
  const r = await validatePaths([FILE], { ...opts, json: true }, (t) => (text += t));
  return {
    ...r,
    report: JSON.parse(text) as {
      results: {
        ok: boolean;
        steps: { step: number; stats?: unknown }[];
        diagnostics: { code: string; message: string; severity?: string }[];
      }[];
    },
  };
}

describe('validate --judge', () => {
  it('without a judge: valid, with the unverified share named', async () => {
    const r = await validate({});
    const d = r.report.results[0]?.diagnostics ?? [];
    assert.equal(r.failed, 0);
    assert.deepEqual(
      d.map((x) => [x.code, x.severity]),
      [['reference_unjudged', 'warning']],
    );
    assert.match(d[0]?.message ?? '', /^0\.5 of the completion is LLM-judged \(tone\)/);
  });

  it('with a judge: the rubric is asked once and its verdict is the step-8 stat', async () => {
    server.enqueue({ text: '{"score": 1, "reasoning": "Clear."}' });
    const r = await validate({ judge: judge() });
    assert.equal(r.failed, 0);
    assert.deepEqual(r.report.results[0]?.diagnostics, []);
    assert.deepEqual(r.report.results[0]?.steps.find((s) => s.step === 8)?.stats, {
      judged: [{ id: 'tone', score: 1, status: 'ok' }],
    });
    assert.equal(server.requests.length, 1);
    assert.match(JSON.stringify(server.requests[0]?.body), /clear and polite/);
  });

  it('a judge that fails is a failed spec (reference_judge_error), never a silent pass', async () => {
    server.enqueue({ status: 500, message: 'down' });
    const r = await validate({ judge: judge() });
    assert.equal(r.failed, 1);
    assert.deepEqual(
      r.report.results[0]?.diagnostics.map((d) => d.code),
      ['reference_judge_error'],
    );
  });
});
