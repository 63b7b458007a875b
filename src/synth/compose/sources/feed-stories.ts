import type { Rng } from '../../../env/rng.js';
import { oneOf, writePlan } from '../../kit/content.js';
import { aOrAn } from '../../kit/text.js';
import type { DomainVocab } from '../../kit/domains/types.js';

// the stories a news feed carries about a company, per section: the headline and what the article then says
// about the same company and the same event. The terms a rule looks for appear only when the record is drawn
// to mention one, so no story below holds them.

interface Story {
  head: (co: string) => string;
  /** the words a piece on this runs to: an appointment is a brief, a regulator's ruling a longer read */
  words: readonly [number, number];
  /** the article's opening sentences, about the headline's company and event */
  lead: (co: string, rng: Rng) => string;
}

// how a story's article may end: lines a reporter adds to that very story (the councillors welcome a new site,
// not a new chief executive; a profit warning's shares do not close higher)
type End = (co: string, rng: Rng) => string;
const DECLINED: End = (co) => `${co} declined to comment further`;
const STAFF: End = (co, rng) => `${co} employs about ${rng.int(2, 60) * 100} people`;
const NEXT_UPDATE: End = (co, rng) => `${co} gives its next trading update in ${rng.int(2, 5)} months`;
const SECTOR_RULING: End = (_co, rng) =>
  `it is the regulator’s ${rng.pick(['second', 'third', 'fourth'])} ruling in the sector this year`;
const UNDISCLOSED: End = () => `terms of the deal were not disclosed`;
const DEAL_VALUE: End = (co) => `${co} declined to comment on the value of the deal`;

interface Told extends Story {
  ends: readonly End[];
}

