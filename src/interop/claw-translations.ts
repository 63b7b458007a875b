import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { sha256Hex } from '../schema/canonical-json.js';
import { isError } from '../schema/diagnostics.js';
import { parseSource } from '../schema/document.js';
import { CoworkError } from '../schema/errors.js';

// Claw-Eval scores a task with its grader.py, Python written for that task alone: which messages were read, the
// draft addressed to the client, no message sent, the figure in the reply. No program reads that reliably, so a
// person translates what a grader decides by rule into checks and reference steps, once, and the translation
// ships here (assets/claw-eval/<task_id>.yaml) with the hash of the grader.py it was read from. The importer
// applies it only to that grader: one changed since is reported, not silently graded by an older reading.

/** The fields a translation sets on the imported spec (each replaces the imported value whole). */
const Patch = z.strictObject({
  checks: z.array(z.record(z.string(), z.unknown())).min(1).optional(),
  reference: z.array(z.record(z.string(), z.unknown())).min(1).optional(),
  judge: z.array(z.record(z.string(), z.unknown())).optional(),
  forbidden: z.record(z.string(), z.unknown()).optional(),
  mock_today: z.string().optional(),
  user: z.record(z.string(), z.unknown()).nullable().optional(),
  limits: z.record(z.string(), z.unknown()).optional(),
  labels: z.record(z.string(), z.unknown()).optional(),
  scoring: z.record(z.string(), z.unknown()).optional(),
  answer_ids: z.array(z.string()).optional(),
  errors: z.record(z.string(), z.unknown()).optional(),
  tools: z.array(z.string()).optional(),
});

const Translation = Patch.extend({
  task_id: z.string().min(1),
  /** sha256 (hex) of the grader.py read; absent only for a task that has none */
  grader_sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** what the grader scores that the checks leave to the judge or do not model, for a reviewer */
  notes: z.array(z.string()).default([]),
});
export type ClawTranslation = z.infer<typeof Translation>;

const DIR = fileURLToPath(new URL('../../assets/claw-eval/', import.meta.url));

/** The shipped translation's file for a task id (whether or not it exists). */
export const translationFile = (taskId: string, dir = DIR) => join(dir, `${taskId}.yaml`);

/** Reads and checks one translation file; a malformed one is our bug, reported with its path. */
export function readTranslation(file: string): ClawTranslation {
  const doc = parseSource(readFileSync(file, 'utf8'));
  const bad = doc.diagnostics.find(isError);
  if (!doc.doc || bad)
    throw new CoworkError('spec_invalid', `${file}${bad?.line ? `:${bad.line}` : ''}: not YAML (${bad?.message})`);
  const parsed = Translation.safeParse(doc.doc.value);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    throw new CoworkError('spec_invalid', `${file}: ${i?.path.join('.') || '(root)'}: ${i?.message}`);
  }
  return parsed.data;
}

/** Task ids with a shipped translation. */
export function translatedTaskIds(dir = DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => f.slice(0, -'.yaml'.length))
    .sort();
}

export type TranslationOutcome =
  | { applied: true; patch: z.infer<typeof Patch>; file: string; notes: string[] }
  | { applied: false; reason?: string };

/**
 * The translation of a task's grader, when one ships and was read from this very grader.py (by hash); a reason
 * when one ships but does not apply.
 */
export function translationFor(taskId: string, graderText: string | undefined, dir: string = DIR): TranslationOutcome {
  const file = translationFile(taskId, dir);
  if (!existsSync(file)) return { applied: false };
  const t = readTranslation(file);
  if (t.task_id !== taskId) throw new CoworkError('spec_invalid', `${file}: task_id ${t.task_id}, expected ${taskId}`);
  const hash = graderText === undefined ? undefined : sha256Hex(graderText);
  if (hash !== t.grader_sha256)
    return {
      applied: false,
      reason:
        hash === undefined
          ? `${file} translates a grader.py this task does not have`
          : `grader.py (sha256 ${hash.slice(0, 12)}…) is not the one ${file} was translated from (${t.grader_sha256?.slice(0, 12) ?? 'none'}…): compare it with the translation and update grader_sha256`,
    };
  const { task_id: _id, grader_sha256: _hash, notes, ...patch } = t;
  return { applied: true, patch, file, notes };
}
