import type { Rng } from '../../../env/rng.js';
import { plant } from '../../../services/domains/plant.js';
import { oneOf, writePlan } from '../../kit/content.js';
import { shuffle } from '../../kit/ids.js';
import { daysFrom } from '../../rules/fields.js';
import { colleague, stateOf } from '../sources/kit.js';
import { nth, onDay, packAction, packSource, refId } from './table-source.js';
import {
  BATCHES,
  FIELDS,
  FINDING_TERMS,
  INTERVALS,
  dispositionFits,
  NCR_STATES,
  NCR_TERMS,
  ORDER_TERMS,
  PARTS,
  SCOUT_TERMS,
  scoutNote,
  TAILS,
  WINDOW,
} from './manufacturing-engineering-data.js';
import { findings, ncrDescription, shopNote } from './manufacturing-engineering-notes.js';
import { IRRIGATION_SEASON, monthOf, stagesIn } from './crop-calendar.js';

// Manufacturing_Engineering: a plant's work orders on the shop floor, the nonconformance reports quality raises
// against them, an airline maintenance base's inspections per tail number, and an estate's sensor-fed field
// plots. Part numbers, tail numbers and field names are what a planner, an engineer or an agronomist would see.

export const workOrders = packSource({
  name: 'work_orders',
  system: plant,
  table: 'work_orders',
  fixed: ['order_type'],
  domains: ['Manufacturing_Engineering'],
  capabilities: ['Logic_Reasoning', 'Data_Analysis'],
  // (quantities of different parts add up to nothing)
  measure: { field: 'quantity', label: 'order quantity', unit: 'units', additive: false },
  fields: {
    line: { label: 'line', weights: [4, 2, 4, 1, 2, 1] },
    order_type: { label: 'order type', weights: [6, 3, 1, 1, 1] },
    due_date: { label: 'due date', from: -10, to: 30, verb: 'due', past: 'due' },
    material_shortage: {
      label: 'material',
      yes: 'short of material',
      no: 'with all material available',
      p: 0.25,
      stake: { yes: 'stop the line the day they are due to start' },
    },
    status: { label: 'status', weights: [2, 4, 5, 1, 1, 1] },
    notes: { label: 'shop-floor note', terms: ORDER_TERMS, write: shopNote, ofRecord: true },
  },
  // an order finished or closed had all its material: a shortage holds an order up (released, running or on hold)
  agree: (rec) =>
    rec.material_shortage === true && ['completed', 'closed'].includes(String(rec.status))
      ? [
          { material_shortage: false },
          // (held for its material first, as a planner would)
          ...['on hold', 'in progress', 'released'].map((status) => ({ status })),
        ]
      : [],
  make: (w, id, i) => ({
    work_order_id: id,
    part_number: nth(w, PARTS, i),
    planner: colleague(w, i).email,
  }),
  // the batch size follows from the kind of order (a prototype run is a handful, a stock build hundreds), what has
  // been booked from where the order stands
  derive: (rec, w) => {
    // (a work order an NCR is raised against has its size already: fitParent below)
    const q =
      rec.quantity === undefined
        ? w.rng.pick(BATCHES[String(rec.order_type)] ?? [10, 20, 50, 100])
        : Number(rec.quantity);
    const s = String(rec.status);
    const done =
      s === 'completed' || s === 'closed'
        ? q
        : s === 'in progress' || s === 'on hold'
          ? Math.floor(q * (0.1 + w.rng.next() * 0.8))
          : 0;
    return { quantity: q, quantity_completed: done };
  },
  title: (rec) => `${rec.work_order_id} (${rec.part_number}, ${rec.line})`,
  // (the part as the order names it, code and what it is: "its part number" read as the code alone, review 69)
  nameField: { field: 'part_number', label: 'part' },
  owner: { field: 'planner', role: 'production planner' },
  textField: 'notes',
});

