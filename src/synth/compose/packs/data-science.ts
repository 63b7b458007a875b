import type { Rng } from '../../../env/rng.js';
import { analytics } from '../../../services/domains/analytics.js';
import { oneOf, writePlan } from '../../kit/content.js';
import { shuffle } from '../../kit/ids.js';
import { daysFrom } from '../../rules/fields.js';
import type { Rec, World } from '../parts.js';
import { colleague, fresh } from '../sources/kit.js';
import { addDays, nth, onDay, packAction, packSource, refId } from './table-source.js';
import {
  ALERT_TERMS,
  DASHBOARD_TERMS,
  DASHBOARDS,
  DATASET_TERMS,
  DOMAIN_OF,
  DOMAINS,
  EXPERIMENTS,
  HYPOTHESIS_TERMS,
  TABLES,
} from './data-science-data.js';
import { dashboardDescription, datasetDescription, hypothesis } from './data-science-notes.js';

// Data_Science: the warehouse tables in the data catalogue with their freshness, the BI dashboards built on
// them, the metric alerts monitoring raises and the A/B experiments product runs. Table names, dashboard titles
// and notes are what an analytics engineer or a product analyst would see.

export const datasets = packSource({
  name: 'datasets',
  system: analytics,
  table: 'datasets',
  domains: ['Data_Science'],
  capabilities: ['Data_Analysis', 'Logic_Reasoning'],
  measure: { field: 'row_count', label: 'row count', unit: 'rows' },
  fields: {
    refreshed_on: { label: 'last refresh', from: -14, to: 0, verb: 'last refreshed' },
    freshness_sla_hours: { label: 'freshness SLA', min: 6, max: 72, step: 6 },
    row_count: { label: 'row count', min: 10_000, max: 400_000_000, step: 1_000, unit: 'rows' },
    contains_pii: {
      label: 'personal data',
      yes: 'holding personal data',
      no: 'holding no personal data',
      p: 0.35,
    },
    status: { label: 'health', weights: [6, 2, 1, 1, 1] },
    description: { label: 'description', terms: DATASET_TERMS, write: datasetDescription, ofRecord: true },
  },
  make: (w, id, i) => {
    const [table, domain, source] = nth(w, TABLES, i);
    return {
      dataset_id: id,
      table_name: table,
      business_domain: domain,
      source_system: source,
      owner: colleague(w, i).email,
    };
  },
  // fresh means refreshed within its SLA, stale means not
  agree: (rec, w) => {
    const hours = -daysFrom(w.today, rec.refreshed_on) * 24;
    const sla = Number(rec.freshness_sla_hours);
    if (rec.status === 'fresh' && hours > sla)
      return [
        { status: 'stale' },
        { refreshed_on: onDay(w, -Math.floor(sla / 24)) },
        ...(hours <= 72 ? [{ freshness_sla_hours: Math.ceil(hours / 6) * 6 }] : []),
      ];
    if (rec.status === 'stale' && hours <= sla)
      return [{ status: 'fresh' }, { refreshed_on: onDay(w, -Math.floor(sla / 24) - w.rng.int(1, 4)) }];
    return [];
  },
  title: (rec) => `${rec.dataset_id} (${rec.table_name})`,
  nameField: { field: 'table_name', label: 'table name' },
  owner: { field: 'owner', role: 'data owner' },
  textField: 'description',
});

// per task, one dataset per business domain that records refer to
const datasetIn = (w: World, domain: string | undefined) =>
  refId(w, 'DS-', Math.max(0, DOMAINS.indexOf(domain ?? 'product')), DOMAINS.length);
// the dataset a record refers to is a table of the domain it reads
const datasetFor = (key: string) => (ds: Rec, children: Rec[], w: World) => {
  const domain = DOMAIN_OF[String(children[0]?.[key])];
  const tables = TABLES.filter(([, d]) => d === domain).map(([t]) => t);
  if (!tables.length) return {};
  const table = fresh(w, 'table name', tables, Number(String(ds.dataset_id).slice(3)));
  const [, business_domain, source_system] =
    TABLES.find(([t]) => t === table) ?? (TABLES[0] as (typeof TABLES)[number]);
  return { table_name: table, business_domain, source_system };
};

// a dashboard's days since its last view are at most six of its usual gaps between views (30 days over its views),
// and three days for any dashboard: 222 views this month and none for 27 days is not a dashboard anyone uses
const QUIET_GAPS = 180;
export const quietSpell = (views30d: number): number => Math.max(3, QUIET_GAPS / Math.max(1, views30d));

