import type { Trace } from '../../schema/check-kinds.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import type { Capability } from '../../schema/taxonomy.js';
import { namesTitle, normalText } from '../../validate/traceability.js';
import { type Check, outcomesGate, WORK_CAP } from '../kit/checks.js';
import type { Generator, GeneratorContext } from '../kit/generator.js';
import { labelsOf, specHeader } from '../kit/header.js';

// a preset is a hand-written generator. definePreset writes what every preset shares — the spec's header
// (version, id, title, family label, labels, clock), the traces of its checks and the outcome cap on them — so a
// preset file only draws its scenario, writes the body of the spec and names the words that demand each check.

/** The spec fields a preset writes itself: everything after the header. */
export type PresetBody = Omit<TaskSpecInput, 'spec_version' | 'id' | 'title' | 'family' | 'labels' | 'mock_today'>;

/** What demands a check: a clause of the request (its words as written there), or a trace to a policy or the user. */
export type Demand = string | Trace;

/**
 * The demand of each check, by check id; a key ending in `*` covers every check whose id starts with the rest
 * (an exact id wins over a prefix, a longer prefix over a shorter one).
 */
export type Traces = Readonly<Record<string, Demand | undefined>>;

export interface PresetDef extends Omit<Generator, 'generate' | 'languages'> {
  /** the spec's `family` label when it differs from the generator's name */
  label?: string;
  /** languages the preset writes requests in (default English) */
  languages?: readonly string[];
  /** the spec's labels.safety (a safety preset's risks) */
  safety?: readonly string[];
  /**
   * draws one task: its title, the capabilities its level adds, the body of the spec and the traces of its checks
   * (every check of a preset traces to the words that demand it; see `traced`)
   */
  build(ctx: GeneratorContext): {
    title: string;
    capabilities?: readonly Capability[];
    spec: PresetBody;
    traces?: Traces;
  };
}

/** A preset generator: its header written once, its checks traced (`traced`) and every outcome check capped (kit/checks.ts outcomesGate). */
export function definePreset(def: PresetDef): Generator {
  const { label, safety, build, languages = ['en'], ...meta } = def;
  return {
    ...meta,
    languages,
    generate(ctx) {
      const { title, capabilities = [], spec, traces } = build(ctx);
      const labels = { ...labelsOf(meta, ctx.difficulty, capabilities), ...(safety ? { safety: [...safety] } : {}) };
      const header = specHeader({ id: ctx.id, title, family: label ?? meta.name, labels, mockToday: ctx.mockToday });
      const body = traces ? { ...spec, checks: traced(spec, traces, meta.name) } : spec;
      // each outcome check of a preset says whether a part of the asked work was done: failing one leaves 0.44 at
      // best (review 39: at 0.6 a task with one step skipped, the policy or the memo unread, still scored 0.68)
      return outcomesGate({ ...header, ...body }, WORK_CAP);
    },
  };
}

const lookup = (traces: Traces, id: string): Demand | undefined => {
  const exact = traces[id];
  if (exact !== undefined) return exact;
  let best: { len: number; d: Demand } | undefined;
  for (const [key, d] of Object.entries(traces)) {
    if (d === undefined || !key.endsWith('*')) continue;
    const prefix = key.slice(0, -1);
    if (id.startsWith(prefix) && (!best || prefix.length > best.len)) best = { len: prefix.length, d };
  }
  return best?.d;
};

// every string of a value, in order (a record's text, as the gate reads a policy record)
const strings = (v: unknown, out: string[] = []): string[] => {
  if (typeof v === 'string') out.push(v);
  else if (typeof v === 'number') out.push(String(v));
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) strings(x, out);
  return out;
};

/**
 * The spec's checks with their traces from `traces`. Throws (so a preset can never ship a broken trace) when a
 * check has no trace, when a request clause is not in the request, a user clause not in the user's words, or a
 * policy clause in no fixture or its document not named by the request — all compared as the gate compares them
 * (validate/traceability.ts: case-insensitive, whitespace normalised). The gate's step 6 checks the rest (ids).
 */
export function traced(
  spec: Pick<PresetBody, 'request' | 'checks' | 'fixtures' | 'user'>,
  traces: Traces,
  name = 'preset',
): Check[] {
  const request = normalText(spec.request);
  const user = spec.user
    ? [
        spec.user.goal,
        ...(spec.user.knowledge ?? []),
        ...(spec.user.signals ?? []).flatMap((s) => (s.effect.say ? [s.effect.say] : [])),
      ].map(normalText)
    : [];
  let fixtureText: string | undefined;
  return (spec.checks ?? []).map((check) => {
    const d = check.trace ?? lookup(traces, check.id);
    if (d === undefined) throw new Error(`${name}: check "${check.id}" has no trace (no key for it in traces)`);
    const trace: Trace = typeof d === 'string' ? { in: 'request', clause: d } : d;
    const clause = normalText(trace.clause);
    const fail = (where: string) =>
      new Error(`${name}: the trace of check "${check.id}" ("${trace.clause}") is not in ${where}`);
    if (trace.in === 'request' && !request.includes(clause)) throw fail(`the request: ${spec.request}`);
    if (trace.in === 'user' && !user.some((u) => u.includes(clause))) throw fail("the user's words");
    if (trace.in === 'policy') {
      if (!trace.doc || !namesTitle(spec.request, trace.doc))
        throw new Error(
          `${name}: check "${check.id}" traces to the policy "${trace.doc}", which the request does not name`,
        );
      fixtureText ??= normalText(strings(spec.fixtures ?? {}).join('\n'));
      if (!fixtureText.includes(clause)) throw fail('any fixture');
    }
    return { ...check, trace };
  });
}
