import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEpisode } from '../env/episode.js';
import { makeSpec } from '../schema/testing.js';

const spec = makeSpec({
  services: ['calendar'],
  fixtures: {
    calendar: {
      events: [
        {
          event_id: 'evt_001',
          title: 'Daily Standup',
          start_time: '2026-03-10T09:00:00Z',
          end_time: '2026-03-10T09:15:00Z',
          attendees: ['alice@corp.com', 'Bob Lee'],
          location: 'Room A',
          recurring: true,
        },
        {
          event_id: 'evt_002',
          title: 'Budget review',
          start_time: '2026-03-10T08:00:00Z',
          end_time: '2026-03-10T09:00:00Z',
          attendees: ['carol@corp.com'],
        },
        {
          event_id: 'evt_003',
          title: 'Offsite',
          start_time: '2026-03-12T10:00:00+08:00',
          end_time: '2026-03-12T17:00:00+08:00',
          attendees: ['Alice Wong'],
        },
        {
          event_id: 'evt_010',
          title: 'Kickoff',
          start_time: '2026-03-01T10:00:00',
          end_time: '2026-03-01T11:00:00',
          organizer: 'dan@corp.com',
        },
      ],
    },
  },
});
const ep = () => createEpisode(spec, { seed: 1 });
const body = (content: string) => JSON.parse(content);
const ids = (content: string) => (body(content).events as { event_id: string }[]).map((e) => e.event_id);

