import type { World } from '../parts.js';

// A video edit's working title, composed from the kind of piece its platform carries and a subject (a client, a
// feature, a team), so titles seldom repeat across tasks and a CEO update is never cut for TikTok.

const CLIENTS = [
  'Calder Print',
  'Moorfield Vets',
  'Greystone Builders',
  'Linden Florists',
  'Otterburn Brewery',
  'Fairhaven Dental Care',

  'Harlow Group',
  'Brightwater Foods',
  'Kestrel Logistics',
  'Ashby Dental',
  'Norland Estates',
  'Pike and Vale',
];
const FEATURES = [
  'recurring invoices',
  'the expenses app',
  'multi-currency',
  'the new reports',
  'payroll in ten minutes',

  'the new dashboard',
  'bulk invoicing',
  'the mobile app',
  'team permissions',
  'bank feeds',
  'smart reminders',
];
const TEAMS = [
  'data science',
  'the Leeds office',
  'product marketing',
  'the apprenticeship scheme',
  'engineering',
  'customer support',
  'the warehouse',
  'finance',
  'design',
  'the sales floor',
];
const TOPICS = [
  'making tax digital',
  'next year’s pricing',
  'security basics',
  'open banking',
  'hiring your first employee',

  'data privacy',
  'cash-flow planning',
  'hybrid working',
  'AI in accounts',
  'late payments',
  'year-end close',
];
const EVENTS = [
  'the accountants’ awards',
  'the Manchester meet-up',
  'the user conference',
  'the charity bike ride',
  'the Dublin launch',
  'TechExpo',
  'the customer summit',
  'the partner day',
  'the spring roadshow',
  'the hackathon',
];
const PARTNERS = [
  'Hatch Accountants',
  'Northgate Bank',
  'Quill Tax',
  'Beacon HR',
  'Orbit Payroll',
  'Lumen Banking',
  'Fieldstone Legal',
  'Cobalt CRM',
  'Tern Analytics',
];
const TASKS = [
  'set up payroll',
  'reconcile a bank feed',
  'add a team member',
  'claim expenses on your phone',
  'file a VAT return',

  'set up your account',
  'send your first invoice',
  'connect your bank',
  'invite your accountant',
  'run a VAT report',
];
const CHORES = [
  'quieter month-ends',
  'quoting jobs faster',
  'getting paid on time',
  'a cleaner inbox',
  'faster invoicing',
  'chasing late payers',
  'tidier expenses',
  'month-end in a day',
  'cleaner books',
];
const PLACES = [
  'the support night shift',
  'the design studio',
  'our first customer day',
  'the warehouse',
  'the Leeds office',
  'our support desk',
  'the product offsite',
  'the print room',
];
const PRODUCTS = [
  'the autumn release',
  'Harbour Pay',
  'the AI assistant',
  'the card reader',
  'the new pricing',
  'the spring release',
  'Payroll 2.0',
  'the new app',
  'instant payouts',
  'the partner portal',
];
const ROLES = [
  'a payroll specialist',
  'an onboarding coach',
  'a data engineer',
  'a sales apprentice',
  'a support agent',
  'a product designer',
  'a warehouse lead',
  'a graduate engineer',
];
const SITES = [
  'the Glasgow studio',
  'the Cardiff office',
  'the support centre',
  'the Leeds office',
  'the warehouse',
  'the new HQ',
  'the Bristol hub',
];

type Compose = (w: World) => string;
const from =
  (xs: readonly string[], make: (x: string) => string): Compose =>
  (w) =>
    make(w.rng.pick(xs));

const customerStory = from(CLIENTS, (c) => `Customer story: ${c}`);
const productTour = from(FEATURES, (f) => `Product tour: ${f}`);
const howTo = from(TASKS, (t) => `How to ${t}`);
const tips: Compose = (w) => `${w.rng.pick(['Three', 'Four', 'Five'])} tips for ${w.rng.pick(CHORES)}`;
const webinar = from(TOPICS, (t) => `Webinar cut-down: ${t}`);
const highlights = from(EVENTS, (e) => `Event highlights: ${e}`);
const recruitment = from(TEAMS, (t) => `Recruitment: life in ${t}`);
const partner = from(PARTNERS, (p) => `Partner spotlight: ${p}`);
const teaser = from(PRODUCTS, (p) => `Launch teaser: ${p}`);
const behind = from(PLACES, (p) => `Behind the scenes at ${p}`);
const dayInLife = from(ROLES, (r) => `A day in the life of ${r}`);
const ceo: Compose = (w) => {
  const q = `Q${Math.floor((Number(w.today.slice(5, 7)) - 1) / 3) + 1} ${w.today.slice(0, 4)}`;
  return w.rng.pick([`CEO update, ${q}`, `All-hands opener, ${q}`, `Strategy refresh: ${w.rng.pick(TOPICS)}`]);
};
const results: Compose = (w) => {
  const year = Number(w.today.slice(0, 4)) - 1;
  return w.rng.pick([
    `Annual results highlights ${year}`,
    `${year} in numbers`,
    `Results ${year}: a word from the CFO`,
    `Our ${year} impact report in two minutes`,
  ]);
};
const townHall = from(TOPICS, (t) => `Town hall recap: ${t}`);
const tour = from(SITES, (s) => `Office tour for new starters: ${s}`);
const teamYear = from(TEAMS, (t) => `Year in review: ${t}`);
const hero = from(PRODUCTS, (p) => `Homepage hero loop: ${p}`);
const brand = from(
  [
    'made for small firms',
    'ten years of Harbour',
    'built in the North',
    'the people behind the numbers',
    'open all hours',
  ],
  (t) => `Brand film: ${t}`,
);

// the kinds of piece each platform carries
const KINDS: Readonly<Record<string, readonly Compose[]>> = {
  YouTube: [customerStory, productTour, howTo, tips, webinar, highlights],
  TikTok: [teaser, behind, tips, dayInLife, highlights],
  'Instagram Reels': [teaser, behind, tips, dayInLife, highlights],
  LinkedIn: [customerStory, recruitment, partner, results, highlights, webinar],
  'website hero': [hero, brand, productTour, teaser, customerStory],
  'internal all-hands': [ceo, townHall, tour, teamYear, results, highlights],
};

const taken = new WeakMap<World, Set<string>>();

/** A title for an edit on `platform` that no other edit of the task holds. */
export function videoTitle(w: World, platform: unknown): string {
  let seen = taken.get(w);
  if (!seen) taken.set(w, (seen = new Set()));
  const kinds = KINDS[String(platform)] ?? KINDS.YouTube ?? [];
  let title = '';
  for (let k = 0; k < 30 && (!title || seen.has(title)); k++) title = w.rng.pick(kinds)(w);
  // (a task with more edits on one platform than its titles: a second part of one)
  for (let n = 2; seen.has(title); n++) title = `${title.replace(/, part \d+$/, '')}, part ${n}`;
  seen.add(title);
  return title;
}
