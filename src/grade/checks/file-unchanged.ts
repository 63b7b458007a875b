import type { CheckEvaluator } from '../types.js';
import { fileOf, normalPath } from './file-util.js';

export const fileUnchanged: CheckEvaluator<'file_unchanged'> = {
  preservation: true,
  evaluate(check, ctx) {
    const p = normalPath(check.path);
    const initial = (ctx.spec.fixtures.workspace?.files as Record<string, unknown> | undefined)?.[p];
    const before = typeof initial === 'string' ? initial : (initial as { content?: string } | undefined)?.content;
    const f = fileOf(ctx, check.path);
    const same = !!f && before !== undefined && String(f.content) === before;
    return { score: same && ctx.progress ? 1 : 0, evidence: [{ path: check.path, unchanged: same, progress: ctx.progress }] };
  },
  satisfy() {},
};

