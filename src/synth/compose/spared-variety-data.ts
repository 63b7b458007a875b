import type { ByAct } from './spared-kinds.js';

// More kinds of record a work spares, for the record types whose works had one kind to spare (or one per field), so
// that nearly every task of the record type left out the same records ("unless churned", "unless sandbox") and the
// exception could be learnt per record type without reading the policy. Teams differ in which kinds someone else
// already looks after: the strategic-accounts team, a partner's engineers, the processor's agronomist. Each kind
// here has the reason that team gives; merged into SPARED per act and field (spared-data.ts).

export const VARIETY_SPARED: Readonly<Record<string, ByAct>> = {
  // (who owns an account's relationship: the executive sponsor, the deal desk, the scaled success team)
  customers: {
    Escalation: {
      tier: {
        vip: 'a VIP account at risk goes straight to its executive sponsor, who makes that call in person',
        enterprise: 'enterprise accounts have a named customer success manager, who runs their at-risk plan',
        standard: 'standard accounts at risk are worked by the scaled success team through its at-risk playbook',
      },
    },
    'Renewal risk': {
      tier: {
        vip: 'VIP renewals are negotiated by the executive sponsor, whose save plan is agreed at the business review',
        enterprise: 'enterprise renewals go through the deal desk, which draws up its own save plan with procurement',
        standard: 'standard accounts renew on the self-serve plan, and the scaled success team runs their campaign',
      },
    },
    'Follow-up': {
      tier: {
        standard: 'standard accounts renew automatically on the online plan, and billing sends their renewal notices',
        enterprise: 'enterprise renewals are negotiated months ahead by the deal desk with the customer’s procurement',
        vip: 'VIP renewals are negotiated in person by the executive sponsor, who owns each VIP relationship',
      },
    },
    Expansion: {
      tier: {
        vip: 'VIP accounts are already on the top plan with every module, so there is nothing left to upsell',
        standard: 'standard accounts are upsold in the product by the growth team’s self-serve offers',
        enterprise: 'enterprise expansion is planned by the strategic accounts team in the annual account plan',
      },
    },
  },
  // (an environment whose errors reach no live data, and whose owner fixes it in place)
  integrations: {
    Deactivation: {
      environment: {
        staging:
          'a staging integration writes only to staging copies rebuilt from production each night, so no live data is harmed',
        development: 'a development integration is one engineer’s test hook on the vendor’s free developer account',
      },
    },
    Escalation: {
      environment: {
        staging: 'staging calls reach no customer and the vendor does not meter them, so the release team fixes them',
        development: 'a development integration runs on an engineer’s own developer key, which no vendor cuts off',
      },
    },
    'Follow-up': {
      environment: {
        staging: 'staging credentials are rotated with every release by the pipeline, which re-verifies their scopes',
        development: 'development keys expire after thirty days on their own, so there is no scope left to re-check',
      },
    },
    'Usage review': {
      environment: {
        sandbox: 'a sandbox integration is quiet between test cycles by design, so low traffic says nothing there',
        staging: 'staging traffic follows the release calendar, so a quiet month there is normal',
        development: 'a development integration is called only while someone is building against it',
      },
    },
  },
  feed_articles: {
    'Follow-up': {
      source: {
        'Sector Weekly':
          'Sector Weekly rounds up stories already a week old, which the desk followed up when they broke',
        'Trade Journal': 'Trade Journal pieces are followed up by the trade correspondent, who reads every issue',
      },
    },
    Briefing: {
      source: {
        'Business Wire Daily':
          'a Business Wire Daily item is a company’s own release, briefed only once it is reported',
        'Sector Weekly': 'Sector Weekly is a weekly round-up, read at the Monday meeting rather than in the briefing',
      },
      category: { sports: 'sports news has its own bulletin from the sports desk, so the morning briefing skips it' },
    },
  },
  work_orders: {
    Hold: {
      order_type: {
        rework:
          'rework draws its parts from the quarantine stock quality sets aside, not from the stores short of them',
        'stock build':
          'a stock build short of material is re-planned by the next MRP run instead of waiting on the line',
      },
    },
    'Late order review': {
      order_type: {
        'stock build':
          'a stock build has no customer waiting on it, so planning simply re-plans it in the next MRP run',
      },
    },
  },
  ward_beds: {
    'Hoist bed release': {
      zone: { 'Bay 3': 'Bay 3’s hoist beds take patients back from theatre, and the surgical porters turn them round' },
    },
    'Respiratory bed release': {
      zone: { 'Bay 3': 'Bay 3’s piped beds are turned round by the surgical step-down team between theatre lists' },
    },
  },
  web_page_builds: {
    'Page build': {
      source_material: {
        'PDF brochure': 'a page from a PDF brochure is converted by the agency’s production team under its retainer',
      },
    },
    'Performance fix': {
      template: {
        'blog post': 'blog posts run on the CMS’s shared theme, which the platform team tunes for every post at once',
        'event page': 'event pages are served by the events platform, whose vendor owns their code and its speed',
      },
    },
    'SEO review': {
      template: {
        'event page': 'an event page comes down once the event is over, so it is not worth an SEO pass',
        microsite: 'microsites are optimised for search by the agency that built them, under its contract',
      },
    },
    'Launch readiness': {
      template: {
        microsite: 'the agency runs its own launch checklist on the microsites it builds',
        'blog post': 'blog posts are checked by the content team’s editor in the CMS before they publish',
      },
    },
  },
  design_requests: {
    Hold: {
      deliverable: { 'slide template': 'slide templates are the brand team’s own work, approved as they build them' },
    },
  },
  episodes: {
    'Release prep': {
      show: {
        'The Morning Brief':
          'The Morning Brief goes out on a fixed artwork template, with notes its producer writes at recording',
      },
    },
  },
  stories: {
    'Legal read': {
      story_format: {
        review: 'reviews are read by the night lawyer in the arts desk’s standing slot, before each edition',
      },
    },
    'Subbing slot': {
      story_format: {
        'op-ed': 'op-eds are subbed by the comment desk’s own sub, who works through them with the writer',
      },
    },
  },
  submissions: {
    Extension: {
      assessment_type: {
        'problem set': 'problem sets are weekly practice, marked for feedback only, so there is no extension to grant',
        portfolio: 'a portfolio is built up over the term and assessed at the exam board, so a few days change nothing',
      },
    },
    'Late penalty': {
      assessment_type: {
        'problem set': 'problem sets are formative and marked for feedback only, so no marks are taken off',
        portfolio: 'a portfolio is assessed whole at the exam board, whose regulations set no per-day penalty',
      },
    },
    Marking: {
      assessment_type: {
        'problem set':
          'problem sets are marked by the teaching assistants in the weekly tutorial, not by the module team',
      },
    },
  },
  // (the licence water goes where it pays: a crop nobody irrigates, or one watered to another's schedule)
  field_plots: {
    Irrigation: {
      crop: {
        'winter wheat':
          'the winter wheat is never irrigated here: it roots deep, and the licence water goes to the potatoes',
        'oilseed rape':
          'the oilseed rape is never irrigated on this farm, which keeps its abstraction licence for the potatoes',
      },
    },
    'Pre-spray watering': {
      crop: {
        potatoes:
          'the potatoes are watered by the packer’s contractor on the supply contract’s dates, which a spray does not move',
      },
    },
    'Irrigation fault': {
      crop: { potatoes: 'the potatoes are watered by the packer’s contractor, whose own fitter repairs the rig' },
    },
  },
  appointments: {
    'Repeat non-attendance': {
      kind: {
        'blood test': 'a blood test is a walk-in slot on the phlebotomy list, so there is no booking to confirm',
        'minor procedure':
          'a minor procedure is booked by the surgeon’s secretary against the referral, and only the surgeon can discharge the patient',
      },
    },
    'Did-not-attend follow-up': {
      kind: {
        telephone: 'a missed telephone appointment has already been rung twice by the clinician, as the protocol asks',
        vaccination: 'missed vaccinations are followed up by the practice nurse from the recall list',
      },
    },
  },
  court_deadlines: {
    'Diary entry': {
      deadline_kind: {
        hearing: 'hearing dates are diarised by the listing clerk from the court’s notice, the day it arrives',
      },
      court: {
        'Employment Tribunal':
          'tribunal dates are diarised by the employment team’s paralegal from each tribunal order',
      },
    },
  },
  aircraft_inspections: {
    'Heavy check': {
      aircraft_type: {
        E190: 'the E190s go to the regional partner’s hangar for heavy checks, under its own programme',
      },
    },
  },
  market_reports: {
    Summary: {
      publisher: {
        'company filing': 'a filing is summarised by the analysts covering the company, in their earnings note',
      },
    },
  },
  migrations: {
    Approval: {
      database: {
        'billing-mysql':
          'billing-mysql is in PCI scope, so every change to it goes to the change board, however reversible',
        'users-postgres': 'users-postgres holds personal data, so the privacy team signs off every change to it',
      },
    },
  },
};