const STORIES: Readonly<Record<string, readonly Told[]>> = {
  industry: [
    {
      head: (co) => `${co} opens a second site`,
      words: [250, 700],
      lead: (co, rng) => `${co} will open a second site next spring, creating about ${rng.int(4, 30) * 10} jobs`,
      ends: [
        (_co) => `local councillors welcomed the news`,
        STAFF,
        (co) => `${co} has not said where the site will be`,
      ],
    },
    {
      head: (co) => `${co} names a new chief executive`,
      words: [200, 600],
      lead: (co) => `${co} has appointed its finance director as chief executive from the start of next month`,
      ends: [DECLINED, (_co) => `the outgoing chief executive will stay on as an adviser until the summer`, STAFF],
    },
    {
      head: (co) => `${co} wins a five-year supply contract`,
      words: [200, 600],
      lead: (co, rng) => `${co} has won a five-year contract worth about £${rng.int(3, 90)}m with a national retailer`,
      ends: [DECLINED, (_co) => `deliveries under the contract start in the autumn`, STAFF],
    },
    {
      head: (co) => `${co} moves its head office`,
      words: [250, 800],
      lead: (co) => `${co} will move its head office to a smaller building in the city centre next year`,
      ends: [
        (co) => `the union representing staff at ${co} said it had not been consulted`,
        (_co) => `local councillors welcomed the move into the centre`,
        DECLINED,
      ],
    },
  ],
  markets: [
    {
      head: (co) => `${co} beats profit forecasts`,
      words: [300, 900],
      lead: (co, rng) => `${co} reported half-year profit ${rng.int(3, 18)}% above what analysts had pencilled in`,
      ends: [
        (co) => `shares in ${co} closed higher on the day`,
        NEXT_UPDATE,
        (_co) => `analysts said the guidance still looked cautious`,
      ],
    },
    {
      head: (co) => `${co} shares fall after a warning on costs`,
      words: [300, 900],
      lead: (co, rng) =>
        `Shares in ${co} fell ${rng.int(3, 14)}% after it warned that rising costs would squeeze margins`,
      ends: [
        (co) => `${co} declined to comment on market speculation`,
        NEXT_UPDATE,
        (_co) => `analysts said more companies in the sector may follow with warnings`,
      ],
    },
    {
      head: (co) => `${co} raises its dividend`,
      words: [250, 600],
      lead: (co, rng) => `${co} raised its interim dividend by ${rng.int(2, 12)}% on the back of steady trading`,
      ends: [(co, rng) => `shares in ${co} closed ${rng.pick(['slightly higher', 'little changed'])}`, NEXT_UPDATE],
    },
    {
      head: (co) => `${co} trims its full-year outlook`,
      words: [400, 1400],
      lead: (co) => `${co} now expects full-year revenue at the bottom of its earlier range`,
      ends: [
        (co, rng) => `shares in ${co} closed ${rng.pick(['down on the day', 'lower'])}`,
        (co) => `${co} declined to comment on market speculation`,
        NEXT_UPDATE,
      ],
    },
  ],
  regulation: [
    {
      head: (co) => `${co} fined over late filings`,
      words: [300, 900],
      lead: (co, rng) => `${co} was fined £${rng.int(20, 400)},000 for filing its accounts late two years running`,
      ends: [(co) => `${co} did not comment beyond a short statement`, SECTOR_RULING],
    },
    {
      head: (co) => `${co} told to change its cancellation terms`,
      words: [500, 1600],
      lead: (co) => `The consumer watchdog has told ${co} to make its cancellation terms easier to find`,
      ends: [
        () => `the full decision is published on the regulator’s website`,
        () => `consumer groups said they would watch how the sector responds`,
      ],
    },
    {
      head: (co) => `${co} cleared after an advertising complaint`,
      words: [250, 700],
      lead: (co) => `The advertising standards body found that a campaign by ${co} did not mislead viewers`,
      ends: [() => `the full decision is published on the regulator’s website`, (co) => `${co} welcomed the ruling`],
    },
    {
      head: (co) => `${co} settles a complaint with the industry ombudsman`,
      words: [400, 1200],
      lead: (co) => `${co} agreed to refund affected customers after a ruling by the ombudsman`,
      ends: [(co) => `${co} did not comment beyond a short statement`, SECTOR_RULING],
    },
  ],
  technology: [
    {
      head: (co) => `${co} moves its systems to the cloud`,
      words: [500, 1200],
      lead: (co, rng) =>
        `${co} expects to finish moving its systems to a cloud provider within ${rng.int(6, 18)} months`,
      ends: [(co) => `${co} did not say what the project cost`, (co) => `${co} declined to name the supplier`],
    },
    {
      head: (co) => `${co} launches a subscription app`,
      words: [250, 700],
      lead: (co) => `${co} launched a subscription app this week, priced at £4.99 a month`,
      ends: [
        (_co, rng) => `a wider roll-out is planned for ${rng.pick(['the autumn', 'next year', 'the second half'])}`,
        () => `existing customers will be told about the app by email`,
      ],
    },
    {
      head: (co) => `${co} hires a chief technology officer`,
      words: [150, 450],
      lead: (co) => `${co} has hired its first chief technology officer, from a large online retailer`,
      ends: [DECLINED, (co) => `${co} did not say whether the role would grow its technology team`],
    },
    {
      head: (co) => `${co} suffers an outage on its customer site`,
      words: [300, 900],
      lead: (co, rng) =>
        `Customers of ${co} could not log in for ${rng.int(2, 9)} hours ${rng.pick(['yesterday', 'overnight'])}`,
      ends: [
        () => `customers will be told about the cause by email`,
        (co) => `${co} declined to name the supplier involved`,
      ],
    },
  ],
  sports: [
    {
      head: (co) => `${co} signs a shirt sponsorship deal`,
      words: [150, 450],
      lead: (co, rng) => `${co} will sponsor the shirts of a second-tier football club for ${rng.int(2, 4)} seasons`,
      ends: [UNDISCLOSED, DEAL_VALUE],
    },
    {
      head: (co) => `${co} names a women's cycling team`,
      words: [150, 500],
      lead: (co) => `${co} is the title sponsor of a new women's cycling team racing from next season`,
      ends: [UNDISCLOSED, (_co, rng) => `the agreement runs for ${rng.int(2, 5)} seasons`, DEAL_VALUE],
    },
    {
      head: (co) => `${co} backs the city marathon`,
      words: [150, 450],
      lead: (co) => `${co} is the new headline sponsor of the city marathon, starting with this year’s race`,
      ends: [() => `organisers said more partners would be named before the race`, DEAL_VALUE],
    },
  ],
};

