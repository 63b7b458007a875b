import type { Rng } from '../../env/rng.js';
import { VOCAB } from './domains/index.js';
import { distinct, shuffle } from './ids.js';
import type { Company, Person } from './people.js';
import { LINES, PLACES, type Supplier } from './supply.js';
import {
  AGENDA_ITEMS,
  AREA_CODES,
  FIRST_NAMES,
  INDUSTRIES,
  NAMED_INDUSTRIES,
  JOB_TITLES,
  LAST_NAMES,
  PHRASES,
  SYSTEMS,
  TICKET_NOTES,
} from './words-data.js';

// seeded picks from the curated vocabulary: what a preset draws for names and text. one stream per task,
// apart from the preset's own, so the vocabulary never shifts its ids, amounts or dates.

/** Every company of every domain's vocabulary, once. */
const COMPANIES: readonly string[] = [...new Set(Object.values(VOCAB).flatMap((v) => v.companies))];
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A mail domain for an organisation: "Marlow & Reid" → "marlowreid.example". */
export const mailDomain = (name: string): string => `${name.toLowerCase().replace(/[^a-z]+/g, '')}.example`;

/** The curated vocabulary, drawn from one seeded stream. */
export interface Words {
  firstName(): string;
  /** a family name other than `except` */
  lastName(except?: string): string;
  fullName(): string;
  /** `n` people with distinct first.last addresses at `domain` */
  people(n: number, domain: string): Person[];
  /** `n` organisations with distinct mail domains */
  companies(n: number): Company[];
  /** an address at `domain` */
  email(domain: string): string;
  /** the industry of `company` where its name says it (a Dental Group is in healthcare), else a drawn one */
  industry(company?: string): string;
  jobTitle(): string;
  /** `n` suppliers in distinct trades with distinct names, each with the goods it sells (kit/supply.ts) */
  suppliers(n: number): Supplier[];
  /** the system a ticket is about */
  system(): string;
  /** a sentence a customer adds to a ticket */
  ticketNote(): string;
  agendaItem(): string;
  /** a short phrase for notes and descriptions */
  phrase(): string;
  /** one of a generator's own word lists, from the same stream */
  pick<T>(list: readonly T[]): T;
  /** a fictional phone number in international form: +14155550142 */
  phone(): string;
  /** `n` random letters and digits (keys, secrets) */
  token(n: number): string;
}

/** The words of one task, drawn from `rng`. */
export function wordsFrom(rng: Rng): Words {
  const person = (domain: string): Person => {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    return { name: `${first} ${last}`, first, email: `${first}.${last}@${domain}`.toLowerCase() };
  };
  return {
    firstName: () => rng.pick(FIRST_NAMES),
    lastName(except) {
      const others = LAST_NAMES.filter((l) => l !== except);
      return rng.pick(others);
    },
    fullName: () => `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
    people: (n, domain) =>
      distinct(
        n,
        () => person(domain),
        (p) => p.email,
      ),
    companies: (n) =>
      distinct(
        n,
        () => {
          const name = rng.pick(COMPANIES);
          return { name, domain: mailDomain(name) };
        },
        (c) => c.domain,
      ),
    email: (domain) => person(domain).email,
    industry: (company) => {
      // (drawn either way, so every later draw of the task stays where it was)
      const drawn = rng.pick(INDUSTRIES);
      return NAMED_INDUSTRIES.find(([re]) => company !== undefined && re.test(company))?.[1] ?? drawn;
    },
    jobTitle: () => rng.pick(JOB_TITLES),
    suppliers: (n) => {
      const places = shuffle(rng, PLACES);
      return shuffle(rng, LINES)
        .slice(0, n)
        .map((line, i) => {
          const name = `${places[i]} ${rng.pick(line.trade)}`;
          const { category, goods, prices } = line;
          return { name, domain: mailDomain(name), category, goods, prices };
        });
    },
    system: () => rng.pick(SYSTEMS),
    ticketNote: () => rng.pick(TICKET_NOTES),
    agendaItem: () => rng.pick(AGENDA_ITEMS),
    phrase: () => rng.pick(PHRASES),
    pick: (list) => rng.pick(list),
    phone: () => `+1${rng.pick(AREA_CODES)}55501${String(rng.int(0, 99)).padStart(2, '0')}`,
    token: (n) => Array.from({ length: n }, () => ALNUM[rng.int(0, ALNUM.length - 1)]).join(''),
  };
}
