// software engineering: the curated names, spreads and note terms its record types draw from (its pack,
// software-engineering.ts, holds the record types themselves)

// pull request titles per repository
export const PR_TITLES: Readonly<Record<string, readonly string[]>> = {
  'payments-api': [
    'Add idempotency keys to refund endpoint',
    'Retry webhook delivery with backoff',
    'Split ledger writes into their own transaction',
  ],
  'web-frontend': [
    'Migrate checkout form to React Hook Form',
    'Fix focus trap in the cookie dialog',
    'Lazy-load the order history table',
  ],
  'auth-service': ['Rotate JWT signing keys weekly', 'Add WebAuthn as a second factor', 'Rate-limit password resets'],
  'data-pipeline': [
    'Backfill March events after the S3 outage',
    'Deduplicate order events by event_id',
    'Move nightly export to Airflow 2',
  ],
  'infra-terraform': ['Enable deletion protection on RDS', 'Add staging NAT gateway', 'Tighten S3 bucket policies'],
  'mobile-app': ['Offline mode for the basket screen', 'Upgrade to React Native 0.74', 'Deep links for password reset'],
};

export const PR_TERMS = ['feature flag', 'hotfix', 'dependency bump', 'schema change', 'load test', 'rollback plan'];

export const DEPLOY_TERMS = [
  'config change',
  'cache warm-up',
  'error budget',
  'manual approval',
  'smoke tests',
  'traffic shift',
];

export const INCIDENT_TITLES: Readonly<Record<string, readonly string[]>> = {
  'payments-api': ['Card payments timing out', 'Duplicate refund webhooks', 'Elevated 5xx on /charges'],
  'web-frontend': ['Checkout page blank in Safari', 'Static assets 404 after deploy', 'Login button unresponsive'],
  'auth-service': ['Token refresh failing for mobile', 'SSO redirect loop', 'MFA codes delayed'],
  'search-indexer': ['Search results stale by hours', 'Indexer stuck on one shard', 'Reindex job OOM-killed'],
  'notifications-worker': ['Push notifications not sent', 'Email queue backlog', 'SMS provider errors'],
  'mobile-bff': ['Home feed latency spike', 'App config endpoint 503', 'Image resizing failing'],
};

export const INCIDENT_TERMS = [
  'rollback',
  'certificate expiry',
  'connection pool',
  'rate limiting',
  'DNS',
  'disk full',
];

export const MIGRATION_TERMS = [
  'online schema change',
  'in batches',
  'NOT NULL',
  'foreign key',
  'concurrently',
  'partitioned',
];

// the repository that owns each database
export const REPO_OF: Readonly<Record<string, string>> = {
  'orders-postgres': 'payments-api',
  'users-postgres': 'auth-service',
  'billing-mysql': 'payments-api',
  'analytics-warehouse': 'data-pipeline',
  'sessions-redis': 'auth-service',
};

// pull request titles that carry a migration of each kind
export const MIGRATION_PRS: Readonly<Record<string, readonly string[]>> = {
  'create table': ['Add table for refund audit trail', 'Introduce events outbox table', 'Add consent history table'],
  'add column': ['Store marketing consent per user', 'Track last login timestamp', 'Add currency to invoices'],
  'add index': ['Speed up order lookups by customer', 'Index sessions by expiry', 'Index payments by created date'],
  'drop column': ['Remove legacy fax number field', 'Drop unused promo code column', 'Drop deprecated plan flag'],
  'rename column': [
    'Rename amount to amount_minor',
    'Clarify created/updated column names',
    'Rename cust_id to customer_id',
  ],
  'alter type': ['Widen invoice number to bigint', 'Store currency as ISO code', 'Make email citext'],
  backfill: [
    'Backfill order totals after the tax fix',
    'Backfill customer country codes',
    'Backfill missing refund reasons',
    'Backfill invoice due dates',
  ],
};
