import type { Rng } from '../../env/rng.js';
import { slug } from '../kit/text.js';
import { OWNERS } from './policy-doc-data.js';

// the teams and jobs of the colleagues a record may name, and which of them own each record type's records: a
// scheduled job is set up by an engineer or an administrator, a customer account is held by sales or customer
// success, never by a people partner or the accounts payable lead

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
  ['Sales', 'Sales operations analyst'],
  ['Customer Success', 'Customer success manager'],
  ['Customer Success', 'Support team lead'],
  ['HR', 'People partner'],
  ['Engineering', 'Platform engineer'],
  ['Engineering', 'Engineering manager'],
  ['Engineering', 'Data engineer'],
  ['Marketing', 'Campaign manager'],
];

// by record type (source name), the teams its owners come from
const OWNER_TEAMS: Readonly<Record<string, readonly string[]>> = {
  jobs: ['Engineering', 'IT'],
  integrations: ['Engineering', 'IT'],
  tickets: ['IT', 'Customer Success', 'Operations'],
  customers: ['Sales', 'Customer Success'],
  sheet_rows: ['Operations', 'Sales', 'Customer Success'],
};

/** The team jobs whose holders may own records of `source` (every job for a record type with no teams listed). */
export function ownerJobs(source: string): readonly TeamJob[] {
  const teams = OWNER_TEAMS[source];
  return teams ? JOBS.filter(([d]) => teams.includes(d)) : JOBS;
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
