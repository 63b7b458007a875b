import { ratio, recordEvidence } from '../evidence.js';
import { matchWhere } from '../match.js';
import type { CheckEvaluator } from '../types.js';
import { exampleWhere } from './examples.js';

export const auditPresent: CheckEvaluator<'audit_present'> = {
  evaluate(check, ctx) {
    const all = ctx.records(check.service, check.record);
    const hits = all.filter((r) => matchWhere(check.where, r));
    return {
      score: ratio(hits.length, check.min),
      evidence: [{ matched: hits.length, min: check.min, list_size: all.length }, ...recordEvidence(check.service, check.record, hits)],
    };
  },
  satisfy(check, b) {
    for (let i = 0; i < check.min; i++) b.record(check.service, check.record, exampleWhere(check.where, b));
  },
};
