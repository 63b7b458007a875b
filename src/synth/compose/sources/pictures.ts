import type { Capability, ScenarioDomain } from '../../../schema/taxonomy.js';
import { shuffle } from '../../kit/ids.js';
import type { EnumModel, FieldModel, FlagModel, NumberModel } from '../../rules/fields.js';
import type { Fixtures, Rec, SourcePart, World } from '../parts.js';
import { ORDERS } from './documents.js';
import { defineSource } from './kit.js';

// record types the agent can only see in a picture of the workspace: a screenshot of a report table, a floor
// plan whose zones and window wall place each desk, bed or seat. The records are the picture's ground truth
// (the recipe beside it); no tool lists them as text, so perception (and, for a plan, reading where things are)
// is the first step of the task.

/** Where a screenshot of the orders report lives. */
const SHOT = 'screenshots/orders.png';

/** Orders shown only in a screenshot of the billing dashboard's table. */
export const orderScreenshot = defineSource({
  ...ORDERS,
  name: 'order_screenshot',
  // analysed for a figure at Data_Science, chased and put on hold by the finance desk's credit control (the work
  // decides the label: packs/scenarios.ts workPath)
  domains: ['Data_Science', 'Finance_Investment'],
  noun: ['order', 'orders'],
  capabilities: ['Multimodal_Perception', 'Data_Analysis'],
  fixtures: (records, w) => ({
    workspace: {
      files: {
        [SHOT]: {
          png: {
            kind: 'table',
            // (paid orders among them: the table is every order of the last two months, not the open ones)
            title: `Orders, last 60 days — ${w.company} billing dashboard`,
            rows: [
              ['Order', 'Customer', 'Region', 'Value (USD)', 'Payment', 'Ordered', 'Sales owner'],
              ...records.map((r) => [
                String(r.order_id),
                String(r.customer).slice(0, 40),
                String(r.region),
                Number(r.amount),
                String(r.status),
                String(r.order_date).slice(0, 10),
                String(r.owner),
              ]),
            ],
          },
        },
        'screenshots/README.md': 'Screenshots taken from the billing dashboard (it has no export).\n',
      },
    },
  }),
  list: () => [{ call: 'fs_read', args: { path: SHOT } }],
  seenIn: (w) =>
    w.rng.pick([
      `The billing dashboard has no export, so all I have is a screenshot of its order table: ${SHOT}.`,
      `The orders are in the dashboard screenshot at ${SHOT} (there is no export).`,
      `Work from the screenshot of the order table, ${SHOT}; the dashboard cannot export.`,
    ]),
});

/** A floor plan's record type: places (desks, beds, seats, bays) in named zones, some along the window wall. */
interface PlanKind<N extends string> {
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
  /** the wall along the plan's bottom edge (windows, a loading dock) and how a rule says a place is by it */
  window: { wall: string; label: string; yes: string; no: string };
  /** where a request says the plan is: "the floor plan" */
  plan: string;
  /** rooms along the plan's edge (kitchen, lifts), for orientation */
  rooms: readonly string[];
  capabilities?: readonly Capability[];
}

const STATUS = ['free', 'taken', 'blocked'] as const;

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
  const band = Math.max(3, ...zones.map((z) => z.outer.length), ...zones.map((z) => Math.ceil(z.inner.length / 3)));
  const depth = Math.max(1, ...zones.map((z) => Math.ceil(z.inner.length / band)));
  const rows = depth + 3;
  const cells: Record<string, unknown>[] = [];
  const areas: Record<string, unknown>[] = [];
  const note = (r: Rec) =>
    [
      `${r[k.count.field]} ${r[k.count.field] === 1 ? k.count.singular : k.count.unit}`,
      r[k.feature.field] === true ? k.feature.mark : '',
    ]
      .filter(Boolean)
      .join(' · ');
  zones.forEach((z, i) => {
    const x0 = i * (band + 1);
    areas.push({ x: x0, y: 0, w: band, h: rows, label: z.z });
    z.inner.forEach((r, j) =>
      cells.push({
        x: x0 + (j % band),
        y: 1 + Math.floor(j / band),
        label: String(r.place_id),
        note: note(r),
        status: r.status,
      }),
    );
    z.outer.forEach((r, j) =>
      cells.push({ x: x0 + j, y: rows - 1, label: String(r.place_id), note: note(r), status: r.status }),
    );
  });
  const strip = zones.length * (band + 1);
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
          },
        },
      },
    },
  };
}

