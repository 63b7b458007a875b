// multimodal generation: the curated names, spreads and note terms its record types draw from (its pack,
// multimodal-generation.ts, holds the record types themselves)

// a job that exists in several languages: the local version of one already on the list
export const inLanguage = (t: string, n: number) =>
  `${t} – ${['German', 'French', 'Spanish', 'Dutch', 'Italian'][n % 5]} version`;

// a campaign is the season's: "{Season}" is the one the task's day falls in, and Black Friday's set is made only
// in the autumn before it
const SEASONS = [
  'Winter',
  'Winter',
  'Spring',
  'Spring',
  'Spring',
  'Summer',
  'Summer',
  'Summer',
  'Autumn',
  'Autumn',
  'Autumn',
  'Winter',
];
export const inSeason = (titles: readonly string[], today: string): string[] => {
  const month = Number(today.slice(5, 7));
  return titles
    .filter((t) => !t.startsWith('Black Friday') || (month >= 9 && month <= 11))
    .map((t) => t.replace('{Season}', SEASONS[month - 1] as string));
};

export const BRIEF_TERMS = ['alt text', 'A/B variant', 'dark mode', 'Welsh version', 'print-ready', 'animated'];

// how many data points a chart of each kind plots
// (a chart the studio draws holds what a reader takes in: a dozen bars, two years of months, the regions of a
// country; a bigger series goes to the data team as a dashboard)
export const POINTS: Readonly<Record<string, readonly [number, number]>> = {
  bar: [4, 12],
  line: [6, 24],
  'stacked area': [6, 24],
  scatter: [12, 24],
  waterfall: [5, 10],
  'choropleth map': [9, 24],
  'locator map': [3, 8],
};

export const SPEC_TERMS = ['log scale', 'annotations', 'dual axis', 'ONS data', 'small multiples', 'source line'];

export const FRAME: Readonly<Record<string, string>> = {
  YouTube: '16:9 landscape',
  TikTok: '9:16 vertical',
  'Instagram Reels': '9:16 vertical',
  LinkedIn: '1:1 square',
  'website hero': '16:9 landscape',
  'internal all-hands': '16:9 landscape',
};

export const EDIT_TERMS = ['music licence', 'lower thirds', 'colour grade', 'b-roll', 'voiceover', 'subtitles file'];

export const BUILD_TERMS = ['cookie banner', 'hero video', 'form embed', 'redirects', 'hreflang', 'lazy loading'];

/**
 * What a page of each template is made of, in the order it runs: a section's heading and the lines of copy
 * marketing may send for it (no apostrophes or ampersands, which a page may write as entities). A copy deck takes
 * some sections, in this order, and one line for each.
 */
export const PAGE_SECTIONS: Readonly<Record<string, readonly (readonly [string, readonly string[]])[]>> = {
  'landing page': [
    [
      'Why teams switch',
      [
        'Set up in an afternoon and see your first results the same week.',
        'Everything in one place, so nobody chases spreadsheets again.',
      ],
    ],
    [
      'What you get',
      ['Unlimited users, daily backups and support from real people.', 'Templates for every team, ready on day one.'],
    ],
    [
      'Customer stories',
      ['Harlow Group cut month-end close from nine days to four.', 'Over 2,000 small businesses run their week on it.'],
    ],
    [
      'Frequently asked questions',
      ['No card is needed to start, and you can cancel at any time.', 'Your data stays in UK data centres.'],
    ],
    ['Get started', ['Start your free trial today.', 'Book a 20-minute demo with our team.']],
  ],
  'product page': [
    [
      'Overview',
      ['One dashboard for the numbers your team checks every morning.', 'Built for finance teams of five to fifty.'],
    ],
    [
      'Key features',
      ['Automatic bank feeds, approval flows and audit trails.', 'Scheduled reports sent straight to your inbox.'],
    ],
    ['Integrations', ['Connects to the payroll and CRM tools you already use.', 'An open API for everything else.']],
    ['Security', ['Single sign-on, role-based access and encryption at rest.', 'Independently audited every year.']],
    [
      'Pricing and plans',
      ['Included in the Growth and Enterprise plans.', 'Available as an add-on from 12 GBP per user per month.'],
    ],
  ],
  'event page': [
    [
      'About the event',
      ['A day of talks, workshops and demos for operations leaders.', 'Meet the product team and see what ships next.'],
    ],
    [
      'Agenda',
      ['Doors open at 9:00, keynote at 9:30, workshops after lunch.', 'Two tracks run in parallel from 11:00.'],
    ],
    [
      'Speakers',
      [
        'Hear from customers who run their business on the platform.',
        'Sessions led by our product and engineering leads.',
      ],
    ],
    [
      'Venue and travel',
      ['Ten minutes on foot from the main railway station.', 'Step-free access throughout the venue.'],
    ],
    ['Register', ['Places are free but limited, so register early.', 'Registration closes two days before the event.']],
  ],
  'blog post': [
    [
      'Introduction',
      [
        'This year we set out to make the first week easier for every new customer.',
        'We asked a hundred customers what slowed them down.',
      ],
    ],
    [
      'What we changed',
      [
        'We rebuilt the setup wizard and cut it from twelve steps to five.',
        'Every screen now explains what happens next.',
      ],
    ],
    [
      'What we learned',
      [
        'Small changes to the first screen made the biggest difference.',
        'Customers read help text when it sits beside the field.',
      ],
    ],
    [
      'What comes next',
      ['The same approach is coming to reporting this autumn.', 'We will share the results in a follow-up post.'],
    ],
  ],
  microsite: [
    [
      'About this site',
      ['Everything on one site, updated every quarter.', 'Written for customers, partners and our own teams.'],
    ],
    [
      'Highlights',
      ['The numbers that mattered most this year, at a glance.', 'Three stories from the teams behind the work.'],
    ],
    [
      'Case studies',
      ['How the Leeds office changed the way it works.', 'What we learned from our biggest project this year.'],
    ],
    [
      'Downloads',
      ['Every document on this site is available as an accessible PDF.', 'Past editions are archived here.'],
    ],
    [
      'Contact us',
      [
        'Questions about this site go to the communications team.',
        'Press enquiries are answered within one working day.',
      ],
    ],
  ],
  'pricing page': [
    ['Plans', ['Starter, Growth and Enterprise, billed monthly or yearly.', 'Every plan includes unlimited invoices.']],
    [
      'Compare features',
      ['See what each plan includes, side by side.', 'Approval flows and audit trails come with Growth and above.'],
    ],
    ['Discounts', ['Save two months with yearly billing.', 'Charities and schools get 30 percent off.']],
    [
      'Frequently asked questions',
      ['You can change plan at any time and we prorate the difference.', 'Prices exclude VAT.'],
    ],
    [
      'Talk to sales',
      ['Need more than 50 users? Our team will put a quote together.', 'Book a call and get an answer the same day.'],
    ],
  ],
};

// the longest cut each platform takes, in seconds (short-form vertical video, a looping page header)
export const LONGEST: Readonly<Record<string, number>> = {
  YouTube: 600,
  TikTok: 180,
  'Instagram Reels': 90,
  LinkedIn: 300,
  'website hero': 60,
  'internal all-hands': 600,
};

// the fewest days from the footage coming in to each stage of the edit
export const EDIT_LEAD: Readonly<Record<string, number>> = {
  'rough cut': 1,
  'fine cut': 4,
  'colour and sound': 6,
  'client review': 7,
  exported: 9,
  delivered: 10,
};
