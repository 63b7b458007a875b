import { createRng, type Rng } from '../env/rng.js';
import { getService, resolveTool } from '../services/registry.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { referenceTurns, type ScriptTurn, scriptedAgent } from './reference.js';
import type { Agent } from '../env/turns.js';

export interface NoisyOptions {
  seed?: number;
  trial?: number;
  /** chance to skip each reference call */
  skip?: number;
  /** chance to replace an id-like argument by a distractor from the same fixture collection */
  swap?: number;
  retries?: number;
}

/**
 * A simulated imperfect teacher: the reference with seeded per-step skips and distractor substitution.
 * Same (spec, seed, trial, parameters) ⇒ same turns.
 */
export function noisyAgent(spec: TaskSpec, opts: NoisyOptions = {}): Agent {
  const skip = opts.skip ?? 0.15;
  const swap = opts.swap ?? 0.15;
  const retries = opts.retries ?? 3;
  const seed = opts.seed ?? 0;
  const trial = opts.trial ?? 0;
  const rng = createRng('noisy', spec.id, seed, trial);
  const turns: ScriptTurn[] = [];
  for (const turn of referenceTurns(spec.reference)) {
    const call = turn.tool_calls[0];
    if (!call) {
      turns.push(turn);
      continue;
    }
    // draw both decisions for every step so one choice never shifts the other's stream
    const dropped = rng.chance(skip);
    const swapped = rng.chance(swap);
    const pickU = rng.next();
    if (dropped) {
      if (turn.text) turns.push({ text: turn.text, tool_calls: [] });
      continue;
    }
    const args = swapped ? substitute(spec, call.name, call.args as Record<string, unknown>, pickU, rng) : call.args;
    turns.push({ ...turn, tool_calls: [{ name: call.name, args }] });
  }
  // text-only turns other than the last would end the episode early: fold them into the next turn
  const merged = foldText(turns);
  return scriptedAgent('noisy', merged, { retries, seed, trial, skip, swap });
}

function foldText(turns: ScriptTurn[]): ScriptTurn[] {
  const out: ScriptTurn[] = [];
  let carry: string[] = [];
  turns.forEach((t, i) => {
    const last = i === turns.length - 1;
    if (t.tool_calls.length === 0 && !last && !t.ask) {
      if (t.text) carry.push(t.text);
      return;
    }
    const text = [...carry, t.text ?? ''].filter(Boolean).join('\n');
    carry = [];
    out.push({ ...t, ...(text ? { text } : {}) });
  });
  return out;
}

// replace one id-like argument (a collection's id field or an email address found in the fixtures)
// by the same field of another record of that collection
function substitute(
  spec: TaskSpec,
  tool: string,
  args: Record<string, unknown>,
  u: number,
  rng: Rng,
): Record<string, unknown> {
  const service = resolveTool(tool)?.service.name;
  const options: { key: string; index?: number; values: string[] }[] = [];
  for (const [key, value] of Object.entries(args ?? {})) {
    if (typeof value === 'string') {
      const alt = alternatives(spec, value, service);
      if (alt.length) options.push({ key, values: alt });
    } else if (Array.isArray(value)) {
      value.forEach((v, index) => {
        if (typeof v !== 'string') return;
        const alt = alternatives(spec, v, service).filter((a) => !value.includes(a));
        if (alt.length) options.push({ key, index, values: alt });
      });
    }
  }
  if (options.length === 0) return args;
  const opt = options[Math.min(options.length - 1, Math.floor(u * options.length))] as (typeof options)[number];
  const replacement = rng.pick(opt.values);
  if (opt.index === undefined) return { ...args, [opt.key]: replacement };
  const list = [...(args[opt.key] as unknown[])];
  list[opt.index] = replacement;
  return { ...args, [opt.key]: list };
}

// other values of the fixture field holding `value`, preferring the tool's own service
function alternatives(spec: TaskSpec, value: string, service: string | undefined): string[] {
  const services = Object.keys(spec.fixtures).sort((a, b) => Number(b === service) - Number(a === service));
  for (const svc of services) {
    for (const rows of Object.values(spec.fixtures[svc] ?? {})) {
      if (!Array.isArray(rows)) continue;
      for (const row of rows as Record<string, unknown>[]) {
        for (const [field, v] of Object.entries(row)) {
          if (v !== value || !(isIdField(svc, rows, field) || value.includes('@'))) continue;
          const alts = [
            ...new Set(
              rows
                .map((r) => (r as Record<string, unknown>)[field])
                .filter((x): x is string => typeof x === 'string' && x !== value),
            ),
          ];
          if (alts.length) return alts;
        }
      }
    }
  }
  return [];
}

function isIdField(service: string, rows: unknown, field: string): boolean {
  const cols = getService(service)?.collections ?? {};
  return Object.values(cols).some((c) => c.id === field) && Array.isArray(rows);
}
