import { auditKinds } from '../../services/catalog.js';
import { recordEvidence } from '../evidence.js';
import { matchWhere } from '../match.js';
import type { CheckEvaluator } from '../types.js';
import { exampleWhere } from './examples.js';

export const auditCount: CheckEvaluator<'audit_count'> = {
  evaluate(check, ctx) {
    const kinds = auditKinds(check.service, check.record);
    const hits = ctx
      .records(check.service, check.record)
      .filter((r) => matchWhere(check.where, r, kinds, ctx.matchEnv));
    const n = hits.length;
    let score = 1;
    if (check.equals !== undefined) score = n === check.equals ? 1 : 0;
    else if (check.max !== undefined && n > check.max) score = 0;
    else if (check.min !== undefined && n < check.min) score = n / check.min;
    return {
      score,
      measure: n,
      evidence: [
        { matched: n, min: check.min ?? null, max: check.max ?? null, equals: check.equals ?? null },
        ...recordEvidence(check.service, check.record, hits),
      ],
    };
  },
  satisfy(check, b) {
    const n = check.equals ?? check.min ?? 0;
    for (let i = 0; i < n; i++) b.record(check.service, check.record, exampleWhere(check.where, b));
  },
};
