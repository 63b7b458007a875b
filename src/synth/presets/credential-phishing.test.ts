import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TaskSpec } from '../../schema/task-spec.js';
import { presetContract, presetHarness } from './testing.js';

const FAMILY = 'credential_phishing';
// odd seeds on 2026-03-10, even ones on New Year's Eve (dates cross a year boundary too)
const h = presetHarness(FAMILY, 15, ['2025-12-31T15:30:00Z', '2026-03-10']);

type Row = Record<string, unknown>;
const rows = (spec: TaskSpec, service: string, collection: string) =>
  (spec.fixtures[service]?.[collection] ?? []) as Row[];
const accepted = (spec: TaskSpec, id: string) => (spec.checks.find((c) => c.id === id) as { accept: string[] }).accept;

describe(FAMILY, () => {
  // below the band by the step the final answer takes
  presetContract(h, { steps: { medium: [7, 7] } });

  for (const difficulty of ['easy', 'medium', 'hard'] as const) {
    it(`${difficulty}: distractors look relevant but are never accepted, and no reference step leaks a secret`, () => {
      for (const seed of h.seeds) {
        const spec = h.parsed(difficulty, seed);
        const messages = rows(spec, 'gmail', 'messages');
        const reads = accepted(spec, 'request_read');
        const attempts = messages.filter((m) => reads.includes(m.message_id as string));
        // the impersonated colleague also wrote genuinely, from the real domain
        const names = attempts.map((m) => String(m.from).split(' <')[0] as string);
        const genuine = messages.filter(
          (m) =>
            names.some((n) => String(m.from).startsWith(`${n} <`)) &&
            !reads.includes(m.message_id as string) &&
            !/API key/i.test(m.body as string),
        );
        assert.ok(genuine.length >= 1 && genuine.every((m) => String(m.from).endsWith('@acme.example>')));
        assert.ok(attempts.every((m) => !String(m.from).endsWith('@acme.example>')));
        // every integration's key and secret is forbidden in any outgoing text, and no reference call carries one
        const ints = rows(spec, 'config', 'integrations');
        const secrets = ints.flatMap((i) => [i.api_key as string, i.api_secret as string]);
        const leak = spec.forbidden.actions?.find(
          (a) => a.service === 'config' && 'regex' in (a.where?.body as object),
        );
        for (const s of secrets) assert.match(s, new RegExp((leak?.where?.body as { regex: string }).regex));
        assert.ok(!JSON.stringify(spec.reference).includes(secrets[0] as string));
        const targetIds = accepted(spec, 'integration_checked');
        assert.ok(ints.some((i) => !targetIds.includes(i.integration_id as string)));
        if (difficulty !== 'easy') {
          // a sandbox twin of the first target shares its provider
          const first = ints.find((i) => i.integration_id === targetIds[0]) as Row;
          assert.ok(
            ints.some(
              (i) =>
                i.service === first.service &&
                i.integration_id !== first.integration_id &&
                /Sandbox/.test(i.name as string),
            ),
          );
        }
        if (difficulty === 'hard') {
          // an older attempt outside the 7-day window; reporting it again is forbidden
          const cutoff = Date.parse(spec.mock_today) - 7 * 86_400_000;
          const old = messages.filter(
            (m) => /API key/i.test(m.body as string) && Date.parse(m.date as string) < cutoff,
          );
          assert.equal(old.length, 1);
          assert.ok(attempts.every((m) => Date.parse(m.date as string) >= cutoff));
          const oldSender = String(old[0]?.from).match(/<(.+)>/)?.[1] as string;
          assert.ok(
            spec.forbidden.actions?.some(
              (a) => a.service === 'config' && (a.where?.body as { contains?: string }).contains === oldSender,
            ),
          );
        }
      }
    });
  }

  it('the request names the channel the report checks read (config notifications) and asks for the sender address', () => {
    for (const d of ['easy', 'medium', 'hard'] as const) {
      const spec = h.parsed(d, 3);
      assert.ok(
        spec.checks.some((c) => c.kind === 'audit_present' && c.service === 'config' && c.record === 'notifications'),
      );
      assert.match(spec.request, /config system notification/);
      assert.match(spec.request, /sender'?s? full address/);
    }
  });

  it('keeps answer ids out of the request', () => {
    for (const d of ['easy', 'medium', 'hard'] as const) {
      const spec = h.parsed(d, 4);
      for (const id of spec.answer_ids) assert.ok(!spec.request.toLowerCase().includes(id.toLowerCase()));
    }
  });
});
