// The copy marketing sends for a page build, by the page's type: a section belongs on the pages its `on` pattern
// matches (a webinar has no venue, a team profile no changelog), and every line is about the page's own subject
// (`{it}`: "the hackathon", "the support team"), so two pages of one task never share a line of copy. No
// apostrophes or ampersands: a page may write them as entities.

/** A section of a page: its heading, the lines of copy for it, and the page titles it belongs on (all if absent). */
export type PageSection = readonly [heading: string, lines: readonly string[], on?: RegExp];

/** What a page is about, by its title (`{Season}` already filled in): said in its copy as `{it}`. */
export const PAGE_SUBJECTS: readonly (readonly [RegExp, string])[] = [
  [/offer landing/i, 'the seasonal offer'],
  [/Free trial/i, 'the free trial'],
  [/Webinar registration/i, 'the webinar'],
  [/Partner referral/i, 'the partner referral offer'],
  [/Ebook/i, 'the ebook'],
  [/Switch-and-save/i, 'the switch-and-save offer'],
  [/Demo request/i, 'a live demo'],
  [/Referral reward/i, 'the referral reward'],
  [/Trade show/i, 'the trade show offer'],
  [/Customer story landing/i, 'the customer stories'],
  [/Newsletter/i, 'the monthly newsletter'],
  [/Competitor comparison/i, 'the side-by-side comparison'],
  [/Invoicing/i, 'Invoicing'],
  [/Mobile app/i, 'the mobile app'],
  [/Integrations overview/i, 'the integrations library'],
  [/Reporting add-on/i, 'the reporting add-on'],
  [/Payroll/i, 'the payroll module'],
  [/API platform/i, 'the API platform'],
  [/Expense management/i, 'expense management'],
  [/Time tracking/i, 'time tracking'],
  [/Security and compliance/i, 'the security programme'],
  [/Inventory/i, 'the inventory module'],
  [/Team scheduling/i, 'team scheduling'],
  [/Analytics dashboard/i, 'the analytics dashboard'],
  [/TechExpo/i, 'our TechExpo stand'],
  [/Customer summit/i, 'the customer summit'],
  [/Partner day/i, 'partner day'],
  [/Roadshow/i, 'the roadshow'],
  [/Hackathon/i, 'the hackathon'],
  [/Webinar series/i, 'the webinar series'],
  [/Product launch/i, 'the launch event'],
  [/User conference/i, 'the user conference'],
  [/meet-up/i, 'the regional meet-up'],
  [/Awards evening/i, 'the awards evening'],
  [/Training day/i, 'the training day'],
  [/Open house/i, 'the open house'],
  [/Year in review/i, 'the past year'],
  [/onboarding/i, 'onboarding'],
  [/Security update/i, 'the security update'],
  [/migration/i, 'the migration'],
  [/support team/i, 'the support team'],
  [/four-day sprints/i, 'four-day sprints'],
  [/new app/i, 'the new app'],
  [/Customer spotlight/i, 'a year with Harlow Group'],
  [/data privacy/i, 'data privacy'],
  [/month-end/i, 'month-end'],
  [/new pricing/i, 'the new pricing'],
  [/this spring/i, 'the spring releases'],
  [/Sustainability/i, 'our sustainability work'],
  [/Careers/i, 'careers with us'],
  [/Brand guidelines/i, 'the brand'],
  [/Annual report/i, 'the annual report'],
  [/Accessibility/i, 'accessibility'],
  [/Investor/i, 'investor relations'],
  [/Graduate/i, 'the graduate programme'],
  [/Partner portal/i, 'the partner portal'],
  [/recall/i, 'the product recall'],
  [/anniversary/i, 'our first ten years'],
  [/Community fund/i, 'the community fund'],
  [/Help centre/i, 'the help centre'],
  [/Enterprise/i, 'the Enterprise plan'],
  [/Education/i, 'education plans'],
  [/Non-profit/i, 'non-profit plans'],
  [/Startup/i, 'startup plans'],
  [/Annual plan/i, 'annual plans'],
  [/Small business/i, 'small business plans'],
  [/Add-ons/i, 'plans with add-ons'],
  [/Volume/i, 'volume plans'],
  [/Public sector/i, 'public sector plans'],
  [/Pricing FAQ/i, 'our plans'],
  [/Monthly plan/i, 'monthly plans'],
  [/Pricing page/i, 'the new plans'],
];

// pages about an event held online, or about the people on a team
const ONLINE = /webinar/i;
const PEOPLE = /Meet the/i;

