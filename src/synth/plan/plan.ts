import { z } from 'zod';
import { isRealIsoDate } from '../../schema/dates.js';
import type { Diagnostic } from '../../schema/diagnostics.js';
import { parsePath, parseSource, withPositions } from '../../schema/document.js';
import { CAPABILITIES, DIFFICULTIES, SCENARIO_DOMAINS } from '../../schema/taxonomy.js';
import { bandText } from '../kit/bands.js';
import { zodDiagnostics } from '../../schema/zod-diagnostics.js';
import { didYouMean } from '../../schema/suggest.js';
import { SERVICE_NAMES, getService } from '../../services/registry.js';
import { GENERATORS, getGenerator } from '../generators.js';

const Identifier = z.string().regex(/^[a-z0-9][a-z0-9_.-]*$/, 'lower-case letters, digits, "_", "." or "-"');

/** The scenario of a slot: CE App. D's goal, selection conditions, distractors and action constraints. */
export const SlotScenario = z.union(
  [
    z
      .string()
      .min(1)
      .transform((goal) => ({ goal })),
    z.strictObject({
      goal: z.string().min(1),
      selection: z.string().optional().describe('which records qualify'),
      distractors: z.string().optional().describe('records that look relevant but are not'),
      constraints: z.string().optional().describe('permitted and prohibited actions'),
    }),
  ],
  { error: 'a scenario is a sentence or {goal, selection?, distractors?, constraints?}' },
);
export type SlotScenario = z.output<typeof SlotScenario>;

/** A slot's mock_today: an ISO date or date-time that exists on the calendar. */
export const MockToday = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2}))?$/, 'an ISO date or date-time')
  .refine(isRealIsoDate, 'not a real date');

/** One coverage-plan slot (CoworkEnv App. D's seven fields plus family, count, seed, capabilities). */
export const Slot = z.strictObject({
  task_id: Identifier.describe('output task id (with count > 1: the prefix of task_id_0001 …)'),
  services: z.array(z.string().min(1)).min(1),
  category: z.string().min(1).describe('workflow category, e.g. ops, finance, security'),
  difficulty: z.enum(DIFFICULTIES).describe(DIFFICULTIES.map((d) => `${d} (${bandText(d)})`).join(' | ')),
  language: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/)
    .default('en'),
  mock_today: MockToday,
  scenario: SlotScenario,
  family: Identifier.optional().describe('procedural generator family'),
  count: z.number().int().min(1).max(10_000).default(1),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
  capabilities: z.array(z.enum(CAPABILITIES)).optional(),
  scenario_path: z
    .string()
    .regex(/^[A-Za-z0-9_]+(\/[A-Za-z0-9_]+){0,2}$/)
    .refine(
      (p) => (SCENARIO_DOMAINS as string[]).includes(p.split('/')[0] ?? ''),
      'the domain must be a Cowork-Gym scenario domain',
    )
    .optional()
    .describe('taxonomy scenario path, e.g. Office_Productivity/Email'),
});
export type Slot = z.output<typeof Slot>;

export const Plan = z.strictObject({
  plan_version: z.literal(1).default(1),
  name: z.string().min(1).default('plan'),
  slots: z.array(Slot).min(1),
});
export type Plan = z.output<typeof Plan>;

/** Parses plan YAML/JSON with path-precise, line-numbered diagnostics. */
export function parsePlanText(text: string): { plan?: Plan; diagnostics: Diagnostic[] } {
  const { doc, diagnostics } = parseSource(text);
  if (!doc) return { diagnostics };
  const res = Plan.safeParse(doc.value);
  if (!res.success)
    return { diagnostics: withPositions(zodDiagnostics(res.error.issues, doc.value, Plan), doc, parsePath) };
  const problems = [...unknownNames(res.data), ...duplicateIds(res.data)];
  return problems.length
    ? { diagnostics: withPositions(problems, doc, parsePath) }
    : { plan: res.data, diagnostics: [] };
}

// services and families must exist, and a family must share a service with its slot (else the slot's
// services describe a different task than the generator writes)
/** The first line of a JSONL plan: the plan without its slots, which follow one per line. */
export const PlanHeader = Plan.omit({ slots: true });

/**
 * Parses a JSONL plan — a header line ({"plan_version": 1, "name": …}) and then one slot per line — from its
 * lines, so a plan of any size is read without holding its text. Diagnostics name the line (`line N: slots[i]…`).
 */
