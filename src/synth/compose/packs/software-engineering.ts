import { devops } from '../../../services/domains/devops.js';
import { shuffle } from '../../kit/ids.js';
import { daysFrom } from '../../rules/fields.js';
import { colleague, fresh, stateOf } from '../sources/kit.js';
import { fitMigrationPr, migrationPrTitles } from './migration-pr.js';
import { titlesFor } from './pr-impact.js';
import { addDays, packAction, packSource, refId } from './table-source.js';
import {
  ACK,
  DEPLOY_TERMS,
  INCIDENT_TERMS,
  INCIDENT_TITLES,
  LOCK_SECONDS,
  MIGRATION_TERMS,
  PR_TERMS,
  PR_TITLES,
  REPO_OF,
} from './software-engineering-data.js';
import {
  PR_POOL,
  sized,
  prDescription,
  prTitles,
  rolloutNote,
  incidentSummary,
  migrationDescription,
} from './software-engineering-notes.js';

// Software_Engineering: the team's pull requests awaiting review, deployments per environment, production
// incidents paged to on-call and the schema migrations waiting to run. Titles, versions and notes are what an
// engineering manager, a release captain or an on-call engineer would see.

export const pullRequests = packSource({
  name: 'pull_requests',
  system: devops,
  table: 'pull_requests',
  fixed: ['repo'],
  domains: ['Software_Engineering'],
  capabilities: ['Logic_Reasoning', 'Knowledge_Retrieval'],
  // lines changed in unrelated pull requests add up to nothing; the largest change is worth knowing
  measure: { field: 'lines_changed', label: 'number of lines changed', unit: 'lines', additive: false },
  fields: {
    repo: { label: 'repository', weights: [3, 3, 2, 2, 2, 1, 1, 1] },
    opened_on: { label: 'opening date', from: -30, to: 0, verb: 'opened' },
    ci_status: { label: 'CI status', weights: [2, 6, 2, 1, 1] },
    approvals: { label: 'approval count', min: 0, max: 4, step: 1, unit: 'approvals' },
    status: { label: 'review state', weights: [1, 5, 2, 2, 1, 1] },
    description: { label: 'description', terms: PR_TERMS, write: prDescription, ofRecord: true },
  },
  make: (w, id, i) => ({
    pr_id: id,
    author: colleague(w, i).email,
    reviewer: colleague(w, i + 3).email,
    // most pull requests are small, a few are large
    lines_changed: Math.round(Math.exp(Math.log(4) + w.rng.next() * (Math.log(1800) - Math.log(4)))),
    breaking_change: w.rng.chance(0.1),
  }),
  derive: (rec, w, i) =>
    rec.title
      ? {}
      : {
          title: fresh(
            w,
            'pr title',
            // of the size its diff is, and the reach its description claims (pr-impact.ts)
            titlesFor(String(rec.description ?? ''), sized(prTitles(rec), Number(rec.lines_changed))),
            i,
            (t, n) => `${t}, part ${n + 1}`,
          ),
        },
  // an approved or merged pull request has an approval and no failing build, and a merged one went in on a green
  // run (none still pending, none cancelled); a draft has no approvals yet
  agree: (rec, w) => {
    const red = rec.ci_status === 'failing' || (rec.status === 'merged' && rec.ci_status !== 'passing');
    if (['approved', 'merged'].includes(String(rec.status)) && (Number(rec.approvals) < 1 || red))
      return [
        {
          ...(Number(rec.approvals) < 1 ? { approvals: w.rng.int(1, 2) } : {}),
          ...(red ? { ci_status: 'passing' } : {}),
        },
        ...shuffle(w.rng, ['open', 'changes requested']).map((status) => ({ status })),
      ];
    if (rec.status === 'draft' && Number(rec.approvals) > 0) return [{ approvals: 0 }, { status: 'open' }];
    return [];
  },
  title: (rec) => `${rec.pr_id} (${rec.repo}: ${rec.title})`,
  nameField: { field: 'title', label: 'title' },
  owner: { field: 'author', role: 'author' },
  textField: 'description',
});

