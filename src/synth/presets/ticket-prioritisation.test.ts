import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalJson } from '../../schema/canonical-json.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import type { Difficulty } from '../../schema/taxonomy.js';
import { presetContract, presetHarness, mutantsOf, stateAfterUndo } from './testing.js';

const FAMILY = 'ticket_prioritisation';
// every weekday appears as mock_today across the seeds (the rota and review to-do depend on the week): seed s runs on 2026-03-(9 + s % 7)
const h = presetHarness(
  FAMILY,
  15,
  Array.from({ length: 7 }, (_, k) => `2026-03-${String(9 + k).padStart(2, '0')}`),
);
// the spec of seed 1 on another clock
const onClock = (difficulty: Difficulty, mockToday: string) => presetHarness(FAMILY, 1, [mockToday]).gen(difficulty, 1);
/** distractors per difficulty (CoworkEnv App. D) */
const DISTRACTORS: Record<Difficulty, number> = { easy: 1, medium: 2, hard: 3 };

type Row = Record<string, unknown>;
const rows = (spec: TaskSpecInput, service: string, collection: string) =>
  (spec.fixtures?.[service]?.[collection] ?? []) as Row[];

describe(FAMILY, () => {
  // below the band by the step the final answer takes
  presetContract(h, { steps: { medium: [7, 7] } });

  for (const difficulty of ['easy', 'medium', 'hard'] as const) {
    it(`${difficulty}: labelled with its difficulty, a fixture per service, at least 4 mutants; deterministic on every seed, sensitive to the clock`, async () => {
      for (const seed of h.seeds) {
        const spec = h.gen(difficulty, seed);
        assert.equal(spec.labels.difficulty, difficulty);
        assert.deepEqual(Object.keys(spec.fixtures ?? {}).sort(), [...spec.services].sort());
        assert.equal(canonicalJson(h.gen(difficulty, seed)), canonicalJson(spec), `seed ${seed}`);
        // the mutation step of the gate run the contract made on this very spec
        assert.ok((mutantsOf(await h.gate(difficulty, seed)) ?? 0) >= 4, `seed ${seed}: too few mutants`);
      }
      // the clock moves every time in the spec
      assert.notEqual(
        canonicalJson(onClock(difficulty, '2026-03-10')),
        canonicalJson(onClock(difficulty, '2026-04-10')),
      );
    });

    it(`${difficulty}: has distractor tickets that fail exactly the stated conditions and are forbidden to touch`, () => {
      for (const seed of h.seeds) {
        const spec = h.gen(difficulty, seed);
        const tiers = new Map(rows(spec, 'crm', 'customers').map((c) => [c.customer_id, c.tier]));
        const tickets = new Map(rows(spec, 'helpdesk', 'tickets').map((t) => [t.ticket_id as string, t]));
        const minAge = Number(/more than (\d+) hours/.exec(spec.request)?.[1] ?? 0);
        const ageHours = (t: Row) => (Date.parse(spec.mock_today) - Date.parse(t.created_at as string)) / 3_600_000;
        const qualifies = (t: Row) => t.status === 'open' && tiers.get(t.customer_id) !== 'smb' && ageHours(t) > minAge;
        const ruled = (t: Row) => (tiers.get(t.customer_id) === 'enterprise' ? 'critical' : 'high');
        const forbidden = spec.forbidden?.actions ?? [];
        const untouchable = ((forbidden[0]?.where?.ticket_id as { in: string[] }).in ?? []).map(
          (id) => tickets.get(id) as Row,
        );
        const targets = (spec.answer_ids ?? []).filter((id) => tickets.has(id)).map((id) => tickets.get(id) as Row);

        assert.ok(
          untouchable.length + forbidden.length - 1 >= DISTRACTORS[difficulty],
          `seed ${seed}: too few distractors`,
        );
        for (const t of untouchable)
          assert.equal(qualifies(t), false, `seed ${seed}: ${String(t.ticket_id)} qualifies`);
        for (const t of targets) {
          assert.equal(qualifies(t), true, `seed ${seed}: target ${String(t.ticket_id)}`);
          assert.notEqual(t.priority, ruled(t), `seed ${seed}: target already at its priority`);
        }
        // every qualifying ticket not yet at its priority is a target
        const needed = [...tickets.values()]
          .filter((t) => qualifies(t) && t.priority !== ruled(t))
          .map((t) => t.ticket_id)
          .sort();
        assert.deepEqual(needed, targets.map((t) => t.ticket_id).sort(), `seed ${seed}`);
        assert.ok(untouchable.some((t) => tiers.get(t.customer_id) === 'smb'));
        if (difficulty !== 'easy') {
          assert.ok(
            untouchable.some((t) => t.status === 'closed'),
            `seed ${seed}: no closed ticket`,
          );
          assert.ok(
            [...tickets.values()].some((t) => qualifies(t) && t.priority === 'critical'),
            `seed ${seed}: no already-critical ticket`,
          );
        }
        if (difficulty === 'hard') {
          assert.ok(minAge >= 24);
          assert.ok(
            untouchable.some(
              (t) => t.status === 'open' && tiers.get(t.customer_id) === 'enterprise' && ageHours(t) < minAge,
            ),
            `seed ${seed}: no recent ticket`,
          );
        }
      }
    });
  }
});

describe(`${FAMILY}: the final priority decides`, () => {
  for (const difficulty of ['easy', 'medium', 'hard'] as const) {
    it(`${difficulty}: setting the priorities and then restoring them fails every priority check`, async () => {
      for (const seed of h.seeds.slice(0, 4)) {
        const spec = h.parsed(difficulty, seed);
        const tickets = rows(spec, 'helpdesk', 'tickets');
        const checks = spec.checks.filter((c) => c.id.startsWith('priority_'));
        assert.ok(checks.length >= 1 && checks.every((c) => c.kind === 'state_equals'));
        const undo = checks.map((c) => {
          const id = (c as { record_id: string }).record_id;
          return {
            call: 'helpdesk_update_ticket',
            args: { ticket_id: id, priority: tickets.find((t) => t.ticket_id === id)?.priority },
          };
        });
        const r = await stateAfterUndo(spec, undo);
        for (const c of checks) {
          assert.equal(r.done[c.id], 1, `seed ${seed} ${c.id}`);
          assert.equal(r.undone[c.id], 0, `seed ${seed} ${c.id}`);
        }
        assert.ok((r.undoneScore ?? 1) < 0.75, `seed ${seed}: ${r.undoneScore}`);
      }
    });
  }
});

describe(`${FAMILY} hard: the on-call rota`, () => {
  it("mails this week's lead, not the newest rota message's", () => {
    for (const seed of h.seeds) {
      const spec = h.gen('hard', seed);
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
