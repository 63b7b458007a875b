import { defineTableService, type Table } from '../tables.js';

// An integration and automation platform's admin console (Automation_Platform: agents, integrations,
// scheduling): workflows, the connected-app credentials they use, their runs, and agent skills.

export const AUTOMATIONS_TABLES: readonly Table[] = [
  {
    noun: ['workflow', 'workflows'],
    id: 'workflow_id',
    prefix: 'WF-',
    about: 'automated workflows with their trigger and recent reliability',
    fields: {
      name: { kind: 'text', about: 'workflow name', search: true },
      trigger: {
        kind: 'enum',
        about: 'what starts a run',
        values: ['schedule', 'webhook', 'new email', 'form submission', 'record updated', 'manual'],
        filter: true,
      },
      connector_id: { kind: 'ref', about: 'connection the workflow acts through', table: 'connectors' },
      last_run_on: { kind: 'date', about: 'date of the last run' },
      runs_7d: { kind: 'number', about: 'runs in the last 7 days', unit: 'runs', int: true },
      failures_7d: { kind: 'number', about: 'failed runs in the last 7 days', unit: 'runs', int: true },
      owner: { kind: 'email', about: 'person who owns the workflow', update: true },
      alert_on_failure: { kind: 'flag', about: 'whether the owner is alerted when a run fails', update: true },
      environment: {
        kind: 'enum',
        about: 'the workspace environment it runs in',
        values: ['production', 'staging', 'test', 'development'],
        filter: true,
      },
      status: {
        kind: 'enum',
        about: 'workflow status',
        values: ['draft', 'active', 'paused', 'failing', 'archived'],
        filter: true,
        update: true,
      },
      description: { kind: 'text', about: 'what the workflow does, step by step', search: true },
    },
  },
  {
    noun: ['connector', 'connectors'],
    id: 'connector_id',
    prefix: 'CON-',
    about: 'connections to third-party apps and the credentials behind them',
    fields: {
      app: {
        kind: 'enum',
        about: 'connected app',
        values: ['Slack', 'Salesforce', 'Google Sheets', 'HubSpot', 'Jira', 'Gmail', 'Stripe', 'Zendesk'],
        filter: true,
      },
      auth_type: {
        kind: 'enum',
        about: 'authentication method',
        values: ['OAuth 2.0', 'API key', 'service account', 'basic auth'],
        filter: true,
      },
      scopes: { kind: 'text', about: 'granted scopes, e.g. "chat:write channels:read"', search: true },
      auth_expires_on: { kind: 'date', about: 'date the token or key expires', update: true },
      workflows_using: { kind: 'number', about: 'workflows that use the connection', unit: 'workflows', int: true },
      admin_consent: { kind: 'flag', about: 'whether a workspace admin approved the connection' },
      owner: { kind: 'email', about: 'person whose account the connection runs as', update: true },
      status: {
        kind: 'enum',
        about: 'connection health',
        values: ['connected', 'expiring', 'expired', 'revoked', 'error'],
        filter: true,
        update: true,
      },
      notes: { kind: 'text', about: 'admin note on the connection', search: true },
    },
  },
  {
    noun: ['workflow run', 'workflow runs'],
    id: 'run_id',
    prefix: 'RUN-',
    about: 'individual workflow runs, with failures waiting to be triaged',
    fields: {
      workflow_id: { kind: 'ref', about: 'workflow that ran', table: 'workflows' },
      started_on: { kind: 'date', about: 'date the run started' },
      duration_sec: { kind: 'number', about: 'run time', unit: 'seconds' },
      steps_completed: { kind: 'number', about: 'steps completed before the run ended', unit: 'steps', int: true },
      outcome: {
        kind: 'enum',
        about: 'how the run ended',
        values: ['succeeded', 'failed', 'partially succeeded', 'timed out', 'cancelled'],
        filter: true,
      },
      auto_retried: { kind: 'flag', about: 'whether the platform retried the run automatically' },
      assignee: { kind: 'email', about: 'person the run is assigned to for triage', update: true },
      status: {
        kind: 'enum',
        about: 'triage status',
        values: ['new', 'investigating', 'replayed', 'ignored', 'resolved'],
        filter: true,
        update: true,
      },
      error_message: { kind: 'text', about: 'error returned by the failing step', search: true },
    },
  },
  {
    noun: ['agent skill', 'agent skills'],
    id: 'skill_id',
    prefix: 'SKL-',
    about: 'skills (tools and instructions) installed or requested for the AI agents',
    fields: {
      name: { kind: 'text', about: 'skill name', search: true },
      category: {
        kind: 'enum',
        about: 'what the skill does',
        values: ['email triage', 'document summarisation', 'data entry', 'calendar', 'web research', 'code review'],
        filter: true,
      },
      source: {
        kind: 'enum',
        about: 'where the skill comes from',
        values: ['built-in', 'vendor marketplace', 'internal', 'community'],
        filter: true,
      },
      permission_level: {
        kind: 'enum',
        about: 'highest permission the skill asks for',
        values: ['read-only', 'read-write', 'send on behalf', 'admin'],
        filter: true,
      },
      installed_on: { kind: 'date', about: 'date installed or requested' },
      invocations_30d: { kind: 'number', about: 'invocations in the last 30 days', unit: 'invocations', int: true },
      sandboxed: { kind: 'flag', about: 'whether the skill runs in a sandbox', update: true },
      maintainer: { kind: 'email', about: 'maintainer of the skill', update: true },
      status: {
        kind: 'enum',
        about: 'skill status',
        values: ['requested', 'security review', 'approved', 'installed', 'disabled', 'rejected'],
        filter: true,
        update: true,
      },
      description: { kind: 'text', about: 'what the skill does and which data it touches', search: true },
    },
  },
];

export const automations = defineTableService({
  name: 'automations',
  description: 'Automation platform console: workflows, app connectors, workflow runs and agent skills.',
  tables: AUTOMATIONS_TABLES,
});
