import type { Capability, ScenarioDomain } from '../../../schema/taxonomy.js';
import { shuffle } from '../../kit/ids.js';
import type { EnumModel, FieldModel, FlagModel, NumberModel } from '../../rules/fields.js';
import type { Fixtures, Rec, SourcePart, World } from '../parts.js';
import { defineSource } from './kit.js';
import { truthOf } from './picture-truth.js';

// A floor plan as a record type (pictures.ts declares its kinds): places in named zones drawn as dashed areas, the
// window wall along the bottom, each place's state as its cell's colour and what it offers printed in the cell.

/** A floor plan's record type: places (desks, beds, seats, bays) in named zones, some along the window wall. */
export interface PlanKind<N extends string> {
  name: N;
  domains?: readonly ScenarioDomain[];
  noun: [string, string];
  prefix: string;
  /** the plan's file and its title */
  file: string;
  title: string;
  /** the zones (areas of the plan), each a band of the floor */
  zones: readonly string[];
  zoneLabel: string;
  /** state of a place, drawn as the cell's colour (free, taken, blocked as in the legend) */
  status: { label: string; say?: Readonly<Record<string, string>> };
  /**
   * the place's equipment count, printed in the cell ("2 screens"). It belongs to one place: nobody totals the
   * screens of different desks or the racking levels of unrelated bays, and over 0 to 4 its highest or lowest is a
   * guess, so no figure is drawn from it but how many places there are
   */
  count: { field: string; label: string; unit: string; singular: string; min: number; max: number };
  /** a yes/no feature printed in the cell when it holds ("sit-stand") */
  feature: { field: string; label: string; yes: string; no: string; mark: string };
  /**
   * more yes/no features printed in the cell when they hold (a bed's monitor, a seat's step-free access): what a
   * practitioner picks a place by, so rules over the plan differ in what they ask of a place
   */
  extras?: readonly Feature[];
  /** the wall along the plan's bottom edge (windows, a loading dock) and how a rule says a place is by it */
  window: { wall: string; label: string; yes: string; no: string };
  /** where a request says the plan is: "the floor plan" */
  plan: string;
  /** rooms along the plan's edge (kitchen, lifts), for orientation */
  rooms: readonly string[];
  capabilities?: readonly Capability[];
}

/** A yes/no feature of a place, printed as its mark in the cell when it holds. */
export interface Feature {
  field: string;
  label: string;
  yes: string;
  no: string;
  mark: string;
  /** share of places that have it */
  p: number;
}

const STATUS = ['free', 'taken', 'blocked'] as const;

// the widest floor plan a picture holds (image-scenes.ts)
const MAX_COLS = 32;

// the plan's picture: zones side by side (a header row for each zone's name), the places of a zone in rows
// under it, its window places in the last row against the window wall (bottom), the rooms in a strip on the right
function planPicture(k: PlanKind<string>, records: Rec[], w: World): Fixtures {
  const zones = k.zones.map((z) => {
    const mine = shuffle(
      w.rng,
      records.filter((r) => r.zone === z),
    );
    return { z, inner: mine.filter((r) => r.window !== true), outer: mine.filter((r) => r.window === true) };
  });
  const outer = Math.max(0, ...zones.map((z) => z.outer.length));
  const natural = Math.max(3, outer, ...zones.map((z) => Math.ceil(z.inner.length / 3)));
  // zones stand a column apart, side by side where that would take the picture past its width (image-scenes.ts): a
  // zone crowded with the places a rule confines the work to (Bay 2's window beds) keeps each in its row, the inner
  // ones in more rows, rather than the picture failing the gate; where even that is too wide (seven window beds in
  // one of five bays), each zone is as wide as its own window places need, not as the most crowded one's
  const gap = zones.length * (natural + 1) + 2 > MAX_COLS ? 0 : 1;
  const band = gap ? natural : Math.max(outer, Math.min(natural, Math.floor((MAX_COLS - 2) / zones.length)));
  const widths = zones.length * band + 2 <= MAX_COLS ? zones.map(() => band) : ownWidths(zones, MAX_COLS - 2);
  const depth = Math.max(1, ...zones.map((z, i) => Math.ceil(z.inner.length / (widths[i] as number))));
  const rows = depth + 3;
  const cells: Record<string, unknown>[] = [];
  const areas: Record<string, unknown>[] = [];
  const note = (r: Rec) =>
    [
      `${r[k.count.field]} ${r[k.count.field] === 1 ? k.count.singular : k.count.unit}`,
      r[k.feature.field] === true ? k.feature.mark : '',
      ...(k.extras ?? []).map((f) => (r[f.field] === true ? f.mark : '')),
    ]
      .filter(Boolean)
      .join(' · ');
  let x0 = 0;
  zones.forEach((z, i) => {
    const width = widths[i] as number;
    areas.push({ x: x0, y: 0, w: width, h: rows, label: z.z });
    z.inner.forEach((r, j) =>
      cells.push({
        x: x0 + (j % width),
        y: 1 + Math.floor(j / width),
        label: String(r.place_id),
        note: note(r),
        status: r.status,
      }),
    );
    z.outer.forEach((r, j) =>
      cells.push({ x: x0 + j, y: rows - 1, label: String(r.place_id), note: note(r), status: r.status }),
    );
    x0 += width + gap;
  });
  const strip = x0;
  k.rooms.slice(0, rows).forEach((room, i) => cells.push({ x: strip, y: i, w: 2, label: room }));
  return {
    workspace: {
      files: {
        [k.file]: {
          png: {
            kind: 'floor_plan',
            title: k.title,
            cols: strip + 2,
            rows: Math.max(rows, Math.min(k.rooms.length, 6)),
            cells,
            areas,
            windows: ['bottom'],
            window_label: k.window.wall,
            truth: records.map((r) => truthOf(r, 'place_id')),
          },
        },
      },
    },
  };
}

