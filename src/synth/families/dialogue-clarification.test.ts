import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveTool } from '../../services/registry.js';
import { canonicalJson } from '../../spec/canonical-json.js';
import { TaskSpec, type TaskSpecInput } from '../../spec/task-spec.js';
import type { Difficulty } from '../../spec/taxonomy.js';
import { runGate } from '../gate/index.js';
import { playReference } from '../gate/replay.js';
import { generateProcedural } from '../procedural.js';

const FAMILY = 'dialogue_clarification';
const SEEDS = Array.from({ length: 15 }, (_, i) => i + 1);
// App. D targets: [min, max] reference steps and services per difficulty
const STEPS: Record<Difficulty, [number, number]> = { easy: [4, 7], medium: [8, 12], hard: [12, 20] };
const SERVICES: Record<Difficulty, [number, number]> = { easy: [2, 3], medium: [3, 3], hard: [4, 5] };

const gen = (difficulty: Difficulty, seed: number) =>
  generateProcedural({ family: FAMILY, id: `${FAMILY}_${difficulty}_${seed}`, seed, difficulty, mockToday: seed % 2 ? '2026-03-10' : '2025-12-31T15:30:00Z' }) as Required<TaskSpecInput>;

type Row = Record<string, unknown>;
type Ev = { event_id: string; title: string; start_time: string; attendees: string[] };
const rows = (spec: ReturnType<typeof gen>, service: string, collection: string) => (spec.fixtures?.[service]?.[collection] ?? []) as Row[];

describe(FAMILY, () => {
  for (const difficulty of ['easy', 'medium', 'hard'] as const) {
    it(`${difficulty}: passes all 10 gate steps (user replay included) with mutation kill rate 1 on ${SEEDS.length} seeds`, async () => {
      for (const seed of SEEDS) {
        const spec = gen(difficulty, seed);
        const r = await runGate({ raw: spec });
        assert.equal(r.steps.length, 10, `seed ${seed}: ${JSON.stringify(r.diagnostics.slice(0, 3))}`);
        assert.ok(r.ok, `seed ${seed}: ${JSON.stringify(r.diagnostics.slice(0, 3))}`);
        assert.equal((r.steps[8]?.stats as { kill_rate: number }).kill_rate, 1);
        const [lo, hi] = STEPS[difficulty];
        assert.ok(spec.reference.length >= lo && spec.reference.length <= hi, `seed ${seed}: ${spec.reference.length} steps`);
        const [slo, shi] = SERVICES[difficulty];
        assert.ok(spec.services.length >= slo && spec.services.length <= shi, `seed ${seed}: ${spec.services.length} services`);
      }
    });

    it(`${difficulty}: deterministic, seed-sensitive`, () => {
      for (const seed of SEEDS.slice(0, 5)) assert.equal(canonicalJson(gen(difficulty, seed)), canonicalJson(gen(difficulty, seed)));
      assert.equal(new Set(SEEDS.map((s) => canonicalJson({ ...gen(difficulty, s), id: 'x', mock_today: 'x' }))).size, SEEDS.length);
    });

    it(`${difficulty}: the request omits what only the user knows; the reference asks first`, () => {
      for (const seed of SEEDS) {
        const spec = gen(difficulty, seed);
        const events = rows(spec, 'calendar', 'events') as Ev[];
        const target = events.find((e) => e.event_id === spec.answer_ids[0]) as Ev;
        const moved = spec.checks?.find((c) => c.id === 'meeting_recreated') as unknown as { where: { start_time: { regex: string } } };
        const newTime = /T(\d{2}:\d{2})/.exec(moved.where.start_time.regex)?.[1] as string;
        assert.ok(!spec.request.includes(target.title) && !spec.request.includes(newTime), `seed ${seed}: ${spec.request}`);
        // the user's answer carries both, and only an asks_about signal releases it
        const signals = spec.user?.signals ?? [];
        const answer = signals.find((s) => 'asks_about' in s.trigger);
        assert.ok(answer?.effect.say?.includes(target.title) && answer.effect.say.includes(newTime));
        assert.deepEqual(signals.find((s) => 'claims_done' in s.trigger)?.effect.end, true);
        assert.equal(spec.user?.end, 'claims_done');
        const ask = spec.reference.findIndex((s) => 'ask' in s);
        const firstMutation = spec.reference.findIndex((s) => 'call' in s && resolveTool(s.call)?.tool.mutates);
        assert.ok(ask >= 0 && ask < firstMutation);
        assert.ok(spec.checks?.some((c) => c.kind === 'asked_user' && c.topics?.length));
      }
    });

    it(`${difficulty}: distractor meetings look like the target but are forbidden to delete`, () => {
      for (const seed of SEEDS) {
        const spec = gen(difficulty, seed);
        const events = rows(spec, 'calendar', 'events') as Ev[];
        const target = events.find((e) => e.event_id === spec.answer_ids[0]) as Ev;
        const person = spec.answer_ids[1] as string;
        const banned = (spec.forbidden?.actions?.[0]?.where as { event_id: { in: string[] } }).event_id.in;
        assert.deepEqual([...banned].sort(), events.filter((e) => e !== target).map((e) => e.event_id).sort());
        // another upcoming meeting with the same person
        assert.ok(events.some((e) => e !== target && e.attendees.includes(person) && e.start_time > spec.mock_today));
        if (difficulty !== 'easy') {
          // a colleague with the same first name, in another department, has a meeting of the same title
          const contacts = rows(spec, 'contacts', 'contacts');
          const me = contacts.find((c) => c.email === person) as Row;
          const twin = contacts.find((c) => c !== me && String(c.name).split(' ')[0] === String(me.name).split(' ')[0]) as Row;
          assert.notEqual(twin.department, me.department);
          assert.ok(events.some((e) => e.title === target.title && e.attendees.includes(twin.email as string)));
        }
        if (difficulty === 'hard') {
          // last week's occurrence is past; only the upcoming one can be moved
          const past = events.filter((e) => e.title === target.title && e.attendees.includes(person) && e.start_time < spec.mock_today);
          assert.equal(past.length, 1);
          assert.ok(target.start_time > spec.mock_today);
          const tasks = rows(spec, 'todo', 'tasks');
          assert.equal(tasks.filter((t) => String(t.title).includes(target.title)).length, 2);
        }
      }
    });
  }

  it('the scripted user answers the question and ends the conversation after the final answer', async () => {
    const spec = TaskSpec.parse(gen('hard', 3));
    const { trajectory, user } = await playReference(spec);
    assert.deepEqual(user?.fired(), ['which_and_when', 'wrap_up']);
    const end = trajectory.events.at(-1) as { type: string; reason: string };
    assert.equal(end.type, 'episode_end');
    assert.equal(end.reason, 'user_done');
    assert.equal(trajectory.grade?.score, 1);
    assert.equal(spec.family, 'dialogue');
  });
});