export const deployments = packSource({
  name: 'deployments',
  system: devops,
  table: 'deployments',
  fixed: ['service', 'environment', 'duration_min'],
  domains: ['Software_Engineering'],
  capabilities: ['Tool_Calling', 'Logic_Reasoning'],
  measure: { field: 'duration_min', label: 'rollout time', unit: 'minutes', mean: true, additive: false },
  fields: {
    service: { label: 'service', weights: [3, 3, 2, 1, 1, 2] },
    environment: { label: 'environment', weights: [2, 3, 1, 4, 2] },
    started_on: { label: 'start date', from: -14, to: 0, verb: 'started' },
    duration_min: { label: 'rollout time', min: 2, max: 90, step: 1 },
    notes: { label: 'rollout notes', terms: DEPLOY_TERMS, write: rolloutNote },
  },
  make: (w, id, i) => ({
    deployment_id: id,
    // each rollout ships its own merged pull request: one shared by rollouts of two services would sit in two repos
    pr_id: refId(w, 'PR-', i, PR_POOL),
    version: `v${w.rng.int(1, 4)}.${w.rng.int(0, 30)}.${i}`,
    deployed_by: colleague(w, i).email,
  }),
  // a rollout started before today has finished one way or another; one of today's has run for its rollout time
  // (none is still queued: a queued rollout has no rollout time yet, and the time is the record's measure)
  derive: (rec, w) => {
    const status =
      daysFrom(w.today, rec.started_on) < 0
        ? w.rng.pick(['succeeded', 'succeeded', 'succeeded', 'succeeded', 'failed', 'rolled back'])
        : w.rng.pick(['in progress', 'in progress', 'succeeded', 'paused']);
    return { status, rolled_back: status === 'rolled back' };
  },
  title: (rec) => `${rec.deployment_id} (${rec.service} ${rec.version} to ${rec.environment})`,
  nameField: { field: 'version', label: 'release version' },
  owner: { field: 'deployed_by', role: 'engineer who deployed it' },
  textField: 'notes',
  parents: { pr_id: pullRequests },
  // what is deployed was merged first: a reviewed pull request opened before the rollout, in the service's repo
  fitParent: (pr, rollouts, w) => {
    const first = rollouts.map((r) => String(r.started_on)).sort()[0];
    const services = new Set(rollouts.map((r) => String(r.service)));
    const service = services.size === 1 ? ([...services][0] ?? '') : '';
    return {
      status: 'merged',
      ci_status: 'passing',
      ...(Number(pr.approvals) < 1 ? { approvals: w.rng.int(1, 3) } : {}),
      ...(first && String(pr.opened_on) > first ? { opened_on: addDays(first, -w.rng.int(1, 10)) } : {}),
      ...(PR_TITLES[service] ? { repo: service } : {}),
      // (its description written for the repository it now is in: no parent is read by a rule)
      description: prDescription(w.rng, undefined, undefined, {
        ...pr,
        title: undefined,
        repo: PR_TITLES[service] ? service : pr.repo,
      }),
    };
  },
});

export const incidents = packSource({
  name: 'incidents',
  system: devops,
  table: 'incidents',
  fixed: ['service'],
  domains: ['Software_Engineering'],
  capabilities: ['Logic_Reasoning', 'Knowledge_Retrieval'],
  measure: {
    field: 'minutes_to_acknowledge',
    label: 'time to acknowledge',
    unit: 'minutes',
    mean: true,
    additive: false,
  },
  fields: {
    severity: { label: 'severity', weights: [1, 2, 4, 3] },
    service: { label: 'affected service', weights: [3, 3, 2, 1, 1, 1] },
    opened_on: { label: 'opening date', from: -30, to: 0, verb: 'opened' },
    customer_impact: {
      label: 'customer impact',
      yes: 'with customer impact',
      no: 'without customer impact',
      p: 0.45,
    },
    postmortem_required: {
      label: 'postmortem',
      yes: 'needing a postmortem',
      no: 'not needing a postmortem',
      p: 0.35,
    },
    summary: { label: 'summary', terms: INCIDENT_TERMS, write: incidentSummary },
  },
  make: (w, id, i) => ({ incident_id: id, on_call: colleague(w, i).email }),
  // a page for a bigger incident is picked up sooner (a SEV1 within minutes, a SEV4 when someone gets to it)
  derive: (rec, w, i) => ({
    minutes_to_acknowledge: w.rng.int(...(ACK[String(rec.severity)] ?? [2, 45])),
    // (a postmortem is pending only on an incident that needs one)
    status: stateOf(
      rec,
      'status',
      w,
      ['resolved', 'resolved', 'resolved', 'mitigated', 'postmortem pending', 'investigating'].filter(
        (s) => rec.postmortem_required === true || s !== 'postmortem pending',
      ),
    ),
    title: fresh(
      w,
      'incident title',
      INCIDENT_TITLES[String(rec.service)] ?? ['Service degraded'],
      i,
      (t) => `${t} again`,
    ),
  }),
  title: (rec) => `${rec.incident_id} (${rec.severity}: ${rec.title})`,
  nameField: { field: 'title', label: 'incident title' },
  owner: { field: 'on_call', role: 'incident commander' },
  textField: 'summary',
});

