import { type ServiceState, loadFixtures } from '../services/fixtures.js';
import { getService, type ResolvedTool, resolveTool } from '../services/registry.js';
import type { ToolDef } from '../services/types.js';
import { formatDiagnostic } from '../schema/diagnostics.js';
import { CoworkError } from '../schema/errors.js';
import type { TaskSpec } from '../schema/task-spec.js';

/** Everything about a spec that every episode of it shares (immutable). */
export interface Prepared {
  state: ServiceState;
  /** callable names (canonical and aliases) → tool */
  allowed: ReadonlyMap<string, ResolvedTool>;
  /** canonical tools the agent is shown */
  tools: readonly ToolDef[];
  startMs: number;
  counterStart(service: string, collection: string): number;
}

const cache = new WeakMap<TaskSpec, Prepared>();
const loaded = new WeakMap<TaskSpec, ReturnType<typeof loadFixtures>>();

/**
 * loadFixtures of a spec, once per spec object: the gate's fixtures step and the first episode both need it
 * (the state is frozen, so they share it).
 */
export function fixturesOf(spec: TaskSpec): ReturnType<typeof loadFixtures> {
  let l = loaded.get(spec);
  if (!l) {
    l = loadFixtures(spec);
    loaded.set(spec, l);
  }
  return l;
}

/** Validated initial state + tool table of a spec, computed once per spec object. */
export function prepare(spec: TaskSpec): Prepared {
  let p = cache.get(spec);
  if (!p) {
    p = build(spec);
    cache.set(spec, p);
  }
  return p;
}

function build(spec: TaskSpec): Prepared {
  const unknown = spec.services.filter((s) => !getService(s));
  if (unknown.length)
    throw new CoworkError(
      'spec_invalid',
      `${spec.id}: unknown service(s) ${unknown.join(', ')}; run \`coworkenv services\` for the catalogue`,
    );
  const { state, diagnostics } = fixturesOf(spec);
  if (!state) {
    const lines = diagnostics.slice(0, 10).map((d) => `  ${formatDiagnostic(d)}`);
    throw new CoworkError(
      'spec_invalid',
      `${spec.id}: fixtures do not match the service schemas:\n${lines.join('\n')}`,
      diagnostics,
    );
  }
  const allowed = new Map<string, ResolvedTool>();
  const tools: ToolDef[] = [];
  const listed = spec.tools ? new Set(spec.tools.map((n) => resolveTool(n)?.tool.name ?? n)) : undefined;
  for (const name of spec.services) {
    const service = getService(name);
    if (!service) continue;
    for (const tool of service.tools) {
      if (listed && !listed.has(tool.name)) continue;
      tools.push(tool);
      allowed.set(tool.name, { tool, service });
      for (const alias of tool.aliases ?? []) allowed.set(alias, { tool, service, alias });
    }
  }
  const counters = new Map<string, number>();
  return {
    state,
    allowed,
    tools,
    startMs: Date.parse(spec.mock_today),
    counterStart(service, collection) {
      const key = `${service}.${collection}`;
      let n = counters.get(key);
      if (n === undefined) {
        n = firstFreeNumber(state, service, collection);
        counters.set(key, n);
      }
      return n;
    },
  };
}

// one past the largest numeric suffix among existing ids with the collection's prefix
function firstFreeNumber(state: ServiceState, service: string, collection: string): number {
  const def = getService(service)?.collections[collection];
  if (!def?.newId) return 1;
  const [prefix] = def.newId;
  let max = 0;
  for (const r of state[service]?.[collection] ?? []) {
    const id = String(r[def.id]);
    if (!id.startsWith(prefix)) continue;
    const n = Number(id.slice(prefix.length));
    if (Number.isInteger(n) && n > max) max = n;
  }
  return max + 1;
}
