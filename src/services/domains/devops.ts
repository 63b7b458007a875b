import { defineTableService, type Table } from '../tables.js';

// An engineering team's delivery dashboard (Software_Engineering: code, DevOps, GitHub, databases): pull
// requests, deployments, production incidents and database migrations.

const SERVICES = [
  'payments-api',
  'web-frontend',
  'auth-service',
  'search-indexer',
  'notifications-worker',
  'mobile-bff',
];

export const DEVOPS_TABLES: readonly Table[] = [
  {
    noun: ['pull request', 'pull requests'],
    id: 'pr_id',
    prefix: 'PR-',
    about: 'open and recent pull requests across the team repositories',
    fields: {
      repo: {
        kind: 'enum',
        about: 'repository',
        // every deployed service has its repository (a rollout ships a pull request of its own service)
        values: [
          'payments-api',
          'web-frontend',
          'auth-service',
          'data-pipeline',
          'mobile-app',
          'search-indexer',
          'notifications-worker',
          'mobile-bff',
        ],
        filter: true,
      },
      title: { kind: 'text', about: 'pull request title', search: true },
      author: { kind: 'email', about: 'author of the change' },
      reviewer: { kind: 'email', about: 'requested reviewer', update: true },
      opened_on: { kind: 'date', about: 'date the pull request was opened' },
      ci_status: {
        kind: 'enum',
        about: 'latest CI run',
        values: ['pending', 'passing', 'failing', 'flaky', 'cancelled'],
        filter: true,
      },
      approvals: { kind: 'number', about: 'approving reviews', unit: 'approvals', int: true },
      lines_changed: { kind: 'number', about: 'lines added plus deleted', unit: 'lines', int: true },
      breaking_change: { kind: 'flag', about: 'whether the change is labelled breaking', update: true },
      status: {
        kind: 'enum',
        about: 'review state',
        values: ['draft', 'open', 'changes requested', 'approved', 'merged', 'closed'],
        filter: true,
        update: true,
      },
      description: { kind: 'text', about: 'pull request description', search: true },
    },
  },
  {
    noun: ['deployment', 'deployments'],
    id: 'deployment_id',
    prefix: 'DEP-',
    about: 'deployments of services to each environment',
    fields: {
      pr_id: { kind: 'ref', about: 'pull request whose merge is being deployed', table: 'pull_requests' },
      service: { kind: 'enum', about: 'service deployed', values: SERVICES, filter: true },
      environment: {
        kind: 'enum',
        about: 'target environment',
        values: ['dev', 'staging', 'canary', 'production', 'production-eu'],
        filter: true,
      },
      version: { kind: 'text', about: 'release version, e.g. v2.14.3' },
      started_on: { kind: 'date', about: 'date the deployment started' },
      duration_min: { kind: 'number', about: 'time the rollout took', unit: 'minutes' },
      deployed_by: { kind: 'email', about: 'engineer who ran the deployment' },
      rolled_back: { kind: 'flag', about: 'whether the release was rolled back', update: true },
      status: {
        kind: 'enum',
        about: 'deployment status',
        values: ['queued', 'in progress', 'succeeded', 'failed', 'rolled back', 'paused'],
        filter: true,
        update: true,
      },
      notes: { kind: 'text', about: 'change summary and rollout notes', search: true },
    },
  },
  {
    noun: ['incident', 'incidents'],
    id: 'incident_id',
    prefix: 'INC-',
    about: 'production incidents paged to the on-call rota',
    fields: {
      title: { kind: 'text', about: 'incident title', search: true },
      severity: {
        kind: 'enum',
        about: 'severity',
        values: ['SEV1', 'SEV2', 'SEV3', 'SEV4'],
        filter: true,
        update: true,
      },
      service: { kind: 'enum', about: 'affected service', values: SERVICES, filter: true },
      opened_on: { kind: 'date', about: 'date the incident was opened' },
      minutes_to_acknowledge: {
        kind: 'number',
        about: 'time from page to acknowledgement',
        unit: 'minutes',
        int: true,
      },
      postmortem_required: { kind: 'flag', about: 'whether the incident needs a written postmortem', update: true },
      customer_impact: { kind: 'flag', about: 'whether customers were affected' },
      on_call: { kind: 'email', about: 'on-call engineer (incident commander)', update: true },
      status: {
        kind: 'enum',
        about: 'incident status',
        values: ['triggered', 'acknowledged', 'investigating', 'mitigated', 'resolved', 'postmortem pending'],
        filter: true,
        update: true,
      },
      summary: { kind: 'text', about: 'timeline and current theory', search: true },
    },
  },
  {
    noun: ['migration', 'migrations'],
    id: 'migration_id',
    prefix: 'MIG-',
    about: 'database schema migrations and backfills waiting to run or already applied',
    fields: {
      pr_id: { kind: 'ref', about: 'pull request that adds the migration', table: 'pull_requests' },
      database: {
        kind: 'enum',
        about: 'database',
        values: ['orders-postgres', 'users-postgres', 'billing-mysql', 'analytics-warehouse', 'sessions-redis'],
        filter: true,
      },
      change_kind: {
        kind: 'enum',
        about: 'kind of change',
        values: ['create table', 'add column', 'add index', 'drop column', 'rename column', 'alter type', 'backfill'],
        filter: true,
      },
      author: { kind: 'email', about: 'engineer who wrote the migration' },
      scheduled_on: { kind: 'date', about: 'date it is scheduled to run in production', update: true },
      rows_affected: { kind: 'number', about: 'rows touched', unit: 'rows', int: true },
      estimated_lock_seconds: { kind: 'number', about: 'expected table lock', unit: 'seconds' },
      reversible: { kind: 'flag', about: 'whether a down migration exists' },
      status: {
        kind: 'enum',
        about: 'migration status',
        values: ['pending review', 'approved', 'scheduled', 'applied', 'failed', 'rolled back'],
        filter: true,
        update: true,
      },
      description: { kind: 'text', about: 'what the migration does', search: true },
    },
  },
];

export const devops = defineTableService({
  name: 'devops',
  description: 'Engineering delivery: pull requests, deployments, incidents and database migrations.',
  tables: DEVOPS_TABLES,
});
