// the tables a reason for asking draws on, by record type then service, and the consequences it may go on with
// (occasions.ts)

// the standing meetings and deadlines of the team that keeps a kind of record (by record type, then service):
// what a coworker there would name as the reason to look at the records now
export const EVENTS: Readonly<Record<string, readonly string[]>> = {
  analytics: ['the data governance forum', 'the monthly metrics review', 'the analytics planning session'],
  automations: ['the platform review', "the automation owners' check-in", 'the quarterly access recertification'],
  clinic: ['the clinical governance meeting', 'the practice meeting', "the partners' meeting"],
  vaccinations: ['the practice meeting', 'the reminder run', "the head nurse's review"],
  cms: ['the editorial planning meeting', 'the weekly desk review', 'the rights check with legal'],
  config: ['the change advisory board', 'the platform review', 'the security review'],
  crm: ['the pipeline review', 'the renewals meeting', 'the account planning session'],
  devops: ['the change advisory board', 'the release planning meeting', 'the engineering ops review'],
  facilities: ['the facilities review', 'the office move planning meeting', 'the fire safety walk-round'],
  finance: ['the month-end close', 'the expenses run', "the auditors' visit"],
  grc: ['the risk committee', 'the ISO 27001 surveillance audit', 'the compliance steering group'],
  helpdesk: ['the service review', 'the weekly SLA report', 'the support team huddle'],
  inventory: ['the stocktake', 'the supplier call', 'the replenishment meeting'],
  matters: ["the risk partner's file review", 'the WIP meeting', "the partners' meeting"],
  court_deadlines: ["the risk partner's file review", 'the diary check', 'the litigation team meeting'],
  plant: ['the weekly quality review', 'the customer audit', 'the production meeting'],
  aircraft_inspections: ['the maintenance planning meeting', 'the CAMO review', 'the hangar slot review'],
  field_plots: ['the farm walk', 'the spray planning meeting', "the agronomist's visit"],
  portfolio: ['the risk committee', 'the investment committee', 'the compliance review'],
  research: ['the research review', 'the reading group', 'the client briefing'],
  rss: ['the morning briefing', 'the editorial meeting'],
  scheduler: ['the platform review', 'the on-call handover', 'the change advisory board'],
  school: ['the exam board', 'the moderation meeting', 'the programme committee'],
  studio: ['the production meeting', 'the client review', 'the studio planning session'],
  todo: ['the team check-in', 'the weekly planning session'],
  travel: ['the expenses run', 'the travel policy review', 'the finance check-in'],
  household_bills: ['the household budget review', 'the bank statement check'],
  desk_plan: ['the floor re-plan', 'the facilities review'],
  ward_beds: ['the bed meeting', 'the ward handover'],
  exam_seats: ['the next exam session', "the invigilators' briefing"],
  warehouse_bays: ['the racking inspection', 'the stocktake'],
  receipt_scans: ['the expenses run', 'the month-end close'],
  order_screenshot: ['the cash collection meeting', 'the sales review'],
  sheet_rows: ['the cash collection meeting', 'the sales review'],
  partner_mails: ['the partner account review', 'the supplier call'],
  gmail: ['the team meeting', 'the weekly review'],
};

// who a colleague named in a reason is to the records: the lead of the team that keeps them (by record type, then
// service), so that a name never stands alone ("Jonas wants…": who is Jonas?)
export const LEADS: Readonly<Record<string, readonly string[]>> = {
  analytics: ['head of analytics', 'data lead'],
  automations: ['platform lead', 'automation lead'],
  clinic: ['practice manager', 'senior partner'],
  vaccinations: ['head nurse', 'practice manager'],
  cms: ['managing editor', 'desk editor'],
  config: ['platform lead', 'head of IT'],
  crm: ['head of sales', 'account director'],
  devops: ['engineering manager', 'tech lead'],
  facilities: ['office manager', 'facilities lead'],
  finance: ['finance controller', 'head of finance'],
  grc: ['compliance lead', 'head of security'],
  helpdesk: ['support lead', 'service desk manager'],
  inventory: ['warehouse manager', 'purchasing lead'],
  matters: ['supervising partner', 'risk partner'],
  plant: ['plant manager', 'quality lead'],
  aircraft_inspections: ['maintenance manager', 'CAMO lead'],
  field_plots: ['farm manager', 'agronomist'],
  portfolio: ['portfolio manager', 'head of risk'],
  research: ['research lead', 'head of research'],
  rss: ['news editor'],
  scheduler: ['platform lead', 'ops lead'],
  school: ['head of department', 'exams officer'],
  studio: ['studio manager', 'creative director'],
  todo: ['team lead', 'manager'],
  travel: ['travel manager', 'finance controller'],
  household_bills: ['flatmate'],
  desk_plan: ['office manager'],
  ward_beds: ['ward sister', 'bed manager'],
  exam_seats: ['exams officer'],
  warehouse_bays: ['warehouse manager'],
  receipt_scans: ['finance controller'],
  order_screenshot: ['sales lead'],
  sheet_rows: ['sales lead'],
  partner_mails: ['account manager', 'head of partnerships'],
  gmail: ['team lead', 'manager'],
};

// who outside the team feels a slip in a service's records, and complains
export const COMPLAINER: Readonly<Record<string, string>> = {
  helpdesk: 'customer',
  crm: 'customer',
  inventory: 'customer',
  travel: 'traveller',
  clinic: 'patient',
  cms: 'reader',
  studio: 'client',
  matters: 'client',
};

// after a reason that names the records, the consequence refers back to them ("…on the stories, and they are the
// one thing still open"), never names them twice
export function consequencesOf(plural: string, ahead: boolean, named: boolean): string[] {
  if (!named) return consequences(plural, ahead);
  return [
    'so they need to be right',
    "so I'd like them off my list",
    'and they are the one thing still open',
    "so they can't wait any longer",
    "and I'd rather they were in order",
    "so let's get them done today",
    'so I need a clean list',
    "and I don't want any surprises there",
    'so they are top of my list today',
    'and I want to be able to say they are done',
    "so I'd like them dealt with now",
    'and they are the last loose end',
    'so they come first today',
    "and I'd like them finished properly",
    "so I'd like them wrapped up",
    'and I want them off the board',
    'so they should be handled now',
    ...(ahead
      ? [
          'and I want them sorted before then',
          'and they have to be tidy by then',
          'so they need to be done by then',
          "and I don't want to go in with them half done",
        ]
      : ['and they have been sitting there too long', 'and they keep getting pushed back']),
  ];
}

function consequences(plural: string, ahead: boolean): string[] {
  return [
    `so the ${plural} need to be right`,
    `so I'd like the ${plural} off my list`,
    `and the ${plural} are the one thing still open`,
    `so the ${plural} can't wait any longer`,
    `and I'd rather the ${plural} were in order`,
    `so let's get the ${plural} done today`,
    `and the ${plural} are what I'll be asked about`,
    `so the ${plural} come first today`,
    `and I want the ${plural} done properly`,
    `so I'd like the ${plural} dealt with now`,
    `and the ${plural} are the last loose end`,
    `so the ${plural} are top of my list`,
    ...(ahead
      ? [
          `and I want the ${plural} sorted before then`,
          `and the ${plural} have to be tidy by then`,
          `so the ${plural} need to be ready by then`,
          `and I don't want to go in with the ${plural} half done`,
        ]
      : [`and the ${plural} have been sitting there too long`, `and the ${plural} keep getting pushed back`]),
  ];
}
