import type { Rng } from '../../../env/rng.js';
import { studio } from '../../../services/domains/studio.js';
import { oneOf, writePlan } from '../../kit/content.js';
import { shuffle } from '../../kit/ids.js';
import { daysFrom } from '../../rules/fields.js';
import { colleague, fresh, stateOf } from '../sources/kit.js';
import { addDays, nth, onDay, packAction, packSource } from './table-source.js';

// Multimodal_Generation: a creative studio's job tracker — design requests, charts and maps for reports and
// articles, video edits from raw footage to delivered cut, and web pages built from decks and documents.
// Titles, briefs and edit notes are what a studio producer or a designer would see.

// a job that exists in several languages: the local version of one already on the list
const inLanguage = (t: string, n: number) =>
  `${t} – ${['German', 'French', 'Spanish', 'Dutch', 'Italian'][n % 5]} version`;

const DESIGN_TITLES: Readonly<Record<string, readonly string[]>> = {
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

const BRIEF_TERMS = ['alt text', 'A/B variant', 'dark mode', 'Welsh version', 'print-ready', 'animated'];

function brief(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'audience: existing customers',
          `sizes ${rng.pick(['1080×1080 and 1200×628', '1920×1080', 'A3 and A4', '600 px wide'])}`,
          'copy from marketing attached',
          'use the spring campaign palette',
        ),
        ...(term
          ? [oneOf(rng, `${term} needed`, `also: ${term}`, `please supply ${term}`, `requester asks for ${term}`)]
          : []),
        oneOf(
          rng,
          'logo lock-up from the brand hub',
          'no stock photos of handshakes',
          'one round of feedback expected',
          '',
        ),
      ].filter(Boolean),
    },
    'terse',
  );
}

export const designRequests = packSource({
  name: 'design_requests',
  system: studio,
  table: 'design_requests',
  fixed: ['deliverable', 'brand_approved', 'revision_rounds'],
  domains: ['Multimodal_Generation'],
  capabilities: ['Calendar_Scheduling', 'Logic_Reasoning'],
  measure: { field: 'estimated_hours', label: 'estimated design time', unit: 'hours' },
  fields: {
    deliverable: { label: 'deliverable', weights: [4, 2, 2, 2, 2, 2, 1] },
    due_on: { label: 'date needed', from: -5, to: 30, verb: 'needed', past: 'needed' },
    revision_rounds: { label: 'revision rounds', min: 0, max: 6, step: 1, unit: 'rounds' },
    brand_approved: {
      label: 'brand sign-off',
      yes: 'signed off by the brand team',
      no: 'not yet signed off by the brand team',
      p: 0.45,
    },
    status: { label: 'job status', weights: [2, 4, 2, 2, 2, 1, 2, 1] },
    brief: { label: 'brief', terms: BRIEF_TERMS, write: brief },
  },
  make: (w, id, i) => ({
    design_id: id,
    requester: colleague(w, i + 4).email,
    designer: colleague(w, i).email,
    estimated_hours: w.rng.pick([2, 3, 4, 6, 8, 12, 16]),
  }),
  derive: (rec, w, i) => {
    const asked = addDays(rec.due_on, -w.rng.int(5, 20));
    return {
      title: fresh(w, 'design title', DESIGN_TITLES[String(rec.deliverable)] ?? ['Design job'], i, inLanguage),
      requested_on: daysFrom(w.today, asked) > 0 ? onDay(w, 0) : asked,
    };
  },
  // revision rounds come after a first design: none while the brief has only just come in
  agree: (rec, w) =>
    ['brief received', 'in design'].includes(String(rec.status)) && Number(rec.revision_rounds) > 0
      ? [
          { revision_rounds: 0 },
          ...shuffle(w.rng, ['revisions', 'with requester', 'internal review']).map((status) => ({ status })),
        ]
      : [],
  title: (rec) => `${rec.design_id} (${rec.title}, ${rec.deliverable})`,
  nameField: { field: 'title', label: 'request title' },
  owner: { field: 'designer', role: 'designer' },
  textField: 'brief',
});

