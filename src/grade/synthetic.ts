import randexp from 'randexp';
import { createRng, type ForkableRng } from '../env/rng.js';
import { fixtureRows } from '../services/fixtures.js';
import { getService, resolveTool } from '../services/registry.js';
import type { Check, CheckKind } from '../schema/check-kinds.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { AuditCall, AuditLog, TrajectoryEvent } from '../schema/trajectory.js';
import { evaluatorOf } from './checks/index.js';
import { matchEnvOf } from './context.js';
import type { MatchEnv } from './match.js';
import type { CheckEvaluator, GradeInput, SyntheticBuilder } from './types.js';

const T0 = '2026-01-01T00:00:00.000Z';
// randexp is CommonJS: module.exports is the class itself
const RandExp = randexp as unknown as typeof randexp.default;

/** A record satisfying every check of the spec (CoworkEnv App. D: the "complete" synthetic record). */
export function completeRecord(spec: TaskSpec): GradeInput {
  return completeBuilder(spec).build();
}

/** The builder of the complete record, for adding more (e.g. a forbidden call) before building. */
export function completeBuilder(spec: TaskSpec): RecordBuilder {
  const rec = new RecordBuilder(spec);
  for (const check of spec.checks)
    (evaluatorOf(check.kind) as CheckEvaluator<CheckKind>).satisfy(check as Check as never, rec);
  return rec;
}

/** The empty record: nothing called, nothing said. */
export function emptyRecord(spec: TaskSpec): GradeInput {
  return new RecordBuilder(spec).build();
}

/** Builds synthetic events + audit; asks go first, then calls/records in order, then the final answer. */
export class RecordBuilder implements SyntheticBuilder {
  readonly #spec: TaskSpec;
  readonly #asks: string[] = [];
  readonly #says: string[] = [];
  readonly #ops: (
    | { call: string; args: Record<string, unknown> }
    | { service: string; list: string; entry: Record<string, unknown> }
  )[] = [];
  readonly #state: Record<string, Record<string, Record<string, unknown>[]>> = {};
  readonly #rng: ForkableRng;
  readonly matchEnv: MatchEnv;

  get spec(): TaskSpec {
    return this.#spec;
  }

  constructor(spec: TaskSpec, from?: { rng: ForkableRng; matchEnv: MatchEnv }) {
    this.#spec = spec;
    this.#rng = from?.rng ?? createRng('synthetic', spec.id);
    this.matchEnv = from?.matchEnv ?? matchEnvOf(spec);
  }

  /** An independent copy that continues exactly where this one is (its random stream included). */
  clone(): RecordBuilder {
    const b = new RecordBuilder(this.#spec, { rng: this.#rng.fork(), matchEnv: this.matchEnv });
    b.#asks.push(...this.#asks);
    b.#says.push(...this.#says);
    b.#ops.push(...this.#ops);
    for (const [svc, cols] of Object.entries(this.#state))
      b.#state[svc] = Object.fromEntries(Object.entries(cols).map(([c, rows]) => [c, rows.map((r) => ({ ...r }))]));
    return b;
  }

  call(tool: string, args: Record<string, unknown>): void {
    this.#ops.push({ call: tool, args });
  }
  record(service: string, list: string, entry: Record<string, unknown>): void {
    this.#ops.push({ service, list, entry });
  }
  setState(service: string, collection: string, recordId: string, field: string, value: unknown): void {
    // start from the fixture rows so other records keep their values
    const svc = (this.#state[service] ??= {});
    if (!svc[collection]) {
      svc[collection] = (fixtureRows(this.#spec, service, collection) as Record<string, unknown>[]).map((r) => ({
        ...r,
      }));
    }
    const idField = resolveIdField(service, collection);
    const rows = svc[collection] as Record<string, unknown>[];
    let row = rows.find((r) => r[idField] === recordId);
    if (!row) {
      row = { [idField]: recordId };
      rows.push(row);
    }
    row[field] = value;
  }
  say(text: string): void {
    if (text) this.#says.push(text);
  }
  ask(text: string): void {
    this.#asks.push(text);
  }
  example(pattern: string): string {
    let re: InstanceType<typeof RandExp>;
    try {
      re = new RandExp(new RegExp(pattern));
    } catch {
      return pattern;
    }
    re.max = 3;
    re.randInt = (a: number, b: number) => this.#rng.int(a, b);
    return re.gen();
  }

  build(): GradeInput {
    const events: TrajectoryEvent[] = [{ type: 'user', text: this.#spec.request, source: 'request' }];
    for (const q of this.#asks)
      events.push({ type: 'assistant', text: q, tool_calls: [] }, { type: 'user', text: 'ok', source: 'sim' });
    const calls: AuditCall[] = [];
    const records: AuditLog['records'] = {};
    let seq = 0;
    for (const op of this.#ops) {
      seq++;
      if ('call' in op) {
        const resolved = resolveTool(op.call);
        const id = `syn_${seq}`;
        calls.push({
          seq,
          tool: resolved?.tool.name ?? op.call,
          service: resolved?.service.name ?? null,
          args: op.args,
          params: op.args,
          ok: true,
          result: {},
          latency_ms: 0,
          t: T0,
        });
        events.push(
          { type: 'assistant', tool_calls: [{ id, name: op.call, args: op.args }] },
          { type: 'tool', call_id: id, name: op.call, args: op.args, ok: true, content: '{}', latency_us: 0 },
        );
      } else {
        const svc = (records[op.service] ??= {});
        (svc[op.list] ??= []).push({ ...op.entry, seq, timestamp: T0 });
      }
    }
    if (this.#says.length) events.push({ type: 'assistant', text: this.#says.join('\n'), tool_calls: [] });
    return { events, audit: { calls, records, state: this.#state } };
  }
}

function resolveIdField(service: string, collection: string): string {
  return getService(service)?.collections[collection]?.id ?? 'id';
}
