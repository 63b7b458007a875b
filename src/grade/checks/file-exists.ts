import type { CheckEvaluator } from '../types.js';
import { fileOf } from './file-util.js';

export const fileExists: CheckEvaluator<'file_exists'> = {
  evaluate(check, ctx) {
    const f = fileOf(ctx, check.path);
    return { score: f ? 1 : 0, evidence: [{ path: check.path, exists: !!f }] };
  },
  satisfy(check, b) {
    b.setState('workspace', 'files', check.path, 'content', 'x');
  },
};
