import { matchWhere } from '../grade/match.js';
import { canonicalJson } from '../schema/canonical-json.js';
import { statesValue } from '../schema/natural.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { Trajectory } from '../schema/trajectory.js';
import { fixtureRows } from '../services/fixtures.js';
import { getService, resolveTool } from '../services/registry.js';
import { answerChecks } from './answer-probes.js';
import { isProhibition, READ_SHARE, rescaleReads } from './free-credit.js';
import { perturbed } from './probes.js';
import { type ReplayMemo, replay } from './replay.js';
import { userPlanText } from './user-facts.js';

/** A spec as written (defaults not applied), edited in place by the rules. */
export type RawSpec = Record<string, unknown> & { checks: RawCheck[] };
type RawCheck = Record<string, unknown> & { id: string; kind: string; weight: number };

/** One edit `harden` made, with why. */
export interface Change {
  rule: string;
  path: string;
  before?: unknown;
  after?: unknown;
  reason: string;
}

export interface RuleContext {
  raw: RawSpec;
  spec: TaskSpec;
  /** the codes of the gate's errors on the spec as it stands */
  codes: ReadonlySet<string>;
  memo: ReplayMemo;
  /** whether the reference still scores 1.0 on `raw` as it now stands */
  referenceHolds(raw: RawSpec): Promise<boolean>;
}

/**
 * A rewrite rule: when the gate's findings call for it, edit `ctx.raw` and say what changed. `harden` keeps a
 * rule's edits only if the reference still scores 1.0 afterwards (a rule may test single edits itself).
 */
export interface HardenRule {
  name: string;
  when: readonly string[];
  apply(ctx: RuleContext): Promise<Change[]>;
}

const CAP = 0.5; // completion when the decisive outcome check fails: 0.8 × 0.5 + 0.2 stays below the 0.75 pass line

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
const forbidden = (raw: RawSpec) => {
  const f = (raw.forbidden ??= {}) as { actions?: unknown[] };
  return (f.actions ??= []);
};

/** Sets new weights (by check index), rounded to 4 decimals with the rounding remainder on the largest. */
function reweigh(raw: RawSpec, weights: number[], rule: string, reason: string): Change[] {
  const rounded = weights.map(round4);
  const rest = round4(1 - rounded.reduce((a, b) => a + b, 0));
  const top = rounded.indexOf(Math.max(...rounded));
  rounded[top] = round4((rounded[top] as number) + rest);
  const out: Change[] = [];
  raw.checks.forEach((c, i) => {
    if (c.weight === rounded[i]) return;
    out.push({ rule, path: `checks[${i}].weight`, before: c.weight, after: rounded[i], reason });
    c.weight = rounded[i] as number;
  });
  return out;
}

// gives `freed` weight to the checks in `to` (indices), in proportion to their weights
function spread(weights: number[], to: number[], freed: number): number[] {
  const base = to.reduce((n, i) => n + (weights[i] as number), 0);
  return weights.map((w, i) => (to.includes(i) ? w + (base > 0 ? (freed * w) / base : freed / to.length) : w));
}

