import type { Rng } from '../../../env/rng.js';
import { oneOf, writePlan } from '../../kit/content.js';
import { claimsFor } from './pr-impact.js';
import { PR_TITLES } from './software-engineering-data.js';

// software engineering: what a pull request, a rollout, an incident and a migration say in their free text (the
// pack, software-engineering.ts, holds the record types)

// the pull requests a task's rollouts and migrations ship: more than any task draws, so none is shared
export const PR_POOL = 40;

// how an author mentions each term a rule may look for: each in the words that fit it (a change ships behind a
// feature flag, never behind a load test)
export const PR_SAYS: Readonly<Record<string, (rng: Rng) => string>> = {
  'feature flag': (rng) =>
    oneOf(rng, 'ships behind a feature flag, off by default', 'feature flag: checkout-v2, staff only first'),
  hotfix: (rng) =>
    oneOf(rng, 'hotfix for the alert last night, please fast-track', 'cherry-pick as a hotfix to the release branch'),
  'dependency bump': (rng) =>
    oneOf(rng, 'includes a dependency bump (minor versions only)', 'dependency bump pulled in by the security scan'),
  'schema change': (rng) =>
    oneOf(rng, 'contains a schema change, migration in the same PR', 'schema change: adds a nullable column'),
  'load test': (rng) =>
    oneOf(rng, 'load test results attached (p95 unchanged)', 'ran a load test against staging first'),
  'rollback plan': (rng) =>
    oneOf(
      rng,
      'rollback plan: revert the commit, no data to undo',
      'rollback plan in the description of the release ticket',
    ),
};

// a change whose title names a small fix is a small diff; a migration or a new feature may be any size
export const SMALL_CHANGE =
  /^(Fix|Handle|Reject|Log|Rate-limit|Lock|Expire|Show|Localise|Retry|Audit-log|Rotate|Remove|Bump|Correct)\b/;

// and a migration, a replacement or a new feature is no handful of lines
export const LARGE_CHANGE = /^(Migrate|Replace|Split|Support|Move|Add|Backfill|Upgrade)\b/;

export const fitsSize = (title: string, lines: number) =>
  (lines <= 300 || !SMALL_CHANGE.test(title)) && (lines >= 60 || !LARGE_CHANGE.test(title));

export const sized = (titles: readonly string[], lines: number) => {
  const fit = titles.filter((t) => fitsSize(t, lines));
  return fit.length ? fit : titles;
};

/** The titles a pull request of this repository may have (software-engineering-data.ts). */
export const prTitles = (rec: Readonly<Record<string, unknown>> | undefined): readonly string[] =>
  PR_TITLES[String(rec?.repo)] ?? ['Refactor'];

export function prDescription(
  rng: Rng,
  term: string | undefined,
  _v?: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  // what it says of users is borne out by its title, else by a title its repository and diff can have
  // (pr-impact.ts): no screenshots of a schema change, no "no user-facing change" where every change of that size
  // is one users see
  const titles = rec?.title ? [String(rec.title)] : sized(prTitles(rec), Number(rec?.lines_changed));
  const claims = rec ? claimsFor(titles) : { internal: true, visible: true };
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          `closes ENG-${rng.int(1000, 4999)}`,
          'adds unit tests for the new path',
          claims.visible ? 'screenshots in the thread' : `closes ENG-${rng.int(1000, 4999)}`,
          claims.internal ? 'no user-facing change' : 'adds unit tests for the new path',
        ),
        ...(term
          ? [PR_SAYS[term]?.(rng) ?? oneOf(rng, `${term} included, see below`, `reviewers: note the ${term}`)]
          : []),
        oneOf(rng, 'please review by Thursday', 'paired on this with the platform team', 'CI is slow today', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

export function rolloutNote(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'change summary in the release notes',
          'deployed from main',
          'on-call told in #deploys',
          'dashboards green before start',
        ),
        ...(term
          ? [oneOf(rng, `${term} done`, `waiting on ${term}`, `${term} took longer than planned`, `note: ${term}`)]
          : []),
        oneOf(rng, 'no customer reports', 'second region next', 'release captain signed off', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

export function incidentSummary(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          `paged at ${String(rng.int(0, 23)).padStart(2, '0')}:${rng.pick(['05', '20', '41', '52'])}`,
          'status page updated',
          'mitigated by scaling out',
          'timeline in the incident doc',
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `current theory: ${term}`,
                `${term} ruled in after the first hour`,
                `suspect ${term}`,
                `${term} confirmed as a contributor`,
              ),
            ]
          : []),
        oneOf(rng, 'customer support briefed', 'follow-up actions to be agreed', 'graphs attached', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

// the tables each database holds: a migration's description names one of its own database's
export const TABLES_OF: Readonly<Record<string, readonly string[]>> = {
  'orders-postgres': ['orders', 'line_items', 'refunds', 'shipments'],
  'users-postgres': ['users', 'user_profiles', 'consents', 'login_attempts', 'sessions'],
  'billing-mysql': ['invoices', 'payments', 'subscriptions', 'credit_notes'],
  'analytics-warehouse': ['events', 'page_views', 'daily_revenue', 'fact_sales'],
};

export function migrationDescription(
  rng: Rng,
  term: string | undefined,
  _v?: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  const tables = TABLES_OF[String(rec?.database)];
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          tables ? `touches the ${rng.pick(tables)} table` : 'touches one table only',
          'tested on a production snapshot',
          'runbook linked in the PR',
          'expected to run off-peak',
        ),
        ...(term
          ? [oneOf(rng, `runs ${term}`, `uses ${term}`, `${term} — see the plan`, `DBA asked about ${term}`)]
          : []),
        oneOf(rng, 'app deploy must go first', 'read replicas lag a little during the run', 'owner on call', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}