const CHART_TITLES: Readonly<Record<string, readonly string[]>> = {
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
const POINTS: Readonly<Record<string, readonly [number, number]>> = {
  bar: [4, 25],
  line: [12, 300],
  'stacked area': [12, 200],
  scatter: [20, 300],
  waterfall: [5, 15],
  'choropleth map': [30, 300],
  'locator map': [5, 12],
};

const SPEC_TERMS = ['log scale', 'annotations', 'dual axis', 'ONS data', 'small multiples', 'source line'];

function chartSpec(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'data in the linked sheet',
          'brand palette, house font',
          `width ${rng.pick(['640', '960', '1200'])}px for the article`,
          'needs to work in greyscale print too',
        ),
        ...(term ? [oneOf(rng, `use ${term}`, `${term} required`, `requester wants ${term}`, `add ${term}`)] : []),
        oneOf(rng, 'axis starts at zero', 'title and subtitle in the brief', 'final numbers due on Monday', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

export const chartRequests = packSource({
  name: 'chart_requests',
  system: studio,
  table: 'chart_requests',
  noun: ['chart request', 'chart requests'],
  domains: ['Multimodal_Generation'],
  capabilities: ['Data_Analysis', 'Logic_Reasoning'],
  measure: { field: 'data_points', label: 'data points', unit: 'points', additive: false },
  fields: {
    chart_type: { label: 'chart type', weights: [4, 4, 1, 1, 1, 2, 1] },
    data_points: { label: 'data points', min: 5, max: 300, step: 1 },
    due_on: { label: 'date needed', from: -5, to: 21, verb: 'needed', past: 'needed' },
    accessible_palette: {
      label: 'colour check',
      yes: 'passing the colour-blind check',
      no: 'failing the colour-blind check',
      p: 0.6,
    },
    status: { label: 'job status', weights: [3, 1, 3, 2, 2, 1] },
    spec: { label: 'spec', terms: SPEC_TERMS, write: chartSpec },
  },
  make: (w, id, i) => ({
    chart_id: id,
    output_format: w.rng.pick(['PNG', 'SVG', 'SVG', 'interactive HTML', 'PDF']),
    requester: colleague(w, i + 4).email,
    data_visualiser: colleague(w, i).email,
  }),
  derive: (rec, w, i) => ({
    title: fresh(
      w,
      'chart title',
      CHART_TITLES[String(rec.chart_type)] ?? ['Chart'],
      i,
      (t, n) => `${t}, ${['print', 'social', 'slide'][n % 3]} version`,
    ),
  }),
  // a chart of its kind holds that many points (a locator map a handful of places, a scatter plot hundreds)
  agree: (rec, w) => {
    const n = Number(rec.data_points);
    const [lo, hi] = POINTS[String(rec.chart_type)] ?? [1, 999];
    if (n >= lo && n <= hi) return [];
    const kinds = Object.entries(POINTS).filter(([, [a, b]]) => n >= a && n <= b);
    return [...shuffle(w.rng, kinds).map(([chart_type]) => ({ chart_type })), { data_points: w.rng.int(lo, hi) }];
  },
  title: (rec) => `${rec.chart_id} (${rec.title}, ${rec.chart_type})`,
  nameField: { field: 'title', label: 'chart title' },
  owner: { field: 'data_visualiser', role: 'data visualiser' },
  textField: 'spec',
});

const VIDEOS = [
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
  'Annual results in 60 seconds',
];

const FRAME: Readonly<Record<string, string>> = {
  YouTube: '16:9 landscape',
  TikTok: '9:16 vertical',
  'Instagram Reels': '9:16 vertical',
  LinkedIn: '1:1 square',
  'website hero': '16:9 landscape',
  'internal all-hands': '16:9 landscape',
};

const EDIT_TERMS = ['music licence', 'lower thirds', 'colour grade', 'b-roll', 'voiceover', 'subtitles file'];

function editNotes(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'client wants it tighter in the middle',
          'use the second take of the intro',
          'end card with the URL',
          'logo sting at the start',
        ),
        ...(term
          ? [oneOf(rng, `${term} to sort`, `waiting on ${term}`, `client asked about ${term}`, `redo the ${term}`)]
          : []),
        oneOf(rng, 'export in two versions', 'feedback due by Wednesday', 'rushes on the shared drive', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

export const videoEdits = packSource({
  name: 'video_edits',
  system: studio,
  table: 'video_edits',
  fixed: ['platform'],
  domains: ['Multimodal_Generation'],
  capabilities: ['Calendar_Scheduling', 'Logic_Reasoning'],
  measure: { field: 'runtime_sec', label: 'target running time', unit: 'seconds', additive: false },
  fields: {
    platform: { label: 'platform', weights: [3, 2, 2, 3, 1, 1] },
    due_on: { label: 'delivery date', from: -5, to: 30, verb: 'due for delivery', past: 'due for delivery' },
    runtime_sec: { label: 'target running time', min: 15, max: 600, step: 5 },
    captions_required: {
      label: 'captions',
      yes: 'needing burnt-in captions',
      no: 'not needing burnt-in captions',
      p: 0.5,
    },
    // (an edit's footage has come in: it has a date it was received)
    status: {
      label: 'edit status',
      values: ['rough cut', 'fine cut', 'colour and sound', 'client review', 'exported', 'delivered'],
      weights: [2, 2, 1, 2, 1, 2],
    },
    edit_notes: { label: 'edit notes', terms: EDIT_TERMS, write: editNotes },
  },
  make: (w, id, i) => ({ edit_id: id, title: nth(w, VIDEOS, i), editor: colleague(w, i).email }),
  derive: (rec, w) => {
    const arrived = addDays(rec.due_on, -w.rng.int(5, 25));
    return {
      aspect_ratio: FRAME[String(rec.platform)] ?? '16:9 landscape',
      footage_received_on: daysFrom(w.today, arrived) > 0 ? onDay(w, 0) : arrived,
    };
  },
  title: (rec) => `${rec.edit_id} (${rec.title}, ${rec.platform})`,
  nameField: { field: 'title', label: 'video title' },
  owner: { field: 'editor', role: 'video editor' },
  textField: 'edit_notes',
});

const PAGE_TITLES: Readonly<Record<string, readonly string[]>> = {
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

const BUILD_TERMS = ['cookie banner', 'hero video', 'form embed', 'redirects', 'hreflang', 'lazy loading'];

function buildNotes(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'copy signed off by marketing',
          'mobile layout needs another pass',
          'analytics tags in place',
          'images compressed',
        ),
        ...(term
          ? [oneOf(rng, `${term} outstanding`, `fix the ${term}`, `${term} done`, `check ${term} on staging`)]
          : []),
        oneOf(rng, 'QA checklist attached', 'accessibility audit booked', 'stakeholder review on Thursday', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

export const webPageBuilds = packSource({
  name: 'web_page_builds',
  system: studio,
  table: 'web_page_builds',
  fixed: ['template'],
  domains: ['Multimodal_Generation'],
  capabilities: ['Calendar_Scheduling', 'Logic_Reasoning'],
  fields: {
    template: { label: 'template', weights: [4, 3, 2, 2, 1, 1] },
    launch_on: { label: 'go-live date', from: -10, to: 30, verb: 'launching', past: 'launched' },
    lighthouse_score: { label: 'Lighthouse score', min: 30, max: 100, step: 1, unit: 'points' },
    seo_reviewed: { label: 'SEO review', yes: 'reviewed by SEO', no: 'not yet reviewed by SEO', p: 0.5 },
    notes: { label: 'build notes', terms: BUILD_TERMS, write: buildNotes },
  },
  make: (w, id, i) => ({
    build_id: id,
    source_material: w.rng.pick(['video transcript', 'PDF brochure', 'slide deck', 'existing page', 'written brief']),
    developer: colleague(w, i).email,
  }),
  // how far a build has got follows from its go-live date
  derive: (rec, w, i) => {
    const d = daysFrom(w.today, rec.launch_on);
    const status = stateOf(
      rec,
      'status',
      w,
      d < 0
        ? ['live', 'live', 'live', 'rolled back']
        : d <= 7
          ? ['QA', 'staging', 'staging']
          : ['wireframe', 'design', 'build', 'build'],
    );
    return {
      page_title: fresh(w, 'page title', PAGE_TITLES[String(rec.template)] ?? ['New page'], i, inLanguage),
      status,
    };
  },
  title: (rec) => `${rec.build_id} (${rec.page_title}, ${rec.template})`,
  nameField: { field: 'page_title', label: 'page title' },
  owner: { field: 'developer', role: 'web developer' },
  textField: 'notes',
});

export const actions = [
  packAction(designRequests, studio, {
    name: 'hold_design',
    lean: { brand_approved: false },
    sections: ['Hold', 'Design hold'],
    from: ['brief received', 'in design', 'internal review', 'with requester', 'revisions'],
    field: 'status',
    value: 'on hold',
    phrases: ['put each of those design requests "on hold"', 'set each of them to on hold'],
  }),
  packAction(videoEdits, studio, {
    name: 'edit_to_client',
    approves: true,
    lean: { due_on: 'ahead' },
    sections: ['Client review', 'Sign-off'],
    from: ['rough cut', 'fine cut', 'colour and sound'],
    field: 'status',
    value: 'client review',
    phrases: ['move each of those edits to "client review"', 'set each of those video edits to client review'],
    capabilities: ['Tool_Calling'],
  }),
  packAction(webPageBuilds, studio, {
    name: 'seo_review',
    // a page signed off for search is one that performs
    lean: { lighthouse_score: 'high' },
    sections: ['SEO review', 'Search review'],
    when: { status: ['build', 'QA', 'staging', 'live'] },
    field: 'seo_reviewed',
    value: true,
    phrases: ['mark each of those builds as reviewed by SEO', 'record the SEO review as done on each of them'],
    capabilities: ['Tool_Calling'],
  }),
];
