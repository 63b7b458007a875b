import type { TaskSpec } from '../schema/task-spec.js';
import { pictureRecipes } from '../services/workspace/formats/image-scenes.js';

// whether a task needs its pictures (issue 28's measure): with every picture replaced by a blank one, a fact its
// checks demand — an answer id, a value a check's arguments or audit matchers name — is shown nowhere else the
// agent can look (the request, the user's lines, every fixture but the pictures), so no agent can pass it blind.
// A picture's file name counts with it: a receipt scan named by its scan number says nothing else about it.

function leaves(x: unknown, out: string[]): string[] {
  if (typeof x === 'string') out.push(x);
  else if (typeof x === 'number') out.push(String(x));
  else if (Array.isArray(x)) for (const v of x) leaves(v, out);
  else if (x && typeof x === 'object') for (const v of Object.values(x)) leaves(v, out);
  return out;
}

// the fixtures without the picture files
function withoutPictures(fixtures: TaskSpec['fixtures']): unknown {
  const files = fixtures.workspace?.files;
  if (!files || typeof files !== 'object') return fixtures;
  const isPicture = (f: unknown) => Boolean(f && typeof f === 'object' && 'png' in f);
  const kept = Array.isArray(files)
    ? files.filter((f) => !isPicture(f))
    : Object.fromEntries(Object.entries(files as Record<string, unknown>).filter(([, f]) => !isPicture(f)));
  return { ...fixtures, workspace: { ...fixtures.workspace, files: kept } };
}

// the workspace paths of the pictures
function picturePaths(fixtures: TaskSpec['fixtures']): string[] {
  const files = fixtures.workspace?.files;
  if (!files || typeof files !== 'object') return [];
  const rows = Array.isArray(files)
    ? (files as { path?: unknown; png?: unknown }[]).map((f) => [f?.path, f] as const)
    : Object.entries(files as Record<string, unknown>);
  return rows.flatMap(([path, f]) =>
    typeof path === 'string' && f && typeof f === 'object' && 'png' in f ? [path] : [],
  );
}

/** The facts of `spec`'s checks that only its pictures show (none: the task does not need them). */
export function pictureOnlyFacts(spec: TaskSpec): string[] {
  const pictures = pictureRecipes(spec.fixtures);
  if (!pictures.length) return [];
  const shown = new Set([...leaves(pictures, []), ...picturePaths(spec.fixtures)]);
  const seen = JSON.stringify([spec.request, spec.user, withoutPictures(spec.fixtures)]);
  const demanded = [
    ...spec.answer_ids,
    ...spec.checks.flatMap((c) => leaves('args' in c ? c.args : 'where' in c ? c.where : undefined, [])),
  ];
  // a value a picture draws inside a longer text (an id in a table cell) counts as shown by it
  const inPicture = (v: string) => shown.has(v) || [...shown].some((s) => s.length > v.length && s.includes(v));
  return [...new Set(demanded)].filter((v) => v.length >= 2 && inPicture(v) && !seen.includes(v));
}

/** Whether `spec` cannot pass with its pictures blank. */
export const needsPicture = (spec: TaskSpec): boolean => pictureOnlyFacts(spec).length > 0;
