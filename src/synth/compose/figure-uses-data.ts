// The figures each record type's team asks for, and what for, whatever the work (figure-uses.ts reads them).

import type { FigureUses } from './figure-use-types.js';
import { FIGURE_WORK_USES } from './figure-uses-work.js';
import { PLACE_FIGURE_USES } from './figure-uses-places.js';

export type { FigureAgg, FigureUses } from './figure-use-types.js';

const OWN: Readonly<Record<string, FigureUses>> = {
  tickets: {
    reader: 'service desk manager',
    figures: { count: ['for the weekly SLA report', 'for the service review'] },
  },
  customers: {
    reader: 'head of sales',
    figures: {
      sum: ['for the pipeline review', 'for the account planning day'],
      count: ['for the pipeline review'],
    },
  },
  products: {
    reader: 'purchasing lead',
    figures: {
      min: ['for the weekly stock meeting'],
      count: ['for the weekly stock meeting', 'for the stocktake'],
    },
    // where the reorders land: goods-in plans the space at each site
    by: { location: { reader: 'stores supervisor', for: ['to plan goods-in space for the reorders'] } },
  },
  transactions: {
    reader: 'finance controller',
    figures: {
      sum: ['to reconcile against the bank statement', 'for the month-end close'],
      count: ['for the month-end close'],
    },
  },
  jobs: { reader: 'platform lead', figures: { count: ['for the on-call handover', 'for the platform review'] } },
  integrations: {
    reader: 'platform lead',
    figures: {
      sum: ['for the platform review'],
      count: ['for the platform review'],
    },
  },
  tasks: { reader: 'team lead', figures: { count: ['for the weekly planning session', 'for the team check-in'] } },
  sheet_rows: {
    reader: 'credit controller',
    figures: {
      sum: ['for the cash collection meeting', 'to see how much cash is tied up'],
      max: ['for the cash collection meeting'],
      count: ['for the cash collection meeting'],
    },
  },
  order_screenshot: {
    reader: 'credit controller',
    figures: {
      sum: ['for the cash collection meeting', 'to see how much cash is tied up'],
      max: ['for the cash collection meeting'],
      count: ['for the cash collection meeting'],
    },
  },
  mails: { reader: 'team lead', figures: { count: ['for the team meeting', 'to plan cover for the inbox'] } },
  feed_articles: {
    reader: 'news editor',
    figures: { sum: ['for the weekly desk review'], count: ['for the weekly desk review'] },
  },
  ...PLACE_FIGURE_USES,
  receipt_scans: {
    reader: 'finance controller',
    figures: {
      // (what staff paid themselves is paid back through payroll: no company card statement lists it)
      sum: ['for the expenses run'],
      count: ['for the expenses run'],
    },
  },
  partner_mails: {
    reader: 'account manager',
    figures: {
      max: ['to check stock before confirming the biggest order', 'to warn the warehouse about the biggest order'],
      mean: ['for the partner account review'],
      count: ['for the partner account review'],
    },
  },
  referrals: {
    reader: 'practice manager',
    figures: { count: ['for the practice meeting', 'for the referrals audit'] },
  },
  appointments: {
    reader: 'practice manager',
    figures: {
      sum: ['to plan the clinic sessions'],
      count: ['for the practice meeting'],
    },
  },
  claims: {
    reader: 'practice manager',
    figures: {
      sum: ['for the month-end figures'],
      count: ['for the practice meeting'],
    },
  },
  vaccinations: { reader: 'head nurse', figures: { count: ['to book enough nurse time', 'to order enough vaccine'] } },
  client_matters: {
    reader: 'supervising partner',
    figures: {
      sum: ['for the monthly matter report'],
      max: ['for the monthly matter report'],
      count: ["for the risk partner's file review"],
    },
  },
  contracts: {
    reader: 'general counsel',
    figures: {
      sum: ['for the contract register review'],
      max: ['for the contract register review'],
      count: ['for the contract register review'],
    },
  },
  court_deadlines: {
    reader: 'litigation partner',
    figures: {
      sum: { reader: 'billing team', for: ['to put the court fees on the bills', 'to request the disbursement funds'] },
      count: ['for the diary check', 'for the litigation team meeting'],
    },
  },
  legal_holds: { reader: 'litigation support lead', figures: { count: ['for the litigation team meeting'] } },
  trip_requests: {
    reader: 'travel manager',
    figures: {
      sum: ['to check against the travel budget'],
      max: ['to see which trip needs director sign-off'],
      count: ['for the travel policy review'],
    },
  },
  travel_bookings: {
    reader: 'travel manager',
    figures: {
      sum: ['to see how much money is at stake', 'to check against the travel budget'],
      count: ['for the travel policy review'],
    },
  },
  per_diem_claims: {
    reader: 'finance controller',
    figures: { sum: ['for the expenses run'], count: ['for the expenses run'] },
  },
  household_bills: {
    reader: 'flatmate',
    figures: { sum: ['to split the bills'], count: ['for the household budget review'] },
  },
  courses: {
    reader: 'programme lead',
    figures: {
      sum: ['for the programme committee'],
      count: ['for the programme committee'],
    },
  },
  enrolments: {
    reader: 'head of department',
    figures: { count: ['for the programme committee'] },
  },
  submissions: {
    reader: 'head of department',
    figures: { max: ['for the moderation meeting'], count: ['for the moderation meeting'] },
  },
  exam_sittings: { reader: 'exams officer', figures: { count: ['for the exam board', 'for the board return'] } },
  work_orders: {
    reader: 'production planner',
    figures: {
      max: ['to check material for the biggest run'],
      count: ['for the production meeting', 'to rebalance the line plan'],
    },
  },
  nonconformances: {
    reader: 'quality lead',
    figures: {
      sum: ['for the monthly cost-of-quality report', 'for the weekly quality review'],
      count: ['for the customer audit'],
    },
  },
  aircraft_inspections: {
    reader: 'maintenance manager',
    figures: { count: ['for the hangar slot review', 'for the CAMO review'] },
  },
  field_plots: {
    reader: 'agronomist',
    figures: { sum: ['for the cropping plan'], count: ['for the farm walk'] },
  },
  positions: { reader: 'portfolio manager', figures: { count: ['for the investment committee'] } },
  trades: {
    reader: 'operations lead',
    figures: { sum: ['for the compliance review'], count: ['for the compliance review'] },
  },
  fx_exposures: {
    reader: 'head of risk',
    figures: {
      sum: ['for the risk committee'],
      max: ['for the risk committee'],
      count: ['for the risk committee'],
    },
  },
  research_notes: {
    reader: 'head of research',
    figures: { count: ['for the compliance review', 'for the research review'] },
  },
  pull_requests: {
    reader: 'release manager',
    figures: { count: ['for the release notes', 'for the release planning meeting'] },
  },
  deployments: {
    reader: 'engineering manager',
    figures: {
      max: ['to size the change window', 'to plan the next maintenance window'],
      count: ['for the change advisory board'],
    },
  },
  incidents: {
    reader: 'on-call lead',
    figures: {
      mean: ['for the weekly SLA report', 'for the incident review'],
      max: ['for the incident review'],
      count: ['for the on-call handover'],
    },
  },
  migrations: {
    reader: 'database lead',
    figures: {
      max: ['to size the maintenance window', 'to decide whether the migrations can run during the working day'],
      count: ['for the change advisory board'],
    },
  },
  datasets: {
    reader: 'data lead',
    figures: { sum: ['for the data governance forum'], count: ['for the data governance forum'] },
  },
  dashboards: {
    reader: 'head of analytics',
    figures: {
      sum: ['for the BI usage review'],
      count: ['for the monthly metrics review'],
    },
  },
  metric_alerts: { reader: 'data lead', figures: { count: ['for the monthly metrics review'] } },
  experiments: {
    reader: 'head of analytics',
    figures: {
      min: ['for the analytics planning session'],
      max: ['to check the biggest test against the traffic we have'],
      count: ['for the analytics planning session'],
    },
  },
  stories: {
    reader: 'managing editor',
    figures: {
      max: ['to see whether the longest piece fits the print slot', 'to plan the page space'],
      count: ['for the editorial planning meeting', 'for the weekly desk review'],
    },
  },
  social_posts: {
    reader: 'social media lead',
    figures: { sum: ['for the monthly social report', 'for the client report'], count: ['for the weekly desk review'] },
  },
  media_assets: {
    reader: 'rights manager',
    figures: {
      sum: ['for the rights check with legal'],
      count: ['for the rights check with legal'],
    },
  },
  episodes: {
    reader: 'scheduling editor',
    figures: { max: ['to check the longest against the schedule slot'], count: ['for the editorial planning meeting'] },
  },
  access_reviews: {
    reader: 'compliance lead',
    figures: { count: ['for the quarterly access recertification', 'for the ISO 27001 surveillance audit'] },
  },
  data_subject_requests: {
    reader: 'data protection officer',
    figures: {
      max: ['to plan the searches for the biggest request'],
      count: ['for the compliance steering group', 'for the regulator return'],
    },
  },
  vendor_assessments: {
    reader: 'head of procurement',
    figures: {
      sum: ['to see how much of our spend sits with these vendors', 'for the risk committee'],
      max: ['to know which vendor to assess first'],
      count: ['for the risk committee'],
    },
  },
  security_findings: {
    reader: 'head of security',
    figures: { count: ['for the risk committee', 'for the security review'] },
  },
  workflows: {
    reader: 'automation lead',
    figures: {
      sum: ['for the platform review', "for the automation owners' check-in"],
      count: ['for the platform review'],
    },
  },
  connectors: {
    reader: 'platform lead',
    figures: { max: ['to gauge the worst case if one of them breaks'], count: ["for the automation owners' check-in"] },
  },
  workflow_runs: {
    reader: 'automation lead',
    figures: { max: ['for the platform review'], count: ['for the platform review'] },
  },
  agent_skills: {
    reader: 'automation lead',
    figures: {
      sum: ['to see how much use they get before we change them', 'for the usage report'],
      count: ['for the platform review'],
    },
  },
  papers: { reader: 'research lead', figures: { count: ['for the reading group', 'for the research review'] } },
  market_reports: {
    reader: 'head of research',
    figures: {
      sum: ['to check against the research budget'],
      count: ['for the research review'],
    },
  },
  news_items: {
    reader: 'head of communications',
    figures: {
      max: ['for the client briefing'],
      count: ['for the client briefing', 'for the morning briefing'],
    },
  },
  cited_sources: { reader: 'research lead', figures: { count: ['for the client briefing', 'for the fact-check log'] } },
  room_bookings: {
    reader: 'office manager',
    figures: { sum: ['for the facilities review'], count: ['for the facilities review'] },
  },
  purchase_requests: {
    reader: 'facilities lead',
    figures: {
      sum: ['to check against the facilities budget', 'for the budget review'],
      count: ['for the facilities review'],
    },
  },
  equipment_loans: {
    reader: 'IT asset manager',
    figures: {
      sum: ['for the insurance schedule', 'to see how much kit is out on loan'],
      count: ['for the facilities review'],
    },
  },
  visitor_passes: {
    reader: 'reception lead',
    figures: { sum: ['for the fire register'], count: ['for the facilities review'] },
  },
  design_requests: {
    reader: 'studio manager',
    figures: {
      // (no freelance cover: the studio's work on these records is holding them, which frees designers, never needs
      // more of them)
      sum: ["to plan the designers' week", 'to see how many designer hours are tied up in them'],
      count: ['for the studio planning session'],
    },
  },
  chart_requests: {
    reader: 'studio manager',
    figures: { count: ['for the studio planning session', 'for the production meeting'] },
  },
  video_edits: {
    reader: 'post-production lead',
    figures: {
      max: ['to check the longest cut against the slot'],
      count: ['for the production meeting'],
    },
  },
  web_page_builds: {
    reader: 'web lead',
    figures: {
      min: ['for the production meeting'],
      count: ['for the client review', 'for the production meeting'],
    },
  },
};

/** Each record type's uses, with those of its pieces of work (figure-uses-work.ts). */
export const FIGURE_USES: Readonly<Record<string, FigureUses>> = Object.fromEntries(
  Object.entries(OWN).map(([src, uses]) => [
    src,
    FIGURE_WORK_USES[src] ? { ...uses, work: FIGURE_WORK_USES[src] } : uses,
  ]),
);
