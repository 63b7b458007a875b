import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import { DIFFICULTIES } from '../../schema/taxonomy.js';
import { at } from '../kit/dates.js';
import { firstSlot } from './meeting-scheduling.js';
import type { Ev } from './meeting-scheduling-slots.js';
import { beforeSay, presetContract, presetHarness, gradeSteps } from './testing.js';

const FAMILY = 'meeting_scheduling';
// two clocks: a Tuesday morning (odd seeds) and a New Year's Eve afternoon (even seeds; weekends and a year boundary ahead)
const h = presetHarness(FAMILY, 15, ['2025-12-31T15:30:00Z', '2026-03-10']);

/** the raw spec, its optional sections present */
type Spec = Required<TaskSpecInput>;
type Row = Record<string, unknown>;
const rows = (spec: Spec, service: string, collection: string) =>
  (spec.fixtures?.[service]?.[collection] ?? []) as Row[];
const minuteOf = (iso: string) => Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16));

/** the slot the checks demand: day and minute of the created event */
function demanded(spec: Spec): { day: string; min: number; end: number } {
  const c = spec.checks?.find((x) => x.id === 'event_at_first_free_slot') as unknown as {
    where: { start_time: { regex: string }; end_time: { regex: string } };
  };
  const m = /^\^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(c.where.start_time.regex) as RegExpExecArray;
  const e = /T(\d{2}):(\d{2})/.exec(c.where.end_time.regex) as RegExpExecArray;
  return { day: m[1] as string, min: Number(m[2]) * 60 + Number(m[3]), end: Number(e[1]) * 60 + Number(e[2]) };
}

