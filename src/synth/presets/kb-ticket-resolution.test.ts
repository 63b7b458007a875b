import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalJson } from '../../schema/canonical-json.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import type { Difficulty } from '../../schema/taxonomy.js';
import { presetContract, presetHarness, mutantsOf, stateAfterUndo } from './testing.js';

const FAMILY = 'kb_ticket_resolution';
// odd seed s on 2026-03-(9 + s % 7), even seeds on New Year's Eve (dates cross a year boundary too)
const h = presetHarness(
  FAMILY,
  15,
  Array.from({ length: 14 }, (_, k) =>
    k % 2 ? `2026-03-${String(9 + (k % 7)).padStart(2, '0')}` : '2025-12-31T15:30:00Z',
  ),
);
/** distractors per difficulty (CoworkEnv App. D) */
const DISTRACTORS: Record<Difficulty, number> = { easy: 1, medium: 2, hard: 3 };

type Row = Record<string, unknown>;
const rows = (spec: TaskSpecInput, service: string, collection: string) =>
  (spec.fixtures?.[service]?.[collection] ?? []) as Row[];
const check = (spec: TaskSpecInput, id: string) =>
  (spec.checks ?? []).find((c) => c.id === id) as Record<string, unknown> & { where: Record<string, unknown> };
/** the final ticket fields the state checks demand */
const prescribed = (spec: TaskSpecInput) =>
  Object.fromEntries(
    (spec.checks ?? [])
      .filter((c) => c.kind === 'state_equals')
      .map((c) => [(c as { field: string }).field, (c as { value: unknown }).value]),
  ) as Record<'category' | 'priority' | 'assigned_to' | 'tags', string>;
const hoursOpen = (spec: TaskSpecInput, t: Row) =>
  (Date.parse(spec.mock_today) - Date.parse(t.created_at as string)) / 3_600_000;

describe(FAMILY, () => {
  // below the band by the step the final answer takes
  presetContract(h, { steps: { hard: [11, 11] } });

  for (const difficulty of ['easy', 'medium', 'hard'] as const) {
    it(`${difficulty}: a fixture per service and at least 6 mutants; deterministic on every seed`, async () => {
      for (const seed of h.seeds) {
        const spec = h.gen(difficulty, seed);
        assert.deepEqual(Object.keys(spec.fixtures ?? {}).sort(), [...spec.services].sort());
        assert.equal(canonicalJson(h.gen(difficulty, seed)), canonicalJson(spec), `seed ${seed}`);
        // the mutation step of the gate run the contract made on this very spec
        assert.ok((mutantsOf(await h.gate(difficulty, seed)) ?? 0) >= 6, `seed ${seed}: too few mutants`);
      }
    });

    it(`${difficulty}: hides the procedure among look-alike tickets and articles, and forbids touching them`, () => {
      for (const seed of h.seeds) {
        const spec = h.gen(difficulty, seed);
        const [ticketId, kbId] = spec.answer_ids ?? [];
        const tickets = rows(spec, 'helpdesk', 'tickets');
        const articles = rows(spec, 'kb', 'articles');
        const target = tickets.find((t) => t.ticket_id === ticketId) as Row;
        const procedure = articles.find((a) => a.article_id === kbId) as Row;
        const updated = prescribed(spec);
        // the article really prescribes every value the check demands
        for (const v of [updated.category, updated.assigned_to, updated.tags]) {
          assert.ok(String(procedure.content).includes(String(v)), `seed ${seed}: ${String(v)} not in the procedure`);
        }
        assert.notEqual(target.priority, updated.priority, `seed ${seed}: nothing to change`);
        assert.equal(
          check(spec, 'note_added').where.comment &&
            (check(spec, 'note_added').where.comment as { contains: string }).contains,
          kbId,
        );
        assert.ok(spec.forbidden?.tools?.includes('helpdesk_close_ticket'));

        const guarded = new Set(
          (spec.forbidden?.actions ?? [])
            .filter((a) => a.service === 'helpdesk')
            .map((a) => a.where?.ticket_id as string),
        );
        assert.ok(guarded.size >= DISTRACTORS[difficulty], `seed ${seed}: ${guarded.size} guarded tickets`);
        assert.equal(guarded.has(ticketId as string), false);
        for (const id of guarded)
          assert.ok(
            tickets.some((t) => t.ticket_id === id),
            `seed ${seed}: ${id} not a fixture`,
          );
        if (difficulty !== 'easy') {
          // a second customer reports the same symptom, and a look-alike procedure exists
          const twin = tickets.find((t) => t.title === target.title && t.customer_id !== target.customer_id) as Row;
          assert.ok(
            twin && guarded.has(twin.ticket_id as string) && twin.status === 'open',
            `seed ${seed}: no twin ticket`,
          );
          // hard: the customer's earlier, resolved ticket on the same symptom is off limits too
          const past = tickets.filter(
            (t) => t !== target && t.title === target.title && t.customer_id === target.customer_id,
          );
          assert.equal(past.length, difficulty === 'hard' ? 1 : 0);
          for (const p of past)
            assert.ok(p.status === 'resolved' && guarded.has(p.ticket_id as string) && hoursOpen(spec, p) > 24 * 30);
          const decoyArticle = articles.find(
            (a) => a !== procedure && /Update the support ticket/.test(String(a.content)),
          );
          assert.ok(
            decoyArticle && !String(decoyArticle.content).includes(String(updated.category)),
            `seed ${seed}: no decoy article`,
          );
          const customer = rows(spec, 'crm', 'customers').find((c) => c.customer_id === target.customer_id) as Row;
          assert.ok(spec.request.includes(customer.name as string) === (difficulty === 'medium'));
          if (difficulty === 'medium')
            assert.equal(
              updated.priority,
              Number.parseInt(customer.sla as string, 10) <= 4 ? 'critical' : 'high',
              `seed ${seed}`,
            );
        }
      }
    });
  }
});

