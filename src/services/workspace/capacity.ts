import { CoworkError } from '../../schema/errors.js';
import { DEFAULT_WORKSPACE_BUDGET, formatBytes, MAX_WORKSPACE_FILES, type WorkspaceBudget } from './limits.js';
import { type PoolOptions, workerOverheadBytes } from './isolation-pool.js';

// The server-wide bound: every live session may fill its workspace at once, and the shell pool may run
// `max` commands at once. Workspaces live as strings on the main heap (two bytes per character at worst),
// so they must fit V8's heap limit as well as the host's memory.

/** Share of V8's heap limit, and of the host's memory, that live workspaces and shell commands may take. */
export const HEAP_SHARE = 0.5;
export const HOST_SHARE = 0.5;
/** Heap bytes per workspace byte at rest (strings of two-byte characters) and per stored file (its record). */
export const BYTES_FACTOR = 2;
export const PER_FILE = 200;
/** An episode's own state, audit and trajectory, beyond its workspace. */
export const SESSION_BASE = 100_000;
/** A workspace budget smaller than this is refused rather than given. */
export const MIN_WORKSPACE_BYTES = 100_000;

export interface CapacityInput {
  maxSessions: number;
  /** a workspace byte budget asked for explicitly (refused when it does not fit); absent = the default, lowered to fit */
  workspaceBytes?: number;
  /** the largest workspace a served task starts with */
  fixtureBytes?: number;
  /** false when no served task has a workspace: its episodes hold none and run no shell command [true] */
  workspace?: boolean;
  heapLimitBytes: number;
  totalMemBytes: number;
  pool: Required<PoolOptions>;
}

export interface CapacityPlan {
  budget: WorkspaceBudget;
  /** set when the default budget was lowered to fit: one line for the operator */
  note?: string;
}

const filesFor = (bytes: number) => Math.min(MAX_WORKSPACE_FILES, Math.max(100, Math.floor(bytes / 1000)));
const perSession = (b: WorkspaceBudget) => SESSION_BASE + BYTES_FACTOR * b.bytes + PER_FILE * b.files;
// a running command holds the worker's heap plus the workspace: the copy sent in, the filesystem (at most
// twice the budget while it runs) and the changed files sent back
const perCommand = (b: WorkspaceBudget, pool: Required<PoolOptions>) => workerOverheadBytes(pool) + 4 * b.bytes;

/** What `maxSessions` workspaces of this budget plus the shell pool would need, when it does not fit; undefined when it fits. */
export function shortfall(b: WorkspaceBudget, i: CapacityInput): { heap: number; host: number } | undefined {
  const workspace = i.workspace !== false;
  const heap = i.maxSessions * (workspace ? perSession(b) : SESSION_BASE);
  const host = heap + (workspace ? i.pool.max * perCommand(b, i.pool) : 0);
  return heap <= HEAP_SHARE * i.heapLimitBytes && host <= HOST_SHARE * i.totalMemBytes ? undefined : { heap, host };
}

/**
 * The per-episode workspace budget for a server: the default (50 MB, 10000 files), lowered until every
 * session's workspace fits in memory together; an explicit budget that does not fit, or a fitting budget
 * below what the served tasks start with, is refused with the numbers and the fix.
 */
export function planCapacity(i: CapacityInput): CapacityPlan {
  const limits = `${formatBytes(HEAP_SHARE * i.heapLimitBytes)} of Node's ${formatBytes(i.heapLimitBytes)} heap and ${formatBytes(HOST_SHARE * i.totalMemBytes)} of ${formatBytes(i.totalMemBytes)} RAM`;
  // tasks without a workspace: only the episodes themselves must fit, and the budget binds nothing
  if (i.workspace === false) {
    const over = shortfall(DEFAULT_WORKSPACE_BUDGET, i);
    if (over)
      throw new CoworkError(
        'bad_input',
        `--max-sessions ${i.maxSessions} needs up to ${formatBytes(over.heap)} of heap for the episodes; this host allows ${limits}. Use --max-sessions ${maxSessionsFor(DEFAULT_WORKSPACE_BUDGET, i)} or less, or a larger heap (NODE_OPTIONS=--max-old-space-size=<MB>)`,
      );
    return { budget: { ...DEFAULT_WORKSPACE_BUDGET } };
  }
  if (i.workspaceBytes !== undefined) {
    const budget = { bytes: i.workspaceBytes, files: filesFor(i.workspaceBytes) };
    if (i.workspaceBytes >= DEFAULT_WORKSPACE_BUDGET.bytes) budget.files = DEFAULT_WORKSPACE_BUDGET.files;
    const over = shortfall(budget, i);
    if (over) {
      const n = maxSessionsFor(budget, i);
      throw new CoworkError(
        'bad_input',
        `--max-sessions ${i.maxSessions} with a ${formatBytes(budget.bytes)} workspace each needs up to ${formatBytes(over.heap)} of heap and ${formatBytes(over.host)} of RAM; this host allows ${limits}. Use --max-sessions ${n} or less, a smaller --workspace-mb, or a larger heap (NODE_OPTIONS=--max-old-space-size=<MB>)`,
      );
    }
    return { budget };
  }
  if (!shortfall(DEFAULT_WORKSPACE_BUDGET, i)) return { budget: { ...DEFAULT_WORKSPACE_BUDGET } };
  // the largest byte budget that fits, found by bisection (the cost grows with the budget)
  let lo = 0;
  let hi = DEFAULT_WORKSPACE_BUDGET.bytes;
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2);
    if (!shortfall({ bytes: mid, files: filesFor(mid) }, i)) lo = mid;
    else hi = mid;
  }
  const bytes = Math.floor(lo / 1000) * 1000;
  const need = Math.max(MIN_WORKSPACE_BYTES, i.fixtureBytes ?? 0);
  if (bytes < need) {
    const n = maxSessionsFor({ bytes: need, files: filesFor(need) }, i);
    throw new CoworkError(
      'bad_input',
      `--max-sessions ${i.maxSessions} leaves each episode a workspace of ${formatBytes(bytes)}, less than the ${formatBytes(need)} it needs${i.fixtureBytes && i.fixtureBytes >= MIN_WORKSPACE_BYTES ? ' (the largest workspace a served task starts with)' : ''}; this host allows ${limits}. Use --max-sessions ${n} or less, or a larger heap (NODE_OPTIONS=--max-old-space-size=<MB>)`,
    );
  }
  const budget = { bytes, files: filesFor(bytes) };
  return {
    budget,
    note: `workspace budget lowered from ${formatBytes(DEFAULT_WORKSPACE_BUDGET.bytes)} to ${formatBytes(bytes)} and ${budget.files} files per episode so that ${i.maxSessions} sessions fit in ${limits}; lower --max-sessions for more`,
  };
}

function maxSessionsFor(b: WorkspaceBudget, i: CapacityInput): number {
  let lo = 0;
  let hi = i.maxSessions;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (!shortfall(b, { ...i, maxSessions: mid })) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