export const migrations = packSource({
  name: 'migrations',
  system: devops,
  table: 'migrations',
  fixed: ['database', 'change_kind'],
  // a migration has run once its date has passed, not before
  tense: { state: 'status', date: 'scheduled_on', past: ['applied', 'failed', 'rolled back'], ahead: [] },
  noun: ['schema migration', 'schema migrations'],
  domains: ['Software_Engineering'],
  capabilities: ['Logic_Reasoning'],
  measure: { field: 'estimated_lock_seconds', label: 'expected lock time', unit: 'seconds', additive: false },
  fields: {
    // a schema migration creates, alters or backfills tables: it runs on the relational stores and the warehouse,
    // never on the Redis cache, whose keys have no columns or indexes to change
    database: {
      label: 'database',
      values: ['orders-postgres', 'users-postgres', 'billing-mysql', 'analytics-warehouse'],
      weights: [4, 3, 2, 2],
    },
    change_kind: { label: 'kind of change', weights: [2, 4, 3, 1, 1, 1, 2] },
    scheduled_on: { label: 'run date', from: -7, to: 21, verb: 'scheduled to run', past: 'run' },
    reversible: {
      label: 'down migration',
      yes: 'with a down migration',
      no: 'without a down migration',
      p: 0.7,
    },
    status: { label: 'status', weights: [4, 3, 3, 2, 1, 1] },
    description: { label: 'description', terms: MIGRATION_TERMS, write: migrationDescription, ofRecord: true },
  },
  make: (w, id, i) => ({
    migration_id: id,
    // a migration is named by its pull request, which holds that one change to one database
    pr_id: refId(w, 'PR-', i, PR_POOL),
    author: colleague(w, i).email,
  }),
  // a new table starts empty; a backfill or a type change rewrites rows; how long a table stays locked follows
  // from the kind of change (a type change rewrites the table, a batched backfill barely locks it)
  derive: (rec, w) => ({
    estimated_lock_seconds: (([lo, hi]) => Math.round((lo + w.rng.next() * (hi - lo)) * 10) / 10)(
      LOCK_SECONDS[String(rec.change_kind)] ?? [0.5, 10],
    ),
    rows_affected:
      rec.change_kind === 'create table'
        ? 0
        : w.rng.pick(
            rec.change_kind === 'backfill' || rec.change_kind === 'alter type'
              ? [48_000, 310_000, 2_400_000, 17_500_000]
              : [0, 1_200, 48_000, 310_000, 2_400_000],
          ),
  }),
  title: (rec) => `${rec.migration_id} (${rec.change_kind} on ${rec.database})`,
  nameField: { field: 'pr_id', label: 'pull request number' },
  owner: { field: 'author', role: 'author' },
  textField: 'description',
  parents: { pr_id: pullRequests },
  // a migration ships in a pull request of the service that owns its database, written by the migration's own
  // author and in a review state its migration's status allows (fitMigrationPr); an approved or merged pull
  // request has an approval
  fitParent: (pr, migrations, w) => {
    const first = migrations.map((m) => String(m.scheduled_on).slice(0, 10)).sort()[0];
    const repo = REPO_OF[String(migrations[0]?.database)] ?? 'payments-api';
    const fit = fitMigrationPr(pr, migrations, w);
    const status = String(fit.status);
    const title = fresh(
      w,
      'pr title',
      migrationPrTitles(String(migrations[0]?.change_kind), String(migrations[0]?.database)),
      Number(String(pr.pr_id).slice(3)),
    );
    return {
      ...fit,
      repo,
      title,
      // a schema change is no change users see: its description is written for its own title
      description: prDescription(w.rng, undefined, undefined, { ...pr, repo, title }),
      // an approved or merged one has an approval (none is a draft: fitMigrationPr)
      ...(['approved', 'merged'].includes(status) && Number(pr.approvals) < 1 ? { approvals: w.rng.int(1, 3) } : {}),
      // the pull request was opened before the first of its migrations was scheduled
      ...(first && String(pr.opened_on) >= first ? { opened_on: addDays(first, -w.rng.int(1, 10)) } : {}),
    };
  },
});

export const actions = [
  packAction(pullRequests, devops, {
    name: 'request_changes',
    // (a flaky job is re-run or ticketed: it is the suite's, not a change the author makes)
    lean: { ci_status: ['failing'], approvals: 'low' },
    sections: ['Changes requested', 'Code review'],
    from: ['open'],
    field: 'status',
    value: 'changes requested',
    phrases: ['set each of those pull requests to "changes requested"', 'mark each of them as changes requested'],
    capabilities: ['Tool_Calling'],
  }),
  packAction(incidents, devops, {
    name: 'require_postmortem',
    leftOut: 'wrong list',
    lean: { severity: ['SEV1', 'SEV2'], customer_impact: true },
    sections: ['Postmortem', 'Incident review'],
    when: { status: ['investigating', 'mitigated', 'resolved'] },
    field: 'postmortem_required',
    value: true,
    phrases: ['mark each of those incidents as needing a postmortem', 'flag a postmortem as required on each of them'],
  }),
  packAction(migrations, devops, {
    name: 'approve_migration',
    must: ['reversible'],
    approves: true,
    lean: { scheduled_on: 'ahead', reversible: true },
    sections: ['Approval', 'Migration approval'],
    from: ['pending review'],
    field: 'status',
    value: 'approved',
    phrases: ['mark each of those migrations as approved', 'set each of them to approved'],
    capabilities: ['Tool_Calling', 'Logic_Reasoning'],
  }),
];