/** The forbidden actions that keep a workspace file as it was: no write, no edit, no shell command changing it. */
export function fileUntouched(path: string): Record<string, unknown>[] {
  const p = path.replace(/^\/?workspace\//, '').replace(/^\.?\/+/, '');
  return [
    { service: 'workspace', record: 'writes', where: { path: p } },
    { service: 'workspace', record: 'edits', where: { path: p } },
    { service: 'workspace', record: 'commands', where: { changed: { contains: p } } },
  ];
}

// the values a value-perturbed probe shifts: times, dates, amounts, quantities, prices, recipients
const PINNABLE = /time|date|amount|quantity|price|^to$/;
const GROUNDED = /^[^\s@]+@[^\s@]+\.[^\s@]+$|^[A-Za-z]{1,6}[-_]\d{2,}$/;

const isJudge = (c: { kind: string }) => c.kind === 'llm_judge';

async function gradeOf(spec: TaskSpec, steps: TaskSpec['reference'], memo: ReplayMemo): Promise<Trajectory> {
  return (await replay(spec, steps, memo)).trajectory;
}

const reads = (spec: TaskSpec) =>
  spec.reference.filter((s) => 'call' in s && resolveTool(s.call)?.tool.mutates !== true);

/** Prohibitions written as weighted checks move to `forbidden.actions`; their weight goes to the work. */
const prohibitions: HardenRule = {
  name: 'prohibition_to_forbidden',
  when: ['prohibition_weighted'],
  async apply({ raw, spec }) {
    const out: Change[] = [];
    const gone = spec.checks.flatMap((c, i) => (isProhibition(spec, c) ? [i] : []));
    if (!gone.length) return out;
    const keep = spec.checks.flatMap((c, i) => (!gone.includes(i) && !isJudge(c) ? [i] : []));
    if (!keep.length) return out;
    const freed = gone.reduce((n, i) => n + (spec.checks[i]?.weight ?? 0), 0);
    const weights = spread(
      spec.checks.map((c) => c.weight),
      keep,
      freed,
    );
    for (const i of [...gone].reverse()) {
      const c = spec.checks[i] as TaskSpec['checks'][number];
      const actions =
        c.kind === 'audit_absent'
          ? [{ service: c.service, record: c.record, ...(c.where ? { where: c.where } : {}) }]
          : c.kind === 'file_unchanged'
            ? fileUntouched(c.path)
            : [];
      const list = forbidden(raw);
      for (const a of actions) {
        if (list.some((x) => canonicalJson(x) === canonicalJson(a))) continue;
        list.push(a);
        out.push({
          rule: this.name,
          path: `forbidden.actions[${list.length - 1}]`,
          after: a,
          reason: `from ${c.id}: breaking the prohibition now costs the whole score instead of ${c.weight} of completion`,
        });
      }
      out.push({
        rule: this.name,
        path: `checks[${i}]`,
        before: raw.checks[i],
        reason: `${c.id} rewarded an absence that doing nothing earns (weight ${c.weight} given to the checks of the work)`,
      });
      raw.checks.splice(i, 1);
      weights.splice(i, 1);
    }
    out.push(
      ...reweigh(raw, weights, this.name, 'the checks of the work take the prohibitions’ weight, in proportion'),
    );
    return out;
  },
};

/** The checks doing nothing or only reading satisfy keep READ_SHARE of completion; the outcome gets the rest. */
const outcomeOverReads: HardenRule = {
  name: 'outcome_over_reads',
  when: ['free_credit', 'probe_read_only_passed', 'probe_do_nothing_passed'],
  async apply({ raw, spec, memo }) {
    const free = new Set<number>();
    for (const steps of [[], reads(spec)]) {
      const t = await gradeOf(spec, steps, memo);
      (t.grade?.checks ?? []).forEach((c, i) => {
        if ((c.score ?? 0) > 0 && c.kind !== 'llm_judge') free.add(i);
      });
    }
    const weights = spec.checks.map((c) => c.weight);
    const work = spec.checks.flatMap((c, i) => (!free.has(i) && !isJudge(c) ? [i] : []));
    const next = rescaleReads(weights, free, work);
    if (!next) return [];
    const freeSum = round4([...free].reduce((n, i) => n + (weights[i] as number), 0));
    return reweigh(
      raw,
      next,
      this.name,
      `reads earned ${freeSum} of completion without doing the work; they keep ${READ_SHARE}, the checks of the outcome the rest`,
    );
  },
};

/** Audit checks become exclusive (no other entry on the list), tried one at a time. */
const exclusive: HardenRule = {
  name: 'exclusive_audit',
  when: ['probe_spray_passed', 'probe_distractor_included_passed', 'probe_content_spray_passed'],
  async apply({ raw, spec, referenceHolds }) {
    const out: Change[] = [];
    for (const [i, c] of spec.checks.entries()) {
      if (c.kind !== 'audit_present' || c.exclusive || (c.min ?? 1) > 1) continue;
      const rc = raw.checks[i] as RawCheck;
      rc.exclusive = true;
      // the reference may rightly write other entries on the list (two tickets, one reply each)
      if (!(await referenceHolds(raw))) {
        delete rc.exclusive;
        continue;
      }
      out.push({
        rule: this.name,
        path: `checks[${i}].exclusive`,
        after: true,
        reason: `${c.id}: acting on every candidate also hit the target; now any other ${c.service}.${c.record} entry fails the check`,
      });
    }
    return out;
  },
};

/** The same action on the records no check asks for is forbidden (when exclusivity cannot hold). */
const distractorsForbidden: HardenRule = {
  name: 'forbid_distractors',
  when: ['probe_spray_passed', 'probe_distractor_included_passed'],
  async apply({ raw, spec }) {
    const out: Change[] = [];
    const touched = JSON.stringify([spec.reference, spec.checks, spec.answer_ids]);
    for (const c of spec.checks) {
      if (c.kind !== 'audit_present' || !c.where) continue;
      const svc = getService(c.service);
      for (const [name, col] of Object.entries(svc?.collections ?? {})) {
        if (!(col.id in c.where)) continue;
        const others = fixtureRows(spec, c.service, name)
          .map((r) => String((r as Record<string, unknown>)[col.id]))
          .filter((id) => !touched.includes(JSON.stringify(id)));
        if (!others.length) continue;
        const a = { service: c.service, record: c.record, where: { [col.id]: { in: others } } };
        const list = forbidden(raw);
        if (list.some((x) => canonicalJson(x) === canonicalJson(a))) continue;
        list.push(a);
        out.push({
          rule: this.name,
          path: `forbidden.actions[${list.length - 1}]`,
          after: a,
          reason: `${c.id}: the same ${c.record} action on ${others.join(', ')} (records the task does not ask for) now costs the whole score`,
        });
      }
    }
    return out;
  },
};

/** Audit checks also pin the values the reference writes where the request (or the user) states them. */
const exactValues: HardenRule = {
  name: 'exact_values',
  when: ['probe_value_perturbed_passed', 'probe_claim_only_passed'],
  async apply({ raw, spec, memo }) {
    const out: Change[] = [];
    const said = `${spec.request}\n${userPlanText(spec)}`;
    // an address or record id the records hold is as grounded as one the request states
    const records = JSON.stringify(spec.fixtures);
    const grounded = (v: string | number) =>
      statesValue(said, v) || (typeof v === 'string' && GROUNDED.test(v) && records.includes(JSON.stringify(v)));
    const t = await gradeOf(spec, spec.reference, memo);
    spec.checks.forEach((c, i) => {
      if (c.kind !== 'audit_present') return;
      const entry = (t.audit.records[c.service]?.[c.record] ?? []).find((e) => matchWhere(c.where, e));
      if (!entry) return;
      for (const [field, value] of Object.entries(entry)) {
        // a field already pinned stays; one matched loosely (`{regex: ops}` for the ops address) is tightened
        const had = c.where?.[field];
        if (had !== undefined && !(had && typeof had === 'object' && ('regex' in had || 'contains' in had))) continue;
        if (!(typeof value === 'string' || typeof value === 'number') || !grounded(value)) continue;
        const rc = raw.checks[i] as RawCheck;
        const where = (rc.where ??= {}) as Record<string, unknown>;
        where[field] = value;
        out.push({
          rule: this.name,
          path: `checks[${i}].where.${field}`,
          ...(had !== undefined ? { before: had } : {}),
          after: value,
          reason: `${c.id}: the task states ${JSON.stringify(value)} (request, user or records), and a wrong ${field} scored as well as the right one`,
        });
      }
    });
    return out;
  },
};

/** A claim or a read cannot pass: completion is capped while the decisive outcome check fails. */
const capOnOutcome: HardenRule = {
  name: 'cap_on_outcome',
  when: ['probe_read_only_passed', 'probe_claim_only_passed'],
  async apply({ raw, spec, memo }) {
    const claim = await gradeOf(spec, [...reads(spec), ...spec.reference.filter((s) => 'say' in s).slice(-1)], memo);
    const failed = new Set((claim.grade?.checks ?? []).filter((c) => (c.score ?? 0) < 1).map((c) => c.id));
    // the heaviest code check a claim fails: the action (or, in a question, the computed answer)
    const best = spec.checks
      .map((c, i) => ({ c, i }))
      .filter(({ c }) => !isJudge(c) && failed.has(c.id) && !c.cap)
      .sort((a, b) => b.c.weight - a.c.weight)[0];
    if (!best) return [];
    const cap = { completion_at_most: CAP };
    (raw.checks[best.i] as RawCheck).cap = cap;
    return [
      {
        rule: this.name,
        path: `checks[${best.i}].cap`,
        after: cap,
        reason: `${best.c.id}: without the outcome it checks, completion stops at ${CAP} (score ≤ ${round4(0.8 * CAP + 0.2)}, below the pass line), whatever else is read or said`,
      },
    ];
  },
};

/**
 * A time matched "within a day" of its target cannot tell a value shifted by a day from the right one: on the
 * fields a value-perturbed probe shifts, a `within` of a day or more narrows to 30 minutes of the same target.
 */
const tightenWithin: HardenRule = {
  name: 'tighten_within',
  when: ['probe_value_perturbed_passed'],
  async apply({ raw, spec }) {
    const out: Change[] = [];
    const walk = (m: unknown, path: string, field: string, id: string) => {
      if (!m || typeof m !== 'object') return;
      const o = m as Record<string, unknown>;
      const w = o.within as { days?: number; hours?: number; minutes?: number; of?: unknown } | undefined;
      const span = w ? ((w.days ?? 0) * 24 + (w.hours ?? 0)) * 60 + (w.minutes ?? 0) : 0;
      if (w && span >= 24 * 60 && PINNABLE.test(field)) {
        const before = { ...w };
        o.within = { of: w.of, minutes: 30 };
        out.push({
          rule: 'tighten_within',
          path: `${path}.within`,
          before,
          after: o.within,
          reason: `${id}: ${field} within ${span / 60} h of its target let a value a day off pass; now 30 minutes`,
        });
      }
      for (const key of ['all_of', 'any_of'] as const)
        if (Array.isArray(o[key])) (o[key] as unknown[]).forEach((x, j) => walk(x, `${path}.${key}[${j}]`, field, id));
    };
    raw.checks.forEach((c, i) => {
      for (const key of ['args', 'where'] as const) {
        const m = c[key] as Record<string, unknown> | undefined;
        for (const [field, v] of Object.entries(m ?? {})) walk(v, `checks[${i}].${key}.${field}`, field, c.id);
      }
    });
    // a date-time a call's check matches by pattern only (any day at 15:30): also within 12 hours of the reference's
    for (const [i, c] of spec.checks.entries()) {
      if (c.kind !== 'tool_called' || !c.args) continue;
      const tools = Array.isArray(c.tool) ? c.tool : [c.tool];
      const call = spec.reference.find((st) => 'call' in st && tools.includes(st.call));
      if (!call || !('call' in call)) continue;
      for (const [field, m] of Object.entries(c.args)) {
        const ref = call.args[field];
        if (typeof ref !== 'string' || !DATE_TIME.test(ref) || JSON.stringify(m).includes('"within"')) continue;
        if (typeof m === 'string' || (m && typeof m === 'object' && 'equals' in m)) continue;
        const near = { within: { of: ref, hours: 12 } };
        ((raw.checks[i] as RawCheck).args as Record<string, unknown>)[field] = { all_of: [m, near] };
        out.push({
          rule: 'tighten_within',
          path: `checks[${i}].args.${field}`,
          before: m,
          after: { all_of: [m, near] },
          reason: `${c.id}: the pattern accepted ${field} on any day, so a value a day off passed; now also within 12 hours of the reference's ${ref}`,
        });
      }
    }
    return out;
  },
};

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The check a plausible wrong value fails decides completion: capped when it fails (the probe's own variants). */
const capOnPerturbed: HardenRule = {
  name: 'cap_on_perturbed',
  when: ['probe_value_perturbed_passed'],
  async apply({ raw, spec, memo }) {
    const out: Change[] = [];
    const weight = new Map(spec.checks.map((c) => [c.id, c]));
    for (const v of perturbed(spec).slice(0, 6)) {
      const t = await gradeOf(spec, v.steps, memo);
      // the heaviest uncapped code check this wrong value fails
      const failing = (t.grade?.checks ?? [])
        .filter((c) => c.kind !== 'llm_judge' && (c.score ?? 0) < 1 && !weight.get(c.id)?.cap)
        .sort((a, b) => b.weight - a.weight)[0];
      if (!failing || (t.grade?.score ?? 0) < 0.75) continue;
      const i = spec.checks.findIndex((c) => c.id === failing.id);
      const rc = raw.checks[i] as RawCheck;
      if (rc.cap) continue;
      rc.cap = { completion_at_most: CAP };
      out.push({
        rule: this.name,
        path: `checks[${i}].cap`,
        after: rc.cap,
        reason: `${failing.id}: ${v.detail} failed only this check and still passed; a wrong value now stops completion at ${CAP}`,
      });
    }
    return out;
  },
};

/** A final-answer check the answer with another candidate still passes decides completion: capped when it fails. */
const anchorAnswer: HardenRule = {
  name: 'anchor_answer',
  when: ['probe_any_candidate_passed'],
  async apply({ raw, spec }) {
    const out: Change[] = [];
    for (const c of answerChecks(spec)) {
      const i = spec.checks.indexOf(c);
      const rc = raw.checks[i] as RawCheck;
      // tiers that give full credit before every item is found let a swapped candidate through
      const items = [...((c as { all?: unknown[] }).all ?? []), ...((c as { any?: unknown[] }).any ?? [])].length;
      const full = Math.min(...(c.tiers ?? []).filter((t) => t.score >= 1).map((t) => t.min));
      if (c.tiers && 'all' in c && full < items) {
        out.push({
          rule: this.name,
          path: `checks[${i}].tiers`,
          before: rc.tiers,
          reason: `${c.id}: full credit came at ${full} of ${items} items, so an answer with a wrong one still scored 1; now every item counts`,
        });
        delete rc.tiers;
      }
      if (c.cap) continue;
      const cap = { completion_at_most: CAP };
      rc.cap = cap;
      out.push({
        rule: this.name,
        path: `checks[${i}].cap`,
        after: cap,
        reason: `${c.id}: the final answer with another candidate in place of the computed one still passed; a wrong answer now stops completion at ${CAP}`,
      });
    }
    return out;
  },
};

/**
 * An argument the value-perturbed probe shifted without losing credit is pinned to the reference's value on the
 * checks of that call — only where those checks already pin another argument exactly (the task fixes the action:
 * a 15:00 start fixes the 16:00 end of a one-hour meeting).
 */
const pinPerturbed: HardenRule = {
  name: 'pin_perturbed',
  when: ['probe_value_perturbed_passed'],
  async apply({ raw, spec, memo }) {
    const out: Change[] = [];
    const exact = (m: unknown) =>
      typeof m === 'string' || typeof m === 'number' || (!!m && typeof m === 'object' && 'equals' in m);
    // audit checks: the reference's own entry gives the value — of a field the agent wrote (an argument of a
    // mutating call), never the entry's bookkeeping (its timestamp)
    const t = await gradeOf(spec, spec.reference, memo);
    const written = new Set(
      spec.reference.flatMap((st) =>
        'call' in st && resolveTool(st.call)?.tool.mutates === true ? Object.keys(st.args) : [],
      ),
    );
    spec.checks.forEach((c, i) => {
      if (c.kind !== 'audit_present' || !c.where || !Object.values(c.where).some(exact)) return;
      const entry = (t.audit.records[c.service]?.[c.record] ?? []).find((e) => matchWhere(c.where, e));
      for (const [k, v] of Object.entries(entry ?? {})) {
        if (k in c.where || !written.has(k) || !(typeof v === 'string' || typeof v === 'number') || !PINNABLE.test(k))
          continue;
        ((raw.checks[i] as RawCheck).where as Record<string, unknown>)[k] = v;
        out.push({
          rule: this.name,
          path: `checks[${i}].where.${k}`,
          after: v,
          reason: `${c.id}: a shifted ${k} scored as well as the reference's, and the check already fixes the entry's other values exactly`,
        });
      }
    });
    spec.reference.forEach((step) => {
      if (!('call' in step) || resolveTool(step.call)?.tool.mutates !== true) return;
      spec.checks.forEach((c, i) => {
        if (c.kind !== 'tool_called' || !(Array.isArray(c.tool) ? c.tool : [c.tool]).includes(step.call)) return;
        const args = (c.args ?? {}) as Record<string, unknown>;
        if (!Object.values(args).some(exact)) return;
        for (const [k, v] of Object.entries(step.args)) {
          if (
            k in args ||
            !(typeof v === 'string' || typeof v === 'number') ||
            !/time|date|amount|quantity|to$|price/.test(k)
          )
            continue;
          const rc = raw.checks[i] as RawCheck;
          const a = (rc.args ??= {}) as Record<string, unknown>;
          a[k] = v;
          out.push({
            rule: this.name,
            path: `checks[${i}].args.${k}`,
            after: v,
            reason: `${c.id}: a shifted ${k} scored as well as the reference's, and the check already fixes the call's other values exactly`,
          });
        }
      });
    });
    return out;
  },
};

/** The rules in the order `harden` tries them (each one file-local function; add one here). */
export const HARDEN_RULES: readonly HardenRule[] = [
  prohibitions,
  outcomeOverReads,
  exactValues,
  exclusive,
  distractorsForbidden,
  pinPerturbed,
  tightenWithin,
  capOnPerturbed,
  anchorAnswer,
  capOnOutcome,
];