export const dashboards = packSource({
  name: 'dashboards',
  system: analytics,
  table: 'dashboards',
  noun: ['BI dashboard', 'BI dashboards'],
  domains: ['Data_Science'],
  capabilities: ['Data_Analysis', 'Logic_Reasoning'],
  measure: { field: 'views_30d', label: 'number of views in the last 30 days', unit: 'views' },
  fields: {
    audience: { label: 'audience', weights: [2, 1, 2, 2, 2, 2] },
    // views in the last 30 days and the last view agree: every dashboard here was opened within the month
    views_30d: { label: 'monthly views', min: 1, max: 900, step: 1 },
    last_viewed_on: { label: 'last opened', from: -29, to: 0, verb: 'last opened' },
    scheduled_delivery: {
      label: 'scheduled delivery',
      yes: 'e-mailed on a schedule',
      no: 'not e-mailed on a schedule',
      p: 0.4,
    },
    status: { label: 'status', weights: [1, 4, 3, 1, 1, 1] },
    description: { label: 'description', terms: DASHBOARD_TERMS, write: dashboardDescription },
  },
  make: (w, id, i) => ({
    dashboard_id: id,
    bi_tool: w.rng.pick(['Looker', 'Looker', 'Tableau', 'Power BI', 'Metabase', 'Superset']),
    owner: colleague(w, i).email,
  }),
  derive: (rec, w, i) => ({
    title: fresh(
      w,
      'dashboard title',
      DASHBOARDS[String(rec.audience)] ?? ['KPI dashboard'],
      i,
      (t, n) => `${t} – ${['EMEA', 'Americas', 'APAC', 'UK'][n % 4]}`,
    ),
    dataset_id: datasetIn(w, DOMAIN_OF[String(rec.audience)]),
  }),
  // a draft has hardly been opened by anyone but its builder; and a dashboard opened many times this month was not
  // last opened weeks ago (its quiet spell is no longer than a few of its usual gaps between views)
  agree: (rec, w) => {
    if (rec.status === 'draft' && Number(rec.views_30d) > 40)
      return [
        { views_30d: w.rng.int(1, 25) },
        ...shuffle(w.rng, ['published', 'certified', 'under review']).map((status) => ({ status })),
      ];
    const quiet = -daysFrom(w.today, rec.last_viewed_on);
    if (quiet <= quietSpell(Number(rec.views_30d))) return [];
    const views = Math.floor(QUIET_GAPS / quiet);
    return [
      ...(views >= 1 ? [{ views_30d: w.rng.int(Math.max(1, Math.ceil(views / 2)), views) }] : []),
      { last_viewed_on: addDays(w.today, -w.rng.int(0, Math.min(quiet - 1, quietSpell(Number(rec.views_30d))))) },
    ];
  },
  title: (rec) => `${rec.dashboard_id} (${rec.title})`,
  nameField: { field: 'title', label: 'dashboard title' },
  owner: { field: 'owner', role: 'dashboard owner' },
  textField: 'description',
  parents: { dataset_id: datasets },
  fitParent: datasetFor('audience'),
});

// how an alert's investigation ends up, by its status: an open one is still being watched, a closed one says why
const ALERT_OUTCOME: Readonly<Record<string, readonly string[]>> = {
  resolved: ['back to baseline since the fix went out', 'closed after the rollback'],
  'false positive': ['an instrumentation change, not a real shift', 'raw counts unchanged: a data artefact'],
  muted: ['muted during the migration window', 'muted until the seasonal dip ends'],
};
const STILL_OPEN = ['no change in the raw counts', 'moving back towards baseline', 'will recheck tomorrow', ''];

function alertNote(rng: Rng, term: string | undefined, _v: unknown, rec?: Readonly<Record<string, unknown>>): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'compared with the same weekday last week',
          'segment breakdown attached',
          'seen in the EU only',
          'first time this quarter',
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `likely ${term}`,
                `${term} being checked`,
                `could be the ${term} — asked the owner`,
                `${term} ruled out?`,
              ),
            ]
          : []),
        rng.pick(ALERT_OUTCOME[String(rec?.status)] ?? STILL_OPEN),
      ].filter(Boolean),
    },
    'terse',
  );
}

export const metricAlerts = packSource({
  name: 'metric_alerts',
  system: analytics,
  table: 'metric_alerts',
  fixed: ['metric', 'observed_change_pct'],
  domains: ['Data_Science'],
  capabilities: ['Data_Analysis', 'Math_Scientific'],
  fields: {
    metric: { label: 'metric', weights: [3, 3, 2, 2, 2, 1, 1] },
    observed_change_pct: { label: 'deviation from baseline', min: 3, max: 60, step: 0.5, unit: '%' },
    triggered_on: { label: 'trigger date', from: -14, to: 0, verb: 'triggered' },
    paged: {
      label: 'paging',
      yes: 'paged out of hours',
      no: 'not paged',
      p: 0.3,
      stake: { yes: 'wake someone up, so a noisy one costs the on-call rota most' },
    },
    status: { label: 'status', weights: [4, 3, 2, 1, 2, 1] },
    notes: { label: 'investigation notes', terms: ALERT_TERMS, write: alertNote, ofRecord: true },
  },
  make: (w, id, i) => ({
    alert_id: id,
    alert_type: w.rng.pick(['threshold breach', 'threshold breach', 'anomaly', 'anomaly', 'missing data']),
    assignee: colleague(w, i).email,
  }),
  // an alert fires past its threshold, on the data its metric is computed from
  derive: (rec, w) => {
    const seen = Number(rec.observed_change_pct);
    const under = [5, 10, 15, 20, 25].filter((t) => t < seen);
    return {
      threshold_pct: under.length ? w.rng.pick(under) : 2.5,
      dataset_id: datasetIn(w, DOMAIN_OF[String(rec.metric)]),
    };
  },
  title: (rec) => `${rec.alert_id} (${rec.metric}, ${rec.observed_change_pct}% off baseline)`,
  nameField: { field: 'metric', label: 'metric' },
  owner: { field: 'assignee', role: 'analyst investigating' },
  textField: 'notes',
  parents: { dataset_id: datasets },
  fitParent: datasetFor('metric'),
});

