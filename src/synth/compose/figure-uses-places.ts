import type { FigureUses } from './figure-use-types.js';

// The figures of the places a plan shows (figure-uses-data.ts takes them in).

export const PLACE_FIGURE_USES: Readonly<Record<string, FigureUses>> = {
  // a plan's places are counted by what someone plans with: the sit-stand desks for the workstation checks, the
  // hoist beds for the transfers, the wide desks for access arrangements, the seats of a block for its invigilators
  // (never the window seats: nobody plans anything by them)
  desk_plan: {
    reader: 'office manager',
    figures: {
      count: [
        'for the floor re-plan',
        'for the space planning meeting',
        'for the office moves meeting',
        'for the workplace survey report',
      ],
    },
    by: {
      sit_stand: {
        reader: 'health and safety adviser',
        for: [
          'for the workstation assessments',
          'to plan the display screen assessments',
          'to answer the requests for standing desks',
        ],
      },
      zone: ['for the floor re-plan', 'to plan the cleaning rota', 'to plan the fire warden cover'],
    },
  },
  ward_beds: {
    reader: 'bed manager',
    figures: {
      count: [
        'for the bed meeting',
        'for the site capacity report',
        "for the matron's handover",
        'for the patient flow meeting',
      ],
    },
    by: {
      hoist: {
        reader: 'moving and handling lead',
        for: ['to plan the transfers', 'to book the hoist slings', 'to plan the hoist checks'],
      },
      zone: {
        reader: 'infection control nurse',
        for: [
          'to plan isolation for the admissions',
          'to plan the deep cleans after discharge',
          'to cohort the patients',
        ],
      },
    },
  },
  exam_seats: {
    reader: 'exams officer',
    figures: {
      count: [
        "for the invigilators' briefing",
        'for the seating plan check',
        'for the exam day briefing',
        'for the exams committee',
      ],
    },
    by: {
      wide_desk: [
        'to seat the candidates with access arrangements',
        'for the access arrangements list',
        { reader: 'SENCO', for: ['to check the access arrangements are met'] },
      ],
      zone: ['to put enough invigilators on each block', "for the invigilators' briefing", 'to plan the runners'],
    },
  },
  warehouse_bays: {
    reader: 'warehouse manager',
    figures: {
      count: [
        'to plan the put-away',
        'for the warehouse capacity report',
        'for the slotting review',
        'for the weekly operations review',
      ],
    },
    by: {
      chilled: ['to plan the chilled put-away', 'to plan the temperature checks', 'for the cold-chain audit'],
      zone: ['to plan the forklift routes', "to plan the pickers' zones", 'for the racking inspection'],
    },
  },
};