// zone widths within `room` columns: each at least its window places (they share the window row) and 2 (its name),
// the rest of the room shared out to the zones with the most inner places
function ownWidths(zones: readonly { inner: readonly Rec[]; outer: readonly Rec[] }[], room: number): number[] {
  const widths = zones.map((z) => Math.max(2, z.outer.length));
  const depthOf = (i: number) => (zones[i]?.inner.length ?? 0) / (widths[i] ?? 1);
  for (let left = room - widths.reduce((a, b) => a + b, 0); left > 0; left--) {
    const i = widths.reduce((best, _, j) => (depthOf(j) > depthOf(best) ? j : best), 0);
    if (depthOf(i) <= 1) break;
    widths[i] = (widths[i] as number) + 1;
  }
  return widths;
}

export function planSource<const N extends string>(k: PlanKind<N>): SourcePart<N> {
  const fields: FieldModel[] = [
    {
      kind: 'enum',
      field: 'status',
      label: k.status.label,
      values: STATUS,
      weights: [3, 3, 1],
      ...(k.status.say ? { say: k.status.say } : {}),
    } satisfies EnumModel,
    { kind: 'enum', field: 'zone', label: k.zoneLabel, values: k.zones } satisfies EnumModel,
    {
      kind: 'flag',
      field: 'window',
      label: k.window.label,
      yes: k.window.yes,
      no: k.window.no,
      p: 0.35,
    } satisfies FlagModel,
    {
      kind: 'number',
      field: k.count.field,
      label: k.count.label,
      min: k.count.min,
      max: k.count.max,
      step: 1,
      unit: k.count.unit,
    } satisfies NumberModel,
    {
      kind: 'flag',
      field: k.feature.field,
      label: k.feature.label,
      yes: k.feature.yes,
      no: k.feature.no,
      p: 0.4,
    } satisfies FlagModel,
    ...(k.extras ?? []).map(
      (f): FlagModel => ({ kind: 'flag', field: f.field, label: f.label, yes: f.yes, no: f.no, p: f.p }),
    ),
  ];
  return defineSource({
    name: k.name,
    ...(k.domains ? { domains: k.domains } : {}),
    // a place does not move: its zone and its wall stay; its state and equipment may change
    fixed: ['zone', 'window', k.feature.field, ...(k.extras ?? []).map((f) => f.field)],
    // the deliverable names each place by its id and the zone the plan shows it in
    nameField: { field: 'zone', label: k.zoneLabel },
    service: 'workspace',
    noun: k.noun,
    idField: 'place_id',
    prefix: k.prefix,
    capabilities: k.capabilities ?? ['Spatial_Visual_Reasoning', 'Multimodal_Perception'],
    measure: {
      field: k.count.field,
      label: k.count.label,
      unit: k.count.unit,
      extreme: false,
      additive: false,
    },
    fields,
    make: (_w, id) => ({ place_id: id }),
    title: (rec) => `${k.noun[0]} ${rec.place_id} (${rec.zone})`,
    fixtures: (records, w) => planPicture(k, records, w),
    list: () => [{ call: 'fs_read', args: { path: k.file } }],
    seenIn: (w) =>
      w.rng.pick([
        `Everything is on ${k.plan}, ${k.file}: the colours give each ${k.noun[0]}'s status, the dashed areas the ${k.zoneLabel}s.`,
        `Go by ${k.plan} at ${k.file} (status by colour, ${k.zoneLabel}s as marked areas, the ${k.window.wall} along the bottom).`,
        `The only record of the ${k.noun[1]} is ${k.plan}, ${k.file}.`,
      ]),
  });
}
