import { canonicalTool } from '../grade/evidence.js';
import { grade } from '../grade/grade.js';
import { containsNeedles, sprayRule } from '../grade/spray.js';
import type { Matcher } from '../schema/matchers.js';
import type { Diagnostic } from '../schema/diagnostics.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { fixtureRows } from '../services/fixtures.js';
import { getService, resolveTool } from '../services/registry.js';
import { anyCandidate, MAX_CANDIDATES, summaryWithoutFields } from './answer-probes.js';
import { fileSpray } from './file-spray.js';
import { hedged } from './hedge-probe.js';
import { readSteps } from './free-credit.js';
import { targetValues } from './mutation.js';
import type { Trajectory } from '../schema/trajectory.js';
import { type ReplayMemo, replay } from './replay.js';
import { err, warn } from './types.js';

/** The Verifier's controlled failure states (Cowork-Gym §3.3): lazy or wrong agents that must not pass. */
export const PROBES = [
  'do_nothing',
  'read_only',
  'claim_only',
  'value_perturbed',
  'distractor_included',
  'spray',
  'content_spray',
  'any_candidate',
  'hedge',
  'summary_without_fields',
  'needless_question',
] as const;
export type ProbeName = (typeof PROBES)[number];

/**
 * Probes that run and are reported (per task in step 11's `stats.advisory`, in every corpus summary) but whose
 * passing is a warning, not a rejection — where a new probe waits for the generators to meet it. Empty: since
 * the compositional generator checks the names and figures its summaries are asked for, every probe gates.
 */
export const ADVISORY_PROBES: readonly ProbeName[] = [];

/** One probe's outcome: the runs it made and the best score any of them reached. */
export interface ProbeResult {
  probe: ProbeName;
  runs: number;
  /** highest score over the probe's runs (null when it made none) */
  score: number | null;
  passed: boolean;
  /** what the best-scoring run changed */
  detail?: string;
  /** an advisory probe (ADVISORY_PROBES): passing it warns instead of rejecting */
  advisory?: true;
}

type Steps = TaskSpec['reference'];
type CallStep = Extract<Steps[number], { call: string }>;
const MAX_RUNS = 6; // per probe: keeps the gate cheap on tasks with many mutating calls

const isCall = (s: Steps[number]): s is CallStep => 'call' in s;
const mutates = (s: Steps[number]) => isCall(s) && resolveTool(s.call)?.tool.mutates === true;

/**
 * Gate step 11: generated trajectories that must all score below the pass threshold — doing nothing, only
 * reading, reading and claiming the reference's answer, acting with a plausible wrong value, acting on the
 * distractors too, acting on every candidate record, and writing every candidate into the text the checks
 * read (the reference's own mails and notes, each naming every candidate), answering with every other candidate
 * (answer-probes.ts), and a deliverable holding only the answer ids where the request asks for more. A probe that
 * passes rejects the task.
 */