describe(FAMILY, () => {
  presetContract(h);

  for (const difficulty of ['easy', 'medium', 'hard'] as const) {
    it(`${difficulty}: the checked slot is the first common free one, and each distractor would move it`, () => {
      for (const seed of h.seeds) {
        const spec = h.gen(difficulty, seed) as Spec;
        const events = rows(spec, 'calendar', 'events') as unknown as Ev[];
        const emails = spec.answer_ids.filter((a) => a.includes('@'));
        const slot = demanded(spec);
        const days = [...new Set(events.map((e) => e.start_time.slice(0, 10)))]
          .filter((d) => d <= slot.day && d > spec.mock_today.slice(0, 10))
          .sort();
        assert.deepEqual(
          firstSlot(events, emails, days, slot.end - slot.min),
          { day: slot.day, min: slot.min },
          `seed ${seed}`,
        );
        // meetings fall on working days
        assert.ok(![0, 6].includes(new Date(`${slot.day}T12:00:00Z`).getUTCDay()));
        // a same-named colleague in another department is busy exactly then; checking them instead moves the slot
        const contacts = rows(spec, 'contacts', 'contacts');
        const twin = contacts.find(
          (c) => !emails.includes(c.email as string) && contacts.some((o) => o !== c && o.name === c.name),
        ) as Row;
        const target = contacts.find((c) => c !== twin && c.name === twin.name) as Row;
        assert.notEqual(twin.department, target.department);
        assert.ok(!spec.request.includes(twin.department as string));
        assert.ok(
          events.some(
            (e) =>
              e.attendees.includes(twin.email as string) &&
              e.start_time.startsWith(slot.day) &&
              minuteOf(e.start_time) === slot.min,
          ),
        );
        // every attendee's calendar decides: without any one of them the meeting fits earlier (review 56)
        for (const a of emails) {
          const without = firstSlot(
            events,
            emails.filter((x) => x !== a),
            days,
            slot.end - slot.min,
          );
          assert.ok(
            without && (without.day < slot.day || without.min < slot.min),
            `seed ${seed}: ${a} decides nothing`,
          );
        }
        const swapped = emails.map((e) => (e === target.email ? (twin.email as string) : e));
        assert.notDeepEqual(firstSlot(events, swapped, days, slot.end - slot.min), { day: slot.day, min: slot.min });
        assert.ok(JSON.stringify(spec.forbidden?.actions).includes(twin.email as string));
        if (difficulty !== 'easy') {
          // a cancelled event sits in the slot: counting it as busy moves the slot too
          const cancelled = events.find((e) => /^Cancelled/.test(e.title)) as Ev;
          assert.ok(cancelled.attendees.some((a) => emails.includes(a)) && minuteOf(cancelled.start_time) === slot.min);
          const counted = events.map((e) => ({ ...e, title: e.title.replace(/^Cancelled: /, '') }));
          assert.notDeepEqual(firstSlot(counted, emails, days, slot.end - slot.min), { day: slot.day, min: slot.min });
        }
        if (difficulty === 'hard') {
          // the first working day has no common slot; the agenda must come from the recent note only
          assert.equal(days.length, 2);
          assert.equal(firstSlot(events, emails, days.slice(0, 1), slot.end - slot.min), undefined);
          const notes = rows(spec, 'notes', 'notes');
          const week = Date.parse(spec.mock_today) - 7 * 86_400_000;
          const current = notes.find((n) => n.note_id === spec.answer_ids.at(-1)) as Row;
          const stale = notes.find((n) => n !== current && n.title === current.title) as Row;
          assert.ok(Date.parse(current.created_at as string) >= week && Date.parse(stale.created_at as string) < week);
        }
      }
    });
  }

  it('the reply and the invite mail give the time however it is written: 14:30 as "2:30pm", 11:00 as "11am" (review 50)', async () => {
    // (on the hour without its minutes: "11am" is 11:00)
    const twelve = (text: string) =>
      text.replace(/\b(\d\d):(\d\d)\b/g, (_, hh: string, mm: string) => {
        const h12 = Number(hh) % 12 || 12;
        return `${h12}${mm === '00' ? '' : `:${mm}`}${Number(hh) < 12 ? 'am' : 'pm'}`;
      });
    for (const seed of h.seeds.slice(0, 4)) {
      const spec = h.parsed('medium', seed);
      const rewritten = spec.reference.map((s) =>
        'say' in s
          ? { say: twelve(s.say) }
          : 'args' in s && typeof s.args.body === 'string'
            ? { ...s, args: { ...s.args, body: twelve(s.args.body) } }
            : s,
      );
      const g = await gradeSteps(spec, rewritten);
      assert.ok(g.passed, `${spec.id}: ${JSON.stringify(g.checks.filter((c) => c.score !== 1).map((c) => c.id))}`);
      assert.equal(g.checks.find((c) => c.id === 'reported')?.score, 1, spec.id);
    }
  });

  it('states the rule the checks apply: start from 09:00, end by 17:00 UTC, one event', () => {
    for (const difficulty of DIFFICULTIES) {
      const spec = h.gen(difficulty, 2);
      assert.match(spec.request, /start at 09:00 UTC or later and end by 17:00 UTC/);
      assert.match(spec.request, /Create just this one event/);
    }
  });

  it('spraying events at several times to hit the slot fails every created-event check (exclusive)', async () => {
    for (const difficulty of DIFFICULTIES) {
      for (const seed of h.seeds.slice(0, 3)) {
        const spec = h.parsed(difficulty, seed);
        const create = spec.reference.find((s) => 'call' in s && s.call === 'calendar_create_event') as {
          call: string;
          args: Record<string, string>;
        };
        const shifted = (minutes: number) => ({
          call: create.call,
          args: {
            ...create.args,
            start_time: at(create.args.start_time as string, { minutes }),
            end_time: at(create.args.end_time as string, { minutes }),
          },
        });
        const g = await gradeSteps(spec, beforeSay(spec, shifted(-60), shifted(30)));
        // the checks on the time (the agenda check reads only the description, which the sprayed copies share)
        const created = g.checks.filter((c) =>
          spec.checks.some(
            (k) =>
              k.id === c.id && k.kind === 'audit_present' && k.record === 'created_events' && 'start_time' in k.where,
          ),
        );
        assert.ok(created.length >= 2);
        for (const c of created) assert.equal(c.score, 0, `seed ${seed} ${c.id}`);
        assert.equal(g.passed, false, `${difficulty} seed ${seed}: score ${g.score}`);
        // the offending events are the evidence
        assert.equal((created[0]?.evidence[0] as { non_matching: number }).non_matching, 2);
      }
    }
  });

  it('invites by address: answer ids stay out of the request, the same-named colleague is never accepted', () => {
    const spec = h.gen('medium', 4) as Spec;
    for (const id of spec.answer_ids) assert.ok(!spec.request.toLowerCase().includes(id.toLowerCase()));
    assert.deepEqual(spec.forbidden?.tools, ['calendar_delete_event']);
    assert.ok(spec.checks?.some((c) => c.kind === 'audit_present' && c.record === 'sent_messages'));
  });
});
