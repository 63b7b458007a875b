import type { Rec, World } from '../parts.js';
import { colleague } from '../sources/kit.js';
import { MIGRATION_PRS } from './software-engineering-data.js';
import { TABLES_OF } from './software-engineering-notes.js';

// how far a migration is on its way to production: its pull request is approved on a green build by the time the
// migration waits for the DBA's review (a DBA approves no change whose code review is open, has changes requested
// or waits on CI, review 27 class 3; and any migration waiting may be the one an approval takes, as a down migration
// added mid-task makes it), approved or merged once the migration is approved or scheduled, merged once it has run
const STAGE: Readonly<Record<string, number>> = {
  'pending review': 0,
  approved: 1,
  scheduled: 1,
  applied: 2,
  failed: 2,
  'rolled back': 2,
};
const PR_STATES: readonly (readonly string[])[] = [['approved'], ['approved', 'merged'], ['merged']];

/**
 * The fields of a migration's pull request that follow from its migrations: the migration's author wrote it (a
 * reviewer other than the author reviews it), and its review state fits the furthest of its migrations — approved
 * on a green build under one waiting for review, merged (on a green build) under one that has run.
 */
export function fitMigrationPr(pr: Rec, migrations: readonly Rec[], w: World): Rec {
  const stage = Math.max(0, ...migrations.map((m) => STAGE[String(m.status)] ?? 0));
  const states = PR_STATES[stage] ?? ['approved'];
  const status = states.includes(String(pr.status)) ? String(pr.status) : w.rng.pick(states);
  const author = String(migrations[0]?.author ?? pr.author);
  const others = [0, 1, 2, 3, 4, 5].map((k) => colleague(w, k).email).filter((e) => e !== author);
  return {
    author,
    status,
    ...(pr.reviewer === author ? { reviewer: w.rng.pick(others) } : {}),
    // (its code review is done at every stage, so its build is green)
    ci_status: 'passing',
  };
}

// a table as a title names it ("login_attempts" → "login attempt", matching "login attempts" and "login attempt")
const stem = (table: string) => table.replace(/_/g, ' ').replace(/s$/, '');

// what else a title says that only one database holds: a login or an email address is the users database's, a
// currency or an amount the billing database's
const ALSO: Readonly<Record<string, readonly string[]>> = {
  'users-postgres': ['login', 'email', 'avatar', 'backup code', 'device', 'fax', 'address'],
  'billing-mysql': ['currency', 'amount', 'promo', 'plan flag'],
  'orders-postgres': ['tax region', 'customer country'],
};
// a title for a change of each kind to one of the database's own tables
const OWN: Readonly<Record<string, (table: string) => string>> = {
  'create table': (t) => `Create the ${t} table`,
  'add column': (t) => `Add a column to ${t}`,
  'add index': (t) => `Add an index on ${t}`,
  'drop column': (t) => `Drop an unused column from ${t}`,
  'rename column': (t) => `Rename a column on ${t}`,
  'alter type': (t) => `Change a column type on ${t}`,
  backfill: (t) => `Backfill ${t}`,
};
const namesOf = (db: string) => [...(TABLES_OF[db] ?? []).map(stem), ...(ALSO[db] ?? [])];

/**
 * The titles a pull request carrying a `kind` migration on `database` can have: none naming a table of another
 * database ("Add currency to invoices" is no change to the users database); when all of the kind's do, the change
 * on each of the database's own tables ("Add an index on page_views").
 */
export function migrationPrTitles(kind: string, database: string): readonly string[] {
  const all = MIGRATION_PRS[kind] ?? ['Schema change'];
  const foreign = Object.keys(TABLES_OF)
    .filter((db) => db !== database)
    .flatMap(namesOf)
    .filter((t) => !namesOf(database).includes(t));
  const fit = all.filter((title) => !foreign.some((t) => title.toLowerCase().includes(t)));
  if (fit.length) return fit;
  const own = (TABLES_OF[database] ?? []).map((t) => OWN[kind]?.(t) ?? `Schema change on ${t}`);
  return own.length ? own : all;
}
