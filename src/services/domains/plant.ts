import { defineTableService, type Table } from '../tables.js';

// A plant's operations system (Manufacturing_Engineering: quality control, aerospace, smart agriculture):
// production work orders, nonconformance reports, aircraft maintenance inspections and sensor-fed field plots.

export const PLANT_TABLES: readonly Table[] = [
  {
    noun: ['work order', 'work orders'],
    id: 'work_order_id',
    prefix: 'WO-',
    about: 'production work orders released to the shop floor',
    fields: {
      part_number: {
        kind: 'text',
        about: 'part or assembly being made, e.g. "HM-220 hydraulic manifold"',
        search: true,
      },
      line: {
        kind: 'enum',
        about: 'production line or cell',
        values: ['machining', 'welding', 'assembly', 'paint', 'test', 'packing'],
        filter: true,
      },
      order_type: {
        kind: 'enum',
        about: 'why the order exists',
        values: ['customer order', 'stock build', 'expedite', 'rework', 'prototype'],
        filter: true,
      },
      quantity: { kind: 'number', about: 'quantity ordered', unit: 'units', int: true },
      quantity_completed: {
        kind: 'number',
        about: 'quantity completed and booked',
        unit: 'units',
        int: true,
        update: true,
      },
      due_date: { kind: 'date', about: 'date the order must be complete', update: true },
      planner: { kind: 'email', about: 'production planner who owns the order', update: true },
      material_shortage: { kind: 'flag', about: 'whether the order is short of material', update: true },
      status: {
        kind: 'enum',
        about: 'order status',
        values: ['planned', 'released', 'in progress', 'on hold', 'completed', 'closed'],
        filter: true,
        update: true,
      },
      notes: { kind: 'text', about: 'shop-floor note', search: true },
    },
  },
  {
    noun: ['nonconformance', 'nonconformances'],
    id: 'ncr_id',
    prefix: 'NCR-',
    about: 'nonconformance reports (NCRs): defects found in production or at goods-in, and what is done about them',
    fields: {
      work_order_id: { kind: 'ref', about: 'work order the defect was found on', table: 'work_orders' },
      defect_type: {
        kind: 'enum',
        about: 'defect type',
        values: [
          'dimensional',
          'surface finish',
          'porosity',
          'weld crack',
          'wrong material',
          'missing component',
          'contamination',
          'labelling',
        ],
        filter: true,
      },
      severity: {
        kind: 'enum',
        about: 'severity',
        values: ['critical', 'major', 'minor', 'observation'],
        filter: true,
      },
      supplier: {
        kind: 'enum',
        about: 'where the defective material came from',
        values: ['in-house', 'Northfield Castings', 'Apex Fasteners', 'Meridian Plastics', 'Kestrel Electronics'],
        filter: true,
      },
      raised_on: { kind: 'date', about: 'date the NCR was raised' },
      quantity_affected: { kind: 'number', about: 'parts affected', unit: 'units', int: true },
      cost_of_quality: { kind: 'money', about: 'scrap and rework cost so far', currency: 'USD' },
      disposition: {
        kind: 'enum',
        about: 'material review board decision',
        values: ['pending', 'use as is', 'rework', 'repair', 'scrap', 'return to supplier'],
        filter: true,
        update: true,
      },
      capa_required: { kind: 'flag', about: 'whether a corrective and preventive action is required', update: true },
      quality_engineer: { kind: 'email', about: 'quality engineer who owns the NCR', update: true },
      status: {
        kind: 'enum',
        about: 'NCR status',
        values: ['open', 'containment', 'root cause analysis', 'corrective action', 'verification', 'closed'],
        filter: true,
        update: true,
      },
      description: { kind: 'text', about: 'what was found and where', search: true },
    },
  },
  {
    noun: ['inspection', 'inspections'],
    id: 'inspection_id',
    prefix: 'INS-',
    about: 'scheduled aircraft maintenance inspections per tail number',
    fields: {
      tail_number: { kind: 'text', about: 'aircraft registration, e.g. G-EZBA', search: true },
      aircraft_type: {
        kind: 'enum',
        about: 'aircraft type',
        values: ['A320neo', 'A321neo', 'B737-800', 'B787-9', 'ATR 72-600', 'E190'],
        filter: true,
      },
      check_type: {
        kind: 'enum',
        about: 'inspection type',
        values: ['daily check', 'weekly check', 'A-check', 'C-check', 'borescope', 'landing gear overhaul'],
        filter: true,
      },
      hours_since_last_check: {
        kind: 'number',
        about: 'flight hours since the last check of this type',
        unit: 'flight hours',
      },
      cycles_since_last_check: {
        kind: 'number',
        about: 'take-off/landing cycles since the last check',
        unit: 'cycles',
        int: true,
      },
      due_date: { kind: 'date', about: 'calendar limit for the check', update: true },
      certifying_engineer: { kind: 'email', about: 'licensed engineer who certifies release to service', update: true },
      aog: { kind: 'flag', about: 'whether the aircraft is grounded (AOG) pending the check', update: true },
      status: {
        kind: 'enum',
        about: 'inspection status',
        values: ['scheduled', 'in work', 'awaiting parts', 'deferred (MEL)', 'certified', 'overdue'],
        filter: true,
        update: true,
      },
      findings: { kind: 'text', about: 'findings and deferred defects', search: true },
    },
  },
  {
    noun: ['field plot', 'field plots'],
    id: 'plot_id',
    prefix: 'PLT-',
    about: 'field plots with their crop, latest soil sensor readings and irrigation',
    fields: {
      field_name: { kind: 'text', about: 'field and plot name, e.g. "Long Acre north"', search: true },
      crop: {
        kind: 'enum',
        about: 'crop grown',
        values: ['winter wheat', 'spring barley', 'oilseed rape', 'maize', 'potatoes', 'sugar beet'],
        filter: true,
      },
      growth_stage: {
        kind: 'enum',
        about: 'crop growth stage',
        values: ['drilled', 'emerged', 'tillering', 'stem extension', 'flowering', 'grain fill', 'harvested'],
        filter: true,
      },
      area_ha: { kind: 'number', about: 'plot area', unit: 'ha' },
      soil_moisture_pct: { kind: 'number', about: 'latest soil moisture reading', unit: '% volumetric water content' },
      last_reading_on: { kind: 'date', about: 'date of the latest sensor reading' },
      next_spray_due: { kind: 'date', about: 'next planned spray date', update: true },
      agronomist: { kind: 'email', about: 'agronomist responsible for the plot', update: true },
      sensor_battery_low: { kind: 'flag', about: 'whether the soil probe reports a low battery', update: true },
      irrigation_status: {
        kind: 'enum',
        about: 'irrigation status',
        values: ['off', 'scheduled', 'running', 'paused for rain', 'fault'],
        filter: true,
        update: true,
      },
      notes: { kind: 'text', about: 'scouting note (pests, disease, weeds)', search: true },
    },
  },
];

export const plant = defineTableService({
  name: 'plant',
  description:
    'Plant operations: work orders, nonconformance reports, aircraft maintenance inspections and field plots.',
  tables: PLANT_TABLES,
});
