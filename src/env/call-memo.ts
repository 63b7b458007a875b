import { createHash } from 'node:crypto';
import type { Rec } from '../services/types.js';

/** What one asynchronous call did to its service: the collections it wrote, the audit entries it added. */
export interface CallEffect {
  result: unknown;
  /** collection → its rows after the call (only the collections the call wrote) */
  written: Record<string, readonly Rec[]>;
  /** audit list → the entries the call appended */
  recorded: Record<string, readonly Rec[]>;
  /** the service's id counters after the call */
  counters: readonly (readonly [string, number])[];
}

/**
 * What the deterministic replays of one spec (one gate run's reference and its mutants) share: validated
 * tool arguments, and asynchronous tool calls (the shell: a worker round trip of milliseconds). A handler
 * sees only its service (collections, id counters), its arguments, the mock time and the settings, so a call with the
 * same of all of these has the same effect; the key holds them all, the rows by content. Only calls that
 * succeed are kept: a failure may be the wall clock's (a timeout), which no key holds.
 */
export class CallMemo {
  readonly #effects = new Map<string, CallEffect>();
  // validated arguments by tool and arguments object: replays of one step list share its argument objects
  readonly #params = new WeakMap<object, Map<string, Record<string, unknown>>>();

  /** `parse(args)` once per tool and arguments object; handlers read their arguments, never change them. */
  params(tool: string, args: object, parse: () => Record<string, unknown>): Record<string, unknown> {
    let byTool = this.#params.get(args);
    if (!byTool) {
      byTool = new Map();
      this.#params.set(args, byTool);
    }
    let p = byTool.get(tool);
    if (!p) {
      p = parse();
      byTool.set(tool, p);
    }
    return p;
  }

  /** calls kept */
  get size(): number {
    return this.#effects.size;
  }

  get(key: string): CallEffect | undefined {
    return this.#effects.get(key);
  }

  set(key: string, effect: CallEffect): void {
    this.#effects.set(key, effect);
  }
}

// rows are frozen, so each one's digest is computed once however many episodes share it; the key holds the
// digest, not the text, which for a workspace is every file's content (a picture's base64) on every call
const rowDigest = new WeakMap<Rec, string>();
function digestOf(r: Rec): string {
  let t = rowDigest.get(r);
  if (t === undefined) {
    t = createHash('sha256').update(JSON.stringify(r)).digest('base64');
    rowDigest.set(r, t);
  }
  return t;
}

/** The memo key of a call: tool, arguments, mock time, seq, settings, the service's counters and rows. */
export function callKey(
  parts: { tool: string; params: unknown; callMs: number; seq: number; settings: unknown },
  collections: Readonly<Record<string, readonly Rec[]>>,
  counters: readonly (readonly [string, number])[],
): string {
  const out = [parts.tool, JSON.stringify(parts.params), parts.callMs, parts.seq, JSON.stringify(parts.settings)];
  out.push(JSON.stringify(counters));
  for (const name of Object.keys(collections).sort()) {
    const rows = collections[name] ?? [];
    out.push(`${name}:${rows.length}`);
    for (const r of rows) out.push(digestOf(r));
  }
  return out.join('\u0000');
}