export const nonconformances = packSource({
  name: 'nonconformances',
  system: plant,
  table: 'nonconformances',
  fixed: ['defect_type', 'supplier'],
  noun: ['NCR', 'NCRs'],
  domains: ['Manufacturing_Engineering'],
  capabilities: ['Logic_Reasoning', 'Data_Analysis'],
  measure: { field: 'cost_of_quality', label: 'cost of quality', unit: 'USD' },
  fields: {
    defect_type: { label: 'defect type', weights: [4, 2, 2, 1, 1, 1, 1, 1] },
    severity: { label: 'severity', weights: [1, 3, 5, 2] },
    supplier: { label: 'source of the material', weights: [5, 2, 2, 1, 1] },
    raised_on: { label: 'date raised', from: -60, to: 0, verb: 'raised' },
    capa_required: { label: 'CAPA', yes: 'requiring a CAPA', no: 'not requiring a CAPA', p: 0.35 },
    description: { label: 'description', terms: NCR_TERMS, write: ncrDescription, ofRecord: true },
  },
  // an observation asks for no corrective action (as the reason for sparing it from the ageing review says), so it
  // never requires a CAPA; one that does is a minor or worse. A weld crack or the wrong material is a major or
  // critical whatever else it is (the part is unsafe or unknown); an observation quarantines a handful of parts
  agree: (rec, w) => {
    const light = rec.severity === 'observation' || rec.severity === 'minor';
    if (light && ['weld crack', 'wrong material'].includes(String(rec.defect_type)))
      return [
        ...shuffle(w.rng, ['major', 'critical']).map((severity) => ({ severity })),
        // (a near miss on severity keeps its defect condition: porosity or a dimension can be minor)
        ...['porosity', 'dimensional'].map((defect_type) => ({ defect_type })),
      ];
    if (rec.severity === 'observation' && Number(rec.quantity_affected) >= 20) {
      const qty = w.rng.int(1, 8);
      const cost = Math.round((Number(rec.cost_of_quality) / Number(rec.quantity_affected)) * qty * 100) / 100;
      return [{ quantity_affected: qty, cost_of_quality: cost }, { severity: 'minor' }];
    }
    return rec.severity === 'observation' && rec.capa_required === true
      ? [{ capa_required: false }, ...shuffle(w.rng, ['minor', 'major']).map((severity) => ({ severity }))]
      : [];
  },
  make: (w, id, i) => {
    const qty = w.rng.int(1, 60);
    return {
      ncr_id: id,
      work_order_id: refId(w, 'WO-', i, 4),
      quantity_affected: qty,
      cost_of_quality: Math.round(qty * (12 + w.rng.next() * 140) * 100) / 100,
      quality_engineer: colleague(w, i).email,
    };
  },
  // the disposition follows from how far the NCR has got, from where the material came from (only bought-in parts
  // go back to a supplier) and from the defect (no critical or unsafe part is used as is)
  derive: (rec, w) => {
    const states = NCR_STATES.filter(([, d]) => dispositionFits(d, rec));
    const status = stateOf(
      rec,
      'status',
      w,
      states.map(([s]) => s),
    );
    const pairs = states.filter(([s]) => s === status);
    const [, disposition] = w.rng.pick(pairs.length ? pairs : NCR_STATES.filter(([s]) => s === status));
    return { status, disposition };
  },
  title: (rec) => `${rec.ncr_id} (${rec.defect_type}, ${rec.work_order_id})`,
  nameField: { field: 'work_order_id', label: 'work order number' },
  owner: { field: 'quality_engineer', role: 'quality engineer' },
  textField: 'description',
  parents: { work_order_id: workOrders },
  // no NCR finds more parts affected than its work order made
  // (a work order of a kind that runs batches that large, already started: parts were made for an NCR to find)
  fitParent: (wo, ncrs, w) => {
    const most = Math.max(0, ...ncrs.map((n) => Number(n.quantity_affected) || 0));
    const fits = (t: string) => (BATCHES[t] ?? []).some((b) => b >= most);
    const kinds = Object.keys(BATCHES).filter(fits);
    const order_type = fits(String(wo.order_type))
      ? String(wo.order_type)
      : w.rng.pick(kinds.length ? kinds : ['stock build']);
    const sizes = (BATCHES[order_type] ?? []).filter((b) => b >= most);
    const status = ['planned', 'released'].includes(String(wo.status)) ? 'in progress' : String(wo.status);
    // (its note is written again for the state it is now in: no "awaiting a slot" on a running order)
    return {
      order_type,
      quantity: sizes.length ? w.rng.pick(sizes) : most + w.rng.int(0, 40),
      status,
      notes: shopNote(w.rng, undefined, undefined, { ...wo, status }),
    };
  },
});

