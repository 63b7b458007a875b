import type { FigureUses } from './figure-use-types.js';

// The figures of the school's, the plant's, the farm's and the investment desk's records, and what each team takes
// them to (figure-uses-data.ts gathers them).

export const INDUSTRY_FIGURE_USES: Readonly<Record<string, FigureUses>> = {
  courses: {
    reader: 'programme lead',
    figures: {
      sum: [
        'for the programme committee',
        'to check against the admissions target',
        'for the recruitment plan',
        { reader: 'timetabling officer', for: ['to plan the room bookings for the term'] },
      ],
      count: [
        'for the programme committee',
        'for the curriculum review',
        'for the annual programme report',
        'for the faculty board',
      ],
    },
  },
  enrolments: {
    reader: 'head of department',
    figures: {
      count: [
        'for the programme committee',
        'for the student numbers return',
        'for the department meeting',
        'for the funding return',
        { reader: 'admissions officer', for: ['for the admissions report'] },
      ],
    },
  },
  submissions: {
    reader: 'head of department',
    figures: {
      max: [
        'for the moderation meeting',
        'to check the longest delay against the late-penalty rules',
        'to see whether any goes to the mitigating circumstances panel',
        { reader: 'exams officer', for: ['for the exam board papers'] },
      ],
      count: [
        'for the moderation meeting',
        'for the exam board',
        'for the department meeting',
        "for the external examiner's report",
        { reader: 'course leader', for: ['for the course review'] },
      ],
    },
  },
  exam_sittings: {
    reader: 'exams officer',
    figures: {
      count: [
        'for the exam board',
        'for the board return',
        'for the exams committee',
        'for the entries audit',
        { reader: 'deputy head', for: ["for the senior leadership team's exams update"] },
      ],
    },
  },
  work_orders: {
    reader: 'production planner',
    figures: {
      max: [
        'to check material for the biggest run',
        'to plan the changeover for the biggest run',
        'to see whether the biggest run fits in one shift',
        { reader: 'materials planner', for: ['to call off enough raw material for the biggest run'] },
      ],
      count: [
        'for the production meeting',
        'to rebalance the line plan',
        'for the daily production stand-up',
        'for the weekly operations review',
        { reader: 'plant manager', for: ['for the plant performance report'] },
      ],
    },
  },
  nonconformances: {
    reader: 'quality lead',
    figures: {
      sum: [
        'for the monthly cost-of-quality report',
        'for the weekly quality review',
        'for the management review',
        { reader: 'plant controller', for: ['to accrue the scrap and rework costs'] },
      ],
      count: [
        'for the customer audit',
        'for the management review',
        'for the quality KPI report',
        'for the supplier quality meeting',
      ],
    },
  },
  aircraft_inspections: {
    reader: 'maintenance manager',
    figures: {
      count: [
        'for the hangar slot review',
        'for the CAMO review',
        'for the airworthiness review meeting',
        'for the monthly reliability report',
        { reader: 'quality manager', for: ['for the authority audit'] },
      ],
    },
  },
  field_plots: {
    reader: 'agronomist',
    figures: {
      sum: [
        'for the cropping plan',
        'for the crop-area return',
        'for the crop insurance declaration',
        { reader: 'farm manager', for: ['for the yield forecast'] },
      ],
      count: ['for the farm walk', 'for the cropping plan', 'for the season review', 'for the field records audit'],
    },
  },
  positions: {
    reader: 'portfolio manager',
    figures: {
      count: [
        'for the investment committee',
        'for the monthly risk report',
        'for the client portfolio review',
        { reader: 'compliance officer', for: ['for the mandate compliance report'] },
      ],
    },
  },
  trades: {
    reader: 'operations lead',
    figures: {
      sum: [
        'for the compliance review',
        'to reconcile against the broker invoices',
        'for the best execution review',
        { reader: 'head of trading', for: ['for the broker review'] },
      ],
      count: [
        'for the compliance review',
        'for the best execution review',
        'for the daily operations meeting',
        'for the surveillance report',
      ],
    },
  },
  fx_exposures: {
    reader: 'head of risk',
    figures: {
      sum: [
        'for the risk committee',
        'for the treasury report',
        "for the board's risk dashboard",
        { reader: 'treasurer', for: ['to check against the hedging limits'] },
      ],
      max: [
        'for the risk committee',
        'to check the largest against the counterparty limit',
        'to see whether any breaches the single-currency limit',
        { reader: 'treasurer', for: ['to decide which bank to ask for quotes first'] },
      ],
      count: [
        'for the risk committee',
        'for the treasury meeting',
        'for the monthly risk report',
        'for the audit committee',
      ],
    },
  },
  research_notes: {
    reader: 'head of research',
    figures: {
      count: [
        'for the compliance review',
        'for the research review',
        'for the morning meeting',
        'for the research output report',
        { reader: 'compliance officer', for: ['for the publication log'] },
      ],
    },
  },
};
