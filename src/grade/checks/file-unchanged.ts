import { prepare } from '../../env/prepared.js';
import type { CheckEvaluator, GradeContext } from '../types.js';
import { docOf, docTextOf } from './file-doc.js';
import { fileOf, normalPath } from './file-util.js';

// both read as the same office document (an unreadable one never equals anything); 'undecided' when the
// reader failed for a reason of the moment
async function sameContent(
  a: Readonly<Record<string, unknown>>,
  b: Readonly<Record<string, unknown>>,
): Promise<boolean | { undecided: string }> {
  const x = await docOf(a);
  const y = await docOf({ ...b, path: a.path });
  const failed = [x, y].find((r) => r.transient);
  if (failed) return { undecided: failed.error ?? 'the reader failed' };
  return (
    !!x.doc && !!y.doc && x.office && y.office && x.doc.kind === y.doc.kind && docTextOf(x.doc) === docTextOf(y.doc)
  );
}

export const fileUnchanged: CheckEvaluator<'file_unchanged'> = {
  preservation: true,
  async evaluate(check, ctx) {
    const p = normalPath(check.path);
    const initial = prepare(ctx.spec).state.workspace?.files?.find((r) => r.path === p);
    const before: Readonly<Record<string, unknown>> | undefined = userPatched(ctx, p) ?? initial;
    const f = fileOf(ctx, check.path);
    const bytesSame =
      !!f && !!before && f.content === before.content && (f.encoding ?? 'utf8') === (before.encoding ?? 'utf8');
    // an office file saved again (new zip timestamps, other compression) with the same content is unchanged
    const content = bytesSame || !f || !before ? bytesSame : await sameContent(f, before);
    if (typeof content === 'object')
      return {
        score: null,
        status: 'error',
        reason: `file_unchanged ${check.id}: ${content.undecided}`,
        evidence: [{ path: check.path }],
      };
    const same = content;
    const evidence: Record<string, unknown> = { path: check.path, unchanged: same, progress: ctx.progress };
    if (same && !bytesSame) evidence.compared = 'content';
    if (before !== initial) evidence.baseline = 'simulated user patch';
    return { score: same && ctx.progress ? 1 : 0, evidence: [evidence] };
  },
  satisfy() {},
};

// the simulated user's own patch is not the agent's change: after a user patch of the path, the file must still
// hold what the user set. A patch event names the path only, so the content is the signal's; when several
// signals patch one path, the last one in plan order whose content the file holds (else the last) is the baseline.
function userPatched(ctx: GradeContext, path: string): { content: string; encoding: 'utf8' } | undefined {
  const patched = ctx.events.some(
    (e) =>
      e.type === 'patch' && e.op === 'patch_file' && normalPath(String((e as { path?: unknown }).path ?? '')) === path,
  );
  if (!patched || !ctx.spec.user) return undefined;
  const contents = ctx.spec.user.signals.flatMap((s) =>
    s.effect.patch_file && normalPath(s.effect.patch_file.path) === path ? [s.effect.patch_file.content] : [],
  );
  if (contents.length === 0) return undefined;
  const now = fileOf(ctx, path)?.content;
  const content = contents.findLast((c) => c === now) ?? (contents.at(-1) as string);
  return { content, encoding: 'utf8' };
}
