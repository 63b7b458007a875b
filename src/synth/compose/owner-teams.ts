import type { Rng } from '../../env/rng.js';
import { slug } from '../kit/text.js';
import { OWNERS } from './policy-doc-data.js';

// the teams and jobs of the colleagues a record may name, and which of them own each record type's records: a
// scheduled job is set up by an engineer or an administrator, a customer account is held by an account manager,
// never by a support lead, a sales analyst or the accounts payable lead (the directory shows the owner's title beside
// the role the task names them by)

/** A directory entry's team and job title. */
export type TeamJob = readonly [department: string, title: string];

const JOBS: readonly TeamJob[] = [
  ['Operations', 'Operations manager'],
  ['Operations', 'Team lead'],
  ['Operations', 'Fulfilment coordinator'],
  ['IT', 'Systems administrator'],
  ['IT', 'Service desk analyst'],
  ['IT', 'Infrastructure engineer'],
  ['Finance', 'Accounts payable lead'],
  ['Finance', 'Management accountant'],
  ['Sales', 'Account manager'],
  ['Sales', 'Key account manager'],
  ['Sales', 'Account executive'],
  ['Sales', 'Sales representative'],
  ['Sales', 'Sales operations analyst'],
  ['Customer Success', 'Customer success manager'],
  ['Customer Success', 'Support team lead'],
  ['HR', 'People partner'],
  ['Engineering', 'Platform engineer'],
  ['Engineering', 'Engineering manager'],
  ['Engineering', 'Data engineer'],
  ['Marketing', 'Campaign manager'],
];

const inTeams =
  (...teams: string[]) =>
  ([department]: TeamJob): boolean =>
    teams.includes(department);
// whoever holds a customer's account, or sells an order, by title: not everyone in Sales (an analyst holds none)
const ACCOUNT = /^(?:key )?account (?:manager|executive)$/i;
const SELLS = /^(?:(?:key )?account (?:manager|executive)|sales representative)$/i;

// by record type (source name), the jobs whose holders fit the owner role its records name (SourcePart.ownerRole):
// a ticket's reporter may be anyone who meets the fault, an account manager only someone whose job that is
const OWNER_JOBS: Readonly<Record<string, (job: TeamJob) => boolean>> = {
  jobs: inTeams('Engineering', 'IT'),
  integrations: inTeams('Engineering', 'IT'),
  tickets: inTeams('IT', 'Customer Success', 'Operations'),
  customers: ([, title]) => ACCOUNT.test(title),
  sheet_rows: ([, title]) => SELLS.test(title),
};

/** The team jobs whose holders may own records of `source` (every job for a record type with no owners listed). */
export function ownerJobs(source: string): readonly TeamJob[] {
  const fits = OWNER_JOBS[source];
  return fits ? JOBS.filter(fits) : JOBS;
}

/** The teams of the company's directory ("Finance", "Marketing"): the ones a purchase or a thread may name. */
export const DEPARTMENTS: readonly string[] = [...new Set(JOBS.map(([d]) => d))];

// an owner that is a person, not a team ("the practice manager", "whoever runs the household accounts")
const PERSON = /^whoever\b|\b(?:manager|admin|partner|officer|engineer|lead)$/;

/**
 * The chat channel of a team that keeps `src`'s records (policy-doc-data.ts OWNERS), without its "#":
 * "the travel desk" is #travel-desk; a record type kept by a person posts in its operations channel.
 */
export function teamChannelOf(src: { name: string }, rng: Rng): string {
  const teams = (OWNERS[src.name] ?? []).filter((t) => !PERSON.test(t));
  return slug((teams.length ? rng.pick(teams) : 'operations').replace(/^the /, ''));
}
