import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveTool } from '../../services/registry.js';
import { TaskSpec, type TaskSpecInput } from '../../schema/task-spec.js';
import { playReference } from '../../validate/replay.js';
import { presetContract, presetHarness, stateAfterUndo } from './testing.js';

const FAMILY = 'dialogue_clarification';
// odd seeds on 2026-03-10, even ones on New Year's Eve
const h = presetHarness(FAMILY, 15, ['2025-12-31T15:30:00Z', '2026-03-10']);

/** the raw spec, its optional sections present */
type Spec = Required<TaskSpecInput>;
type Row = Record<string, unknown>;
type Ev = { event_id: string; title: string; start_time: string; attendees: string[] };
const rows = (spec: Spec, service: string, collection: string) =>
  (spec.fixtures?.[service]?.[collection] ?? []) as Row[];

describe(FAMILY, () => {
  // below the band by the step the final answer takes
  presetContract(h, { steps: { medium: [6, 6], hard: [10, 10] } });

  for (const difficulty of ['easy', 'medium', 'hard'] as const) {
    it(`${difficulty}: the request omits what only the user knows; the reference asks first`, () => {
      for (const seed of h.seeds) {
        const spec = h.gen(difficulty, seed) as Spec;
        const events = rows(spec, 'calendar', 'events') as Ev[];
        const target = events.find((e) => e.event_id === spec.answer_ids[0]) as Ev;
        const moved = spec.checks?.find((c) => c.id === 'meeting_recreated') as unknown as {
          where: { start_time: { regex: string } };
        };
        const newTime = /T(\d{2}:\d{2})/.exec(moved.where.start_time.regex)?.[1] as string;
        assert.ok(
          !spec.request.includes(target.title) && !spec.request.includes(newTime),
          `seed ${seed}: ${spec.request}`,
        );
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
      for (const seed of h.seeds) {
        const spec = h.gen(difficulty, seed) as Spec;
        const events = rows(spec, 'calendar', 'events') as Ev[];
        const target = events.find((e) => e.event_id === spec.answer_ids[0]) as Ev;
        const person = spec.answer_ids[1] as string;
        const banned = (spec.forbidden?.actions?.[0]?.where as { event_id: { in: string[] } }).event_id.in;
        assert.deepEqual(
          [...banned].sort(),
          events
            .filter((e) => e !== target)
            .map((e) => e.event_id)
            .sort(),
        );
        // another upcoming meeting with the same person
        assert.ok(events.some((e) => e !== target && e.attendees.includes(person) && e.start_time > spec.mock_today));
        if (difficulty !== 'easy') {
          // a colleague with the same first name, in another department, has a meeting of the same title
          const contacts = rows(spec, 'contacts', 'contacts');
          const me = contacts.find((c) => c.email === person) as Row;
          const twin = contacts.find(
            (c) => c !== me && String(c.name).split(' ')[0] === String(me.name).split(' ')[0],
          ) as Row;
          assert.notEqual(twin.department, me.department);
          assert.ok(events.some((e) => e.title === target.title && e.attendees.includes(twin.email as string)));
        }
        if (difficulty === 'hard') {
          // last week's occurrence is past; only the upcoming one can be moved
          const past = events.filter(
            (e) => e.title === target.title && e.attendees.includes(person) && e.start_time < spec.mock_today,
          );
          assert.equal(past.length, 1);
          assert.ok(target.start_time > spec.mock_today);
          const tasks = rows(spec, 'todo', 'tasks');
          assert.equal(tasks.filter((t) => String(t.title).includes(target.title)).length, 2);
        }
      }
    });
  }

  it('asked_user counts exactly the questions the scripted user answers: its topics are the trigger keywords', () => {
    for (const difficulty of ['easy', 'medium', 'hard'] as const) {
      const spec = h.gen(difficulty, 5) as Spec;
      const asked = spec.checks?.find((c) => c.kind === 'asked_user') as { topics: string[] };
      const trigger = spec.user?.signals?.find((s) => 'asks_about' in s.trigger)?.trigger as { asks_about: string[] };
      assert.deepEqual(asked.topics, trigger.asks_about);
    }
  });

  it('hard: the prep to-do is checked in its final state; moving it and moving it back fails', async () => {
    for (const seed of h.seeds.slice(0, 4)) {
      const spec = TaskSpec.parse(h.gen('hard', seed));
      const prep = rows(spec as Spec, 'todo', 'tasks').find((t) => t.task_id === spec.answer_ids[2]) as Row;
      const r = await stateAfterUndo(spec, [
        { call: 'todo_update_task', args: { task_id: prep.task_id, due_date: prep.due_date } },
      ]);
      assert.deepEqual(r.done, { prep_moved: 1 });
      assert.deepEqual(r.undone, { prep_moved: 0 }, `seed ${seed}`);
    }
  });

  it('the scripted user answers the question and ends the conversation after the final answer', async () => {
    const spec = TaskSpec.parse(h.gen('hard', 3));
    const { trajectory, user } = await playReference(spec);
    assert.deepEqual(user?.fired(), ['which_and_when', 'wrap_up']);
    const end = trajectory.events.at(-1) as { type: string; reason: string };
    assert.equal(end.type, 'episode_end');
    assert.equal(end.reason, 'user_done');
    assert.equal(trajectory.grade?.score, 1);
    assert.equal(spec.family, 'dialogue');
  });
});