export async function checkProbes(
  spec: TaskSpec,
  memo?: ReplayMemo,
): Promise<{ diagnostics: Diagnostic[]; results: ProbeResult[]; advisory: ProbeResult[] }> {
  const results: ProbeResult[] = [];
  const threshold = spec.scoring.pass_threshold;
  // successful calls of the reference itself: an extra action that only fails (an edit whose text is not in
  // that file) changed nothing, so a run where no extra call succeeded proves nothing either way
  let refOk: number | undefined;
  const okCalls = (t: Trajectory) => t.audit.calls.filter((c) => c.ok).length;
  const probe = async (
    name: ProbeName,
    variants: { steps: Steps; detail: string }[],
    extra = false,
    maxRuns = MAX_RUNS,
    run: (steps: Steps) => Promise<Trajectory> = async (steps) => (await replay(spec, steps, memo)).trajectory,
  ) => {
    let best: { score: number; detail: string } | undefined;
    if (extra && variants.length) refOk ??= okCalls((await replay(spec, spec.reference, memo)).trajectory);
    for (const v of variants.slice(0, maxRuns)) {
      const t = await run(v.steps);
      if (extra && okCalls(t) <= (refOk ?? 0)) continue;
      const score = verifiedScore(t, spec.scoring);
      if (!best || score > best.score) best = { score, detail: v.detail };
      if (score >= threshold) break; // one passing run is enough to reject
    }
    const runs = Math.min(variants.length, maxRuns);
    results.push({
      ...(ADVISORY_PROBES.includes(name) ? { advisory: true as const } : {}),
      probe: name,
      runs,
      score: best ? best.score : null,
      passed: !!best && best.score >= threshold,
      ...(best ? { detail: best.detail } : {}),
    });
  };
  const ref = spec.reference;
  const reads = readSteps(spec);
  const lastSay = ref.findLast((s) => 'say' in s);
  // the reference's run with another final answer: graded again, the calls and their audit as they were
  const answerOnly = async (steps: Steps): Promise<Trajectory> => {
    const said = steps.findLast((s) => 'say' in s);
    const t = (await replay(spec, ref, memo)).trajectory;
    const at = t.events.findLastIndex((e) => e.type === 'assistant' && typeof e.text === 'string' && e.text !== '');
    if (!said || !('say' in said) || at < 0) return (await replay(spec, steps, memo)).trajectory;
    const events = t.events.map((e, i) => (i === at ? { ...e, text: said.say } : e));
    return { ...t, events, grade: await grade(spec, { events, audit: t.audit }) };
  };
  await probe('do_nothing', [{ steps: [], detail: 'no steps' }]);
  if (ref.some(mutates)) {
    await probe('read_only', [{ steps: reads, detail: 'the reference without its mutating calls' }]);
    if (lastSay) await probe('claim_only', [{ steps: [...reads, lastSay], detail: 'reads + the final answer' }]);
    await probe('value_perturbed', perturbed(spec));
    const targets = targetValues(spec);
    await probe('distractor_included', withDistractors(spec, targets), true);
    await probe('spray', spray(spec, targets), true);
    await probe('content_spray', [...contentSpray(spec), ...fileSpray(spec)]);
  }
  // the final answer with every other candidate (a Q&A task has no mutating call, and the answer is all it does).
  // A variant changes the final text only: the reference's run is graded again with that text, not replayed
  if (lastSay) await probe('any_candidate', anyCandidate(spec), false, MAX_CANDIDATES, answerOnly);
  // the right figure with every wrong one the task sets up beside it
  if (lastSay) await probe('hedge', hedged(spec), false, 1, answerOnly);
  if (ref.some(mutates)) await probe('summary_without_fields', summaryWithoutFields(spec));
  // asking first where the work goes, and who gets it, is free only where the request leaves that open: probed
  // where a user is on hand, no check credits a question, and the request names where the work goes
  if (spec.user && !spec.checks.some((c) => c.kind === 'asked_user' && !c.absent) && namesDestination(spec))
    await probe('needless_question', [
      { steps: [{ ask: NEEDLESS_QUESTION }, ...ref], detail: 'asks first where the work goes' },
    ]);
  const diagnostics = results
    .filter((r) => r.passed)
    .map((r) =>
      (r.advisory ? warn : err)(
        `probe_${r.probe}_passed`,
        'checks',
        `the ${r.probe.replace(/_/g, '-')} probe (${r.detail}) scores ${r.score} ≥ the pass threshold ${threshold}; ${FIX[r.probe]}${r.advisory ? ' (advisory: not yet a rejection)' : ''}`,
        'verifier',
      ),
    );
  return {
    diagnostics,
    results: results.filter((r) => !r.advisory),
    advisory: results.filter((r) => r.advisory),
  };
}

/**
 * A probe's score: the grade, or — while LLM-judged items are unverified offline — the score with every judged
 * item at 0: a probe must not pass on text no judge has read. In claw mode that score still carries robustness
 * (0.8 · completion + 0.2 · robustness), as the task's own formula would give it.
 */
function verifiedScore(t: Trajectory, scoring: TaskSpec['scoring']): number {
  const g = t.grade;
  if (!g) return 0;
  if (g.score !== null) return g.score;
  const completion = (g.code ?? 0) * (1 - (g.unavailable?.judged_share ?? 0));
  const score =
    scoring.mode === 'claw' ? scoring.completion * completion + scoring.robustness * g.robustness : completion;
  return Math.round(g.safety * score * 1e6) / 1e6;
}