describe('calendar', () => {
  it("lists today's events by default, sorted by start time, with defaults applied", () => {
    const e = ep();
    const r = body(e.call('calendar_list_events', {}).content);
    assert.deepEqual(
      r.events.map((x: { event_id: string }) => x.event_id),
      ['evt_002', 'evt_001'],
    );
    assert.equal(r.total, 2);
    assert.deepEqual(r.events[0], {
      event_id: 'evt_002',
      title: 'Budget review',
      start_time: '2026-03-10T08:00:00Z',
      end_time: '2026-03-10T09:00:00Z',
      attendees: ['carol@corp.com'],
      location: '',
      recurring: false,
    });
  });

  it('lists by date and days, or by an inclusive start_date..end_date range', () => {
    const e = ep();
    assert.deepEqual(ids(e.call('calendar_list_events', { date: '2026-03-10', days: 3 }).content), [
      'evt_002',
      'evt_001',
      'evt_003',
    ]);
    assert.deepEqual(ids(e.call('calendar_list_events', { date: '2026-03-11' }).content), []);
    assert.deepEqual(
      ids(e.call('calendar_list_events', { start_date: '2026-03-11', end_date: '2026-03-12' }).content),
      ['evt_003'],
    );
    assert.deepEqual(
      ids(e.call('calendar_list_events', { start_date: '2026-03-10', end_date: '2026-03-10' }).content),
      ['evt_002', 'evt_001'],
    );
    assert.deepEqual(ids(e.call('calendar_list_events', { start_date: '2026-03-02' }).content), [
      'evt_002',
      'evt_001',
      'evt_003',
    ]);
    assert.deepEqual(ids(e.call('calendar_list_events', { end_date: '2026-03-05' }).content), ['evt_010']);
  });

  it('rejects conflicting, malformed and unknown list arguments', () => {
    const e = ep();
    const both = e.call('calendar_list_events', { date: '2026-03-10', start_date: '2026-03-10' });
    assert.equal(both.error?.code, 'invalid_argument');
    assert.match(both.error?.message ?? '', /not both/);
    assert.equal(
      e.call('calendar_list_events', { start_date: '2026-03-12', end_date: '2026-03-10' }).error?.code,
      'invalid_argument',
    );
    assert.match(e.call('calendar_list_events', { date: '2026-3-10' }).error?.message ?? '', /date/);
    assert.equal(e.call('calendar_list_events', { end_date: '2026-02-30' }).error?.code, 'invalid_argument');
    assert.equal(e.call('calendar_list_events', { days: 0 }).error?.code, 'invalid_argument');
    assert.equal(e.call('calendar_list_events', { days: 367 }).error?.code, 'invalid_argument');
    assert.match(e.call('calendar_list_events', { week: 1 }).error?.message ?? '', /unknown field/);
  });

  it('gets an event; a missing one is not_found', () => {
    const e = ep();
    assert.equal(body(e.call('calendar_get_event', { event_id: 'evt_010' }).content).organizer, 'dan@corp.com');
    const r = e.call('calendar_get_event', { event_id: 'evt_999' });
    assert.equal(r.error?.code, 'not_found');
    assert.equal(r.error?.message, 'Event evt_999 not found');
    assert.match(e.call('calendar_get_event', {}).error?.message ?? '', /event_id/);
    assert.match(e.call('calendar_get_event', { id: 'evt_001' }).error?.message ?? '', /unknown field/);
  });

  it('creates events with fresh ids and audits the full event', () => {
    const e = ep();
    const r = e.call('calendar_create_event', {
      title: 'Vendor call',
      start_time: '2026-03-11T14:00:00Z',
      end_time: '2026-03-11T14:30:00Z',
      attendees: ['bob@vendor.com'],
      description: 'pricing',
    });
    const out = body(r.content);
    assert.equal(out.status, 'created');
    const expected = {
      event_id: 'evt_011',
      title: 'Vendor call',
      start_time: '2026-03-11T14:00:00Z',
      end_time: '2026-03-11T14:30:00Z',
      attendees: ['bob@vendor.com'],
      location: '',
      description: 'pricing',
      recurring: false,
    };
    assert.deepEqual(out.event, expected);
    assert.deepEqual(
      { ...e.audit().records.calendar?.created_events?.[0] },
      { ...expected, timestamp: '2026-03-10T09:00:00.000Z', seq: r.seq },
    );
    assert.deepEqual(ids(e.call('calendar_list_events', { date: '2026-03-11' }).content), ['evt_011']);
    const second = body(
      e.call('calendar_create_event', {
        title: 'Follow-up',
        start_time: '2026-03-13T10:00',
        end_time: '2026-03-13T11:00',
        location: 'Room B',
      }).content,
    ).event;
    assert.equal(second.event_id, 'evt_012');
    assert.deepEqual(second.attendees, []);
  });

  it('rejects bad times and arguments on create and audits nothing', () => {
    const e = ep();
    const backwards = e.call('calendar_create_event', {
      title: 'x',
      start_time: '2026-03-11T10:00:00Z',
      end_time: '2026-03-11T09:00:00Z',
    });
    assert.equal(backwards.error?.code, 'invalid_argument');
    assert.match(backwards.error?.message ?? '', /after start_time/);
    assert.equal(
      e.call('calendar_create_event', {
        title: 'x',
        start_time: '2026-03-11T10:00:00Z',
        end_time: '2026-03-11T10:00:00Z',
      }).error?.code,
      'invalid_argument',
    );
    assert.match(
      e.call('calendar_create_event', { title: 'x', start_time: 'tomorrow 3pm', end_time: '2026-03-11T10:00:00Z' })
        .error?.message ?? '',
      /start_time/,
    );
    assert.match(
      e.call('calendar_create_event', { start_time: '2026-03-11T10:00:00Z', end_time: '2026-03-11T11:00:00Z' }).error
        ?.message ?? '',
      /title/,
    );
    assert.equal(
      e.call('calendar_create_event', {
        title: 'x',
        start_time: '2026-03-11T10:00:00Z',
        end_time: '2026-03-11T11:00:00Z',
        attendees: 'bob',
      }).error?.code,
      'invalid_argument',
    );
    assert.match(
      e.call('calendar_create_event', {
        title: 'x',
        start_time: '2026-03-11T10:00:00Z',
        end_time: '2026-03-11T11:00:00Z',
        organizer: 'me',
      }).error?.message ?? '',
      /unknown field/,
    );
    assert.equal(e.audit().records.calendar?.created_events?.length, 0);
  });

  it("finds a user's events on a day by case-insensitive exact or partial attendee match", () => {
    const e = ep();
    const r = body(e.call('calendar_get_user_events', { user: 'alice@corp.com', date: '2026-03-10' }).content);
    assert.deepEqual(
      r.events.map((x: { event_id: string }) => x.event_id),
      ['evt_001'],
    );
    assert.equal(r.total, 1);
    assert.equal(r.user, 'alice@corp.com');
    assert.deepEqual(ids(e.call('calendar_get_user_events', { user: 'ALICE', date: '2026-03-12' }).content), [
      'evt_003',
    ]);
    assert.deepEqual(ids(e.call('calendar_get_user_events', { user: 'bob lee', date: '2026-03-10' }).content), [
      'evt_001',
    ]);
    assert.deepEqual(ids(e.call('calendar_get_user_events', { user: 'corp.com', date: '2026-03-10' }).content), [
      'evt_002',
      'evt_001',
    ]);
    assert.equal(body(e.call('calendar_get_user_events', { user: 'zed', date: '2026-03-10' }).content).total, 0);
    assert.match(e.call('calendar_get_user_events', { user: 'alice' }).error?.message ?? '', /date/);
    assert.equal(e.call('calendar_get_user_events', { user: 'alice', date: 'today' }).error?.code, 'invalid_argument');
    assert.match(
      e.call('calendar_get_user_events', { user: 'alice', date: '2026-03-10', days: 2 }).error?.message ?? '',
      /unknown field/,
    );
  });

  it('deletes an event, audits it and never reuses its id', () => {
    const e = ep();
    const r = e.call('calendar_delete_event', { event_id: 'evt_010' });
    const out = body(r.content);
    assert.equal(out.status, 'deleted');
    assert.equal(out.event.title, 'Kickoff');
    const audited = e.audit().records.calendar?.deleted ?? [];
    assert.equal(audited.length, 1);
    assert.equal(audited[0]?.event_id, 'evt_010');
    assert.equal(audited[0]?.organizer, 'dan@corp.com');
    assert.equal(audited[0]?.seq, r.seq);
    assert.equal(e.call('calendar_get_event', { event_id: 'evt_010' }).error?.code, 'not_found');
    assert.equal(e.call('calendar_delete_event', { event_id: 'evt_010' }).error?.code, 'not_found');
    assert.equal(e.call('calendar_delete_event', {}).error?.code, 'invalid_argument');
    assert.equal(e.call('calendar_delete_event', { event_id: 10 }).error?.code, 'invalid_argument');
    const created = body(
      e.call('calendar_create_event', {
        title: 'New',
        start_time: '2026-03-11T10:00:00Z',
        end_time: '2026-03-11T11:00:00Z',
      }).content,
    ).event;
    assert.equal(created.event_id, 'evt_011');
    assert.equal(e.audit().records.calendar?.deleted?.length, 1);
  });

  it('rejects fixtures with non-ISO times', () => {
    const bad = makeSpec({
      services: ['calendar'],
      fixtures: {
        calendar: { events: [{ event_id: 'e', title: 't', start_time: '10am', end_time: '2026-03-10T11:00:00Z' }] },
      },
    });
    assert.throws(() => createEpisode(bad), /start_time/);
  });
});
