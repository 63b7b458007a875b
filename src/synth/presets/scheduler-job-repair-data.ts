// scheduler_job_repair's scenario data: the integrations a nightly sync job can serve (with their key
// prefixes) and the maintenance jobs that can hold the database lock.

export type Integ = (typeof INTEGRATIONS)[number];
export type Holder = (typeof HOLDERS)[number];

export const INTEGRATIONS = [
  {
    service: 'salesforce',
    name: 'Salesforce CRM',
    job: 'nightly_crm_sync',
    action: 'sync_crm_contacts',
    what: 'nightly CRM sync',
    key: 'sf_live_',
    secret: 'sfs_',
  },
  {
    service: 'hubspot',
    name: 'HubSpot Marketing',
    job: 'hubspot_list_import',
    action: 'import_hubspot_lists',
    what: 'HubSpot list import',
    key: 'hs_pat_',
    secret: 'hss_',
  },
  {
    service: 'stripe',
    name: 'Stripe payments',
    job: 'stripe_payout_reconcile',
    action: 'reconcile_stripe_payouts',
    what: 'Stripe payout reconciliation',
    key: 'sk_live_',
    secret: 'whsec_',
  },
  {
    service: 'zendesk',
    name: 'Zendesk Support',
    job: 'zendesk_ticket_export',
    action: 'export_zendesk_tickets',
    what: 'Zendesk ticket export',
    key: 'zd_',
    secret: 'zds_',
  },
  {
    service: 'shopify',
    name: 'Shopify store',
    job: 'shopify_order_sync',
    action: 'sync_shopify_orders',
    what: 'Shopify order sync',
    key: 'shpat_',
    secret: 'shpss_',
  },
  {
    service: 'quickbooks',
    name: 'QuickBooks ledger',
    job: 'ledger_export',
    action: 'export_quickbooks_ledger',
    what: 'QuickBooks ledger export',
    key: 'qb_',
    secret: 'qbs_',
  },
  {
    service: 'mailchimp',
    name: 'Mailchimp newsletters',
    job: 'mailchimp_audience_sync',
    action: 'sync_mailchimp_audience',
    what: 'Mailchimp audience sync',
    key: 'mc_',
    secret: 'mcs_',
  },
] as const;
export const HOLDERS = [
  { name: 'daily_backup', action: 'backup_database' },
  { name: 'db_vacuum', action: 'vacuum_analyze_all' },
  { name: 'index_rebuild', action: 'rebuild_search_indexes' },
  { name: 'warehouse_snapshot', action: 'snapshot_warehouse' },
] as const;
