import { oneOf, writePlan } from '../../kit/content.js';
import { shuffle } from '../../kit/ids.js';
import { slug } from '../../kit/text.js';
import { daysFrom, type FieldModel } from '../../rules/fields.js';
import type { World } from '../parts.js';
import { byEmail, colleague, cycle, defineSource, fresh } from './kit.js';
import { systemStem } from './system-stems.js';

// the records of the operations systems — scheduled jobs, integrations, to-dos — as sources (records.ts holds the
// business systems' records and says what a source declares)

// how often a job runs, and the most days its last run may be old then
const PERIODS: readonly (readonly [string, number])[] = [
  ['nightly', 1],
  ['weekly', 7],
  ['monthly', 31],
];

// what a job does, read off its name ("payroll-export-backup" backs up the payroll export), in one of a few phrasings
const JOB_ACTIONS: Record<string, readonly ((thing: string) => string)[]> = {
  sync: [(t) => `sync ${t} records to the warehouse`, (t) => `pull ${t} changes and sync them`],
  export: [(t) => `export ${t} data to the reporting bucket`, (t) => `write the ${t} export file`],
  backup: [(t) => `back up the ${t} database`, (t) => `snapshot ${t} data to cold storage`],
  refresh: [(t) => `refresh the ${t} cache`, (t) => `rebuild the ${t} views`],
  cleanup: [(t) => `delete expired ${t} files`, (t) => `purge ${t} temp data older than 30 days`],
};
function jobAction(w: World, name: string): string {
  const verb = name.slice(name.lastIndexOf('-') + 1);
  const forms = JOB_ACTIONS[verb];
  const thing = name.slice(0, name.lastIndexOf('-')).replace(/-/g, ' ');
  if (!forms || !thing) return `run ${name.replace(/-/g, ' ')}`;
  return w.rng.pick(forms)(thing);
}

export const jobs = defineSource({
  name: 'jobs',
  nameField: { field: 'name', label: 'job name' },
  domains: ['Automation_Platform', 'Software_Engineering'],
  service: 'scheduler',
  noun: ['scheduled job', 'scheduled jobs'],
  idField: 'job_id',
  prefix: 'JOB-',
  collection: 'jobs',
  textField: 'action',
  capabilities: ['Agent_Self_Config', 'Logic_Reasoning'],
  // (a run's result is what it was: news that "its last run was changed to failed" is no news anyone gets, review 51)
  fixed: ['last_status'],
  fields: [
    {
      kind: 'enum',
      field: 'last_status',
      label: 'last run',
      values: ['success', 'failed', 'timeout'],
      weights: [5, 2, 1],
    },
    { kind: 'flag', field: 'enabled', label: 'enabled', yes: 'still enabled', no: 'already disabled', p: 0.75 },
    { kind: 'date', field: 'last_run', label: 'last run time', from: -30, to: 0, verb: 'last run', time: true },
    { kind: 'date', field: 'created_at', label: 'creation date', from: -400, to: -10, verb: 'created', time: true },
  ] satisfies FieldModel[],
  // a job ran after it was created
  order: [['created_at', 'last_run']],
  // an enabled job runs on its schedule: one whose last run is days old runs weekly (on that weekday) or monthly (on
  // that day of the month), not every night;
  // and a job runs at its cron's time of day: its last run is stamped at the cron's minute and hour (in the small
  // hours), else (that would move the run across a rule's line, or past now) the cron takes the run's time
  agree: (rec, w) => {
    const days = -daysFrom(w.today, rec.last_run);
    const ran = new Date(String(rec.last_run));
    const [minute, hour, ...dayPart] = String(rec.cron_expression).split(' ');
    const at = `${ran.getUTCMinutes()} ${ran.getUTCHours()}`;
    const period = PERIODS.find(([, d]) => days <= d) ?? PERIODS[PERIODS.length - 1];
    const stamped = `${String(rec.last_run).slice(0, 10)}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`;
    // (not before the job was created, nor after now)
    const onCron =
      /^\d+$/.test(String(minute)) &&
      /^\d+$/.test(String(hour)) &&
      stamped <= w.today &&
      !(String(rec.created_at ?? '') > stamped);
    // a disabled job has not run since it was switched off: its last run is from before today, at the same time of
    // day (else it is still enabled)
    if (rec.enabled === false && days <= 0)
      return [
        ...[1, 2, 3, 5, 8].map((d) => ({
          last_run: new Date(ran.getTime() - d * 86_400_000).toISOString().replace('.000Z', 'Z'),
        })),
        { enabled: true },
      ];
    if (rec.enabled === false || !period || (rec.tags as string[] | undefined)?.[0] === period[0]) {
      if (at === `${minute} ${hour}`) return [];
      return [...(onCron ? [{ last_run: stamped }] : []), { cron_expression: `${at} ${dayPart.join(' ')}` }];
    }
    const day =
      period[0] === 'weekly' ? `* * ${ran.getUTCDay()}` : period[0] === 'monthly' ? `${ran.getUTCDate()} * *` : '* * *';
    return [
      ...(onCron ? [{ last_run: stamped, cron_expression: `${minute} ${hour} ${day}`, tags: [period[0]] }] : []),
      { cron_expression: `${at} ${day}`, tags: [period[0]] },
    ];
  },
  make: (w, id, i) => {
    // a job is named for the system it moves data of ("payroll-export", never "audit-trail-add-export" from
    // "Audit trail add-on"), never for an issue; no two jobs of a task share a name
    const name = fresh(
      w,
      'job name',
      w.vocab.products.flatMap((p) =>
        ['sync', 'export', 'backup', 'refresh', 'cleanup'].map((verb) => `${systemStem(p)}-${verb}`),
      ),
      i * 5 + w.rng.int(0, 4),
    );
    return {
      job_id: id,
      name,
      cron_expression: `${w.rng.int(0, 59)} ${w.rng.int(0, 5)} * * *`,
      action: jobAction(w, name),
      created_by: colleague(w, i).email,
      // the schedule the tag names is the cron's own: every night in the small hours
      tags: ['nightly'],
    };
  },
  title: (rec) => `${rec.name} (${rec.job_id})`,
  owner: (rec, w) => byEmail(w, rec.created_by),
  ownerRole: 'owner',
  ownerFields: ['created_by'],
  list: () => [{ call: 'scheduler_list_jobs', args: { status: 'all' }, widening: ['status'] }],
  get: (rec) => ({ call: 'scheduler_get_job', args: { job_id: rec.job_id } }),
});