// what an article says about each term a rule looks for, of the same company
const SAYS: Readonly<Record<string, (co: string, rng: Rng) => string>> = {
  acquisition: (co, rng) =>
    oneOf(rng, `${co} did not rule out a further acquisition this year`, `analysts expect an acquisition to follow`),
  layoffs: (co, rng) =>
    oneOf(rng, `staff at ${co} have been told to expect layoffs at the head office`, `the plan includes layoffs`),
  'new regulation': (co, rng) =>
    oneOf(
      rng,
      `${co} says a new regulation on disclosures will add to its costs`,
      `a new regulation takes effect in the spring`,
    ),
  partnership: (co, rng) =>
    oneOf(
      rng,
      `${co} also announced a partnership with a regional distributor`,
      `a partnership with two universities was confirmed`,
    ),
  recall: (co, rng) =>
    oneOf(
      rng,
      `a product recall last year still weighs on ${co}`,
      `the recall of a faulty batch was confirmed by a spokesperson`,
    ),
};

// how an article no story of the feed tells ends: a line true of any company
const ANY_END: readonly End[] = [DECLINED, STAFF];

/** The company a headline is about: the vocabulary's company it names (none: the first). */
export const companyOf = (title: unknown, v: DomainVocab): string =>
  v.companies.find((c) => String(title ?? '').includes(c)) ?? (v.companies[0] as string);

const storyOf = (title: unknown, category: unknown, co: string): Told | undefined =>
  (STORIES[String(category)] ?? STORIES.industry)?.find((s) => s.head(co) === String(title ?? '').split(' (')[0]);

/** The words the pieces of a section run to, shortest to longest. */
export function sectionWords(category: unknown): readonly [number, number] {
  const stories = STORIES[String(category)] ?? (STORIES.industry as readonly Told[]);
  return [Math.min(...stories.map((s) => s.words[0])), Math.max(...stories.map((s) => s.words[1]))];
}

/**
 * A headline of the section `category` about `co`: a story the task's feed has not run yet, where one is left, and
 * one that runs to the article's length (`words`) where one does.
 */
export function headline(rng: Rng, category: unknown, co: string, ran: Set<string>, words?: number): string {
  const stories = STORIES[String(category)] ?? (STORIES.industry as readonly Told[]);
  const start = rng.int(0, stories.length - 1);
  const at = (k: number) => stories[(start + k) % stories.length] as Told;
  const key = (st: Told) => `${String(category)}:${stories.indexOf(st)}`;
  const runs = (st: Told) => words === undefined || (words >= st.words[0] && words <= st.words[1]);
  // a story of its length no article of the feed tells yet, else one not yet told of this company; else any
  const all = stories.map((_, k) => at(k));
  const fit = all.filter(runs);
  const pick =
    fit.find((st) => !ran.has(key(st))) ??
    fit.find((st) => !ran.has(`${co}|${key(st)}`)) ??
    all.find((st) => !ran.has(key(st))) ??
    all.find((st) => !ran.has(`${co}|${key(st)}`)) ??
    at(0);
  ran.add(key(pick));
  ran.add(`${co}|${key(pick)}`);
  return pick.head(co);
}

/** An article's text: about its own headline's company and event, mentioning `term` when given. */
export function articleText(
  rng: Rng,
  term: string | undefined,
  v: DomainVocab,
  rec?: Readonly<Record<string, unknown>>,
): string {
  const co = companyOf(rec?.title, v);
  const story = storyOf(rec?.title, rec?.category, co);
  return writePlan(
    rng,
    {
      first: story
        ? story.lead(co, rng)
        : `${co} ${oneOf(rng, 'set out its plans for the coming quarter', 'reported its quarterly results')}`,
      facts: [
        ...(term ? [SAYS[term]?.(co, rng) ?? `talk of ${aOrAn(term)} ${term} dominated the call`] : []),
        rng.pick(story?.ends ?? ANY_END)(co, rng),
      ],
    },
    'plain',
  );
}
