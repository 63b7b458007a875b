import type { Rng } from '../../../env/rng.js';
import type { DomainVocab } from '../../kit/domains/types.js';
import { oneOf, writePlan } from '../../kit/content.js';
import { shuffle } from '../../kit/ids.js';
import { firstFresh, firstFreshFree, fresh } from './kit.js';
import { incidentsOf, incidentTitled } from './ticket-incidents.js';
import type { Rec, World } from '../parts.js';

// a helpdesk ticket's words: its title from its category's incidents, its description from what the reporter saw
// (records.ts holds the record type)

export const TICKET_TERMS = ['data loss', 'customer-facing', 'security', 'workaround', 'regression', 'VPN', 'invoice'];

// a ticket's description is about its own incident (its title): what the reporter saw, since when, who it hits
export function ticketText(rng: Rng, term: string | undefined, v: DomainVocab, rec?: Readonly<Rec>): string {
  // who noticed it, as the reporter puts it: their own team or a customer, never another department by name (the
  // directory says which team the reporter is in)
  const who = oneOf(
    rng,
    'two people on my team',
    'a customer on the phone',
    'my manager',
    'a new starter on the team',
    'a client, by email',
  );
  const incident = incidentTitled(rec?.title);
  const seen = incident ? rng.pick(incident.seen) : undefined;
  const since = oneOf(rng, 'Monday', 'the last update', 'this morning', 'the weekend');
  return writePlan(rng, {
    first: seen
      ? oneOf(rng, `${seen} since ${since}`, `reported by ${who}: ${seen}`, seen)
      : oneOf(rng, `reported by ${who}`, `first noticed ${since === 'Monday' ? 'on Monday' : since}`),
    facts: [
      oneOf(
        rng,
        `it blocks the ${rng.pick(v.topics)}`,
        `${rng.int(2, 40)} users affected`,
        'happens about every other attempt',
        'screenshots attached',
      ),
      ...(term ? [TICKET_SAYS[term]?.(rng) ?? `tagged ${term} by the reporter`] : []),
      oneOf(
        rng,
        'no error message shown',
        'restart did not help',
        'nothing in the logs yet',
        'the reporter can show it on a call',
      ),
    ],
  });
}

// how a reporter says each term a rule may look for (one incident, whatever its category)
export const TICKET_SAYS: Readonly<Record<string, (rng: Rng) => string>> = {
  'data loss': (rng) =>
    oneOf(rng, 'some data loss: the entries of the last two days are gone', 'possible data loss, please check'),
  'customer-facing': (rng) =>
    oneOf(rng, 'this is customer-facing, clients see it too', 'customer-facing: two clients noticed'),
  security: (rng) =>
    oneOf(rng, 'flagged as a possible security issue', 'the reporter asks whether it is a security problem'),
  workaround: (rng) =>
    oneOf(rng, 'a workaround helps for now: doing it from another machine', 'there is a workaround, but it is slow'),
  regression: (rng) => oneOf(rng, 'looks like a regression since the last update', 'worked last week, so a regression'),
  VPN: (rng) => oneOf(rng, 'only for people on the VPN', 'happens over the VPN, not in the office'),
  invoice: (rng) => oneOf(rng, 'a customer invoice is held up by it', 'it delays sending an invoice'),
};

// where a ticket comes from, as a helpdesk title says it
export const TEAMS = ['Finance', 'Sales', 'Operations', 'HR', 'Leeds office', 'night shift', 'Reception', 'Warehouse'];

// a fresh incident of the category (a second ticket about the same thing names where it came from)
export function ticketTitle(w: World, category: string): string {
  const titles = shuffle(
    w.rng,
    incidentsOf(w.domain, category).map((x) => x.title),
  );
  const title = titles.find((t) => firstFreshFree(w, 'ticket title', t)) ?? (titles[0] as string);
  return firstFresh(w, 'ticket title', [title, ...shuffle(w.rng, TEAMS).map((t) => `${title} – ${t}`)]);
}
