import type { Rng } from '../../env/rng.js';
import { capitalise, slug } from '../kit/text.js';
import { inwardOf } from './audience.js';
import { each, fileProof, lines, listPage, refuse, stem } from './aggregates.js';
import { pairedLine } from './list-lines.js';
import type { AggregatePart, DraftOf } from './parts.js';
import { citeOf, citeWord } from './parts.js';
import type { SourceName } from './sources/index.js';

// getting free places ready (a ward's bed allocation, an exam hall's access seats, a desk plan's set-ups, a
// warehouse's put-away) as a coordinator does it: one sheet, one note to the team or one to-do that lists the places,
// never a to-do per place. Each is the section's whole work (`work`), so a task takes it only without an action of
// its own and is filed under the record type's allocation act (acts-places.ts).

/** The work the allocation deliverables are: acts-places.ts files its sections under it. */
export const PLACE_ALLOCATION = 'place_allocation';

const ALLOCATION = new Set(['allocation_sheet', 'allocation_notice', 'allocation_todo']);
/** The work a deliverable is, where it is a section's whole job (acts-places.ts files its sections under it). */
export const workOf = (a: { name: string } | undefined): string | undefined =>
  a && ALLOCATION.has(a.name) ? PLACE_ALLOCATION : undefined;
/** Whether a deliverable is a section's whole work: only a task with no action of its own takes it. */
export const isWork = (a: { name: string }): boolean => workOf(a) !== undefined;

/**
 * A draft's action and deliverable, or no action and the section's whole work instead where the record type has such
 * work: as often as each of its actions is drawn (a draw only for those record types, so every other draft's stream
 * stays as it was).
 */
export function withWork<X, A extends { name: string }>(
  rng: Rng,
  actions: number,
  aggregates: readonly A[],
  action: X,
  aggregate: A | undefined,
): [X | undefined, A | undefined] {
  const works = aggregates.filter(isWork);
  if (!works.length || rng.int(0, actions + works.length - 1) < actions) return [action, aggregate];
  return [undefined, rng.pick(works)];
}

/**
 * The deliverable of a task with an action: records worked on are the team's worklist, so an inward one stands in
 * for a public feed (audience.ts inwardOf), and a plain one for a section's own work, which summarises no other work.
 */
export function summaryOf<A extends { name: string; audience?: string }>(
  aggregates: readonly A[],
  aggregate: A | undefined,
): A | undefined {
  if (!aggregate || (aggregate.audience !== 'public' && !isWork(aggregate))) return aggregate;
  return inwardOf(aggregates, aggregate, (a) => !isWork(a));
}

// what the sheet marks each place to hold as
const HELD = 'held';
const PLACES: readonly SourceName[] = ['desk_plan', 'ward_beds', 'exam_seats', 'warehouse_bays'];

export const allocationSheet: AggregatePart<SourceName> = {
  name: 'allocation_sheet',
  service: 'workspace',
  tool: 'fs_write_table',
  sources: PLACES,
  capabilities: ['File_Management', 'Spatial_Visual_Reasoning'],
  destination: 'file path',
  unnamed: 'an allocation sheet',
  dest: (w, about) => {
    const p = `plans/${stem(w, about, ['sheet', 'plan'])}.${w.rng.pick(['csv', 'xlsx'])}`;
    return { value: p, phrase: `an allocation sheet at ${p}` };
  },
  phrases: [
    'set them out in {dest}, one row per {one} with its {id} and {name}, marked "held"',
    'write {dest} with a row for each {one} to hold: its {id}, its {name} and "held"',
  ],
  args: (sel, s, dest) => ({
    path: dest,
    columns: [citeWord(s), s.nameField.label, 'allocation'],
    rows: sel.map((rec) => [citeOf(rec, s), String(rec[s.nameField.field] ?? ''), HELD]),
  }),
  // each row as asked: the place beside its area, and marked held
  proof: (sel, ds, s, dest) => {
    const proof = fileProof(sel, ds, s, dest);
    const page = listPage(sel, ds, s, dest);
    const held = sel.map(
      (rec): DraftOf<'file_matches'> => ({
        kind: 'file_matches',
        path: dest,
        text: { regex: pairedLine(citeOf(rec, s), HELD, page) },
      }),
    );
    return { ...proof, fields: [...(proof.fields ?? []), ...held] };
  },
};

export const allocationNotice: AggregatePart<SourceName> = {
  name: 'allocation_notice',
  service: 'web',
  tool: 'send_notification',
  sources: PLACES,
  capabilities: ['Tool_Calling', 'Spatial_Visual_Reasoning'],
  destination: 'channel',
  unnamed: 'the channel I will name',
  dest: (w, about) => {
    const c = `#${about.team ?? `${slug(about.noun)}-team`}`;
    return { value: c, phrase: `the ${c} channel` };
  },
  phrases: [
    "tell the team in one notification to {dest} which ones are held, with each one's {id} and {name}",
    'post a single note to {dest} listing every {one} to hold ({id} and {name} for each)',
  ],
  args: (sel, s, dest, fact, _w, title = 'Held') => ({
    channel: dest,
    message: `${title}. Held: ${lines(sel, s).join('; ')}.${fact ? ` ${fact}` : ''}`,
  }),
  proof: (sel, ds, s, dest) => {
    const { checks, fields } = each(sel, s, 'web', 'notifications', { channel: dest }, 'message');
    return { checks: [...checks, ...refuse(ds, s, 'web', 'notifications', 'message')], fields, forbid: [] };
  },
};

export const allocationTodo: AggregatePart<SourceName> = {
  name: 'allocation_todo',
  service: 'todo',
  tool: 'todo_create_task',
  sources: PLACES,
  capabilities: ['Tool_Calling', 'Spatial_Visual_Reasoning'],
  destination: 'title',
  unnamed: 'one to-do',
  dest: (_w, about) => {
    const t = about.purpose ? `${about.purpose}: ${about.noun} to hold` : `${capitalise(about.noun)} to hold`;
    return { value: t, phrase: `one to-do titled "${t}"` };
  },
  phrases: [
    'add {dest} to my list whose description names each {one} by its {id} and {name}',
    'put {dest} on my to-do list, listing every {one} ({id} and {name}) in its description',
  ],
  args: (sel, s, dest) => ({ title: dest, description: lines(sel, s).join('\n') }),
  proof: (sel, ds, s, dest) => {
    const { checks, fields } = each(sel, s, 'todo', 'created_tasks', { title: dest }, 'description');
    return { checks: [...checks, ...refuse(ds, s, 'todo', 'created_tasks', 'description')], fields, forbid: [] };
  },
};
