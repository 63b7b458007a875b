import { prepare } from '../../env/prepared.js';
import type { CheckEvaluator } from '../types.js';
import { fileOf, normalPath } from './file-util.js';

export const fileUnchanged: CheckEvaluator<'file_unchanged'> = {
  preservation: true,
  evaluate(check, ctx) {
    const p = normalPath(check.path);
    const before = prepare(ctx.spec).state.workspace?.files?.find((r) => r.path === p);
    const f = fileOf(ctx, check.path);
    const same = !!f && !!before && f.content === before.content && (f.encoding ?? 'utf8') === (before.encoding ?? 'utf8');
    return { score: same && ctx.progress ? 1 : 0, evidence: [{ path: check.path, unchanged: same, progress: ctx.progress }] };
  },
  satisfy() {},
};