export const experiments = packSource({
  name: 'experiments',
  system: analytics,
  table: 'experiments',
  // an experiment runs until its end date; it is read out, shipped or rolled back after it
  tense: {
    state: 'status',
    date: 'ends_on',
    past: ['analysing', 'shipped', 'rolled back', 'inconclusive'],
    ahead: ['design', 'running'],
  },
  noun: ['A/B test', 'A/B tests'],
  domains: ['Data_Science'],
  capabilities: ['Math_Scientific', 'Data_Analysis'],
  // (the users of different experiments overlap: their sizes add up to nothing)
  measure: { field: 'sample_size', label: 'sample size', unit: 'users', additive: false },
  fields: {
    uplift_pct: { label: 'measured uplift', min: 0, max: 12, step: 0.1, unit: '%' },
    p_value: { label: 'p-value', min: 0.001, max: 0.2, step: 0.001 },
    // (beside the reading on every experiment dashboard: a reading on few users is noise)
    sample_size: { label: 'sample size', min: 4000, max: 90_000, step: 100, unit: 'users' },
    ends_on: { label: 'end date', from: -20, to: 30, verb: 'ending', past: 'ended' },
    guardrail_breached: {
      label: 'guardrails',
      yes: 'with a guardrail metric breached',
      no: 'with every guardrail metric holding',
      p: 0.2,
    },
    status: { label: 'status', weights: [1, 5, 1, 3, 2, 1, 1] },
    hypothesis: { label: 'hypothesis', terms: HYPOTHESIS_TERMS, write: hypothesis },
  },
  make: (w, id, i) => {
    const [name, surface, metric] = nth(w, EXPERIMENTS, i);
    return {
      experiment_id: id,
      name,
      surface,
      primary_metric: metric,
      owner: colleague(w, i).email,
    };
  },
  // every experiment here has a reading (an uplift, a p-value): it is past its design stage, so one drawn in
  // design is running (or paused) instead
  agree: (rec, w) =>
    rec.status === 'design' ? shuffle(w.rng, ['running', 'paused']).map((status) => ({ status })) : [],
  // an experiment past its design stage has started (and has run a while: it has a reading)
  derive: (rec, w) => {
    const start = addDays(rec.ends_on, -w.rng.pick([14, 21, 28]));
    return { started_on: start > onDay(w, -3) ? onDay(w, -w.rng.int(3, 9)) : start };
  },
  title: (rec) => `${rec.experiment_id} (${rec.name})`,
  nameField: { field: 'name', label: 'experiment name' },
  owner: { field: 'owner', role: 'experiment owner' },
  textField: 'hypothesis',
});

export const actions = [
  packAction(datasets, analytics, {
    name: 'deprecate_dataset',
    // whether a table holds personal data is no reason to retire it
    lean: { refreshed_on: 'stale', row_count: 'low', contains_pii: 'unrelated' },
    sections: ['Deprecation', 'Retirement'],
    from: ['fresh', 'stale', 'refresh failed'],
    field: 'status',
    value: 'deprecated',
    phrases: ['mark each of those datasets as deprecated in the catalogue', 'set each of them to deprecated'],
  }),
  packAction(dashboards, analytics, {
    name: 'archive_dashboard',
    lean: { views_30d: 'low', last_viewed_on: 'stale', scheduled_delivery: false },
    sections: ['Archiving', 'Clean-up'],
    from: ['draft', 'published', 'under review', 'deprecated'],
    field: 'status',
    value: 'archived',
    phrases: ['set each of those dashboards to archived', 'mark each one as archived'],
  }),
  packAction(experiments, analytics, {
    name: 'pause_experiment',
    lean: { ends_on: 'ahead', guardrail_breached: true },
    sections: ['Pause', 'Experiment pause'],
    from: ['running'],
    field: 'status',
    value: 'paused',
    phrases: ['set each of those experiments to paused', 'mark each of them as paused'],
    capabilities: ['Tool_Calling', 'Data_Analysis'],
  }),
];