// the apps our systems are wired to, and what each integration with them does (several times a task's
// integrations, so that no app is in every task)
const APPS: readonly (readonly [string, readonly string[]])[] = [
  ['Salesforce', ['contact sync', 'opportunity export', 'lead webhook']],
  ['Slack', ['alert bot', 'channel notifications']],
  ['Okta', ['user provisioning (SCIM)', 'SSO login events']],
  ['Workday', ['HR feed', 'new-starter sync']],
  ['NetSuite', ['invoice export', 'GL journal sync']],
  ['Jira', ['issue bridge', 'release webhook']],
  ['Zendesk', ['ticket sync', 'satisfaction export']],
  ['Stripe', ['payment webhook', 'payout export']],
  ['HubSpot', ['form capture', 'contact sync']],
  ['Datadog', ['metrics forwarder']],
  ['PagerDuty', ['incident webhook']],
  ['DocuSign', ['envelope status webhook']],
  ['Splunk', ['audit log forwarder']],
  ['CrowdStrike', ['detections feed']],
  ['1Password', ['SCIM bridge']],
  ['Google Drive', ['document archive']],
  ['Microsoft Teams', ['meeting notes bot']],
  ['ServiceNow', ['change request sync']],
  ['Xero', ['bank feed']],
  ['Greenhouse', ['candidate export']],
  ['Intercom', ['conversation export', 'user sync']],
  ['BambooHR', ['leaver feed']],
  ['QuickBooks', ['invoice sync']],
  ['Asana', ['task webhook']],
  ['Box', ['contract archive']],
  ['Twilio', ['SMS delivery webhook']],
  ['Snowflake', ['usage export', 'warehouse loader']],
  ['GitHub', ['deploy webhook', 'audit log export']],
  ['Marketo', ['lead sync']],
  ['Gong', ['call recording export']],
];
const INTEGRATIONS = APPS.flatMap(([app, uses]) => uses.map((u) => `${app} ${u}`));
const APP_OF = new Map<string, string>(APPS.flatMap(([app, uses]) => uses.map((u) => [`${app} ${u}`, app] as const)));

