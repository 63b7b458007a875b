// The copy marketing sends for a page build, by the page's type: a section belongs on the pages its `on` pattern
// matches (a webinar has no venue, a team profile no changelog), and every line is about the page's own subject
// (`{it}`: "the hackathon", "the support team"), so two pages of one task never share a line of copy. No
// apostrophes or ampersands: a page may write them as entities. No clock times either: the page holds no time of
// its own, and a fixed hour would contradict an evening event ("the awards evening starts at 9:30").

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
  // (a landing page's copy has its reader sign up for its subject: "Sign up for the customer stories today" and
  // "… the side-by-side comparison" were no offer, review 67)
  [/Customer story landing/i, 'the customer stories digest'],
  [/Newsletter/i, 'the monthly newsletter'],
  [/Competitor comparison/i, 'the switch-over trial'],
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
  [/TechExpo/i, 'TechExpo'],
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
        'Most of our newest customers started with {it}.',
      ],
    ],
    [
      'What you get',
      [
        'Sign up for {it} and everything you need arrives the same day.',
        'Questions about {it} are answered by real people, not a bot.',
        'Everything about {it} fits on one page, with no small print.',
      ],
    ],
    [
      'Customer stories',
      [
        'Harlow Group found us through {it} and cut month-end close from nine days to four.',
        'Most customers who came to us through {it} are still with us a year later.',
        'A finance team in Bristol used {it} to make the case to their board.',
      ],
    ],
    [
      'Frequently asked questions',
      [
        'No card is needed for {it}, and you can unsubscribe at any time.',
        'Your details from {it} stay in UK data centres.',
        'We never pass your details from {it} to anyone else.',
      ],
    ],
    [
      'Get started',
      [
        'Sign up for {it} today.',
        'It takes two minutes to sign up for {it}.',
        'Questions before you sign up for {it}? Reply to any of our emails.',
      ],
    ],
  ],
  'product page': [
    [
      'Overview',
      [
        'One place for the numbers your team checks every morning, now in {it}.',
        'We built {it} for finance teams of five to fifty.',
        'Teams switch to {it} when spreadsheets stop keeping up.',
      ],
    ],
    [
      'Key features',
      [
        'Approval flows and audit trails come with {it} as standard.',
        'Scheduled reports from {it} go straight to your inbox.',
        'Every change in {it} is logged, so nothing goes missing.',
      ],
    ],
    [
      'Integrations',
      [
        'Connect {it} to the payroll and CRM tools you already use.',
        'An open API lets {it} talk to everything else.',
        'Most teams have {it} connected within a day.',
      ],
    ],
    [
      'Security',
      [
        'Single sign-on and encryption at rest protect everything in {it}.',
        'Independent auditors test {it} every year.',
        'Access to {it} is set by role, so people see only what they need.',
      ],
    ],
    [
      'Pricing and plans',
      [
        'You get {it} in the Growth and Enterprise plans.',
        'Add {it} to any plan from 12 GBP per user per month.',
        'A 30-day trial of {it} comes with every plan.',
      ],
    ],
  ],
  'event page': [
    [
      'About the event',
      [
        'Join us for {it} and meet the people behind the product.',
        'At {it} you meet the product team and see what ships next.',
        'Come to {it} to swap notes with teams who do the same work.',
      ],
    ],
    [
      'Agenda',
      [
        'The full timetable for {it} is published a week before.',
        'The agenda for {it} names the speaker of every session.',
        'Every session of {it} leaves time for questions.',
      ],
    ],
    [
      'Speakers',
      [
        'Customers who run their business on the platform speak at {it}.',
        'Our product and engineering leads take the stage at {it}.',
        'The full list of speakers for {it} goes up a month before.',
      ],
    ],
    [
      'Venue and travel',
      [
        'The venue for {it} is ten minutes on foot from the main railway station.',
        'There is step-free access throughout the venue for {it}.',
        'Parking near {it} is limited, so the train is the easiest way in.',
      ],
      /^(?!.*webinar)/i,
    ],
    [
      'How to join',
      [
        'Every session of {it} streams live, and the recordings follow the next day.',
        'The joining link for {it} arrives by email an hour before each session.',
        'Nothing to install: {it} runs in the browser.',
      ],
      ONLINE,
    ],
    [
      'Register',
      [
        'Places at {it} are free but limited, so register early.',
        'Registration for {it} closes two days before.',
        'Register for {it} and the calendar invite follows within the hour.',
      ],
    ],
  ],
  'blog post': [
    [
      'Introduction',
      [
        'This post is about {it}: what we did, and why.',
        'We asked a hundred customers about {it}, and their answers shaped this post.',
        'A few of you asked about {it}, so here is the whole story.',
      ],
    ],
    [
      'Who we are',
      [
        'Behind {it} are twelve people in Leeds and Lisbon who answer every message themselves.',
        'Nobody on {it} reads from a script.',
        'Most people on {it} started out as customers themselves.',
      ],
      PEOPLE,
    ],
    [
      'What we changed',
      [
        'With {it} we changed how the first week works, step by step.',
        'We rewrote the help text on every screen as part of {it}.',
        'The first thing {it} changed was how we plan our week.',
      ],
      /^(?!Meet the)/i,
    ],
    [
      'What we learned',
      [
        'The biggest lesson from {it} came from small changes.',
        'What {it} taught us is to ask customers first.',
        'The hard part of {it} was knowing what to leave alone.',
      ],
    ],
    [
      'What comes next',
      [
        'More on {it} is coming this autumn.',
        'We will share how {it} went in a follow-up post.',
        'Tell us what you make of {it}: we read every reply.',
      ],
    ],
  ],
  microsite: [
    [
      'About this site',
      [
        'This site brings together everything on {it}, updated every quarter.',
        'We wrote this site on {it} for customers, partners and our own teams.',
        'Start here for the short version of {it}.',
      ],
    ],
    [
      'Highlights',
      [
        'The figures that matter most for {it}, at a glance.',
        'This year on {it}, in five short pages.',
        'Five numbers that sum up {it}.',
      ],
    ],
    [
      'Case studies',
      [
        'Stories from the teams closest to {it}.',
        'What {it} taught us this year.',
        'Two teams explain what {it} meant for their work.',
      ],
    ],
    [
      'Downloads',
      [
        'Every document on {it} is available here as an accessible PDF.',
        'Earlier material on {it} is archived here.',
        'The full report on {it} is one download.',
      ],
    ],
    [
      'Contact us',
      [
        'Questions about {it} go to the communications team.',
        'Press enquiries about {it} are answered within one working day.',
        'Something missing about {it}? Tell us and we will add it.',
      ],
    ],
  ],
  'pricing page': [
    [
      'Plans',
      [
        'Billing for {it} is monthly or yearly, whichever suits you.',
        'Invoices are unlimited on {it}.',
        'No set-up fee comes with {it}.',
      ],
    ],
    [
      'Compare features',
      [
        'See what comes with {it}, side by side with the other plans.',
        'Approval flows and audit trails come with {it}.',
        'Every feature on {it} is listed here, with nothing hidden.',
      ],
    ],
    [
      'Discounts',
      [
        'Save two months on {it} with yearly billing.',
        'Charities and schools get 30 percent off {it}.',
        'Switching to {it} mid-year? The discount still applies.',
      ],
    ],
    [
      'Frequently asked questions',
      [
        'You can move to or from {it} at any time and we prorate the difference.',
        'Prices for {it} exclude VAT.',
        'Paying for {it} by invoice is fine.',
      ],
    ],
    [
      'Talk to sales',
      [
        'Need more than 50 users on {it}? Our team will put a quote together.',
        'Book a call about {it} and get an answer the same day.',
        'Our team can walk you through {it} on a short call.',
      ],
    ],
  ],
};

/** What a page with this title is about; undefined for a title with no subject of its own. */
export const subjectOf = (title: string): string | undefined => PAGE_SUBJECTS.find(([re]) => re.test(title))?.[1];
