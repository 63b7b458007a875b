import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEpisode } from '../env/episode.js';
import { makeSpec } from '../schema/testing.js';

const spec = makeSpec({
  services: ['notes'],
  fixtures: {
    notes: {
      notes: [
        {
          note_id: 'note_001',
          title: 'Q1 planning',
          content: 'Agreed on three goals.',
          created_at: '2026-03-02T10:00:00Z',
          participants: ['Alice', 'Bob'],
          duration_minutes: 45,
          tags: ['Planning'],
        },
        { note_id: 'note_002', title: 'Vendor sync', content: 'Pricing discussion.', tags: ['vendor', 'planning'] },
        { note_id: 'note_003', title: 'Retro', content: 'What went well.' },
      ],
    },
  },
});
const ep = () => createEpisode(spec, { seed: 1 });
const body = (content: string) => JSON.parse(content);
const ids = (content: string) => (body(content).notes as { note_id: string }[]).map((n) => n.note_id);

describe('notes', () => {
  it('lists notes in order as summaries without content', () => {
    const e = ep();
    const r = body(e.call('notes_list', {}).content);
    assert.equal(r.total, 3);
    assert.deepEqual(r.notes[0], {
      note_id: 'note_001',
      title: 'Q1 planning',
      created_at: '2026-03-02T10:00:00Z',
      participants: ['Alice', 'Bob'],
      duration_minutes: 45,
      tags: ['Planning'],
    });
    assert.deepEqual(r.notes[2], { note_id: 'note_003', title: 'Retro', participants: [], tags: [] });
  });

  it('filters by tag case-insensitively and truncates to max_results', () => {
    const e = ep();
    assert.deepEqual(ids(e.call('notes_list', { tag: 'planning' }).content), ['note_001', 'note_002']);
    assert.deepEqual(ids(e.call('notes_list', { tag: 'VENDOR' }).content), ['note_002']);
    assert.deepEqual(ids(e.call('notes_list', { tag: 'plan' }).content), []);
    const one = body(e.call('notes_list', { max_results: 1 }).content);
    assert.deepEqual(
      one.notes.map((n: { note_id: string }) => n.note_id),
      ['note_001'],
    );
    assert.equal(one.total, 1);
  });

  it('rejects bad list arguments', () => {
    const e = ep();
    assert.equal(e.call('notes_list', { max_results: 0 }).error?.code, 'invalid_argument');
    assert.equal(e.call('notes_list', { max_results: 501 }).error?.code, 'invalid_argument');
    assert.equal(e.call('notes_list', { tag: ['planning'] }).error?.code, 'invalid_argument');
    assert.match(e.call('notes_list', { days_back: 7 }).error?.message ?? '', /unknown field/);
  });

  it('gets a note with content; a missing one is not_found', () => {
    const e = ep();
    assert.equal(body(e.call('notes_get', { note_id: 'note_002' }).content).content, 'Pricing discussion.');
    const r = e.call('notes_get', { note_id: 'note_404' });
    assert.equal(r.error?.code, 'not_found');
    assert.equal(r.error?.message, 'Note note_404 not found');
    assert.match(e.call('notes_get', {}).error?.message ?? '', /note_id/);
    assert.match(e.call('notes_get', { id: 'note_001' }).error?.message ?? '', /unknown field/);
  });

  it('shares an existing note and audits it', () => {
    const e = ep();
    const r = e.call('notes_share', { note_id: 'note_001', recipients: ['alice@corp.com', 'Bob'] });
    const expected = {
      note_id: 'note_001',
      title: 'Q1 planning',
      recipients: ['alice@corp.com', 'Bob'],
      timestamp: '2026-03-10T09:00:00.000Z',
      seq: r.seq,
    };
    assert.deepEqual(body(r.content), { status: 'shared', share: expected });
    assert.deepEqual({ ...e.audit().records.notes?.shared?.[0] }, expected);
  });

  it('refuses to share unknown notes or with bad recipients and audits nothing', () => {
    const e = ep();
    const r = e.call('notes_share', { note_id: 'note_404', recipients: ['a@b.com'] });
    assert.equal(r.error?.code, 'not_found');
    assert.equal(r.error?.message, 'Note note_404 not found');
    assert.match(e.call('notes_share', { note_id: 'note_001', recipients: [] }).error?.message ?? '', /recipients/);
    assert.equal(e.call('notes_share', { note_id: 'note_001', recipients: 'a@b.com' }).error?.code, 'invalid_argument');
    assert.match(e.call('notes_share', { note_id: 'note_001' }).error?.message ?? '', /recipients/);
    assert.match(
      e.call('notes_share', { note_id: 'note_001', recipients: ['a@b.com'], message: 'fyi' }).error?.message ?? '',
      /unknown field/,
    );
    assert.equal(e.audit().records.notes?.shared?.length, 0);
  });

  it('rejects fixtures without content', () => {
    const bad = makeSpec({ services: ['notes'], fixtures: { notes: { notes: [{ note_id: 'n', title: 't' }] } } });
    assert.throws(() => createEpisode(bad), /content/);
  });
});
