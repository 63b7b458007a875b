// multimodal generation: the curated names, spreads and note terms its record types draw from (its pack,
// multimodal-generation.ts, holds the record types themselves)

// a job that exists in several languages: the local version of one already on the list
export const inLanguage = (t: string, n: number) =>
  `${t} – ${['German', 'French', 'Spanish', 'Dutch', 'Italian'][n % 5]} version`;

export const DESIGN_TITLES: Readonly<Record<string, readonly string[]>> = {
  'social graphic': [
    'Spring sale carousel',
    'Webinar announcement tiles',
    'Customer quote cards',
    'Hiring week story frames',
    'Product tip of the week tiles',
    'Award shortlist announcement',
  ],
  'banner ad': [
    'Retargeting banners, Q2',
    'Partner directory banner',
    'Black Friday display set',
    'Free trial leaderboard ads',
    'Conference sponsor banner',
    'App download banner set',
  ],
  poster: [
    'Office wellbeing week poster',
    'Recruitment fair poster',
    'Product launch event poster',
    'Fire safety reminder poster',
    'Charity bake sale poster',
    'Canteen menu board',
  ],
  'slide template': [
    'Sales deck template refresh',
    'Board pack template',
    'Investor day slides',
    'All-hands slide template',
    'Partner pitch deck',
    'Training course slides',
  ],
  infographic: [
    'Annual impact in numbers',
    'How onboarding works',
    'Customer survey results',
    'Carbon footprint at a glance',
    'Support response times explained',
    'Our year in hiring',
  ],
  'email header': [
    'Newsletter header, April',
    'Renewal reminder header',
    'Event invite header',
    'Product update header',
    'Welcome series header',
    'Year-end thank-you header',
  ],
  'logo refresh': [
    'Sub-brand logo for the academy',
    'Podcast logo refresh',
    'Product icon set',
    'Community forum badge',
    'Partner programme logo',
    'Internal awards logo',
  ],
};

export const BRIEF_TERMS = ['alt text', 'A/B variant', 'dark mode', 'Welsh version', 'print-ready', 'animated'];

export const CHART_TITLES: Readonly<Record<string, readonly string[]>> = {
  bar: [
    'Revenue by region, FY25',
    'Headcount by department',
    'Top ten products by units',
    'Complaints by category',
    'Spend by supplier, top 15',
    'Staff survey scores by team',
  ],
  line: [
    'Monthly active users since 2022',
    'Inflation vs wage growth',
    'Support backlog over time',
    'Website sessions, last 24 months',
    'Energy prices since 2021',
    'Churn rate by month',
  ],
  'stacked area': [
    'Energy mix by source',
    'Traffic by channel',
    'Spend by category',
    'Revenue by product line',
    'Tickets by priority over time',
    'Headcount by office',
  ],
  scatter: [
    'Price vs rating by product',
    'Team size vs cycle time',
    'GDP vs broadband speed',
    'Deal size vs sales cycle',
    'Store size vs footfall',
    'Salary vs tenure',
  ],
  waterfall: [
    'Bridge from budget to actual',
    'Operating profit bridge',
    'Cash flow walk, Q1',
    'Headcount movement, H1',
    'Revenue bridge, FY24 to FY25',
    'Cost savings by initiative',
  ],
  'choropleth map': [
    'Flood risk by county',
    'Store density by postcode area',
    'Vaccination rates by region',
    'Broadband speeds by local authority',
    'House prices by district',
    'Customers per 10,000 people by region',
  ],
  'locator map': [
    'New warehouse location',
    'Route of the coastal path',
    'Sites in the expansion plan',
    'Where the new office is',
    'Event venue and nearest stations',
    'Planned charging hubs',
  ],
};

// how many data points a chart of each kind plots
export const POINTS: Readonly<Record<string, readonly [number, number]>> = {
  bar: [4, 25],
  line: [12, 300],
  'stacked area': [12, 200],
  scatter: [20, 300],
  waterfall: [5, 15],
  'choropleth map': [30, 300],
  'locator map': [5, 12],
};

export const SPEC_TERMS = ['log scale', 'annotations', 'dual axis', 'ONS data', 'small multiples', 'source line'];

export const VIDEOS = [
  'Customer story: Harlow Group',
  'Product tour, spring release',
  'CEO quarterly update',
  'How to set up your account',
  'Behind the scenes at the warehouse',
  'Event highlights: TechExpo',
  'Recruitment: life in engineering',
  'Three tips for faster invoicing',
  'Webinar cut-down: data privacy',
  'Launch teaser',
  'Office tour for new starters',
  'Partner spotlight',
  'Annual results highlights',
];

export const FRAME: Readonly<Record<string, string>> = {
  YouTube: '16:9 landscape',
  TikTok: '9:16 vertical',
  'Instagram Reels': '9:16 vertical',
  LinkedIn: '1:1 square',
  'website hero': '16:9 landscape',
  'internal all-hands': '16:9 landscape',
};

export const EDIT_TERMS = ['music licence', 'lower thirds', 'colour grade', 'b-roll', 'voiceover', 'subtitles file'];

export const PAGE_TITLES: Readonly<Record<string, readonly string[]>> = {
  'landing page': [
    'Spring offer landing page',
    'Free trial sign-up',
    'Webinar registration',
    'Partner referral offer',
    'Ebook download page',
    'Switch-and-save campaign page',
  ],
  'product page': [
    'Invoicing product page',
    'Mobile app feature page',
    'Integrations overview',
    'Reporting add-on page',
    'Payroll module page',
    'API platform page',
  ],
  'event page': [
    'TechExpo booth page',
    'Customer summit 2026',
    'Partner day agenda',
    'Roadshow dates and venues',
    'Hackathon sign-up',
    'Webinar series hub',
  ],
  'blog post': [
    'Year in review post',
    'How we cut onboarding time',
    'Security update explained',
    'Five lessons from our migration',
    'Meet the support team',
    'What is new this spring',
  ],
  microsite: [
    'Sustainability report microsite',
    'Careers microsite',
    'Brand guidelines site',
    'Annual report microsite',
    'Accessibility statement hub',
    'Investor relations site',
  ],
  'pricing page': [
    'Pricing page redesign',
    'Enterprise pricing page',
    'Education discount page',
    'Non-profit pricing page',
    'Startup programme pricing',
    'Annual plan comparison page',
  ],
};

export const BUILD_TERMS = ['cookie banner', 'hero video', 'form embed', 'redirects', 'hreflang', 'lazy loading'];
