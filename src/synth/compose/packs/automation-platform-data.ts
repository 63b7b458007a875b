// automation platform: the curated names, spreads and note terms its record types draw from (its pack,
// automation-platform.ts, holds the record types themselves)

// the scopes a connection to each app is granted
export const SCOPES: Readonly<Record<string, string>> = {
  Slack: 'chat:write channels:read users:read',
  Salesforce: 'api refresh_token',
  'Google Sheets': 'spreadsheets drive.file',
  HubSpot: 'crm.objects.contacts.write crm.objects.deals.read',
  Jira: 'read:jira-work write:jira-work',
  Gmail: 'gmail.send gmail.readonly',
  Stripe: 'read_only (restricted key)',
  Zendesk: 'tickets:read tickets:write',
};

export const CONNECTOR_TERMS = [
  'personal account',
  'shared inbox',
  'token rotation',
  'sandbox',
  'offboarded user',
  'IP allowlist',
];

// workflow name, the app connection it runs on, its trigger, and how many times a week it runs (a weekly export
// once, a daily summary seven times, a webhook as often as its events come)
export const WORKFLOWS: readonly (readonly [string, string, string, number, number])[] = [
  ['Post daily sales summary to #sales', 'Slack', 'schedule', 7, 7],
  ['Weekly pipeline export to Google Sheets', 'Google Sheets', 'schedule', 1, 1],
  ['Close stale Zendesk tickets every night', 'Zendesk', 'schedule', 7, 7],
  ['Hourly Salesforce opportunity sync', 'Salesforce', 'schedule', 168, 168],
  ['Refresh the Jira sprint report every morning', 'Jira', 'schedule', 5, 7],
  ['Sync HubSpot contacts every 15 minutes', 'HubSpot', 'schedule', 400, 672],
  ['Sync new Stripe customers to HubSpot', 'HubSpot', 'webhook', 20, 400],
  ['Alert on failed Stripe payments', 'Stripe', 'webhook', 5, 200],
  ['Post Stripe disputes to Slack #finance', 'Slack', 'webhook', 2, 40],
  ['Update Salesforce when a demo is booked', 'Salesforce', 'webhook', 5, 150],
  ['Log Stripe refunds in the finance sheet', 'Google Sheets', 'webhook', 3, 80],
  ['Create Jira issues from PagerDuty alerts', 'Jira', 'webhook', 5, 120],
  ['Create Zendesk tickets from the support inbox', 'Zendesk', 'new email', 30, 500],
  ['Triage partner emails into Jira', 'Jira', 'new email', 10, 200],
  ['Save invoice attachments to the AP sheet', 'Google Sheets', 'new email', 10, 150],
  ['Forward out-of-office replies to the account owner', 'Gmail', 'new email', 10, 300],
  ['Route web form leads to Salesforce owners', 'Salesforce', 'form submission', 10, 300],
  ['Onboard new hires in Slack', 'Slack', 'form submission', 1, 10],
  ['Add event sign-ups to HubSpot', 'HubSpot', 'form submission', 5, 250],
  ['Send the welcome email for trial sign-ups', 'Gmail', 'form submission', 20, 400],
  ['Send NPS survey after ticket resolution', 'Zendesk', 'record updated', 20, 400],
  ['Notify the account team when a deal closes', 'Slack', 'record updated', 2, 60],
  ['Create Jira epics for won Salesforce deals', 'Jira', 'record updated', 1, 30],
  ['Copy closed HubSpot deals to the revenue sheet', 'Google Sheets', 'record updated', 3, 90],
  ['Backfill HubSpot owners from Salesforce', 'HubSpot', 'manual', 1, 3],
  ['Re-send unpaid Stripe invoices', 'Stripe', 'manual', 1, 4],
  ['Export Zendesk satisfaction scores to Sheets', 'Google Sheets', 'manual', 1, 2],
  ['Email the monthly usage report to customers', 'Gmail', 'manual', 1, 2],
];

export const APPS = ['Slack', 'Salesforce', 'Google Sheets', 'HubSpot', 'Jira', 'Gmail', 'Stripe', 'Zendesk'];

export const appOf = (name: unknown) => WORKFLOWS.find((x) => String(name).startsWith(x[0]))?.[1];

export const WORKFLOW_TERMS = ['retry', 'deduplicate', 'approval step', 'lookup table', 'rate limit', 'filter step'];

export const ERROR_TERMS = [
  'invalid_grant',
  'rate limit',
  'duplicate key',
  'permission denied',
  'schema mismatch',
  'payload too large',
];

// skill name and what it does: many more than a task's rows, so that two tasks' skill lists are not the same catalogue
export const SKILLS: readonly (readonly [string, string])[] = [
  ['Inbox Sorter', 'email triage'],
  ['Contract Summariser', 'document summarisation'],
  ['Invoice Keyer', 'data entry'],
  ['Meeting Scheduler', 'calendar'],
  ['Competitor Watch', 'web research'],
  ['PR Reviewer', 'code review'],
  ['Reply Drafter', 'email triage'],
  ['Board Pack Digest', 'document summarisation'],
  ['CRM Updater', 'data entry'],
  ['Room Finder', 'calendar'],
  ['Source Finder', 'web research'],
  ['Test Gap Finder', 'code review'],
  ['Out-of-Office Triage', 'email triage'],
  ['Policy Change Explainer', 'document summarisation'],
  ['Expense Matcher', 'data entry'],
  ['Interview Slot Booker', 'calendar'],
  ['Tender Alert Scanner', 'web research'],
  ['Dependency Bump Checker', 'code review'],
  ['Complaint Router', 'email triage'],
  ['Meeting Minutes Writer', 'document summarisation'],
  ['Timesheet Filler', 'data entry'],
  ['Rota Gap Finder', 'calendar'],
  ['Regulation Tracker', 'web research'],
  ['Migration Script Linter', 'code review'],
  ['Shared Mailbox Tagger', 'email triage'],
  ['Tender Document Reader', 'document summarisation'],
  ['Purchase Order Capture', 'data entry'],
  ['Travel Time Planner', 'calendar'],
  ['Price Monitor', 'web research'],
  ['Changelog Writer', 'code review'],
  ['Supplier Query Responder', 'email triage'],
  ['Research Paper Briefer', 'document summarisation'],
  ['Delivery Note Reader', 'data entry'],
  ['Company Background Check', 'web research'],
  ['Secrets Scanner', 'code review'],
  ['Lead Enricher', 'data entry'],
  ['Asset Register Sync', 'data entry'],
  ['Competitor News Digest', 'web research'],
  ['Job Posting Scout', 'web research'],
  ['Planning Application Watcher', 'web research'],
  ['Dependency Update Reviewer', 'code review'],
  ['Test Coverage Checker', 'code review'],
  ['Pull Request Describer', 'code review'],
  ['Out-of-Office Sorter', 'email triage'],
  ['Complaint Router', 'email triage'],
  ['Invoice Inbox Triage', 'email triage'],
  ['Board Pack Summariser', 'document summarisation'],
  ['Contract Clause Finder', 'document summarisation'],
  ['Meeting Notes Digest', 'document summarisation'],
  ['Mileage Claim Filler', 'data entry'],
  ['Business Card Scanner', 'data entry'],
  ['Interview Slot Booker', 'calendar'],
  ['Room Clash Checker', 'calendar'],
  ['Shift Swap Helper', 'calendar'],
];

export const SKILL_TERMS = [
  'reads attachments',
  'sends email',
  'external API',
  'stores credentials',
  'writes to the CRM',
  'browses the web',
];
