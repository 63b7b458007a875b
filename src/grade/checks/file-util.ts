import type { Rec } from '../../services/types.js';
import type { GradeContext } from '../types.js';

// workspace files at the end of an episode: the changed state over the fixtures.

/** The final record of a workspace file ("data/x.csv", "./data/x.csv" or "/workspace/data/x.csv"). */
export function fileOf(ctx: GradeContext, path: string): Rec | undefined {
  const p = normalPath(path);
  return ctx.finalRecords('workspace', 'files').find((f) => f.path === p);
}

export function normalPath(path: string): string {
  return path.replace(/^\/?workspace\//, '').replace(/^\.?\/+/, '');
}

export function textOf(f: Rec): string {
  return f.encoding === 'base64' ? Buffer.from(String(f.content), 'base64').toString('utf8') : String(f.content ?? '');
}
