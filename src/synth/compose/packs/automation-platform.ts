import type { Rng } from '../../../env/rng.js';
import { automations } from '../../../services/domains/automations.js';
import { oneOf, writePlan } from '../../kit/content.js';
import { aOrAn } from '../../kit/text.js';
import { shuffle } from '../../kit/ids.js';
import { daysFrom } from '../../rules/fields.js';
import type { Rec } from '../parts.js';
import { colleague, fresh } from '../sources/kit.js';
import { addDays, nth, onDay, packAction, packSource, refId } from './table-source.js';
import { errorMessage, grantingLevels, skillDescription } from './automation-platform-notes.js';
import { fitting, runsThisWeek } from './workflow-week.js';
import {
  APPS,
  appOf,
  CONNECTOR_TERMS,
  ERROR_TERMS,
  SCOPES,
  SKILL_TERMS,
  SKILLS,
  WORKFLOW_TERMS,
  WORKFLOWS,
} from './automation-platform-data.js';

// Automation_Platform: an integration platform's workflows and their reliability, the app connections whose
// credentials they run on, failed runs waiting to be triaged, and the skills installed for the AI agents.
// Workflow names, scopes and error messages are what an automation admin would see.

function connectorNote(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'set up during the CRM migration',
          'reviewed in the last access audit',
          `used by the ${rng.pick(['finance', 'sales ops', 'support', 'people'])} team`,
          'credentials stored in the vault',
        ),
        ...(term
          ? [
              oneOf(
                rng,
                `runs on ${aOrAn(term)} ${term}`,
                `note: ${term}`,
                `${term} — check before renewing`,
                `admin asked about ${term}`,
              ),
            ]
          : []),
        oneOf(rng, 'owner confirmed still needed', 'scopes narrowed last quarter', 'no incidents', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

export const connectors = packSource({
  name: 'connectors',
  system: automations,
  table: 'connectors',
  fixed: ['app'],
  noun: ['app connection', 'app connections'],
  domains: ['Automation_Platform'],
  capabilities: ['Agent_Self_Config', 'Security_Awareness'],
  measure: { field: 'workflows_using', label: 'number of workflows using it', unit: 'workflows', additive: false },
  fields: {
    app: { label: 'app', weights: [3, 2, 3, 2, 2, 2, 1, 1] },
    auth_expires_on: {
      label: 'credential expiry',
      from: -10,
      to: 60,
      verb: 'whose credentials expire',
      past: 'whose credentials expired',
    },
    workflows_using: { label: 'workflow count', min: 0, max: 24, step: 1, unit: 'workflows' },
    admin_consent: {
      label: 'admin consent',
      yes: 'approved by a workspace admin',
      no: 'not approved by a workspace admin',
      p: 0.7,
    },
    notes: { label: 'admin note', terms: CONNECTOR_TERMS, write: connectorNote },
  },
  make: (w, id, i) => ({ connector_id: id, owner: colleague(w, i).email }),
  // a connection's health follows from when its credentials expire
  derive: (rec, w) => ({
    status:
      daysFrom(w.today, rec.auth_expires_on) < 0
        ? w.rng.pick(['expired', 'expired', 'revoked'])
        : daysFrom(w.today, rec.auth_expires_on) <= 14
          ? 'expiring'
          : w.rng.pick(['connected', 'connected', 'connected', 'connected', 'error']),
    auth_type:
      rec.app === 'Stripe' ? 'API key' : w.rng.pick(['OAuth 2.0', 'OAuth 2.0', 'OAuth 2.0', 'service account']),
    scopes: SCOPES[String(rec.app)] ?? 'read write',
  }),
  title: (rec) => `${rec.connector_id} (${rec.app}, owner ${rec.owner})`,
  nameField: { field: 'app', label: 'app name' },
  owner: { field: 'owner', role: 'connection owner' },
  textField: 'notes',
});

function workflowDescription(rng: Rng, term: string | undefined): string {
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          `${rng.int(3, 9)} steps`,
          'writes a summary to the log',
          'runs per record',
          'built from the marketplace template',
        ),
        ...(term
          ? [oneOf(rng, `uses: ${term}`, `${term} added after the last failure`, `${term} before the write`)]
          : []),
        oneOf(rng, 'owner is the ops team', 'documented in the runbook', 'last edited a month ago', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

export const workflows = packSource({
  name: 'workflows',
  system: automations,
  table: 'workflows',
  domains: ['Automation_Platform'],
  capabilities: ['Agent_Self_Config', 'Logic_Reasoning'],
  measure: { field: 'failures_7d', label: 'number of failed runs in the last 7 days', unit: 'runs' },
  fields: {
    trigger: { label: 'trigger', weights: [4, 3, 1, 2, 2, 1] },
    last_run_on: { label: 'last run', from: -20, to: 0, verb: 'last run' },
    failures_7d: { label: 'failure count this week', min: 0, max: 40, step: 1, unit: 'failed runs', usual: 2 },
    alert_on_failure: {
      label: 'failure alerts',
      yes: 'alerting its owner on failure',
      no: 'not alerting anyone on failure',
      p: 0.6,
      stake: { no: 'fail without anyone hearing of it' },
    },
    // (as the platform's environments list it: a staging, test or development copy runs on test connections and data)
    environment: { label: 'environment', weights: [6, 2, 1, 1] },
    status: { label: 'status', weights: [1, 6, 2, 2, 1] },
    description: { label: 'description', terms: WORKFLOW_TERMS, write: workflowDescription },
  },
  make: (w, id, i) => ({ workflow_id: id, owner: colleague(w, i).email }),
  // what a workflow does follows from its trigger, its status, how often it failed this week and when it last ran
  // (a weekly export cannot fail thirty times, an active nightly job last ran last night); it runs on a connection
  // to its app, and its runs this week follow its cadence up to its last run (workflow-week.ts)
  derive: (rec, w, i) => {
    const failures = Number(rec.failures_7d);
    const since = -daysFrom(w.today, rec.last_run_on);
    const fit = fitting(rec.trigger, rec.status, failures, since);
    const loose = WORKFLOWS.filter(([, , trigger, , most]) => trigger === rec.trigger && most >= failures);
    const pool = fit.length ? fit : loose.length ? loose : WORKFLOWS.filter(([, , trigger]) => trigger === rec.trigger);
    const name = fresh(
      w,
      'workflow name',
      pool.map(([n]) => n),
      i,
      (t, n) => `${t} – ${['EU', 'US', 'APAC', 'UK'][n % 4]}`,
    );
    const wf = WORKFLOWS.find((x) => name.startsWith(x[0])) ?? (WORKFLOWS[0] as (typeof WORKFLOWS)[number]);
    return {
      name,
      connector_id: refId(w, 'CON-', APPS.indexOf(wf[1]), APPS.length),
      runs_7d: runsThisWeek(w.rng, wf, String(rec.status), failures, since),
    };
  },
  // a failure this week means a run this week; a draft or archived workflow does not run; a failing one fails often
  // (every disagreement's ways out, one after the other: one a rule pins leaves the others to try)
  agree: (rec, w) => {
    const failures = Number(rec.failures_7d);
    const out: Rec[] = [];
    if (failures > 0 && daysFrom(w.today, rec.last_run_on) < -6)
      out.push(...[6, 5, 4, 3, 2, 1, 0].map((d) => ({ last_run_on: onDay(w, -d) })), { failures_7d: 0 });
    if (failures > 0 && ['draft', 'archived'].includes(String(rec.status)))
      out.push(...shuffle(w.rng, ['active', 'failing', 'paused']).map((status) => ({ status })), { failures_7d: 0 });
    // (a workflow that failed once or twice this week is mostly active with a blip, as most are at their base rate;
    // a weekly one may fail its only run)
    if (failures < 3 && rec.status === 'failing') out.push({ status: 'active' }, { failures_7d: w.rng.int(3, 20) });
    // a paused workflow has not run since it was paused: its last run is before today
    if (rec.status === 'paused' && daysFrom(w.today, rec.last_run_on) >= 0)
      out.push(...[1, 2, 3].map((d) => ({ last_run_on: onDay(w, -d) })), { status: 'active' });
    // nor fails more often than a workflow of its trigger runs (a manual one a few times a week)
    const most = Math.max(...WORKFLOWS.filter((x) => x[2] === rec.trigger).map((x) => x[4]));
    if (failures > most)
      out.push(
        { failures_7d: w.rng.int(1, most) },
        ...shuffle(w.rng, [...new Set(WORKFLOWS.filter((x) => x[4] >= failures).map((x) => x[2]))]).map((trigger) => ({
          trigger,
        })),
      );
    // and some workflow of its trigger runs as often as its status and failures say, up to its last run (an
    // active one fails a few of its runs, a failing one most; an active schedule has run since its period)
    const since = -daysFrom(w.today, rec.last_run_on);
    if (!out.length && !fitting(rec.trigger, rec.status, failures, since).length) {
      const next = (change: Rec) => ({ ...rec, ...change });
      const fits = (change: Rec) => {
        const r = next(change);
        return fitting(r.trigger, r.status, Number(r.failures_7d), -daysFrom(w.today, r.last_run_on)).length > 0;
      };
      out.push(
        ...[
          ...shuffle(w.rng, ['active', 'failing', 'paused']).map((status) => ({ status })),
          ...[0, 1].map((d) => ({ last_run_on: onDay(w, -d) })),
          ...shuffle(w.rng, [...new Set(WORKFLOWS.map((x) => x[2]))]).map((trigger) => ({ trigger })),
          ...[Math.floor(failures / 4), Math.floor(failures / 2), 1, 0].map((f) => ({ failures_7d: f })),
          // (and, where no one field will do, a recent last run on another trigger: a failing sync every 15 minutes
          // that last ran days ago fits nothing, but a busy form workflow that failed today does)
          ...[0, 1].flatMap((d) =>
            shuffle(w.rng, [...new Set(WORKFLOWS.map((x) => x[2]))]).map((trigger) => ({
              trigger,
              last_run_on: onDay(w, -d),
            })),
          ),
        ].filter(fits),
      );
    }
    return out;
  },
  title: (rec) => `${rec.workflow_id} (${rec.name})`,
  nameField: { field: 'name', label: 'workflow name' },
  owner: { field: 'owner', role: 'workflow owner' },
  textField: 'description',
  parents: { connector_id: connectors },
  // the connection is to the app its workflows write to, counts them among its users, and held valid
  // credentials when they last ran
  fitParent: (con, flows, w) => {
    const app = appOf(flows[0]?.name);
    const last = flows
      .map((f) => String(f.last_run_on))
      .sort()
      .at(-1);
    return {
      ...(app ? { app } : {}),
      ...(Number(con.workflows_using) < flows.length ? { workflows_using: flows.length } : {}),
      ...(last && String(con.auth_expires_on) < last ? { auth_expires_on: addDays(last, w.rng.int(2, 60)) } : {}),
    };
  },
});

export const workflowRuns = packSource({
  name: 'workflow_runs',
  system: automations,
  table: 'workflow_runs',
  fixed: ['duration_sec', 'steps_completed', 'auto_retried'],
  noun: ['run failure', 'run failures'],
  domains: ['Automation_Platform'],
  capabilities: ['Agent_Self_Config', 'Tool_Calling'],
  measure: { field: 'duration_sec', label: 'run time', unit: 'seconds', mean: true, additive: false },
  fields: {
    started_on: { label: 'run date', from: -10, to: 0, verb: 'started', subject: 'run' },
    duration_sec: { label: 'run time', min: 1, max: 900, step: 1 },
    steps_completed: { label: 'steps completed', min: 0, max: 8, step: 1 },
    auto_retried: { label: 'retry', yes: 'retried automatically', no: 'not retried', p: 0.4 },
    status: { label: 'triage status', weights: [5, 2, 1, 1, 1] },
    error_message: { label: 'error', terms: ERROR_TERMS, write: errorMessage, ofRecord: true },
  },
  make: (w, id, i) => ({
    run_id: id,
    workflow_id: refId(w, 'WF-', i, 4),
    outcome: w.rng.pick(['failed', 'failed', 'failed', 'partially succeeded', 'timed out']),
    assignee: colleague(w, i).email,
  }),
  // a run times out at the platform's limit, minutes in, never seconds after it started; one that completed no
  // step did not partly succeed
  derive: (rec, w) => {
    const secs = Number(rec.duration_sec);
    if (rec.outcome === 'timed out' && secs < 300) return { outcome: 'failed' };
    if (rec.outcome === 'partially succeeded' && Number(rec.steps_completed) === 0) return { outcome: 'failed' };
    if (rec.outcome === 'failed' && secs >= 600 && w.rng.chance(0.5)) return { outcome: 'timed out' };
    return {};
  },
  title: (rec) => `${rec.run_id} (${rec.workflow_id}, ${rec.outcome})`,
  nameField: { field: 'workflow_id', label: 'workflow id' },
  owner: { field: 'assignee', role: 'triage owner' },
  textField: 'error_message',
  parents: { workflow_id: workflows },
  // a workflow with runs is switched on (not paused, where one ran today) and last ran no earlier than its latest
  // run, failing at least as often
  fitParent: (wf, runs, w) => {
    const last = runs
      .map((r) => String(r.started_on).slice(0, 10))
      .sort()
      .at(-1);
    const recent = runs.filter((r) => daysFrom(w.today, r.started_on) >= -7).length;
    const failures = Math.max(Number(wf.failures_7d) || 0, recent);
    // and has more steps than any of its runs completed before failing (its description counts them)
    const most = Math.max(0, ...runs.map((r) => Number(r.steps_completed) || 0));
    const steps = /\b(\d+) steps\b/.exec(String(wf.description));
    const more = steps && Number(steps[1]) <= most ? most + w.rng.int(1, 3) : undefined;
    const later = last && String(wf.last_run_on) < last ? last : undefined;
    const ranToday = daysFrom(w.today, later ?? wf.last_run_on) >= 0;
    const fitted: Rec = {
      ...(more ? { description: String(wf.description).replace(/\b\d+ steps\b/, `${more} steps`) } : {}),
      ...(later ? { last_run_on: later } : {}),
      ...(['draft', 'archived', ...(ranToday ? ['paused'] : [])].includes(String(wf.status))
        ? { status: w.rng.pick(['active', 'failing']) }
        : {}),
      failures_7d: failures,
    };
    // (and a status, else a trigger, that some workflow runs under with those failures up to that last run)
    const at = { ...wf, ...fitted };
    const since = -daysFrom(w.today, at.last_run_on);
    const fits = (r: Rec) => fitting(r.trigger, r.status, failures, since).length > 0;
    const states = ranToday ? ['failing', 'active'] : ['failing', 'active', 'paused'];
    const way = fits(at)
      ? {}
      : [
          ...shuffle(w.rng, states).map((status) => ({ status })),
          ...shuffle(w.rng, [...new Set(WORKFLOWS.map((x) => x[2]))]).flatMap((trigger) =>
            states.map((status) => ({ trigger, status })),
          ),
        ].find((c) => fits({ ...at, ...c }));
    return { ...fitted, ...way };
  },
});

export const agentSkills = packSource({
  name: 'agent_skills',
  system: automations,
  table: 'agent_skills',
  fixed: ['source'],
  domains: ['Automation_Platform'],
  capabilities: ['Agent_Self_Config', 'Security_Awareness'],
  measure: { field: 'invocations_30d', label: 'number of invocations in the last 30 days', unit: 'invocations' },
  fields: {
    source: { label: 'source', weights: [3, 3, 2, 1] },
    permission_level: { label: 'permission level', weights: [4, 3, 2, 1] },
    installed_on: { label: 'install date', from: -90, to: 0, verb: 'installed' },
    sandboxed: { label: 'sandbox', yes: 'running in a sandbox', no: 'running outside a sandbox', p: 0.6 },
    status: { label: 'status', weights: [1, 2, 2, 4, 1, 1] },
    description: { label: 'description', terms: SKILL_TERMS, write: skillDescription, ofRecord: true },
  },
  make: (w, id, i) => {
    const [name, category] = nth(w, SKILLS, i);
    return {
      skill_id: id,
      name,
      category,
      maintainer: colleague(w, i).email,
    };
  },
  // a skill is called only once installed: none while it is requested, in review or rejected, few once disabled
  // (and only on the days since its install: one installed two days ago has two days' calls at most, one installed
  // today none yet in the daily 30-day count)
  derive: (rec, w) => {
    const s = String(rec.status);
    const days = Math.max(0, Math.min(30, -daysFrom(w.today, rec.installed_on)));
    const calls = ['requested', 'security review', 'rejected'].includes(s)
      ? 0
      : s === 'disabled'
        ? w.rng.int(0, Math.min(40, 3 * days))
        : w.rng.int(1, 80) * days;
    return { invocations_30d: calls };
  },
  // a skill that does what its description says: one that names a term its level refuses is raised to a level
  // granting it (the description is then written again for that level, compile/distinct-texts.ts)
  agree: (rec, w) =>
    shuffle(w.rng, [...grantingLevels(rec.description, rec.permission_level)]).map((permission_level) => ({
      permission_level,
    })),
  title: (rec) => `${rec.skill_id} (${rec.name}, ${rec.permission_level})`,
  nameField: { field: 'name', label: 'skill name' },
  owner: { field: 'maintainer', role: 'maintainer' },
  textField: 'description',
});

export const actions = [
  packAction(workflows, automations, {
    name: 'pause_workflow',
    lean: { failures_7d: 'high' },
    sections: ['Pause', 'Workflow pause'],
    from: ['active', 'failing'],
    field: 'status',
    value: 'paused',
    phrases: ['set each of those workflows to paused', 'mark each of them as paused in the console'],
    capabilities: ['Tool_Calling', 'Agent_Self_Config'],
  }),
  packAction(agentSkills, automations, {
    name: 'disable_skill',
    lean: { sandboxed: false, permission_level: ['read-write', 'send on behalf', 'admin'] },
    sections: ['Disabling', 'Skill removal'],
    from: ['installed', 'approved'],
    field: 'status',
    value: 'disabled',
    phrases: ['set each of those skills to disabled', 'mark each of them as disabled'],
    capabilities: ['Tool_Calling', 'Agent_Self_Config'],
  }),
];
