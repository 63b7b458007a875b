import { canonicalTool } from '../grade/evidence.js';
import type { Diagnostic } from '../schema/diagnostics.js';
import type { Matcher, Where } from '../schema/matchers.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { fixtureRows } from '../services/fixtures.js';
import { getService, resolveTool } from '../services/registry.js';
import { pictureNumbers, pictureRecipes } from '../services/workspace/formats/image-scenes.js';
import { formatOf } from '../services/workspace/formats/index.js';
import { err } from './types.js';

const TOTAL = /^(total|total_amount|amount_total|sum)$/;
const AMOUNT = ['amount', 'total', 'total_amount', 'value', 'price'];

/**
 * A wrong answer both the check and the reference state (gate step 6): a checked total of an action whose
 * reference call lists the records it totals (an id list declared as a foreign key, e.g. a report's
 * `transactions`) must equal the sum of those records' amounts in the fixtures — recomputed, not trusted — unless
 * the figure comes from pictures: one a picture shows, or any when the reference reads a picture (a receipt's
 * total where the card charge held a tip; the gate cannot read pixels, the checks' consistency steps still run).
 */
export function checkAnswerFacts(spec: TaskSpec): Diagnostic[] {
  const out: Diagnostic[] = [];
  const pictures = pictureRecipes(spec.fixtures);
  if (pictures.length && readsPicture(spec)) return out;
  const shown = pictures.flatMap(pictureNumbers);
  spec.checks.forEach((c, i) => {
    let where: Where | undefined;
    let tools: string[] = [];
    if (c.kind === 'tool_called') {
      where = c.args;
      tools = (typeof c.tool === 'string' ? [c.tool] : [...c.tool]).map(canonicalTool);
    } else if (c.kind === 'audit_present' || c.kind === 'audit_count') {
      where = c.where;
      tools = (getService(c.service)?.tools ?? []).filter((t) => t.mutates).map((t) => t.name);
    }
    for (const [field, m] of Object.entries(where ?? {})) {
      if (!TOTAL.test(field)) continue;
      const want = wanted(m);
      if (!want || shown.some((n) => Math.abs(n - want.value) <= want.tolerance)) continue;
      for (const s of spec.reference) {
        if (!('call' in s) || !tools.includes(canonicalTool(s.call))) continue;
        const sum = listedSum(spec, s.call, s.args);
        if (!sum || Math.abs(sum.total - want.value) <= want.tolerance) continue;
        out.push(
          err(
            'answer_fact_mismatch',
            `checks[${i}].${c.kind === 'tool_called' ? 'args' : 'where'}.${field}`,
            `this check wants ${field} ${want.value}, but the records the reference lists (${sum.ids.join(', ')}) sum to ${round(sum.total)} in the fixtures; fix the check and the reference (or the records)`,
            'verifier',
          ),
        );
        break;
      }
    }
  });
  return out;
}

// the number a matcher wants, with its tolerance (a plain number, equals, approx, or the first of any_of)
function wanted(m: Matcher | undefined): { value: number; tolerance: number } | undefined {
  if (typeof m === 'number') return { value: m, tolerance: 0.005 };
  if (!m || typeof m !== 'object' || Array.isArray(m)) return undefined;
  const o = m as Record<string, unknown>;
  if (typeof o.equals === 'number') return { value: o.equals, tolerance: 0.005 };
  if (typeof o.approx === 'number') {
    const abs = typeof o.abs === 'number' ? o.abs : 0;
    const rel = typeof o.rel === 'number' ? o.rel * Math.abs(o.approx) : 0;
    return { value: o.approx, tolerance: Math.max(abs, rel, 0.005) };
  }
  if (Array.isArray(o.any_of)) {
    // any accepted reading: the closest one decides, so take the widest band
    const all = (o.any_of as Matcher[]).map(wanted).filter((x) => x !== undefined);
    if (all.length === 0) return undefined;
    const lo = Math.min(...all.map((w) => w.value - w.tolerance));
    const hi = Math.max(...all.map((w) => w.value + w.tolerance));
    return { value: (lo + hi) / 2, tolerance: (hi - lo) / 2 };
  }
  return undefined;
}

// the id list a call passes for a foreign-key array (e.g. transactions → finance.transactions) and its amounts' sum
function listedSum(
  spec: TaskSpec,
  call: string,
  args: Record<string, unknown>,
): { total: number; ids: string[] } | undefined {
  const service = resolveTool(call)?.service;
  if (!service) return undefined;
  for (const col of Object.values(service.collections)) {
    for (const [field, ref] of Object.entries(col.refs ?? {})) {
      const ids = args[field];
      if (!Array.isArray(ids) || ids.length === 0) continue;
      const [svc = '', name = ''] = ref.to.split('.');
      const target = getService(svc)?.collections[name];
      if (!target) continue;
      const rows = fixtureRows(spec, svc, name) as Record<string, unknown>[];
      const picked = ids.map((id) => rows.find((r) => r?.[target.id] === id));
      const key = AMOUNT.find((k) => picked.every((r) => typeof r?.[k] === 'number'));
      if (!key) continue;
      return { total: picked.reduce((a, r) => a + (r?.[key] as number), 0), ids: ids.map(String) };
    }
  }
  return undefined;
}

const round = (n: number) => Math.round(n * 100) / 100;

// the reference opens a picture of the workspace (fs_read of a png/jpg/gif/webp path)
function readsPicture(spec: TaskSpec): boolean {
  return spec.reference.some(
    (s) =>
      'call' in s &&
      canonicalTool(s.call) === 'fs_read' &&
      formatOf(String((s.args as { path?: unknown }).path ?? '')) === 'image',
  );
}