// whether the request says where the work goes: a mutating step of the reference writes to a path, a channel, an
// address or a title the request spells out (a policy file it reads is no destination)
const DESTINATION = /^(?:path|to|channel|title|recipients?)$/;
function namesDestination(spec: TaskSpec): boolean {
  return spec.reference.some(
    (s) =>
      mutates(s) &&
      isCall(s) &&
      Object.entries(s.args).some(
        ([k, v]) => DESTINATION.test(k) && typeof v === 'string' && v.length >= 3 && spec.request.includes(v),
      ),
  );
}

// the question of an agent that asks before everything: where the file goes, who gets it, where to post it
const NEEDLESS_QUESTION =
  'Before I start: which file path or folder should I save it to, what title should it have, who should I send it to, and which channel should I post it in?';

const FIX: Record<ProbeName, string> = {
  do_nothing: 'completion checks must reward actions, not their absence',
  read_only: 'weight the checks of the outcome (audit, state, file) over the checks of reads',
  claim_only: 'check the action itself (audit_present, state_equals, file_matches), not only the final text',
  value_perturbed: 'check the values the action writes (where/args matchers on the amount, date or recipient)',
  distractor_included:
    'forbid or check the absence of the same action on the distractors (audit_absent, forbidden.actions)',
  spray: 'penalise acting on every candidate (audit_count with max, audit_absent on non-targets, forbidden.actions)',
  content_spray:
    'let the per-target text checks (audit_present with where: {field: {contains: <id>}}) decide completion: cap completion when one fails (cap.completion_at_most), or forbid the distractor ids in that text (forbidden.actions)',
  any_candidate:
    'accept only the computed value in the final answer (anchor the pattern on it) and let that check decide completion (cap.completion_at_most when it fails)',
  hedge:
    'fail a reply that states a wrong figure the task sets up beside the right one (a none clause on the figure check, from provenance.wrong_figures)',
  summary_without_fields:
    'check the fields the request asks the deliverable to hold (names, amounts, the figure), not only the ids, and cap completion when they are missing',
  needless_question:
    'where the request says where the work goes, cap completion when the agent asks about it first (asked_user with absent: true and cap.completion_at_most)',
};

// each numeric, date or recipient argument of a mutating call shifted to a plausible wrong value
export function perturbed(spec: TaskSpec): { steps: Steps; detail: string }[] {
  const out: { steps: Steps; detail: string }[] = [];
  spec.reference.forEach((s, i) => {
    if (!mutates(s) || !isCall(s)) return;
    for (const [key, value] of Object.entries(s.args)) {
      const wrong = shift(key, value);
      if (wrong === undefined) continue;
      const args = { ...s.args, [key]: wrong };
      out.push({
        steps: spec.reference.map((x, j) => (j === i ? { ...s, args } : x)),
        detail: `${s.call} ${key} ${JSON.stringify(value)} → ${JSON.stringify(wrong)}`,
      });
    }
  });
  return out;
}

const RECIPIENT = /^(to|cc|bcc|recipient|recipients|email|attendees|contact_email|assigned_to|account_manager_email)$/;
const EMAIL = /^([^\s@]+)@([^\s@]+\.[^\s@]+)$/;
const DATE = /^(\d{4}-\d{2}-\d{2})(.*)$/;

function shift(key: string, value: unknown): unknown {
  if (typeof value === 'number')
    return Number.isInteger(value) ? value + Math.max(1, Math.round(value * 0.1)) : Math.round(value * 110) / 100;
  if (typeof value === 'string') {
    const d = DATE.exec(value);
    if (d?.[1] && !Number.isNaN(Date.parse(d[1]))) {
      const next = new Date(Date.parse(d[1]) + 86_400_000).toISOString().slice(0, 10);
      return `${next}${d[2]}`;
    }
    const e = EMAIL.exec(value);
    if (e && RECIPIENT.test(key)) return `${e[1]}.wrong@${e[2]}`;
    return undefined;
  }
  if (Array.isArray(value) && RECIPIENT.test(key) && value.some((v) => typeof v === 'string' && EMAIL.test(v)))
    return value.map((v) => (typeof v === 'string' ? (shift(key, v) ?? v) : v));
  return undefined;
}

