// software engineering: the curated names, spreads and note terms its record types draw from (its pack,
// software-engineering.ts, holds the record types themselves)

// pull request titles per repository (enough that a task's pull requests of one repository never share one)
// per repository, its pull request titles; a leading "+" marks a change a user of the product sees (a new sign-in
// factor, a translated message), the rest only the team sees (pr-impact.ts: a description's claim about users
// agrees with its title). A form rewritten on a new library changes what the customer fills in, whatever the author
// intends.
const MARKED_TITLES: Readonly<Record<string, readonly string[]>> = {
  'payments-api': [
    'Add idempotency keys to refund endpoint',
    'Retry webhook delivery with backoff',
    'Split ledger writes into their own transaction',
    'Reject refunds above the original charge',
    'Log payout failures with the provider code',
    'Move currency rounding into one helper',
    '+Handle 3DS challenge timeouts',
    'Drop the legacy PayPal adapter',
  ],
  'web-frontend': [
    '+Migrate checkout form to React Hook Form',
    '+Fix focus trap in the cookie dialog',
    '+Lazy-load the order history table',
    '+Show VAT breakdown on the basket page',
    'Replace moment.js with date-fns',
    '+Add skeleton loaders to the dashboard',
    '+Fix double submit on the address form',
    '+Localise error messages on sign-up',
  ],
  'auth-service': [
    'Rotate JWT signing keys weekly',
    '+Add WebAuthn as a second factor',
    '+Rate-limit password resets',
    '+Expire refresh tokens after 30 days idle',
    'Audit-log admin impersonation',
    '+Support SAML for enterprise tenants',
    '+Lock accounts after ten failed logins',
    '+Remove SMS fallback for staff accounts',
  ],
  'data-pipeline': [
    'Backfill March events after the S3 outage',
    'Deduplicate order events by event_id',
    'Move nightly export to Airflow 2',
    'Partition the events table by day',
    'Add freshness checks to the revenue model',
    'Retry Salesforce extracts on 429',
    'Mask emails in the analytics copy',
    'Drop the unused sessions rollup',
  ],
  'mobile-app': [
    '+Offline mode for the basket screen',
    'Upgrade to React Native 0.74',
    '+Deep links for password reset',
    '+Cache product images on device',
    '+Fix crash on Android 14 camera permission',
    '+Add biometric login on iOS',
    '+Reduce app start time by deferring analytics',
    '+Show order tracking push notifications',
  ],
  'search-indexer': [
    'Reindex products after the catalogue import',
    'Batch bulk writes to the search cluster',
    '+Add synonyms for size filters',
    'Drop stale shards nightly',
    'Retry failed index jobs with backoff',
    '+Boost in-stock items in ranking',
    'Upgrade the search cluster client',
    'Stream deletes from the order events',
  ],
  'notifications-worker': [
    '+Batch push notifications per user',
    'Retry SMS sends on provider timeouts',
    '+Respect quiet hours in email digests',
    'Dead-letter queue for bounced emails',
    '+Template the order-shipped email',
    'Drop duplicate push tokens',
    '+Add unsubscribe link to digests',
    'Throttle marketing sends per second',
  ],
  'mobile-bff': [
    'Aggregate basket and stock in one call',
    'Cache home feed responses for a minute',
    'Paginate the order history endpoint',
    'Pass the app version to downstream services',
    'Trim product payloads for the list view',
    'Handle auth token refresh centrally',
    '+Return localised prices',
    '+Deprecate the v1 checkout route',
  ],
};

const unmarked = (t: string) => t.replace(/^\+/, '');

export const PR_TITLES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(MARKED_TITLES).map(([repo, titles]) => [repo, titles.map(unmarked)]),
);

