import type { TaskSpec } from '../schema/task-spec.js';
import { drawnPart, pictureFiles } from '../services/workspace/formats/image-scenes.js';

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
function withoutPictures(fixtures: TaskSpec['fixtures'], paths: ReadonlySet<string>): unknown {
  const files = fixtures.workspace?.files;
  if (!files || typeof files !== 'object') return fixtures;
  const kept = Array.isArray(files)
    ? files.filter((f) => !paths.has(String((f as { path?: unknown })?.path)))
    : Object.fromEntries(Object.entries(files as Record<string, unknown>).filter(([path]) => !paths.has(path)));
  return { ...fixtures, workspace: { ...fixtures.workspace, files: kept } };
}

/** The facts of `spec`'s checks that only its pictures show (none: the task does not need them). */
export function pictureOnlyFacts(spec: TaskSpec): string[] {
  const pictures = pictureFiles(spec.fixtures);
  if (!pictures.length) return [];
  const paths = new Set(pictures.map((p) => p.path));
  const shown = new Set([
    // (what the picture draws: its ground truth beside it is no part of it)
    ...leaves(
      pictures.map((p) => (p.png && typeof p.png === 'object' ? drawnPart(p.png) : p.png)),
      [],
    ),
    ...paths,
  ]);
  const seen = JSON.stringify([spec.request, spec.user, withoutPictures(spec.fixtures, paths)]);
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
