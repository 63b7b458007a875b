import { auditKinds } from '../../services/catalog.js';
import { recordEvidence } from '../evidence.js';
import { matchWhere } from '../match.js';
import type { CheckEvaluator } from '../types.js';

export const auditAbsent: CheckEvaluator<'audit_absent'> = {
  preservation: true,
  evaluate(check, ctx) {
    const kinds = auditKinds(check.service, check.record);
    const hits = ctx
      .records(check.service, check.record)
      .filter((r) => matchWhere(check.where, r, kinds, ctx.matchEnv));
    return {
      score: hits.length === 0 && ctx.progress ? 1 : 0,
      evidence: [
        { matched: hits.length, progress: ctx.progress },
        ...recordEvidence(check.service, check.record, hits),
      ],
    };
  },
  satisfy() {},
};
