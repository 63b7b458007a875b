import type { FigureUses } from './figure-use-types.js';

// The figures of the places a plan shows (figure-uses-data.ts takes them in).

export const PLACE_FIGURE_USES: Readonly<Record<string, FigureUses>> = {
  // a plan's places are counted by what someone plans with: the sit-stand desks for the workstation checks, the
  // hoist beds for the transfers, the wide desks for access arrangements, the seats of a block for its invigilators
  // (never the window seats: nobody plans anything by them)
  desk_plan: {
    reader: 'office manager',
    figures: { count: ['for the floor re-plan'] },
    by: {
      sit_stand: { reader: 'health and safety adviser', for: ['for the workstation assessments'] },
      zone: ['for the floor re-plan', 'to plan the cleaning rota'],
    },
  },
  ward_beds: {
    reader: 'bed manager',
    figures: { count: ['for the bed meeting'] },
    by: {
      hoist: { reader: 'moving and handling lead', for: ['to plan the transfers', 'to book the hoist slings'] },
      zone: { reader: 'infection control nurse', for: ['to plan isolation for the admissions'] },
    },
  },
  exam_seats: {
    reader: 'exams officer',
    figures: { count: ["for the invigilators' briefing"] },
    by: {
      wide_desk: ['to seat the candidates with access arrangements', 'for the access arrangements list'],
      zone: ['to put enough invigilators on each block', "for the invigilators' briefing"],
    },
  },
  warehouse_bays: {
    reader: 'warehouse manager',
    figures: { count: ['to plan the put-away'] },
    by: { chilled: ['to plan the chilled put-away'], zone: ['to plan the forklift routes'] },
  },
};
