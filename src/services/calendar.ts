import { z } from 'zod';
import { matchKey, textKey } from '../schema/canonical-values.js';
import { ToolError } from './tool-error.js';
import { defineTool, type Rec, type ServiceDef } from './types.js';
import { dateOf, defined, IdArg, kindArg, kinded, mirrorList } from './util.js';

const DAY_MS = 86_400_000;
const ISO_DATE_TIME = z.iso.datetime({ offset: true, local: true });
const YMD = z.iso.date();

// a time without an offset is read as UTC so results never depend on the host time zone
function isoMs(s: string): number {
  if (!ISO_DATE_TIME.safeParse(s).success) return Number.NaN;
  return Date.parse(/(?:Z|[+-]\d{2}:\d{2})$/i.test(s) ? s : `${s}Z`);
}

function addDays(ymd: string, days: number): string {
  return new Date(Date.parse(ymd) + days * DAY_MS).toISOString().slice(0, 10);
}

const IsoTime = ISO_DATE_TIME.describe('ISO 8601 date-time, e.g. 2026-03-10T09:00:00Z');

const Event = z.strictObject({
  event_id: kinded('id', z.string().min(1).describe('event id, e.g. evt_001')),
  title: z.string().describe('event title'),
  start_time: IsoTime.describe('ISO 8601 start time'),
  end_time: IsoTime.describe('ISO 8601 end time'),
  attendees: kinded('party', z.array(z.string()).default([]).describe('attendee names or email addresses')),
  location: z.string().default('').describe('room or place'),
  description: z.string().optional().describe('agenda or notes'),
  organizer: kinded('party', z.string().optional().describe('who organised the event')),
  recurring: z.boolean().default(false).describe('whether the event repeats'),
});

// events sorted by start instant (ties keep fixture order)
function byStart(events: readonly Rec[]): Rec[] {
  return events
    .map((e, i) => ({ e, i, ms: isoMs(String(e.start_time)) }))
    .sort((a, b) => a.ms - b.ms || a.i - b.i)
    .map((x) => x.e);
}

// the calendar day as written in the event's own start_time
const dayOf = (e: Rec) => dateOf(String(e.start_time));

export const calendar: ServiceDef = {
  name: 'calendar',
  description: "Calendar: list, read, create and delete events, and look up a person's events on a day.",
  collections: {
    events: {
      description: 'calendar events',
      id: 'event_id',
      label: 'Event',
      newId: ['evt_', 3],
      record: Event,
    },
  },
  audit: {
    created_events: mirrorList('full event after each calendar_create_event', Event),
    deleted: mirrorList('the removed event of each calendar_delete_event', Event),
  },
  tools: [
    defineTool({
      name: 'calendar_list_events',
      description:
        'List events sorted by start time: those starting on date and the following days-1 days (default: today only), ' +
        'or, instead of date/days, those starting between start_date and end_date inclusive (either bound may be left open).',
      params: z.strictObject({
        date: YMD.optional().describe('first day, YYYY-MM-DD (default today)'),
        days: z.number().int().min(1).max(366).default(1).describe('number of days from date'),
        start_date: YMD.optional().describe('range start, YYYY-MM-DD (inclusive)'),
        end_date: YMD.optional().describe('range end, YYYY-MM-DD (inclusive)'),
      }),
      mutates: false,
      handler(ctx, a) {
        const ranged = a.start_date !== undefined || a.end_date !== undefined;
        if (ranged && a.date !== undefined) {
          throw new ToolError('invalid_argument', 'give either date (with days) or start_date/end_date, not both');
        }
        if (a.start_date !== undefined && a.end_date !== undefined && a.end_date < a.start_date) {
          throw new ToolError('invalid_argument', `end_date ${a.end_date} is before start_date ${a.start_date}`);
        }
        let from: string | undefined;
        let to: string | undefined;
        if (ranged) {
          from = a.start_date;
          to = a.end_date;
        } else {
          from = a.date ?? ctx.today();
          to = addDays(from, a.days - 1);
        }
        const events = byStart(
          ctx
            .list('events')
            .filter((e) => (from === undefined || dayOf(e) >= from) && (to === undefined || dayOf(e) <= to)),
        );
        return { events, total: events.length };
      },
    }),
    defineTool({
      name: 'calendar_get_event',
      description: 'Get one event with all its fields.',
      params: z.strictObject({ event_id: IdArg }),
      mutates: false,
      handler: (ctx, a) => ctx.get('events', a.event_id),
    }),
    defineTool({
      name: 'calendar_create_event',
      description: 'Create an event. Times are ISO 8601 date-times; end_time must be after start_time.',
      params: z.strictObject({
        title: z.string().min(1),
        start_time: IsoTime,
        end_time: IsoTime,
        attendees: z.array(kindArg('party')).default([]).describe('attendee names or email addresses'),
        location: z.string().default(''),
        description: z.string().optional(),
      }),
      mutates: true,
      handler(ctx, a) {
        if (isoMs(a.end_time) <= isoMs(a.start_time)) {
          throw new ToolError('invalid_argument', `end_time ${a.end_time} must be after start_time ${a.start_time}`);
        }
        const event = ctx.insert('events', { event_id: ctx.nextId('events'), ...defined(a), recurring: false });
        ctx.record('created_events', event);
        return { status: 'created', event };
      },
    }),
    defineTool({
      name: 'calendar_get_user_events',
      description:
        'Events on a day whose attendees include the user (case-insensitive; a part of a name or address matches).',
      params: z.strictObject({
        user: z.string().min(1).describe('name or email address (or part of one)'),
        date: YMD.describe('YYYY-MM-DD'),
      }),
      mutates: false,
      handler(ctx, a) {
        // attendees compare by their canonical form, so "Dana.Lee@ACME.example." finds dana.lee@acme.example
        const who = matchKey('party', a.user);
        const part = textKey(a.user);
        const found = (p: string) => matchKey('party', p).includes(who) || textKey(p).includes(part);
        const events = byStart(
          ctx.list('events').filter((e) => dayOf(e) === a.date && (e.attendees as readonly string[]).some(found)),
        );
        return { events, total: events.length, user: a.user };
      },
    }),
    defineTool({
      name: 'calendar_delete_event',
      description: 'Delete an event.',
      params: z.strictObject({ event_id: IdArg }),
      mutates: true,
      handler(ctx, a) {
        ctx.get('events', a.event_id);
        const event = ctx.remove('events', a.event_id);
        ctx.record('deleted', event);
        return { status: 'deleted', event };
      },
    }),
  ],
};