export const integrations = defineSource({
  name: 'integrations',
  nameField: { field: 'name', label: 'integration name' },
  // one home: the integration platform's (security and DevOps have their own findings and deployments)
  domains: ['Automation_Platform'],
  service: 'config',
  noun: ['integration', 'integrations'],
  idField: 'integration_id',
  prefix: 'INT-',
  collection: 'integrations',
  capabilities: ['Agent_Self_Config', 'Security_Awareness'],
  measure: { field: 'monthly_calls', label: 'monthly call volume' },
  fields: [
    {
      kind: 'number',
      field: 'error_rate',
      label: 'error rate',
      min: 0,
      // (an integration failing a quarter of its calls is broken: the alarm lines a team sets sit at 5–20%)
      max: 0.25,
      step: 0.01,
      percent: true,
      usual: 0.02,
    },
    {
      kind: 'enum',
      field: 'status',
      label: 'status',
      values: ['active', 'inactive', 'error', 'deprecated'],
      weights: [5, 2, 1, 1],
    },
    {
      kind: 'date',
      field: 'last_verified',
      label: 'last verification',
      from: -300,
      to: -1,
      verb: 'last verified',
      time: true,
    },
    { kind: 'number', field: 'monthly_calls', label: 'monthly calls', min: 1000, max: 90_000, step: 1000 },
    // (as the admin console lists it: a test tenant's integration, or an engineer's development one, writes to test
    // data only)
    {
      kind: 'enum',
      field: 'environment',
      label: 'environment',
      values: ['production', 'staging', 'sandbox', 'development'],
      weights: [6, 2, 1, 1],
    },
  ] satisfies FieldModel[],
  make: (w, id, i) => {
    // an integration is one of our systems talking to an app, named for the app and what it moves
    const name = fresh(w, 'integration name', INTEGRATIONS, i);
    const app = APP_OF.get(name) ?? 'Webhook';
    return {
      integration_id: id,
      name,
      service: slug(app),
      webhook_url: `https://hooks.${w.company}.example/${slug(name)}`,
      owner: colleague(w, i).email,
    };
  },
  // an inactive integration makes no calls to speak of; one failing a sixth of its calls or more is flagged in
  // error, not shown active, and one in error fails some of its calls
  agree: (rec, w) => {
    const rate = Number(rec.error_rate);
    if (rec.status === 'inactive' && Number(rec.monthly_calls) > 5000)
      return [
        { monthly_calls: 1000 * w.rng.int(1, 4) },
        ...shuffle(w.rng, ['active', 'deprecated', 'error']).map((status) => ({ status })),
      ];
    if (rec.status === 'active' && rate >= 0.16) return [{ status: 'error' }, { error_rate: w.rng.int(0, 12) / 100 }];
    if (rec.status === 'error' && rate < 0.05) return [{ error_rate: w.rng.int(5, 25) / 100 }, { status: 'active' }];
    return [];
  },
  title: (rec) => `${rec.name} (${rec.integration_id})`,
  owner: (rec, w) => byEmail(w, rec.owner),
  ownerRole: 'owner',
  ownerFields: ['owner'],
  list: () => [{ call: 'config_list_integrations', args: { status: 'all' }, widening: ['status'] }],
  get: (rec) => ({ call: 'config_get_integration', args: { integration_id: rec.integration_id } }),
});

export const tasks = defineSource({
  name: 'tasks',
  nameField: { field: 'title', label: 'title' },
  // an office's or a household's to-do list (a course team's to-dos are no tutoring nor exam work)
  domains: ['Office_Productivity', 'Travel_Lifestyle'],
  service: 'todo',
  noun: ['to-do', 'to-dos'],
  idField: 'task_id',
  prefix: 'T-',
  collection: 'tasks',
  textField: 'description',
  // a to-do falls due after it was added
  order: [['created_at', 'due_date']],
  capabilities: ['Logic_Reasoning'],
  fields: [
    {
      kind: 'enum',
      field: 'status',
      label: 'status',
      values: ['pending', 'in_progress', 'completed'],
      weights: [4, 2, 2],
      say: { in_progress: 'in progress' },
    },
    { kind: 'date', field: 'due_date', label: 'due date', from: -14, to: 40, verb: 'due' },
    {
      kind: 'enum',
      field: 'priority',
      label: 'priority',
      values: ['low', 'medium', 'high', 'urgent'],
      weights: [3, 4, 3, 1],
    },
    { kind: 'date', field: 'created_at', label: 'creation date', from: -60, to: -1, verb: 'added', time: true },
    // (as a to-do app marks one waiting on an answer, a delivery or another to-do: starting it moves nothing)
    { kind: 'flag', field: 'blocked', label: 'blocked', yes: 'blocked', no: 'not blocked', p: 0.25 },
  ] satisfies FieldModel[],
  make: (w, id, i) => ({
    task_id: id,
    // an issue with what is to be done about it: "Look into: Course page shows old syllabus". Each to-do is about
    // its own issue (not "Fix:" and "Look into:" the same one); more to-dos than issues: whose it is tells them apart
    title: `${w.rng.pick(['Follow up', 'Look into', 'Fix', 'Chase', 'Check'])}: ${fresh(
      w,
      'to-do item',
      w.vocab.items,
      i,
      (item, n) => `${item} (${w.staff[(i + n) % w.staff.length]?.first ?? 'Sam'})`,
    )}`,
    description: writePlan(w.rng, {
      first: oneOf(
        w.rng,
        `raised in the ${cycle(w.vocab.topics, i)} meeting`,
        // (a topic is a workstream, not a meeting: "the notes of the infection control" is no meeting's)
        `from the notes of the ${cycle(w.vocab.topics, i)} meeting`,
        `${w.staff[2]?.first ?? 'Someone'} asked for this after the ${cycle(w.vocab.topics, i)} meeting`,
      ),
      facts: [
        // nothing that says how far along or how pressing it is: status and priority are the record's own fields
        oneOf(
          w.rng,
          'see the shared drive for context',
          'agreed in the last team call',
          'linked to the quarterly plan',
          'details in the meeting notes',
          'ask the requester if anything is unclear',
        ),
      ],
    }),
    tags: [],
  }),
  title: (rec) => `"${rec.title}" (${rec.task_id})`,
  list: () => [{ call: 'todo_list_tasks', args: { status: 'all' }, widening: ['status'] }],
  get: (rec) => ({ call: 'todo_get_task', args: { task_id: rec.task_id } }),
});