function planSource<const N extends string>(k: PlanKind<N>): SourcePart<N> {
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
  ];
  return defineSource({
    name: k.name,
    ...(k.domains ? { domains: k.domains } : {}),
    // a place does not move: its zone and its wall stay; its state and equipment may change
    fixed: ['zone', 'window', k.feature.field],
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

/** Desks on an office floor plan: the office's own work (Office_Productivity). */
export const deskPlan = planSource({
  name: 'desk_plan',
  domains: ['Office_Productivity'],
  noun: ['desk', 'desks'],
  prefix: 'D-',
  file: 'facilities/floor-3-plan.png',
  title: 'Floor 3 — desk plan',
  zones: ['Quiet zone', 'Team area', 'Hot desks'],
  zoneLabel: 'zone',
  status: { label: 'desk status', say: { blocked: 'blocked (out of use)' } },
  // (the screens on the desks a task picks add up to the screens to set up or move)
  count: { field: 'screens', label: 'number of screens', unit: 'screens', singular: 'screen', min: 1, max: 3 },
  feature: {
    field: 'sit_stand',
    label: 'desk type',
    yes: 'a sit-stand desk',
    no: 'a fixed-height desk',
    mark: 'sit-stand',
  },
  window: { wall: 'windows', label: 'window seat', yes: 'by the windows', no: 'away from the windows' },
  plan: 'the floor plan',
  rooms: ['Kitchen', 'Lifts', 'Print room', 'Meeting room'],
});

/** Beds on a ward plan. */
export const wardBeds = planSource({
  name: 'ward_beds',
  domains: ['Healthcare'],
  noun: ['bed', 'beds'],
  prefix: 'B-',
  file: 'wards/ward-7-plan.png',
  title: 'Ward 7 — bed plan',
  zones: ['Bay 1', 'Bay 2', 'Side rooms'],
  zoneLabel: 'bay',
  status: { label: 'bed status', say: { free: 'free (clean, ready)', blocked: 'blocked (awaiting cleaning)' } },
  count: {
    field: 'sockets',
    label: 'number of gas points',
    unit: 'gas points',
    singular: 'gas point',
    min: 0,
    max: 2,
  },
  feature: {
    field: 'hoist',
    label: 'ceiling hoist',
    yes: 'with a ceiling hoist',
    no: 'without a hoist',
    mark: 'hoist',
  },
  window: { wall: 'windows', label: 'window bed', yes: 'by a window', no: 'away from the windows' },
  plan: 'the ward plan',
  rooms: ['Nurses station', 'Sluice', 'Linen'],
});

/** Seats in an exam hall plan. */
export const examSeats = planSource({
  name: 'exam_seats',
  domains: ['Education_Knowledge'],
  noun: ['seat', 'seats'],
  prefix: 'S-',
  file: 'exams/main-hall-seating.png',
  title: 'Main hall — exam seating',
  zones: ['Front block', 'Middle block', 'Back block'],
  zoneLabel: 'seating block',
  status: { label: 'seat status', say: { taken: 'taken (assigned)', blocked: 'blocked (broken desk)' } },
  count: {
    field: 'sockets',
    label: 'number of power sockets',
    unit: 'sockets',
    singular: 'socket',
    min: 0,
    max: 2,
  },
  feature: {
    field: 'wide_desk',
    label: 'desk width',
    yes: 'with a wide desk',
    no: 'with a standard desk',
    mark: 'wide desk',
  },
  window: { wall: 'windows', label: 'window seat', yes: 'along the windows', no: 'away from the windows' },
  plan: 'the seating plan',
  rooms: ['Invigilators', 'Exit', 'Store'],
});

/**
 * Pallet bays on a warehouse plan. No domain of the taxonomy is a warehouse's (a stores hall's put-away is no
 * manufacturing engineering: no work order, inspection or non-conformance in it), so no slot draws them.
 */
export const warehouseBays = planSource({
  name: 'warehouse_bays',
  noun: ['pallet bay', 'pallet bays'],
  prefix: 'PB-',
  file: 'warehouse/hall-2-bays.png',
  title: 'Hall 2 — pallet bays',
  zones: ['Aisle 1', 'Aisle 2', 'Aisle 3'],
  zoneLabel: 'aisle',
  status: {
    label: 'bay status',
    say: { free: 'free (empty)', taken: 'taken (stocked)', blocked: 'blocked (damaged racking)' },
  },
  count: { field: 'levels', label: 'number of racking levels', unit: 'levels', singular: 'level', min: 1, max: 4 },
  feature: { field: 'chilled', label: 'chilled bay', yes: 'chilled', no: 'ambient', mark: 'chilled' },
  window: {
    wall: 'loading dock',
    label: 'dock-side bay',
    yes: 'along the loading dock',
    no: 'away from the loading dock',
  },
  plan: 'the hall plan',
  rooms: ['Dock doors', 'Forklift charging', 'Office'],
});
