import type { Reasons } from './spared-kinds.js';

// The kinds of record a regular review of a record type leaves out (a "Review" section, which has no act of its own,
// policy-acts.ts REVIEW_SECTIONS): a review catches what slipped, so it leaves out a kind someone else already looks
// at on their own schedule, said as that review elsewhere (the infection-control nurse checks the side rooms every
// shift). Never a kind nobody looks at: that is what the review is for.

/** Per record type, field → value → why the team's own review leaves that kind out. */
export const REVIEW_SPARED: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, Reasons>>>>>> = {
  receipt_scans: {
    category: {
      hotel: 'hotel bills are checked by the travel desk against the room-rate policy before they reach us',
      rail: 'rail fares are matched to their bookings by the travel portal, which flags any that differ',
    },
    cost_centre: {
      'Client projects': 'client-project receipts are checked by the project accountant before they are recharged',
    },
  },
  ward_beds: {
    zone: {
      'Side rooms': 'the side rooms are checked every shift by the infection-control nurse',
      'Bay 1': 'Bay 1’s beds are gone through by the nurse in charge at every handover',
      'Bay 4': 'Bay 4’s beds are checked by the theatre recovery staff at the start of each list',
      'Bay 3': 'Bay 3’s beds are checked by the surgical coordinator when she books the theatre returns',
    },
  },
  exam_seats: {
    zone: {
      'Middle block': 'the middle block is inspected by the exam board’s visiting inspector this series',
      'Front block': 'the front block is checked by the SENCo, who seats the access-arrangement candidates',
      Annexe: 'the annexe is checked by its own invigilator before every sitting',
    },
  },
  nonconformances: {
    severity: { observation: 'an observation is only noted for the next audit, which goes through them all' },
  },
  security_findings: {
    severity: { informational: 'informational findings carry no fix, and the quarterly report lists them all' },
  },
  partner_mails: {
    language: {
      Japanese: 'the Tokyo liaison office goes through its own partners’ messages',
      Chinese: 'the Shanghai office goes through its partners’ messages in its own hours',
    },
    topic: {
      complaint: 'complaints are reviewed by the quality team against their own service level',
      invoice: 'invoice queries are reviewed by accounts receivable against the sales ledger',
    },
  },
  social_posts: {
    channel: {
      LinkedIn: 'LinkedIn posts are reviewed by the employer-brand team in HR, who run that channel',
      'YouTube Shorts': 'Shorts are reviewed by the video team with the rest of their uploads',
    },
  },
  cited_sources: {
    source_type: { interview: 'an interview is checked once, by the reporter who took the notes' },
  },
  sheet_rows: {
    region: {
      Central: 'Central accounts are gone through by the key-account team with each customer',
      North: 'the North region’s ledger is reviewed by the factoring company, which owns those debts',
    },
  },
  order_screenshot: {
    region: {
      Central: 'Central accounts are gone through by the key-account team with each customer',
      North: 'the North region’s ledger is reviewed by the factoring company, which owns those debts',
    },
  },
  contracts: {
    contract_type: {
      lease: 'leases are reviewed by the property team with the landlord',
      licence: 'software licences are reviewed by IT asset management in its own register',
    },
  },
  market_reports: {
    publisher: {
      Gartner: 'Gartner research is reviewed by the CIO’s office, which holds the seat',
      McKinsey: 'McKinsey pieces are reviewed by the strategy office, which licenses them for the firm',
      Statista: 'Statista pages are reviewed by the library, which runs the site licence',
    },
  },
  news_items: {
    outlet: { Reuters: 'Reuters items are logged and checked through the wire alert as they arrive' },
  },
  migrations: {
    database: {
      'analytics-warehouse': 'the analytics warehouse’s changes are gone through by the data team',
      'billing-mysql': 'billing-mysql is in PCI scope, so its changes are reviewed by the change advisory board',
    },
    change_kind: { 'create table': 'a new table touches no existing data, so its author’s own review covers it' },
  },
  pull_requests: {
    repo: { 'data-pipeline': 'data-pipeline changes are reviewed by the data team on its own rota' },
  },
  design_requests: {
    deliverable: { 'slide template': 'slide templates are kept up by the brand team, who check them themselves' },
  },
  episodes: {
    show: {
      'The Long Read (audio)': 'The Long Read is checked by the partner newspaper, which produces it',
      'Money Talks': 'Money Talks is signed off episode by episode by its sponsor’s team before release',
    },
  },
  aircraft_inspections: {
    aircraft_type: {
      'ATR 72-600': 'the ATRs’ records are reviewed by the lessor’s engineers under the wet lease',
      E190: 'the E190s’ records are reviewed by the regional partner’s maintenance control',
      'B787-9': 'the 787s’ records are reviewed by the manufacturer’s support engineers under the support contract',
    },
    check_type: {
      'daily check': 'daily checks are signed off by the line engineer at each turnaround and never wait on planning',
      borescope: 'borescope inspections are reviewed by the engine shop, under the engine maintenance programme',
    },
  },
  agent_skills: {
    source: {
      'built-in':
        'built-in skills ship with the platform, and its vendor’s security team reviews them with each release',
      internal: 'internal skills are reviewed by the platform team when their code is merged',
    },
  },
  // (a slow rollout where slowness is the design, or nobody's stake)
  deployments: {
    environment: {
      dev: 'dev rollouts are each developer’s own, redeployed many times a day, and nobody times them',
      canary:
        'a canary rollout holds at each step on purpose while its error budget is watched, so its time says nothing',
    },
  },
  positions: {
    status: {
      exit: 'a position marked exit is being sold down by the trading desk, so its size is already on its way out',
    },
  },
  feed_articles: {
    category: { sports: 'sports news goes into the sports desk’s own digest, which its editor compiles' },
    // (a release is the company's own announcement: the digest runs what was reported)
    source: {
      'Business Wire Daily':
        'Business Wire Daily carries the companies’ own press releases, which the digest does not run as news',
      'Sector Weekly': 'Sector Weekly is itself a digest of the week’s stories, so the digest does not run it again',
    },
  },
  desk_plan: {
    zone: { 'Hot desks': 'hot desks are freed each evening by the booking app, which drops unused bookings' },
  },
  web_page_builds: {
    template: {
      microsite: 'microsites are checked by the agency that built them, under its contract',
      'blog post': 'blog posts are checked by the content team’s editor before they publish',
      'event page': 'event pages are checked by the events team against the registration form',
    },
  },
  stories: {
    story_format: {
      'live blog': 'a live blog is watched entry by entry by the live desk as it runs',
      'op-ed': 'op-eds are scheduled by the comment editor at the weekly comment conference, not by the desk',
      review: 'reviews are read over by the arts editor, who schedules them for the arts pages',
    },
  },
  field_plots: {
    crop: {
      maize: 'the maize is walked by the digester operator’s agronomist',
      potatoes: 'the potatoes are walked by the packer’s agronomist under the supply contract',
      'sugar beet': 'the beet is walked by the processor’s agronomist, who sets its programme',
    },
  },
  // (an account's review held by whoever owns the relationship)
  customers: {
    tier: {
      vip: 'VIP accounts already have their business reviews with the executive sponsor, who runs them in person',
      enterprise: 'enterprise accounts are reviewed by the strategic accounts team at their annual account planning',
      premium: 'premium accounts get a six-monthly health review from their customer success manager',
    },
  },
  work_orders: {
    order_type: {
      prototype: 'prototypes are gone through by engineering at the weekly build meeting',
      rework: 'rework orders are reviewed by quality, together with the nonconformance behind each one',
    },
    line: { test: 'the test cell’s orders are gone through by the test engineer at each shift handover' },
  },
  appointments: {
    kind: {
      vaccination: 'vaccinations are gone through by the practice nurse against the recall list',
      'blood test': 'blood tests are checked by the phlebotomy lead against the lab’s request list',
    },
  },
  court_deadlines: {
    court: {
      'LCIA arbitration': 'arbitral timetables are reviewed by the arbitration team against each procedural order',
      'Employment Tribunal': 'tribunal deadlines are gone through by the employment team at its weekly case meeting',
    },
    deadline_kind: {
      'limitation period': 'limitation dates are reviewed every month by the risk team on the limitation register',
      'appeal window': 'appeal windows are reviewed by the appeals partner the day judgment is handed down',
    },
  },
  submissions: {
    assessment_type: {
      portfolio: 'portfolios are looked at by the external examiner at the final exam board',
      presentation: 'presentations are marked live by two assessors, who moderate on the day',
      'problem set': 'problem sets are gone through by the teaching assistants in each week’s tutorial',
    },
  },
};