describe(`${FAMILY}: the final ticket decides`, () => {
  for (const difficulty of ['easy', 'medium', 'hard'] as const) {
    it(`${difficulty}: one state check per prescribed field, each failed by updating and then restoring the ticket`, async () => {
      for (const seed of h.seeds.slice(0, 4)) {
        const spec = h.parsed(difficulty, seed);
        const target = rows(spec, 'helpdesk', 'tickets').find((t) => t.ticket_id === spec.answer_ids[0]) as Row;
        assert.deepEqual(Object.keys(prescribed(spec)).sort(), ['assigned_to', 'category', 'priority', 'tags']);
        assert.ok(!spec.checks.some((c) => c.kind === 'audit_present' && c.record === 'updated_tickets'));
        // restore every field the reference changed (the fixture has no category: an empty one stands in)
        const undo = [
          {
            call: 'helpdesk_update_ticket',
            args: {
              ticket_id: target.ticket_id,
              category: (target.category as string | undefined) ?? '',
              priority: target.priority,
              assigned_to: target.assigned_to,
              tags: target.tags,
            },
          },
        ];
        const r = await stateAfterUndo(spec, undo);
        assert.deepEqual(Object.values(r.done), [1, 1, 1, 1], `seed ${seed}`);
        assert.deepEqual(Object.values(r.undone), [0, 0, 0, 0], `seed ${seed}`);
      }
    });
  }
});

describe(`${FAMILY} hard: mail and SLA breach`, () => {
  it('the priority follows the SLA breach relative to mock_today, and both outcomes occur', () => {
    const outcomes = new Set<string>();
    for (const seed of h.seeds) {
      const spec = h.gen('hard', seed);
      const target = rows(spec, 'helpdesk', 'tickets').find((t) => t.ticket_id === spec.answer_ids?.[0]) as Row;
      const customer = rows(spec, 'crm', 'customers').find((c) => c.customer_id === target.customer_id) as Row;
      const slaHours = Number.parseInt(customer.sla as string, 10);
      const priority = prescribed(spec).priority;
      assert.equal(priority, hoursOpen(spec, target) > slaHours ? 'critical' : 'high', `seed ${seed}`);
      outcomes.add(priority);
      // the manager to notify is the target customer's, found only in the CRM
      const notify = check(spec, 'manager_notified').where.to as string;
      assert.equal(notify, customer.account_manager_email);
      assert.equal(spec.request.includes(notify), false);
    }
    assert.deepEqual([...outcomes].sort(), ['critical', 'high']);
  });

  it('the report is the recent mail; an older mail describes the same symptom for another customer', () => {
    for (const seed of h.seeds) {
      const spec = h.gen('hard', seed);
      const mails = rows(spec, 'gmail', 'messages');
      const report = mails.find((m) => m.message_id === spec.answer_ids?.[3]) as Row;
      const older = mails.filter((m) => m !== report && m.subject === report.subject);
      assert.equal(older.length, 1, `seed ${seed}`);
      const age = (m: Row) => (Date.parse(spec.mock_today) - Date.parse(m.date as string)) / 86_400_000;
      assert.ok(age(report) > 0 && age(report) < 3, `seed ${seed}: report ${age(report)} days old`);
      assert.ok(age(older[0] as Row) > 7, `seed ${seed}`);
      assert.notEqual(older[0]?.from, report.from);
    }
  });
});
