import { z } from 'zod';
import { defineTool, type ServiceDef } from './types.js';
import { IdArg, kindArg, kinded, pick } from './util.js';

const Note = z.strictObject({
  note_id: kinded('id', z.string().min(1).describe('note id, e.g. note_001')),
  title: z.string().describe('note title'),
  content: z.string().describe('full note text (e.g. meeting minutes)'),
  created_at: z.string().optional().describe('ISO time the note was written'),
  participants: kinded('party', z.array(z.string()).default([]).describe('people present at the meeting')),
  duration_minutes: z.number().min(0).optional().describe('meeting length in minutes'),
  tags: z.array(z.string()).default([]).describe('free labels'),
});

const SUMMARY = ['note_id', 'title', 'created_at', 'participants', 'duration_minutes', 'tags'] as const;

export const notes: ServiceDef = {
  name: 'notes',
  description: 'Meeting notes: list and read notes, and share a note with people.',
  collections: {
    notes: { description: 'meeting notes', id: 'note_id', label: 'Note', record: Note },
  },
  audit: {
    shared: {
      description: 'each notes_share',
      fields: { note_id: 'shared note id', title: 'title of the shared note', recipients: 'who it was shared with' },
      kinds: { note_id: 'id', recipients: 'party' },
    },
  },
  tools: [
    defineTool({
      name: 'notes_list',
      description: 'List notes (summary fields, no content), optionally only those with a tag.',
      params: z.strictObject({
        max_results: z.number().int().min(1).max(500).default(10),
        tag: z.string().min(1).optional().describe('only notes with this tag (case-insensitive)'),
      }),
      mutates: false,
      handler(ctx, a) {
        const tag = a.tag?.toLowerCase();
        const found = ctx
          .list('notes')
          .filter((n) => tag === undefined || (n.tags as readonly string[]).some((t) => t.toLowerCase() === tag))
          .slice(0, a.max_results)
          .map((n) => pick(n, SUMMARY));
        return { notes: found, total: found.length };
      },
    }),
    defineTool({
      name: 'notes_get',
      description: 'Get one note with its full content.',
      params: z.strictObject({ note_id: IdArg }),
      mutates: false,
      handler: (ctx, a) => ctx.get('notes', a.note_id),
    }),
    defineTool({
      name: 'notes_share',
      description: 'Share a note with one or more recipients (names or email addresses).',
      params: z.strictObject({
        note_id: IdArg,
        recipients: z.array(kindArg('party')).min(1).describe('names or email addresses'),
      }),
      mutates: true,
      handler(ctx, a) {
        const note = ctx.get('notes', a.note_id);
        const share = ctx.record('shared', { note_id: a.note_id, title: note.title, recipients: a.recipients });
        return { status: 'shared', share };
      },
    }),
  ],
};
