import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalJson } from '../../spec/canonical-json.js';
import type { TaskSpecInput } from '../../spec/task-spec.js';
import type { Difficulty } from '../../spec/taxonomy.js';
import { runGate } from '../gate/index.js';
import { generateProcedural } from '../procedural.js';

const FAMILY = 'kb_ticket_resolution';
const SEEDS = Array.from({ length: 15 }, (_, i) => i + 1);
// CoworkEnv App. D targets per difficulty: [min, max] services and reference steps
const LIMITS: Record<Difficulty, { services: [number, number]; steps: [number, number]; distractors: number }> = {
  easy: { services: [2, 3], steps: [4, 7], distractors: 1 },
  medium: { services: [3, 3], steps: [8, 12], distractors: 2 },
  hard: { services: [4, 5], steps: [12, 20], distractors: 3 },
};
const today = (seed: number) => (seed % 2 ? `2026-03-${String(9 + (seed % 7)).padStart(2, '0')}` : '2025-12-31T15:30:00Z');
const gen = (difficulty: Difficulty, seed: number, mockToday = today(seed)) =>
  generateProcedural({ family: FAMILY, id: `${FAMILY}_${difficulty}_${seed}`, seed, difficulty, mockToday });

type Row = Record<string, unknown>;
const rows = (spec: TaskSpecInput, service: string, collection: string) => (spec.fixtures?.[service]?.[collection] ?? []) as Row[];
const check = (spec: TaskSpecInput, id: string) => (spec.checks ?? []).find((c) => c.id === id) as Record<string, unknown> & { where: Record<string, unknown> };
const hoursOpen = (spec: TaskSpecInput, t: Row) => (Date.parse(spec.mock_today) - Date.parse(t.created_at as string)) / 3_600_000;

for (const difficulty of ['easy', 'medium', 'hard'] as const) {
  describe(`${FAMILY} ${difficulty}`, () => {
    it('passes all 10 gate steps with a mutation kill rate of 1', async () => {
      for (const seed of SEEDS) {
        const report = await runGate({ raw: gen(difficulty, seed) });
        assert.equal(report.ok, true, `seed ${seed}: ${JSON.stringify(report.diagnostics.slice(0, 3))}`);
        assert.deepEqual(report.steps.map((s) => s.step), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        const mutation = report.steps.find((s) => s.step === 9);
        assert.equal(mutation?.stats?.kill_rate, 1, `seed ${seed}`);
        assert.ok((mutation?.stats?.mutants as number) >= 6, `seed ${seed}: too few mutants`);
      }
    });

    it('meets the service and reference-step targets of its difficulty', () => {
      const lim = LIMITS[difficulty];
      for (const seed of SEEDS) {
        const spec = gen(difficulty, seed);
        const services = spec.services.length;
        const steps = spec.reference?.length ?? 0;
        assert.ok(services >= lim.services[0] && services <= lim.services[1], `seed ${seed}: ${services} services`);
        assert.ok(steps >= lim.steps[0] && steps <= lim.steps[1], `seed ${seed}: ${steps} steps`);
        assert.deepEqual(Object.keys(spec.fixtures ?? {}).sort(), [...spec.services].sort());
      }
    });

    it('is deterministic and varies with the seed', () => {
      const seen = new Set<string>();
      for (const seed of SEEDS) {
        const a = canonicalJson(gen(difficulty, seed));
        assert.equal(canonicalJson(gen(difficulty, seed)), a, `seed ${seed}`);
        seen.add(a);
      }
      assert.equal(seen.size, SEEDS.length);
    });

    it('hides the procedure among look-alike tickets and articles, and forbids touching them', () => {
      for (const seed of SEEDS) {
        const spec = gen(difficulty, seed);
        const [ticketId, kbId] = spec.answer_ids ?? [];
        const tickets = rows(spec, 'helpdesk', 'tickets');
        const articles = rows(spec, 'kb', 'articles');
        const target = tickets.find((t) => t.ticket_id === ticketId) as Row;
        const procedure = articles.find((a) => a.article_id === kbId) as Row;
        const updated = check(spec, 'ticket_updated').where;
        // the article really prescribes every value the check demands
        for (const v of [updated.category, updated.assigned_to, (updated.tags as { contains: string }).contains]) {
          assert.ok(String(procedure.content).includes(String(v)), `seed ${seed}: ${String(v)} not in the procedure`);
        }
        assert.notEqual(target.priority, updated.priority, `seed ${seed}: nothing to change`);
        assert.equal(check(spec, 'note_added').where.comment && (check(spec, 'note_added').where.comment as { contains: string }).contains, kbId);
        assert.ok(spec.forbidden?.tools?.includes('helpdesk_close_ticket'));

        const guarded = new Set((spec.forbidden?.actions ?? []).filter((a) => a.service === 'helpdesk').map((a) => a.where?.ticket_id as string));
        assert.ok(guarded.size >= LIMITS[difficulty].distractors, `seed ${seed}: ${guarded.size} guarded tickets`);
        assert.equal(guarded.has(ticketId as string), false);
        for (const id of guarded) assert.ok(tickets.some((t) => t.ticket_id === id), `seed ${seed}: ${id} not a fixture`);
        if (difficulty !== 'easy') {
          // a second customer reports the same symptom, and a look-alike procedure exists
          const twin = tickets.find((t) => t.title === target.title && t.customer_id !== target.customer_id) as Row;
          assert.ok(twin && guarded.has(twin.ticket_id as string) && twin.status === 'open', `seed ${seed}: no twin ticket`);
          // hard: the customer's earlier, resolved ticket on the same symptom is off limits too
          const past = tickets.filter((t) => t !== target && t.title === target.title && t.customer_id === target.customer_id);
          assert.equal(past.length, difficulty === 'hard' ? 1 : 0);
          for (const p of past) assert.ok(p.status === 'resolved' && guarded.has(p.ticket_id as string) && hoursOpen(spec, p) > 24 * 30);
          const decoyArticle = articles.find((a) => a !== procedure && /Update the support ticket/.test(String(a.content)));
          assert.ok(decoyArticle && !String(decoyArticle.content).includes(String(updated.category)), `seed ${seed}: no decoy article`);
          const customer = rows(spec, 'crm', 'customers').find((c) => c.customer_id === target.customer_id) as Row;
          assert.ok(spec.request.includes(customer.name as string) === (difficulty === 'medium'));
          if (difficulty === 'medium') assert.equal(updated.priority, Number.parseInt(customer.sla as string, 10) <= 4 ? 'critical' : 'high', `seed ${seed}`);
        }
      }
    });
  });
}

describe(`${FAMILY} hard: mail and SLA breach`, () => {
  it('the priority follows the SLA breach relative to mock_today, and both outcomes occur', () => {
    const outcomes = new Set<string>();
    for (const seed of SEEDS) {
      const spec = gen('hard', seed);
      const target = rows(spec, 'helpdesk', 'tickets').find((t) => t.ticket_id === spec.answer_ids?.[0]) as Row;
      const customer = rows(spec, 'crm', 'customers').find((c) => c.customer_id === target.customer_id) as Row;
      const slaHours = Number.parseInt(customer.sla as string, 10);
      const priority = check(spec, 'ticket_updated').where.priority as string;
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
    for (const seed of SEEDS) {
      const spec = gen('hard', seed);
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