/** The pull request titles whose change a user of the product sees. */
export const USER_FACING: ReadonlySet<string> = new Set(
  Object.values(MARKED_TITLES)
    .flat()
    .filter((t) => t.startsWith('+'))
    .map(unmarked),
);

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
  'payments-api': [
    'Card payments timing out',
    'Duplicate refund webhooks',
    'Elevated 5xx on /charges',
    'Payouts stuck in pending',
    'Currency conversion returning zero',
    'Stripe webhook signature failures',
    'Refund API latency above 5s',
  ],
  'web-frontend': [
    'Checkout page blank in Safari',
    'Static assets 404 after deploy',
    'Login button unresponsive',
    'Basket total shows NaN',
    'CDN serving stale JavaScript bundle',
    'Cookie banner blocking checkout on mobile',
    'Search box not returning suggestions',
  ],
  'auth-service': [
    'Token refresh failing for mobile',
    'SSO redirect loop',
    'MFA codes delayed',
    'Password reset emails not arriving',
    'Session cookies expiring after one minute',
    'Enterprise SAML logins rejected',
    'Login latency spike in EU',
  ],
  'search-indexer': [
    'Search results stale by hours',
    'Indexer stuck on one shard',
    'Reindex job OOM-killed',
    'Deleted products still in results',
    'Index queue backlog over 1M',
    'Synonym update broke ranking',
    'Cluster disk watermark reached',
  ],
  'notifications-worker': [
    'Push notifications not sent',
    'Email queue backlog',
    'SMS provider errors',
    'Duplicate order confirmation emails',
    'Unsubscribe links returning 500',
    'Worker pods crash-looping',
    'Webhook retries flooding the queue',
  ],
  'mobile-bff': [
    'Home feed latency spike',
    'App config endpoint 503',
    'Image resizing failing',
    'Order history empty for some users',
    'Feature flags not loading on iOS',
    'Rate limiter blocking the app',
    'Basket sync conflicts after update',
  ],
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
};

// pull request titles that carry a migration of each kind
export const MIGRATION_PRS: Readonly<Record<string, readonly string[]>> = {
  'create table': [
    'Add table for refund audit trail',
    'Introduce events outbox table',
    'Add consent history table',
    'Create table for saved payment methods',
    'Add table for feature flag overrides',
    'Create login attempts table',
  ],
  'add column': [
    'Store marketing consent per user',
    'Track last login timestamp',
    'Add currency to invoices',
    'Add tax region to orders',
    'Store the device type on sessions',
    'Add a cancelled_at column to subscriptions',
  ],
  'add index': [
    'Speed up order lookups by customer',
    'Index sessions by expiry',
    'Index payments by created date',
    'Index invoices by status and due date',
    'Speed up the refunds report',
    'Index users by lower(email)',
  ],
  'drop column': [
    'Remove legacy fax number field',
    'Drop unused promo code column',
    'Drop deprecated plan flag',
    'Remove the old avatar URL column',
    'Drop the v1 address fields',
    'Remove plaintext backup codes',
  ],
  'rename column': [
    'Rename amount to amount_minor',
    'Clarify created/updated column names',
    'Rename cust_id to customer_id',
    'Rename status_cd to status',
    'Rename ts to occurred_at on events',
    'Rename zip to postal_code',
  ],
  'alter type': [
    'Widen invoice number to bigint',
    'Store currency as ISO code',
    'Make email citext',
    'Store amounts as numeric(12,2)',
    'Convert event payload to jsonb',
    'Use timestamptz for order dates',
  ],
  backfill: [
    'Backfill order totals after the tax fix',
    'Backfill customer country codes',
    'Backfill missing refund reasons',
    'Backfill invoice due dates',
    'Backfill tax regions on old orders',
    'Backfill consent flags from the CRM',
  ],
};

// how long an incident of each severity waits to be acknowledged (minutes)
export const ACK: Readonly<Record<string, readonly [number, number]>> = {
  SEV1: [1, 8],
  SEV2: [2, 20],
  SEV3: [5, 45],
  SEV4: [15, 120],
};

// how long each kind of change holds its lock, in seconds: an index is built concurrently, which takes its lock
// for moments at the start and the end only (the Scheduling exception that spares it says so, spared-data.ts)
export const LOCK_SECONDS: Readonly<Record<string, readonly [number, number]>> = {
  'create table': [0.1, 1],
  'add column': [0.2, 4],
  'add index': [0.1, 1.5],
  'drop column': [0.3, 3],
  'rename column': [0.1, 2],
  'alter type': [20, 240],
  backfill: [0.5, 6],
};
