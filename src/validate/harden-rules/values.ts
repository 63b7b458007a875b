import { canonicalTool, toolNames } from '../../grade/evidence.js';
import { matchWhere } from '../../grade/match.js';
import { statesValue } from '../../schema/natural.js';
import { resolveTool } from '../../services/registry.js';
import { userPlanText } from '../user-facts.js';
import { type Change, GROUNDED, gradeOf, type HardenRule, PINNABLE, type RawCheck } from './kit.js';

/** Audit checks also pin the values the reference writes where the request (or the user) states them. */
export const exactValues: HardenRule = {
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

/**
 * A time matched "within a day" of its target cannot tell a value shifted by a day from the right one: on the
 * fields a value-perturbed probe shifts, a `within` of a day or more narrows to 30 minutes of the same target.
 */
export const tightenWithin: HardenRule = {
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
      const tools = toolNames(c.tool);
      const call = spec.reference.find((st) => 'call' in st && tools.includes(canonicalTool(st.call)));
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

/**
 * An argument the value-perturbed probe shifted without losing credit is pinned to the reference's value on the
 * checks of that call — only where those checks already pin another argument exactly (the task fixes the action:
 * a 15:00 start fixes the 16:00 end of a one-hour meeting).
 */
export const pinPerturbed: HardenRule = {
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
        if (c.kind !== 'tool_called' || !toolNames(c.tool).includes(canonicalTool(step.call))) return;
        const args = (c.args ?? {}) as Record<string, unknown>;
        if (!Object.values(args).some(exact)) return;
        for (const [k, v] of Object.entries(step.args)) {
          if (k in args || !(typeof v === 'string' || typeof v === 'number') || !PINNABLE.test(k)) continue;
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