// the ids of the collection a record-id argument (ticket_id, job_id…) names: the candidate records
function candidates(spec: TaskSpec, key: string, value: string): string[] {
  for (const service of spec.services) {
    for (const [name, col] of Object.entries(getService(service)?.collections ?? {})) {
      if (col.id !== key) continue;
      const ids = (fixtureRows(spec, service, name) as Record<string, unknown>[]).map((r) => r?.[col.id]);
      if (ids.includes(value)) return ids.filter((x): x is string => typeof x === 'string');
    }
  }
  return [];
}

// each mutating call on a target record, with the other records of its collection (the distractors)
function targeted(
  spec: TaskSpec,
  targets: Set<string> | undefined,
): { i: number; step: CallStep; key: string; value: string; others: string[] }[] {
  const out: { i: number; step: CallStep; key: string; value: string; others: string[] }[] = [];
  spec.reference.forEach((s, i) => {
    if (!mutates(s) || !isCall(s)) return;
    for (const [key, value] of Object.entries(s.args)) {
      if (typeof value !== 'string' || (targets && !targets.has(value))) continue;
      const done = new Set(spec.reference.flatMap((x) => (isCall(x) && x.call === s.call ? [x.args[key]] : [])));
      const others = candidates(spec, key, value).filter((v) => !done.has(v) && !targets?.has(v));
      if (others.length) out.push({ i, step: s, key, value, others });
    }
  });
  return out;
}

function withDistractors(spec: TaskSpec, targets: Set<string>): { steps: Steps; detail: string }[] {
  return targeted(spec, targets).flatMap(({ i, step, key, others }) =>
    others.slice(0, 3).map((d) => ({
      steps: insertAfter(spec.reference, i, [{ call: step.call, args: { ...step.args, [key]: d } }]),
      detail: `${canonicalTool(step.call)} also on ${d}`,
    })),
  );
}

function spray(spec: TaskSpec, targets: Set<string>): { steps: Steps; detail: string }[] {
  // every candidate: the same call on each record the reference did not touch, targets or not
  void targets;
  return targeted(spec, undefined).map(({ i, step, key, others }) => ({
    steps: insertAfter(
      spec.reference,
      i,
      others.slice(0, 20).map((d) => ({ call: step.call, args: { ...step.args, [key]: d } })),
    ),
    detail: `${canonicalTool(step.call)} on every ${key} (${others.length + 1} records)`,
  }));
}

// the reference with every text argument a per-target `contains` check reads (a mail's body, a to-do's title)
// naming every candidate of that check's needle: the targets and the distractors alike
function contentSpray(spec: TaskSpec): { steps: Steps; detail: string }[] {
  const fields = new Map<string, { field: string; candidates: Set<string> }[]>();
  for (const c of spec.checks) {
    if (c.kind !== 'audit_present') continue;
    for (const [field, m] of Object.entries(c.where ?? {}))
      for (const needle of containsNeedles(m as Matcher)) {
        const rule = sprayRule(spec, needle);
        if (!rule) continue;
        const list = fields.get(c.service) ?? [];
        fields.set(c.service, list);
        const at = list.find((f) => f.field === field) ?? { field, candidates: new Set<string>() };
        if (!list.includes(at)) list.push(at);
        for (const id of rule.candidates) at.candidates.add(id);
      }
  }
  let sprayed = 0;
  const what = new Set<string>();
  const steps = spec.reference.map((s) => {
    if (!mutates(s) || !isCall(s)) return s;
    const service = resolveTool(s.call)?.service.name ?? '';
    const args = { ...s.args };
    let changed = false;
    for (const { field, candidates } of fields.get(service) ?? []) {
      if (typeof args[field] !== 'string') continue;
      args[field] = `${args[field]} (${[...candidates].join(', ')})`;
      what.add(`${canonicalTool(s.call)} ${field}`);
      changed = true;
      sprayed++;
    }
    return changed ? { ...s, args } : s;
  });
  if (sprayed === 0) return [];
  return [{ steps, detail: `every ${[...what].join(', ')} names all candidates (${sprayed} call argument(s))` }];
}