export async function parsePlanLines(
  lines: AsyncIterable<{ line: number; text: string } | { line: number; tooLong: number }>,
): Promise<{ plan?: Plan; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const slots: Slot[] = [];
  const lineOf: number[] = [];
  let header: z.output<typeof PlanHeader> | undefined;
  for await (const l of lines) {
    const at = (path: string, message: string, code = 'schema'): void => {
      if (diagnostics.length < 50) diagnostics.push({ code, path, message: `line ${l.line}: ${message}` });
    };
    if ('tooLong' in l) {
      at(header ? `slots[${slots.length}]` : '(root)', `a line of ${l.tooLong} bytes is no plan line`, 'parse_error');
      continue;
    }
    if (!l.text.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(l.text);
    } catch (e) {
      at(header ? `slots[${slots.length}]` : '(root)', `not valid JSON: ${(e as Error).message}`, 'parse_error');
      continue;
    }
    if (!header) {
      const h = PlanHeader.safeParse(value);
      if (!h.success) {
        for (const d of zodDiagnostics(h.error.issues, value, PlanHeader)) at(d.path, d.message, d.code);
        return { diagnostics };
      }
      header = h.data;
      continue;
    }
    const r = Slot.safeParse(value);
    if (!r.success) {
      for (const d of zodDiagnostics(r.error.issues, value, Slot))
        at(`slots[${slots.length}]${d.path === '(root)' ? '' : `.${d.path}`}`, d.message, d.code);
      slots.push(undefined as unknown as Slot);
      continue;
    }
    slots.push(r.data);
    lineOf.push(l.line);
  }
  if (!header)
    return {
      diagnostics: [
        {
          code: 'schema',
          path: '(root)',
          message: 'an empty plan: the first line is {"plan_version": 1, "name": …}, then one slot per line',
        },
      ],
    };
  if (!slots.length) diagnostics.push({ code: 'schema', path: 'slots', message: 'the plan has no slot lines' });
  if (diagnostics.length) return { diagnostics };
  const plan: Plan = { ...header, slots };
  const problems = [...unknownNames(plan), ...duplicateIds(plan)];
  if (problems.length)
    return {
      diagnostics: problems.map((d) => {
        const i = Number(/^slots\[(\d+)\]/.exec(d.path)?.[1]);
        return Number.isInteger(i) ? { ...d, message: `line ${lineOf[i]}: ${d.message}` } : d;
      }),
    };
  return { plan, diagnostics: [] };
}

/** A plan as JSONL text lines: the header, then one slot per line (what parsePlanLines reads). */
export function* planLines(plan: Plan): Generator<string> {
  const { slots, ...header } = plan;
  yield `${JSON.stringify(header)}\n`;
  for (const slot of slots) yield `${JSON.stringify(slot)}\n`;
}

function unknownNames(plan: Plan): Diagnostic[] {
  const out: Diagnostic[] = [];
  plan.slots.forEach((slot, i) => {
    slot.services.forEach((name, j) => {
      if (!getService(name))
        out.push({
          code: 'unknown_service',
          path: `slots[${i}].services[${j}]`,
          message: `"${name}" is not a service${didYouMean(name, SERVICE_NAMES)}; services: ${SERVICE_NAMES.join(', ')}`,
        });
    });
    if (slot.family === undefined) return;
    const family = getGenerator(slot.family);
    if (!family) {
      const names = GENERATORS.map((f) => f.name);
      out.push({
        code: 'unknown_family',
        path: `slots[${i}].family`,
        message: `"${slot.family}" is not a family${didYouMean(slot.family, names)}; families: ${names.join(', ')}`,
      });
    } else if (!slot.services.some((s) => family.services.includes(s))) {
      out.push({
        code: 'family_services_disjoint',
        path: `slots[${i}].services`,
        message: `family ${family.name} uses ${family.services.join(', ')}, none of which this slot lists; list the family's services or drop the family`,
      });
    }
  });
  return out;
}

// ids must be unique after expansion too (a_0001 from `a` × 2 vs a slot named a_0001)
function duplicateIds(plan: Plan): Diagnostic[] {
  const seen = new Map<string, number>();
  const out: Diagnostic[] = [];
  for (const job of expandPlan(plan)) {
    const prev = seen.get(job.id);
    if (prev !== undefined && prev !== job.slotIndex) {
      out.push({
        code: 'duplicate_id',
        path: `slots[${job.slotIndex}].task_id`,
        message: `task id "${job.id}" is also produced by slots[${prev}]`,
      });
    } else if (prev === undefined) seen.set(job.id, job.slotIndex);
  }
  return out;
}

/** One task to produce: a slot expanded by its count. */
export interface Job {
  slot: Slot;
  slotIndex: number;
  id: string;
  seed: number;
  /**
   * the job's place among the plan's jobs of its family, counted on from 0 or 1 by its first job's seed (so a plan
   * holding one task of a family does not always give it the same outcome): see GeneratorContext.ordinal
   */
  ordinal?: number;
}

/**
 * Expands slots by count: ids task_id_0001 …, seeds seed + i (seed defaults to a hash of task_id), each job
 * numbered among its family's jobs in plan order (from 0 or 1, by the parity of the family's first seed).
 */
export function expandPlan(plan: Plan): Job[] {
  const jobs: Job[] = [];
  const ordinals = new Map<string | undefined, number>();
  plan.slots.forEach((slot, slotIndex) => {
    const base = slot.seed ?? hashSeed(slot.task_id);
    for (let i = 0; i < slot.count; i++) {
      const ordinal = ordinals.get(slot.family) ?? (base + i) % 2;
      ordinals.set(slot.family, ordinal + 1);
      jobs.push({
        slot,
        slotIndex,
        id: slot.count === 1 ? slot.task_id : `${slot.task_id}_${String(i + 1).padStart(4, '0')}`,
        seed: base + i,
        ordinal,
      });
    }
  });
  return jobs;
}

function hashSeed(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h >>> 0) % 2 ** 31;
}