export const inspections = packSource({
  name: 'aircraft_inspections',
  system: plant,
  table: 'inspections',
  fixed: ['aircraft_type', 'check_type'],
  noun: ['aircraft inspection', 'aircraft inspections'],
  domains: ['Manufacturing_Engineering'],
  capabilities: ['Logic_Reasoning'],
  fields: {
    aircraft_type: { label: 'aircraft type', weights: [4, 3, 3, 1, 2, 1] },
    check_type: { label: 'check type', weights: [2, 2, 4, 1, 2, 1] },
    due_date: { label: 'calendar limit', from: -5, to: 30, verb: 'due', past: 'due' },
    aog: {
      label: 'AOG',
      yes: 'for a grounded (AOG) aircraft',
      no: 'for an aircraft still in service',
      p: 0.15,
    },
    // (written for its check: a line check's log is not a base check's, compile/distinct-texts.ts)
    findings: { label: 'findings log', terms: FINDING_TERMS, write: findings, ofRecord: true },
  },
  make: (w, id, i) => ({
    inspection_id: id,
    tail_number: nth(w, TAILS, i),
    certifying_engineer: colleague(w, i).email,
  }),
  // flight hours and cycles follow from the kind of check, its state from the calendar limit
  derive: (rec, w) => {
    const [h0, h1, c0, c1] = INTERVALS[String(rec.check_type)] ?? [10, 100, 5, 50];
    const d = daysFrom(w.today, rec.due_date);
    const line = /daily|weekly/.test(String(rec.check_type));
    return {
      // (a check the task's work may apply to is among the states it acts from: not one already certified)
      status: stateOf(
        rec,
        'status',
        w,
        // the MEL defers a defect, never a check: a heavy check past its calendar limit may fly on under the
        // programme's tolerance, while a line check (daily, weekly) has none and does not wait for parts
        d < 0
          ? line
            ? ['overdue', 'certified', 'certified']
            : ['overdue', 'certified', 'certified', 'extended (tolerance)']
          : d <= 3
            ? line
              ? ['in work', 'certified']
              : ['in work', 'awaiting parts', 'certified']
            : ['scheduled', 'scheduled', 'scheduled', 'in work'],
      ),
      hours_since_last_check: Math.round((h0 + w.rng.next() * (h1 - h0)) * 10) / 10,
      cycles_since_last_check: w.rng.int(c0, c1),
    };
  },
  // a daily check falls due within a day, a weekly one within the week: not weeks ahead
  agree: (rec, w) => {
    const ahead = daysFrom(w.today, rec.due_date);
    const [lo, hi] = WINDOW[String(rec.check_type)] ?? [-99, 99];
    if (ahead >= lo && ahead <= hi) return [];
    const kinds = Object.keys(INTERVALS).filter((k) => {
      const [a, b] = WINDOW[k] ?? [-99, 99];
      return ahead >= a && ahead <= b;
    });
    return [
      ...shuffle(w.rng, kinds).map((check_type) => ({ check_type })),
      { due_date: onDay(w, w.rng.int(Math.max(lo, -1), hi)) },
    ];
  },
  title: (rec) => `${rec.inspection_id} (${rec.tail_number}, ${rec.check_type})`,
  nameField: { field: 'tail_number', label: 'tail number' },
  owner: { field: 'certifying_engineer', role: 'certifying engineer' },
  textField: 'findings',
});

/**
 * The stages a plot's crop can be at in `month`, growing ones where it has any: every plot has a spray planned
 * and a scout walking it, so it is harvested only when its crop's year has it nowhere else.
 */
function growingStages(crop: string, month: number): readonly string[] {
  const all = stagesIn(crop, month);
  const growing = all.filter((s) => s !== 'harvested');
  return growing.length ? growing : all;
}

const CROPS = ['winter wheat', 'spring barley', 'oilseed rape', 'maize', 'potatoes', 'sugar beet'];

/** Whether a plot of `crop` may be watered in `month`: the irrigation season, with the crop in the ground. */
const inIrrigationSeason = (crop: string, month: number) =>
  IRRIGATION_SEASON.includes(month) && stagesIn(crop, month).some((s) => s !== 'harvested');