/** The sections of a page of each template, in the order they run. */
export const PAGE_SECTIONS: Readonly<Record<string, readonly PageSection[]>> = {
  'landing page': [
    [
      'Why teams sign up',
      [
        'Teams who sign up for {it} tell us it saved them a week of work.',
        'Over 2,000 small businesses have signed up for {it} this year.',
      ],
    ],
    [
      'What you get',
      [
        'Sign up for {it} and everything you need arrives the same day.',
        'Questions about {it} are answered by real people, not a bot.',
      ],
    ],
    [
      'Customer stories',
      [
        'Harlow Group found us through {it} and cut month-end close from nine days to four.',
        'Most customers who came to us through {it} are still with us a year later.',
      ],
    ],
    [
      'Frequently asked questions',
      [
        'No card is needed for {it}, and you can unsubscribe at any time.',
        'Your details from {it} stay in UK data centres.',
      ],
    ],
    ['Get started', ['Sign up for {it} today.', 'It takes two minutes to sign up for {it}.']],
  ],
  'product page': [
    [
      'Overview',
      [
        'One place for the numbers your team checks every morning, now in {it}.',
        'We built {it} for finance teams of five to fifty.',
      ],
    ],
    [
      'Key features',
      [
        'Approval flows and audit trails come with {it} as standard.',
        'Scheduled reports from {it} go straight to your inbox.',
      ],
    ],
    [
      'Integrations',
      ['Connect {it} to the payroll and CRM tools you already use.', 'An open API lets {it} talk to everything else.'],
    ],
    [
      'Security',
      [
        'Single sign-on and encryption at rest protect everything in {it}.',
        'Independent auditors test {it} every year.',
      ],
    ],
    [
      'Pricing and plans',
      ['You get {it} in the Growth and Enterprise plans.', 'Add {it} to any plan from 12 GBP per user per month.'],
    ],
  ],
  'event page': [
    [
      'About the event',
      [
        'Join us for {it} and meet the people behind the product.',
        'At {it} you meet the product team and see what ships next.',
      ],
    ],
    [
      'Agenda',
      ['The full timetable for {it} is published a week before.', 'The first session of {it} starts at 9:30.'],
    ],
    [
      'Speakers',
      [
        'Customers who run their business on the platform speak at {it}.',
        'Our product and engineering leads take the stage at {it}.',
      ],
    ],
    [
      'Venue and travel',
      [
        'The venue for {it} is ten minutes on foot from the main railway station.',
        'There is step-free access throughout the venue for {it}.',
      ],
      /^(?!.*webinar)/i,
    ],
    [
      'How to join',
      [
        'Every session of {it} streams live, and the recordings follow the next day.',
        'The joining link for {it} arrives by email an hour before each session.',
      ],
      ONLINE,
    ],
    [
      'Register',
      ['Places at {it} are free but limited, so register early.', 'Registration for {it} closes two days before.'],
    ],
  ],
  'blog post': [
    [
      'Introduction',
      [
        'This post is about {it}: what we did, and why.',
        'We asked a hundred customers about {it}, and their answers shaped this post.',
      ],
    ],
    [
      'Who we are',
      [
        'Behind {it} are twelve people in Leeds and Lisbon who answer every message themselves.',
        'Nobody on {it} reads from a script.',
      ],
      PEOPLE,
    ],
    [
      'What we changed',
      [
        'With {it} we changed how the first week works, step by step.',
        'After {it}, every screen explains what happens next.',
      ],
      /^(?!Meet the)/i,
    ],
    [
      'What we learned',
      ['The biggest lesson from {it} came from small changes.', 'What {it} taught us is to ask customers first.'],
    ],
    ['What comes next', ['More on {it} is coming this autumn.', 'We will share how {it} went in a follow-up post.']],
  ],
  microsite: [
    [
      'About this site',
      [
        'This site brings together everything on {it}, updated every quarter.',
        'We wrote this site on {it} for customers, partners and our own teams.',
      ],
    ],
    ['Highlights', ['The figures that matter most for {it}, at a glance.', 'This year on {it}, in five short pages.']],
    ['Case studies', ['Stories from the teams closest to {it}.', 'What {it} taught us this year.']],
    [
      'Downloads',
      ['Every document on {it} is available here as an accessible PDF.', 'Earlier material on {it} is archived here.'],
    ],
    [
      'Contact us',
      [
        'Questions about {it} go to the communications team.',
        'Press enquiries about {it} are answered within one working day.',
      ],
    ],
  ],
  'pricing page': [
    ['Plans', ['Billing for {it} is monthly or yearly, whichever suits you.', 'Invoices are unlimited on {it}.']],
    [
      'Compare features',
      [
        'See what comes with {it}, side by side with the other plans.',
        'Approval flows and audit trails come with {it}.',
      ],
    ],
    ['Discounts', ['Save two months on {it} with yearly billing.', 'Charities and schools get 30 percent off {it}.']],
    [
      'Frequently asked questions',
      ['You can move to or from {it} at any time and we prorate the difference.', 'Prices for {it} exclude VAT.'],
    ],
    [
      'Talk to sales',
      [
        'Need more than 50 users on {it}? Our team will put a quote together.',
        'Book a call about {it} and get an answer the same day.',
      ],
    ],
  ],
};

/** What a page with this title is about; undefined for a title with no subject of its own. */
export const subjectOf = (title: string): string | undefined => PAGE_SUBJECTS.find(([re]) => re.test(title))?.[1];