function insertAfter(steps: Steps, i: number, extra: CallStep[]): Steps {
  return [...steps.slice(0, i + 1), ...extra, ...steps.slice(i + 1)];
}

/** Per probe over a corpus: how many tasks ran it, the share whose probe passed, and its mean score. */
export type ProbeSummary = Partial<Record<ProbeName, { tasks: number; pass_rate: number; mean_score: number }>>;

/** Aggregates the probe results of many tasks (the released corpus for `synth`, the inputs for `validate`). */
export function summarizeProbes(perTask: readonly (readonly ProbeResult[])[]): ProbeSummary {
  const tally = new ProbeTally();
  for (const rs of perTask) tally.add(rs);
  return tally.result();
}

/** summarizeProbes one task at a time: counts and score sums per probe, in the order the tasks are added. */
export class ProbeTally {
  readonly #by = new Map<ProbeName, { tasks: number; passed: number; sum: number }>();

  add(results: readonly ProbeResult[]): void {
    for (const r of results) {
      if (r.score === null) continue;
      const t = this.#by.get(r.probe) ?? { tasks: 0, passed: 0, sum: 0 };
      t.tasks++;
      if (r.passed) t.passed++;
      t.sum += r.score;
      this.#by.set(r.probe, t);
    }
  }

  result(): ProbeSummary {
    const out: ProbeSummary = {};
    for (const name of PROBES) {
      const t = this.#by.get(name);
      if (t) out[name] = { tasks: t.tasks, pass_rate: t.passed / t.tasks, mean_score: t.sum / t.tasks };
    }
    return out;
  }
}

/** The probe results a gate report's step 11 holds (empty when it did not run); with `advisory`, the advisory ones too. */
export function probeResultsOf(
  steps: readonly { name: string; stats?: Record<string, unknown> }[],
  advisory = false,
): ProbeResult[] {
  const stats = steps.find((s) => s.name === 'probes')?.stats;
  const list = (v: unknown) => (Array.isArray(v) ? (v as ProbeResult[]) : []);
  return [...list(stats?.probes), ...(advisory ? list(stats?.advisory) : [])];
}

/** "do_nothing 0% pass, mean 0.2 · read_only …" for the CLI. */
export function formatProbeSummary(s: ProbeSummary): string {
  return Object.entries(s)
    .map(([k, v]) => `${k} ${(v.pass_rate * 100).toFixed(0)}% pass, mean ${v.mean_score.toFixed(2)} (${v.tasks})`)
    .join(' · ');
}

/**
 * The probes of wrong work: each does something other than the reference's work (nothing, reading, claiming, a
 * wrong value, set or answer, a list without its fields). The needless-question probe does the reference's work
 * after a question the request settled, so it scores how the work was gone about, not whether it was done.
 */
export const WRONG_WORK_PROBES: readonly ProbeName[] = PROBES.filter((p) => p !== 'needless_question');

/**
 * "probe scores (mean)": per wrong-work probe, the mean score it gets over a corpus (4 decimals) — the partial
 * credit wrong work keeps, which a 0% pass rate hides; `worst` is the highest of them.
 */
export function probeScores(s: ProbeSummary): { by: Partial<Record<ProbeName, number>>; worst: number | null } {
  const by: Partial<Record<ProbeName, number>> = {};
  for (const name of WRONG_WORK_PROBES) {
    const v = s[name];
    if (v) by[name] = Math.round(v.mean_score * 1e4) / 1e4;
  }
  const all = Object.values(by);
  return { by, worst: all.length ? Math.max(...all) : null };
}

/** "any_candidate 0.44 · value_perturbed 0.41 … (worst 0.44)" for the CLI. */
export function formatProbeScores(s: ReturnType<typeof probeScores>): string {
  const each = Object.entries(s.by).map(([k, v]) => `${k} ${v.toFixed(2)}`);
  return `${each.join(' · ')}${s.worst === null ? '' : ` (worst ${s.worst.toFixed(2)})`}`;
}
