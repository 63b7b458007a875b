import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalJson } from '../../spec/canonical-json.js';
import type { TaskSpecInput } from '../../spec/task-spec.js';
import type { Difficulty } from '../../spec/taxonomy.js';
import { runGate } from '../gate/index.js';
import { generateProcedural } from '../procedural.js';

const FAMILY = 'ticket_prioritisation';
const SEEDS = Array.from({ length: 15 }, (_, i) => i + 1);
// CoworkEnv App. D targets per difficulty: [min, max] services and reference steps
const LIMITS: Record<Difficulty, { services: [number, number]; steps: [number, number]; distractors: number }> = {
  easy: { services: [2, 3], steps: [4, 7], distractors: 1 },
  medium: { services: [3, 3], steps: [8, 12], distractors: 2 },
  hard: { services: [4, 5], steps: [12, 20], distractors: 3 },
};
// every weekday appears as mock_today across the seeds (the rota and review to-do depend on the week)
const today = (seed: number) => `2026-03-${String(9 + (seed % 7)).padStart(2, '0')}`;
const gen = (difficulty: Difficulty, seed: number, mockToday = today(seed)) =>
  generateProcedural({ family: FAMILY, id: `${FAMILY}_${difficulty}_${seed}`, seed, difficulty, mockToday });

type Row = Record<string, unknown>;
const rows = (spec: TaskSpecInput, service: string, collection: string) => (spec.fixtures?.[service]?.[collection] ?? []) as Row[];

for (const difficulty of ['easy', 'medium', 'hard'] as const) {
  describe(`${FAMILY} ${difficulty}`, () => {
    it('passes all 10 gate steps with a mutation kill rate of 1', async () => {
      for (const seed of SEEDS) {
        const report = await runGate({ raw: gen(difficulty, seed) });
        assert.equal(report.ok, true, `seed ${seed}: ${JSON.stringify(report.diagnostics.slice(0, 3))}`);
        assert.deepEqual(report.steps.map((s) => s.step), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        const mutation = report.steps.find((s) => s.step === 9);
        assert.equal(mutation?.stats?.kill_rate, 1, `seed ${seed}`);
        assert.ok((mutation?.stats?.mutants as number) >= 4, `seed ${seed}: too few mutants`);
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
        assert.equal(spec.labels.difficulty, difficulty);
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
      // the clock moves every time in the spec
      assert.notEqual(canonicalJson(gen(difficulty, 1, '2026-03-10')), canonicalJson(gen(difficulty, 1, '2026-04-10')));
    });

    it('has distractor tickets that fail exactly the stated conditions and are forbidden to touch', () => {
      for (const seed of SEEDS) {
        const spec = gen(difficulty, seed);
        const tiers = new Map(rows(spec, 'crm', 'customers').map((c) => [c.customer_id, c.tier]));
        const tickets = new Map(rows(spec, 'helpdesk', 'tickets').map((t) => [t.ticket_id as string, t]));
        const minAge = Number(/more than (\d+) hours/.exec(spec.request)?.[1] ?? 0);
        const ageHours = (t: Row) => (Date.parse(spec.mock_today) - Date.parse(t.created_at as string)) / 3_600_000;
        const qualifies = (t: Row) => t.status === 'open' && tiers.get(t.customer_id) !== 'smb' && ageHours(t) > minAge;
        const ruled = (t: Row) => (tiers.get(t.customer_id) === 'enterprise' ? 'critical' : 'high');
        const forbidden = spec.forbidden?.actions ?? [];
        const untouchable = ((forbidden[0]?.where?.ticket_id as { in: string[] }).in ?? []).map((id) => tickets.get(id) as Row);
        const targets = (spec.answer_ids ?? []).filter((id) => tickets.has(id)).map((id) => tickets.get(id) as Row);

        assert.ok(untouchable.length + forbidden.length - 1 >= LIMITS[difficulty].distractors, `seed ${seed}: too few distractors`);
        for (const t of untouchable) assert.equal(qualifies(t), false, `seed ${seed}: ${String(t.ticket_id)} qualifies`);
        for (const t of targets) {
          assert.equal(qualifies(t), true, `seed ${seed}: target ${String(t.ticket_id)}`);
          assert.notEqual(t.priority, ruled(t), `seed ${seed}: target already at its priority`);
        }
        // every qualifying ticket not yet at its priority is a target
        const needed = [...tickets.values()].filter((t) => qualifies(t) && t.priority !== ruled(t)).map((t) => t.ticket_id).sort();
        assert.deepEqual(needed, targets.map((t) => t.ticket_id).sort(), `seed ${seed}`);
        assert.ok(untouchable.some((t) => tiers.get(t.customer_id) === 'smb'));
        if (difficulty !== 'easy') {
          assert.ok(untouchable.some((t) => t.status === 'closed'), `seed ${seed}: no closed ticket`);
          assert.ok([...tickets.values()].some((t) => qualifies(t) && t.priority === 'critical'), `seed ${seed}: no already-critical ticket`);
        }
        if (difficulty === 'hard') {
          assert.ok(minAge >= 24);
          assert.ok(untouchable.some((t) => t.status === 'open' && tiers.get(t.customer_id) === 'enterprise' && ageHours(t) < minAge), `seed ${seed}: no recent ticket`);
        }
      }
    });
  });
}

describe(`${FAMILY} hard: the on-call rota`, () => {
  it("mails this week's lead, not the newest rota message's", () => {
    for (const seed of SEEDS) {
      const spec = gen('hard', seed);
      const mails = rows(spec, 'gmail', 'messages').filter((m) => /on-call rota/i.test(m.subject as string));
      assert.equal(mails.length, 3);
      const newest = [...mails].sort((a, b) => String(b.date).localeCompare(String(a.date)))[0] as Row;
      const sent = spec.reference?.find((s) => 'call' in s && s.call === 'gmail_send_message');
      const to = sent && 'call' in sent ? (sent.args?.to as string) : '';
      assert.ok(to && !String(newest.body).includes(to), `seed ${seed}: the newest rota names the lead`);
      const current = mails.find((m) => String(m.body).includes(to)) as Row;
      assert.ok(Date.parse(current.date as string) < Date.parse(spec.mock_today));
      assert.ok((spec.answer_ids ?? []).includes(to));
      assert.equal(spec.request.includes(to), false);
    }
  });
});