export const fieldPlots = packSource({
  name: 'field_plots',
  system: plant,
  table: 'field_plots',
  fixed: ['crop'],
  domains: ['Manufacturing_Engineering'],
  capabilities: ['Data_Analysis'],
  measure: { field: 'area_ha', label: 'area', unit: 'ha' },
  fields: {
    crop: { label: 'crop', weights: [4, 3, 2, 1, 2, 1] },
    soil_moisture_pct: { label: 'soil moisture', min: 8, max: 45, step: 0.5, unit: '%' },
    // (the farm weather service's 48-hour forecast per plot, beside the probe's reading on the irrigation dashboard)
    rain_forecast_mm: { label: 'rain forecast', min: 0, max: 25, step: 0.5, unit: 'mm' },
    next_spray_due: {
      label: 'next spray date',
      from: -5,
      to: 21,
      verb: 'due for spraying',
      past: 'due for spraying',
    },
    sensor_battery_low: {
      label: 'probe battery',
      yes: 'reporting a low probe battery',
      no: 'with the probe battery fine',
      p: 0.2,
    },
    irrigation_status: { label: 'irrigation', weights: [4, 2, 2, 1, 1] },
    notes: { label: 'scouting note', terms: SCOUT_TERMS, write: scoutNote, ofRecord: true },
  },
  make: (w, id, i) => ({
    plot_id: id,
    field_name: nth(w, FIELDS, i),
    area_ha: Math.round((2 + w.rng.next() * 36) * 10) / 10,
    agronomist: colleague(w, i).email,
  }),
  // the crop is where its year has it on the task's today
  derive: (rec, w) => ({
    growth_stage: w.rng.pick(growingStages(String(rec.crop), monthOf(w.today))),
    // a probe with a flat battery stops reporting
    last_reading_on: onDay(w, rec.sensor_battery_low ? -w.rng.int(2, 9) : -w.rng.int(0, 1)),
  }),
  // out of the irrigation season every plot's irrigation is off (or faulted): no rule weighs it then
  idle: (w) => (IRRIGATION_SEASON.includes(monthOf(w.today)) ? [] : ['irrigation_status']),
  // nobody waters a waterlogged field, and irrigation paused for rain means the soil is wet
  // and nobody waters out of the growing season: from October to March the soil is at capacity
  agree: (rec, w) => {
    const moisture = Number(rec.soil_moisture_pct);
    const watered = ['running', 'scheduled', 'paused for rain'].includes(String(rec.irrigation_status));
    const season = inIrrigationSeason(String(rec.crop), monthOf(w.today));
    // (in the season, a watered plot may instead be one whose crop is still growing: maize in September)
    if (watered && !season)
      return [
        ...shuffle(w.rng, ['off', 'fault']).map((irrigation_status) => ({ irrigation_status })),
        ...shuffle(
          w.rng,
          CROPS.filter((crop) => inIrrigationSeason(crop, monthOf(w.today))),
        ).map((crop) => ({ crop })),
      ];
    // (out of the season the soil is near capacity: no plot reads dry in December)
    if (!IRRIGATION_SEASON.includes(monthOf(w.today)) && moisture < 26)
      return [{ soil_moisture_pct: w.rng.int(52, 90) / 2 }];
    if (['running', 'scheduled'].includes(String(rec.irrigation_status)) && moisture > 36)
      return [
        ...shuffle(w.rng, ['off', 'paused for rain']).map((irrigation_status) => ({ irrigation_status })),
        { soil_moisture_pct: w.rng.int(16, 60) / 2 },
      ];
    if (rec.irrigation_status === 'paused for rain' && moisture < 28)
      return [{ irrigation_status: 'off' }, { soil_moisture_pct: w.rng.int(56, 84) / 2 }];
    // (and a pause for rain is for rain on its way)
    if (rec.irrigation_status === 'paused for rain' && Number(rec.rain_forecast_mm) < 5)
      return [{ rain_forecast_mm: w.rng.int(10, 50) / 2 }, { irrigation_status: 'off' }];
    // a plot with a spray planned and a scout walking it holds a crop in the ground (no sprays on December stubble)
    const month = monthOf(w.today);
    if (stagesIn(String(rec.crop), month).every((s) => s === 'harvested'))
      return shuffle(
        w.rng,
        CROPS.filter((crop) => stagesIn(crop, month).some((s) => s !== 'harvested')),
      ).map((crop) => ({ crop }));
    return [];
  },
  title: (rec) => `${rec.plot_id} (${rec.field_name}, ${rec.crop})`,
  nameField: { field: 'field_name', label: 'field name' },
  owner: { field: 'agronomist', role: 'agronomist' },
  textField: 'notes',
});

export const actions = [
  packAction(workOrders, plant, {
    name: 'hold_work_order',
    lean: { material_shortage: true },
    sections: ['Hold', 'Production hold'],
    from: ['planned', 'released', 'in progress'],
    field: 'status',
    value: 'on hold',
    phrases: ['put each of those work orders on hold', 'set each of those orders to "on hold"'],
  }),
  packAction(nonconformances, plant, {
    name: 'require_capa',
    leftOut: 'wrong list',
    lean: { severity: ['critical', 'major'] },
    sections: ['Corrective action', 'CAPA'],
    when: { status: ['open', 'containment', 'root cause analysis'] },
    field: 'capa_required',
    value: true,
    phrases: ['mark each of those NCRs as requiring a CAPA', 'flag a CAPA as required on each of them'],
    capabilities: ['Tool_Calling', 'Logic_Reasoning'],
  }),
  packAction(fieldPlots, plant, {
    name: 'schedule_irrigation',
    // a spray date or a probe's battery has no bearing on watering
    lean: { soil_moisture_pct: 'low', next_spray_due: 'unrelated', sensor_battery_low: 'unrelated' },
    sections: ['Irrigation', 'Watering'],
    from: ['off', 'paused for rain'],
    field: 'irrigation_status',
    value: 'scheduled',
    season: IRRIGATION_SEASON,
    phrases: ['set irrigation on each of those plots to scheduled', 'mark irrigation as scheduled for each plot'],
    capabilities: ['Tool_Calling'],
  }),
];
