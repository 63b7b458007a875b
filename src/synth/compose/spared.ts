// Why a policy may leave the records of one category out of a section's work, per record type, field and value, in
// the words of the people who keep them: what that kind of record means in the domain (a hotel bill goes through
// the travel agency's invoice; side rooms are infection control's). A category exception is drawn only on a value
// with a reason here (rules/draw.ts), so no exception leans on a stock "standing arrangement" or "routine batch".

// (one reason per value, or several a practitioner would give for it)
type Spared = Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, string | readonly string[]>>>>>>;

// the sales regions of the order sheet and of the billing dashboard are the same accounts
const REGIONS = {
  Central: 'Central accounts are with the key-account team, who chase their own customers',
  East: 'the East region went to the distributor in March, who now collects those orders',
  North: 'the North region’s accounts are factored, so the factoring company collects them',
  West: 'the West region’s orders are public-sector, paid on the framework’s own fixed terms',
};

export const SPARED: Spared = {
  // (said of how that kind is claimed, which holds whoever paid: a reimbursement rule selects what staff paid)
  receipt_scans: {
    category: {
      hotel: [
        'a hotel stay is claimed on the trip’s travel claim, together with the booking confirmation',
        'hotel bills go to the travel desk first, which checks them against the room-rate policy',
      ],
      rail: [
        'rail fares are claimed through the travel portal, which matches each to its booking',
        'a rail fare is refunded against the e-ticket in the booking portal, not against a paper receipt',
      ],
      // (a trip's airport taxi at the travel desk, a cab to a client at the office: both go on the travel claim)
      taxi: [
        'taxi fares are claimed on the monthly travel claim with the journey details, not as loose receipts',
        'a taxi is paid back only against the journey log the travel desk keeps, which comes with the travel claim',
      ],
      meals: [
        'meals on a trip are covered by the day allowance, so no receipt is paid back on its own',
        'trip meals are claimed on the per diem form, not against the receipt',
      ],
      'client meals': [
        'client meals go on the entertainment return, which the finance partner signs off separately',
        'client entertainment is disallowed for tax and goes through its own register',
      ],
      supplies: 'office supplies bought out of pocket are refunded from petty cash by the office manager',
      courier: 'courier runs are recharged to the client matter, so they go on the matter’s disbursement slip',
      parking: 'parking is paid back through the mileage claim, which already lists each car park',
    },
    payment: {
      'corporate card': 'the company paid it, so nothing is owed back; the card statement reconciles it',
    },
  },
  ward_beds: {
    zone: {
      'Side rooms': [
        'side rooms are allocated by the infection-control nurse, who keeps them for isolation',
        'side rooms are held for patients who must be barrier-nursed, on infection control’s say',
      ],
      'Bay 1': [
        'Bay 1 is the high-observation bay, whose beds the nurse in charge manages herself',
        'Bay 1 is staffed one nurse to four, and its beds go through the nurse in charge',
      ],
      'Bay 2': 'Bay 2 is ring-fenced for elective orthopaedic admissions, booked by the surgical scheduler',
    },
  },
  exam_seats: {
    zone: {
      'Front block': [
        'the front block is kept for candidates with access arrangements, whom the SENCo seats',
        'the front block is under the senior invigilator’s desk, who seats it herself on the day',
      ],
      'Middle block': [
        'the middle block is set out by the exam board’s visiting inspector this series',
        'the middle block seats the candidates sitting the board’s pilot paper, under the board’s own instructions',
      ],
      'Back block': [
        'the back block is the late-entry area, set out by the invigilation lead on the day',
        'the back block sits by the fire exit, and the site team must keep its aisles as they are',
      ],
    },
  },
  desk_plan: {
    zone: {
      'Hot desks': 'hot desks are booked day by day in the booking app, not assigned',
      'Quiet zone': 'the quiet zone belongs to the research team, whose office manager runs its desks',
    },
  },
  partner_mails: {
    topic: {
      invoice: [
        'invoice questions go to accounts payable, who answer them against the ledger',
        'invoice queries are answered from the billing system by the credit controller',
      ],
      complaint: [
        'complaints are logged with the quality team, who reply within their own service level',
        'complaints go to the customer-care lead, who must answer them personally',
      ],
      delivery: 'delivery questions go to the logistics desk, who can see the carrier’s tracking',
      price: 'price questions go to the key-account manager, who alone can quote',
    },
    language: {
      Japanese: 'the Tokyo liaison office answers its partners directly, in Japanese',
      Chinese: 'the Shanghai office handles its partners’ messages in its own working hours',
      Spanish: [
        'the Madrid agent answers the Spanish-speaking partners under the agency agreement',
        'the Spanish-speaking partners are served from the Madrid office, in their own hours',
      ],
      French: 'the Lyon office covers the French-speaking partners, in their own hours',
    },
  },
  sheet_rows: { region: REGIONS },
  order_screenshot: { region: REGIONS },
  contracts: {
    contract_type: {
      NDA: 'an NDA carries no fees and lapses on its own terms, so nothing turns on it',
      DPA: 'a DPA follows the main agreement it sits under, and is reviewed with that one',
      lease: 'leases are with the property team, who hold the landlord correspondence',
      SOW: 'an SOW runs under its MSA and ends with its project, so it is handled with that',
      licence: 'software licences are tracked by IT asset management in its own register',
    },
  },
  work_orders: {
    line: {
      test: 'the test cell runs to the quality plan, which already sets its order',
      packing: 'packing works to the dispatch schedule the warehouse sets each morning',
      paint: 'the paint line is run by the coatings subcontractor, who schedules its own orders',
      welding: 'welding is planned by the certified-welding coordinator against the procedure sheets',
    },
    order_type: {
      prototype: 'prototypes are run by engineering, outside the production schedule',
      rework: 'rework is scheduled by quality, who hold the nonconformance behind it',
    },
  },
  market_reports: {
    publisher: {
      'company filing': 'a filing is public and free, so there is no licence or subscription to weigh',
      Statista: 'the Statista seat is on the library’s site licence, which it renews for everyone',
      Gartner: 'Gartner research comes with the enterprise seat the CIO’s office manages',
      McKinsey: 'McKinsey pieces are free to read, published without a licence',
    },
  },
  transactions: {
    account: {
      'bank-transfer': 'bank transfers are raised against an approved invoice, which already carries the paperwork',
      'petty-cash': 'petty cash is counted and reconciled by the office manager each Friday',
    },
    category: {
      software: 'software is paid on the annual contracts procurement already approved',
      training: 'training is booked through the L&D budget, whose owner approves it up front',
    },
  },
  news_items: {
    outlet: {
      'trade press': 'trade-press pieces are already in the weekly sector digest the team sends',
      Reuters: 'Reuters items reach the desk through the wire alert, which logs them already',
    },
  },
  nonconformances: {
    supplier: {
      'in-house': 'an in-house defect has no supplier to claim from; it goes to our own corrective action',
    },
    defect_type: {
      labelling: 'labelling errors are fixed at packing under the relabel procedure, with no rework of the part',
    },
  },
  access_reviews: {
    system: {
      Okta: 'Okta access is reviewed by the identity team as part of the quarterly SSO certification',
      Workday: 'Workday access follows the HR role, which HR re-certifies itself',
    },
  },
  pull_requests: {
    repo: {
      'mobile-app': 'mobile-app changes ship on the fortnightly release train, whose captain reviews them',
      'data-pipeline': 'the data team owns data-pipeline reviews on its own rota',
    },
  },
  submissions: {
    assessment_type: {
      presentation: 'a presentation is marked live on the day, so there is no script to handle',
      portfolio: 'portfolios go to the external examiner, who assesses them at the final exam board',
    },
  },
  social_posts: {
    channel: {
      LinkedIn: [
        'LinkedIn is run by the employer-brand team in HR, with its own budget and sign-off',
        'LinkedIn posts go out from the executives’ own profiles, which their office runs',
      ],
      'YouTube Shorts': [
        'Shorts are run by the video team, with their own budget and sign-off',
        'Shorts go out from the video team’s channel, scheduled with its main uploads',
      ],
    },
  },
  security_findings: {
    source: {
      'bug bounty': 'bug-bounty reports are handled under the programme’s own triage agreement with the researchers',
      'internal audit': 'audit findings are tracked by internal audit, who agree the actions with each owner',
    },
  },
  design_requests: {
    deliverable: {
      'logo refresh': 'a logo refresh is a brand project the brand director runs herself',
      'slide template': 'slide templates are maintained by the brand team, outside the request queue',
    },
  },
  episodes: {
    show: {
      'The Long Read (audio)': 'The Long Read is produced by the partner newspaper, which handles its own release',
      'Money Talks': 'Money Talks is produced with the sponsor, whose team signs off every episode',
    },
  },
  aircraft_inspections: {
    aircraft_type: {
      'B787-9': 'the 787s are maintained under the manufacturer’s support contract, which plans their checks',
      'ATR 72-600': 'the ATRs are wet-leased, and the lessor’s engineers look after them',
    },
  },
  research_notes: {
    note_type: {
      'sector deep dive': 'a deep dive carries no recommendation, so it needs no sign-off on the rating',
      'model update': 'a model update changes no rating or target, so there is nothing new to approve',
    },
  },
  incidents: {
    service: {
      'notifications-worker': 'notifications-worker has no customer-facing path; an outage only delays emails',
    },
  },
  products: {
    location: {
      'Returns cage': 'stock in the returns cage is not sellable until it has been inspected',
      'Overflow site': 'the overflow site is run by the logistics partner, who counts and reports it',
    },
  },
  field_plots: {
    crop: {
      'sugar beet': 'the beet is grown on contract, and the processor’s agronomist sets its programme',
      maize: 'the maize is for the anaerobic digester, whose operator manages the crop',
    },
  },
  legal_holds: {
    department: {
      Executive: 'executive custodians are handled by the general counsel personally',
      HR: 'HR records sit under their own retention schedule, which the HR director owns',
    },
  },
  stories: {
    story_format: {
      'live blog': 'a live blog is moderated by the live desk as it runs, entry by entry',
      review: 'reviews are commissioned and edited by the arts desk, under its own rota',
    },
  },
  migrations: {
    database: {
      'sessions-redis': 'sessions-redis holds only short-lived keys that expire within the day',
      'analytics-warehouse': 'the analytics warehouse is the data team’s, who run its changes through their own review',
    },
    change_kind: {
      'add index': 'an index added concurrently locks nothing and drops no data',
      'create table': 'a new table touches no existing data and is picked up by the next release',
    },
  },
  workflows: {
    trigger: {
      manual: 'a manual workflow runs only when someone starts it, so it never fires unattended',
      schedule: 'scheduled workflows are covered by the scheduler’s own run report each morning',
    },
  },
  cited_sources: {
    source_type: {
      'official statistics': [
        'official statistics stay at a stable address on the statistics office’s site',
        'official figures are revised only on the statistics office’s published calendar, which the team already follows',
      ],
      interview: 'an interview is our own notes, kept in the project folder, not a page that can change',
    },
  },
  web_page_builds: {
    template: {
      'blog post': 'blog posts are published by the content team through the CMS, outside the build queue',
      microsite: 'microsites are built by the agency that designed them, under its own contract',
    },
  },
  customers: {},
};
