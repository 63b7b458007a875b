import { argKinds, auditKinds } from '../../services/catalog.js';
import type { SequenceStep } from '../../schema/check-kinds.js';
import { argsOf, canonicalTool } from '../evidence.js';
import { matchWhere } from '../match.js';
import type { CheckEvaluator, GradeContext } from '../types.js';
import { exampleWhere } from './examples.js';

interface Occurrence {
  seq: number;
  matches(step: SequenceStep): boolean;
}

// successful calls and record entries, ordered by the call that produced them
function occurrences(ctx: GradeContext, steps: readonly SequenceStep[]): Occurrence[] {
  const out: Occurrence[] = [];
  for (const c of ctx.okCalls) {
    out.push({
      seq: c.seq,
      matches: (s) =>
        'tool' in s &&
        canonicalTool(s.tool) === c.tool &&
        matchWhere(s.args, argsOf(c), argKinds(c.tool), ctx.matchEnv),
    });
  }
  const lists = new Set(steps.flatMap((s) => ('record' in s ? [`${s.service}\u0000${s.record}`] : [])));
  for (const key of lists) {
    const [service, list] = key.split('\u0000') as [string, string];
    const kinds = auditKinds(service, list);
    for (const r of ctx.records(service, list)) {
      out.push({
        seq: Number(r.seq ?? 0),
        matches: (s) =>
          'record' in s && s.service === service && s.record === list && matchWhere(s.where, r, kinds, ctx.matchEnv),
      });
    }
  }
  return out.sort((a, b) => a.seq - b.seq);
}

export const auditSequence: CheckEvaluator<'audit_sequence'> = {
  evaluate(check, ctx) {
    const occ = occurrences(ctx, check.steps);
    const matchedSeqs: number[] = [];
    let i = 0;
    for (const o of occ) {
      const step = check.steps[i];
      if (!step) break;
      // a step is matched only by something strictly after the previous step
      if ((matchedSeqs.at(-1) ?? 0) < o.seq && o.matches(step)) {
        matchedSeqs.push(o.seq);
        i++;
      }
    }
    return {
      score: i / check.steps.length,
      measure: i,
      evidence: [{ steps_matched: i, steps: check.steps.length, at_seq: matchedSeqs }],
    };
  },
  satisfy(check, b) {
    for (const s of check.steps) {
      if ('tool' in s) b.call(s.tool, exampleWhere(s.args, b));
      else b.record(s.service, s.record, exampleWhere(s.where, b));
    }
  },
  requiredTools: (check) => check.steps.flatMap((s) => ('tool' in s ? [s.tool] : [])),
};
