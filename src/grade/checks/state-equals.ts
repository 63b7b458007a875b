import { collectionKinds } from '../../services/catalog.js';
import { getService } from '../../services/registry.js';
import { matchValue, numberOf } from '../match.js';
import type { CheckEvaluator } from '../types.js';
import { exampleValue } from './examples.js';

export const stateEquals: CheckEvaluator<'state_equals'> = {
  evaluate(check, ctx) {
    const idField = getService(check.service)?.collections[check.collection]?.id ?? 'id';
    const rec = ctx.finalRecords(check.service, check.collection).find((r) => r[idField] === check.record_id);
    if (!rec) return { score: 0, evidence: [{ record_id: check.record_id, found: false }] };
    const actual = rec[check.field];
    const kinds = collectionKinds(check.service, check.collection);
    const score = matchValue(check.value, actual, kinds[check.field], { ...ctx.matchEnv, record: rec, kinds }) ? 1 : 0;
    const measure = numberOf(actual);
    return {
      score,
      ...(measure !== undefined ? { measure } : {}),
      evidence: [{ record_id: check.record_id, field: check.field, actual }],
    };
  },
  satisfy(check, b) {
    b.setState(check.service, check.collection, check.record_id, check.field, exampleValue(check.value, b));
  },
};
