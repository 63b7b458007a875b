// data science: the curated names, spreads and note terms its record types draw from (its pack,
// data-science.ts, holds the record types themselves)

// warehouse table, business domain, source system: fact and event tables, whose row counts run from thousands to
// hundreds of millions (review 45: a dimension of support agents with 145 million rows)
export const TABLES: readonly (readonly [string, string, string])[] = [
  ['analytics.fct_orders_daily', 'sales', 'Postgres replica'],
  ['analytics.fct_opportunities', 'sales', 'Salesforce'],
  ['marketing.fct_campaign_touches', 'marketing', 'Google Analytics'],
  ['marketing.fct_web_sessions', 'marketing', 'Google Analytics'],
  ['finance.fct_invoices', 'finance', 'NetSuite'],
  ['finance.fct_payments', 'finance', 'Stripe'],
  ['finance.fct_refunds', 'finance', 'Stripe'],
  ['product.fct_feature_events', 'product', 'Postgres replica'],
  ['product.fct_account_events', 'product', 'Postgres replica'],
  ['ops.fct_shipments', 'supply chain', 'NetSuite'],
  ['ops.fct_inventory_snapshots', 'supply chain', 'NetSuite'],
  ['support.fct_tickets', 'customer support', 'Zendesk'],
  ['support.fct_csat_responses', 'customer support', 'Zendesk'],
  ['finance.fct_credit_notes', 'finance', 'NetSuite'],
  ['finance.fct_journal_lines', 'finance', 'NetSuite'],
  ['finance.fct_subscriptions', 'finance', 'Stripe'],
  ['product.fct_sessions', 'product', 'Postgres replica'],
  ['product.fct_plan_changes', 'product', 'Postgres replica'],
  ['product.fct_experiment_exposures', 'product', 'Postgres replica'],
  ['ops.fct_purchase_orders', 'supply chain', 'NetSuite'],
  ['ops.fct_supplier_deliveries', 'supply chain', 'NetSuite'],
  ['ops.fct_returns', 'supply chain', 'NetSuite'],
  ['support.fct_chat_sessions', 'customer support', 'Zendesk'],
  ['support.fct_agent_activity', 'customer support', 'Zendesk'],
  ['support.fct_sla_breaches', 'customer support', 'Zendesk'],
];

export const DATASET_TERMS = [
  'late-arriving',
  'deduplicated',
  'timezone',
  'currency conversion',
  'soft deletes',
  'backfilled',
];

export const DASHBOARDS: Readonly<Record<string, readonly string[]>> = {
  executive: [
    'Company KPIs weekly',
    'Executive revenue pulse',
    'Quarterly OKR tracker',
    'Cash and runway overview',
    'Headline metrics by region',
  ],
  board: [
    'Board pack: growth and retention',
    'Board pack: unit economics',
    'Board pack: cash and forecast',
    'Board pack: customer health',
    'Board pack: hiring plan',
  ],
  finance: [
    'Cash collection and DSO',
    'Monthly close variance',
    'Refunds and chargebacks',
    'Accounts payable ageing',
    'Budget vs actual by cost centre',
  ],
  'sales ops': [
    'Pipeline coverage by region',
    'Rep quota attainment',
    'Win/loss by segment',
    'Deal velocity by stage',
    'Renewals due this quarter',
  ],
  marketing: [
    'Campaign ROI',
    'Paid acquisition funnel',
    'Web traffic by channel',
    'Lead source performance',
    'Email engagement trends',
  ],
  product: [
    'Feature adoption',
    'Activation funnel',
    'Retention cohorts',
    'Weekly active users by plan',
    'Onboarding drop-off',
  ],
};

// the business domain of the data each audience's dashboards read, and each metric's alerts watch
export const DOMAIN_OF: Readonly<Record<string, string>> = {
  executive: 'finance',
  board: 'finance',
  finance: 'finance',
  'sales ops': 'sales',
  marketing: 'marketing',
  product: 'product',
  'daily active users': 'product',
  'conversion rate': 'marketing',
  'average order value': 'sales',
  'churn rate': 'customer support',
  'net revenue': 'finance',
  'refund rate': 'finance',
  'p95 page load': 'product',
};

export const DOMAINS = ['sales', 'marketing', 'finance', 'product', 'supply chain', 'customer support'];

export const DASHBOARD_TERMS = ['weekly active', 'pipeline', 'cohort', 'forecast', 'drill-down', 'row-level security'];

export const ALERT_TERMS = [
  'tracking change',
  'public holiday',
  'bot traffic',
  'pipeline delay',
  'price change',
  'outage',
];

// experiment, surface, primary metric
export const EXPERIMENTS: readonly (readonly [string, string, string])[] = [
  ['Sticky add-to-basket button', 'product page', 'conversion rate'],
  ['One-page checkout', 'checkout', 'conversion rate'],
  ['Free shipping threshold at 40', 'checkout', 'average order value'],
  ['Personalised homepage carousel', 'homepage', 'click-through rate'],
  ['Autocomplete with spelling fixes', 'search', 'click-through rate'],
  ['Annual plan as default', 'pricing page', 'revenue per visitor'],
  ['Three-step onboarding checklist', 'onboarding', 'D7 retention'],
  ['Win-back email at day 21', 'lifecycle email', 'D7 retention'],
  ['Bundle discount badge', 'product page', 'average order value'],
  ['Trust badges near payment', 'checkout', 'conversion rate'],
  ['Simplified plan comparison', 'pricing page', 'conversion rate'],
  ['Search filters above results', 'search', 'revenue per visitor'],
];

export const HYPOTHESIS_TERMS = [
  'novelty effect',
  'sample ratio mismatch',
  'holdout',
  'seasonality',
  'mobile users',
  'new visitors',
];
