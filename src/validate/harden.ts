import { formatDiagnostic, isError } from '../schema/diagnostics.js';
import { checkSpecValue } from '../schema/parse-spec.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { type Change, HARDEN_RULES, type RawSpec } from './harden-rules/index.js';
import { type GateReport, runGate } from './index.js';
import { ReplayMemo, replay } from './replay.js';
import { findingWeight } from './severity.js';

export type { Change } from './harden-rules/index.js';

/** What `harden` did to one spec. */
export interface HardenResult {
  id: string;
  /** the spec as written, with the changes applied (defaults still unapplied) */
  raw: RawSpec;
  spec?: TaskSpec;
  changes: Change[];
  /** rules whose edits were undone because the reference stopped scoring 1.0 */
  reverted: string[];
  before: { ok: boolean; codes: string[] };
  after: { ok: boolean; codes: string[] };
  /** what is left for a person: the remaining errors, each with its fix */
  manual: string[];
}

const ROUNDS = 3;

const codesOf = (r: GateReport) => [...new Set(r.diagnostics.filter(isError).map((d) => d.code))];

/**
 * Rewrites a gameable or weakly graded spec until the gate passes, keeping the reference at 1.0: prohibitions
 * into `forbidden`, outcome weights over read weights, values the request states pinned, audit checks
 * exclusive, the same action on distractors forbidden, completion capped while the decisive outcome fails.
 * Structural errors are not its business: it returns them as manual fixes without touching the spec.
 */
export async function hardenSpec(input: unknown): Promise<HardenResult> {
  const raw = structuredClone(input) as RawSpec;
  const id = typeof raw?.id === 'string' ? raw.id : '(no id)';
  const first = await runGate({ raw });
  const before = { ok: first.ok, codes: codesOf(first) };
  const result: HardenResult = { id, raw, changes: [], reverted: [], before, after: before, manual: [] };
  const structural = first.steps.some((s) =>
    s.diagnostics.some((d) => isError(d) && findingWeight(s.step, d) === 'structural'),
  );
  if (first.ok || structural) {
    result.spec = first.spec;
    result.manual = manualFixes(first);
    return result;
  }
  let report = first;
  for (let round = 0; round < ROUNDS && !report.ok; round++) {
    const codes = new Set(codesOf(report));
    let changed = false;
    for (const rule of HARDEN_RULES) {
      if (!rule.when.some((c) => codes.has(c))) continue;
      const parsed = checkSpecValue(raw);
      if (!parsed.spec) break;
      const snapshot = structuredClone(raw);
      const changes = await rule.apply({
        raw,
        spec: parsed.spec,
        codes,
        memo: new ReplayMemo(parsed.spec),
        referenceHolds,
      });
      if (!changes.length) continue;
      if (!(await referenceHolds(raw))) {
        Object.assign(raw, snapshot);
        for (const k of Object.keys(raw)) if (!(k in snapshot)) delete raw[k];
        result.reverted.push(rule.name);
        continue;
      }
      result.changes.push(...changes);
      changed = true;
    }
    report = await runGate({ raw });
    if (!changed) break;
  }
  result.spec = report.spec;
  result.after = { ok: report.ok, codes: codesOf(report) };
  result.manual = manualFixes(report);
  return result;
}

/** Whether the reference solution of `raw` scores 1.0 (the gate's step 8 without the rest). */
async function referenceHolds(raw: RawSpec): Promise<boolean> {
  const parsed = checkSpecValue(raw);
  if (!parsed.spec) return false;
  const t = (await replay(parsed.spec, parsed.spec.reference, undefined)).trajectory;
  const g = t.grade;
  if (!g) return false;
  return g.score === 1 || (g.score === null && g.safety === 1 && g.code === 1);
}

function manualFixes(r: GateReport): string[] {
  return r.diagnostics.filter(isError).map((d) => formatDiagnostic(d));
}

/** The readable account of one spec: every change with its reason, what was undone, what is left for a person. */
export function formatHarden(res: HardenResult, from: string, to?: string): string[] {
  const lines = [`${from}${to ? ` → ${to}` : ''}  (${res.id})`];
  const show = (v: unknown) => (v === undefined ? '∅' : JSON.stringify(v));
  res.changes.forEach((c, i) => {
    const sign = c.before === undefined ? '+' : c.after === undefined ? '-' : '~';
    const what = sign === '~' ? `${show(c.before)} → ${show(c.after)}` : show(sign === '+' ? c.after : c.before);
    lines.push(`  ${sign} ${c.path}  ${what}`);
    // one reason under a run of changes that share it (a reweighing touches every check)
    const next = res.changes[i + 1];
    if (!next || next.rule !== c.rule || next.reason !== c.reason) lines.push(`      ${c.rule}: ${c.reason}`);
  });
  for (const r of res.reverted) lines.push(`  (undone: ${r} — the reference no longer scored 1.0 with it)`);
  const state = (s: { ok: boolean; codes: string[] }) =>
    s.ok ? 'passes the gate' : `rejected (${s.codes.join(', ')})`;
  lines.push(`  before: ${state(res.before)}`, `  after:  ${state(res.after)}`);
  if (!res.changes.length && res.before.ok) lines.push('  nothing to harden');
  for (const m of res.manual) lines.push(`  manual: ${m}`);
  return lines;
}
