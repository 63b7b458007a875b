import type { FieldModel } from '../../rules/fields.js';
import { ORDERS } from './documents.js';
import { planSource } from './floor-plan.js';
import { defineSource } from './kit.js';
import { pastItsTerms } from './order-terms.js';
import { truthOf } from './picture-truth.js';

// record types the agent can only see in a picture of the workspace: a screenshot of a report table, a floor
// plan whose zones and window wall place each desk, bed or seat. The records are the picture's ground truth
// (the recipe beside it); no tool lists them as text, so perception (and, for a plan, reading where things are)
// is the first step of the task.

/** The payment terms the billing dashboard gives its customers. */
const TERMS = ['net 15', 'net 30', 'net 60'];

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
  // the dashboard shows what the export leaves out: each customer's payment terms and the dunning reminders sent,
  // which credit control chases and holds by (act-narrowings.ts, act-scopes.ts)
  fixed: [...ORDERS.fixed, 'terms'],
  fields: [
    ...ORDERS.fields,
    {
      kind: 'enum',
      field: 'terms',
      label: 'payment terms',
      values: TERMS,
      weights: [1, 3, 1],
    },
    { kind: 'number', field: 'reminders', label: 'reminder count', min: 0, max: 5, step: 1, unit: 'reminders' },
  ] satisfies FieldModel[],
  // an order still open weeks after it was placed is past its terms (credit control chases only what is overdue)
  agree: (rec, w) => pastItsTerms(rec, w, TERMS),
  fixtures: (records, w) => ({
    workspace: {
      files: {
        [SHOT]: {
          png: {
            kind: 'table',
            // (paid orders among them: the table is every order of the order book's half year, not the open ones)
            title: `Orders, last 6 months — ${w.company} billing dashboard`,
            rows: [
              ['Order', 'Customer', 'Region', 'Value (USD)', 'Payment', 'Terms', 'Reminders', 'Ordered', 'Sales owner'],
              ...records.map((r) => [
                String(r.order_id),
                String(r.customer).slice(0, 40),
                String(r.region),
                Number(r.amount),
                String(r.status),
                String(r.terms),
                Number(r.reminders),
                String(r.order_date).slice(0, 10),
                String(r.owner),
              ]),
            ],
            truth: records.map((r) => truthOf(r, 'order_id')),
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

/** Desks on an office floor plan: the office's own work (Office_Productivity). */
export const deskPlan = planSource({
  name: 'desk_plan',
  domains: ['Office_Productivity'],
  noun: ['desk', 'desks'],
  prefix: 'D-',
  file: 'facilities/floor-3-plan.png',
  title: 'Floor 3 — desk plan',
  zones: ['Quiet zone', 'Team area', 'Hot desks', 'Project corner'],
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
  extras: [
    {
      field: 'dock',
      label: 'docking station',
      yes: 'with a docking station',
      no: 'without a dock',
      mark: 'dock',
      p: 0.5,
    },
    { field: 'locker', label: 'locker', yes: 'with a locker', no: 'without a locker', mark: 'locker', p: 0.35 },
    {
      field: 'accessible',
      label: 'accessible desk',
      yes: 'on the step-free route',
      no: 'off the step-free route',
      mark: 'step-free',
      p: 0.3,
    },
  ],
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
  zones: ['Bay 1', 'Bay 2', 'Bay 3', 'Bay 4', 'Side rooms'],
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
  extras: [
    {
      field: 'monitor',
      label: 'cardiac monitor',
      yes: 'with a cardiac monitor',
      no: 'without a monitor',
      mark: 'monitor',
      p: 0.35,
    },
    { field: 'bariatric', label: 'bariatric bed', yes: 'bariatric', no: 'a standard bed', mark: 'bariatric', p: 0.2 },
    {
      // (a designation, not a place: "by station" printed on a bed across the ward from the station read as wrong,
      // review 52; a plan shows no sight lines)
      field: 'near_station',
      label: 'observation bed',
      yes: 'kept for observation',
      no: 'not kept for observation',
      mark: 'obs. bed',
      p: 0.3,
    },
  ],
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
  zones: ['Front block', 'Middle block', 'Back block', 'Side block', 'Annexe'],
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
  extras: [
    {
      // (the seats' designations, not their places: "by exit" and "invig. view" printed far from either read as
      // wrong, review 52)
      field: 'by_exit',
      label: 'rest-break seat',
      yes: 'set aside for rest breaks',
      no: 'not set aside for rest breaks',
      mark: 'rest break',
      p: 0.25,
    },
    {
      field: 'step_free',
      label: 'step-free seat',
      yes: 'on the step-free route',
      no: 'off the step-free route',
      mark: 'step-free',
      p: 0.3,
    },
    {
      field: 'near_invigilator',
      label: 'supervised seat',
      yes: 'under close supervision',
      no: 'not under close supervision',
      mark: 'supervised',
      p: 0.3,
    },
    {
      field: 'clock_view',
      label: 'desk clock',
      yes: 'with a desk clock',
      no: 'without a desk clock',
      mark: 'desk clock',
      p: 0.4,
    },
  ],
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
