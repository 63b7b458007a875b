import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fixturesOf } from '../env/prepared.js';
import { fixturePicture } from '../env/fixture-pictures.js';
import { specHash } from '../schema/canonical-json.js';
import { CoworkError } from '../schema/errors.js';
import { Trajectory } from '../schema/trajectory.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { getService } from '../services/registry.js';
import { type CollectionDiff, diffCollection, type DiffLine, diffLines } from './record-diff.js';
import type { IndexEntry, RunIndex } from './run-index.js';

type Rec = Record<string, unknown>;

/** A check of the grade with the events its evidence points at. */
export interface LinkedCheck {
  id: string;
  kind: string;
  weight: number;
  score: number | null;
  status: string;
  reason?: string;
  evidence: unknown[];
  /** indexes into `events` of the tool results the evidence cites (by audit seq) */
  steps: number[];
  judged: boolean;
}

/** Everything the trajectory page shows of one (task, trial). */
export interface TrialDetail {
  run: string;
  task_id: string;
  trial: number;
  line: number;
  events: (Rec & { index: number; seq?: number })[];
  checks: LinkedCheck[];
  grade: Omit<NonNullable<Trajectory['grade']>, 'checks' | 'judge'> | null;
  violations: { violation: unknown; steps: number[] }[];
  audit_calls: number;
  state: CollectionDiff[];
  files: { path: string; status: 'added' | 'removed' | 'changed'; diff: DiffLine[] }[];
  /** why the state diff is missing or may be off (no spec, spec changed since the run) */
  state_note?: string;
}

/** Every `seq` number found in a value (evidence items and violations cite audit calls and records by it). */
export function seqsIn(value: unknown, out = new Set<number>(), depth = 0): Set<number> {
  if (depth > 6 || !value || typeof value !== 'object') return out;
  if (Array.isArray(value)) {
    for (const v of value) seqsIn(v, out, depth + 1);
    return out;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k === 'seq' && typeof v === 'number') out.add(v);
    else seqsIn(v, out, depth + 1);
  }
  return out;
}

/** Loads the spec of a task from a file (once per file: the state diff needs its fixtures). */
export type SpecLoader = (file: string, id: string) => Promise<TaskSpec | undefined>;

/** Where run.json's spec_path points: as given (absolute, or relative to the working directory), else relative to the run, as `curate` reads it. */
export function specFileOf(runDir: string, specPath: string): string {
  if (isAbsolute(specPath)) return specPath;
  return existsSync(specPath) ? resolve(specPath) : resolve(runDir, specPath);
}

export async function trialDetail(
  runId: string,
  index: RunIndex,
  e: IndexEntry,
  loadSpec: SpecLoader,
): Promise<TrialDetail> {
  const text = await index.lineOf(e);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new CoworkError('bad_input', `${index.file}:${e.line}: not valid JSON (${(err as Error).message})`);
  }
  const parsed = Trajectory.safeParse(value);
  if (!parsed.success)
    throw new CoworkError(
      'bad_input',
      `${index.file}:${e.line}: not a trajectory record (${parsed.error.issues[0]?.message ?? 'schema mismatch'})`,
    );
  const t = parsed.data;
  // the n-th tool event is the n-th audited call (every call is audited, unknown tools and faults included)
  const events: TrialDetail['events'] = t.events.map((ev, index) => ({ ...(ev as Rec), index }));
  const bySeq = new Map<number, number>();
  let call = 0;
  for (const ev of events) {
    if (ev.type !== 'tool') continue;
    const a = t.audit.calls[call];
    if (a && (a.tool === ev.name || a.called_as === ev.name)) {
      ev.seq = a.seq;
      bySeq.set(a.seq, ev.index);
      call++;
    }
  }
  const stepsOf = (v: unknown) =>
    [...seqsIn(v)]
      .map((s) => bySeq.get(s))
      .filter((i): i is number => i !== undefined)
      .sort((a, b) => a - b);
  const grade = t.grade;
  const checks: LinkedCheck[] = grade
    ? [...grade.checks.map((c) => ({ c, judged: false })), ...grade.judge.map((c) => ({ c, judged: true }))].map(
        ({ c, judged }) => ({
          id: c.id,
          kind: c.kind,
          weight: c.weight,
          score: c.score,
          status: c.status,
          ...(c.reason ? { reason: c.reason } : {}),
          evidence: c.evidence,
          steps: stepsOf(c.evidence),
          judged,
        }),
      )
    : [];
  const { checks: _c, judge: _j, ...rest } = grade ?? ({} as NonNullable<typeof grade>);
  const detail: TrialDetail = {
    run: runId,
    task_id: t.task_id,
    trial: t.trial,
    line: e.line,
    events,
    checks,
    grade: grade ? rest : null,
    violations: (grade?.safety_violations ?? []).map((v) => ({ violation: v, steps: stepsOf(v) })),
    audit_calls: t.audit.calls.length,
    state: [],
    files: [],
  };
  await addStateDiff(detail, t, index, loadSpec);
  await addPictures(detail, t, index, loadSpec);
  return detail;
}

// the pictures a tool showed, inline (data URLs) where the task's fixtures hold them: the trajectory keeps their
// hashes only
async function addPictures(detail: TrialDetail, t: Trajectory, index: RunIndex, loadSpec: SpecLoader): Promise<void> {
  const shown = detail.events.filter((ev) => ev.type === 'tool' && Array.isArray(ev.images) && ev.images.length);
  if (!shown.length) return;
  const task = index.config?.tasks.find((x) => x.id === t.task_id);
  const file = task?.spec_path ? specFileOf(index.dir, task.spec_path) : undefined;
  const spec = file ? await loadSpec(file, t.task_id) : undefined;
  for (const ev of shown)
    ev.pictures = (ev.images as { sha256: string; mime: string; width: number; height: number }[]).map((img) => {
      const data = spec ? fixturePicture(spec, img.sha256) : undefined;
      return { ...img, ...(data ? { src: `data:${img.mime};base64,${data}` } : {}) };
    });
}

async function addStateDiff(detail: TrialDetail, t: Trajectory, index: RunIndex, loadSpec: SpecLoader): Promise<void> {
  const changed = Object.entries(t.audit.state);
  if (!changed.length) return;
  const task = index.config?.tasks.find((x) => x.id === t.task_id);
  const file = task?.spec_path ? specFileOf(index.dir, task.spec_path) : undefined;
  const spec = file ? await loadSpec(file, t.task_id) : undefined;
  // once per spec object (frozen, shared with the gate's episodes)
  const before = spec ? fixturesOf(spec).state : undefined;
  if (!spec)
    detail.state_note = file
      ? `the task's spec (${file}) could not be read: records are shown as they ended, without their fixtures`
      : 'the run does not record where its task specs are: records are shown as they ended';
  else if (task && specHash(spec) !== task.spec_hash)
    detail.state_note = `${file} changed since this run: "before" is the current spec's fixtures`;
  for (const [service, collections] of changed) {
    for (const [collection, after] of Object.entries(collections)) {
      const def = getService(service)?.collections[collection];
      const prev = (before?.[service]?.[collection] ?? []) as Rec[];
      const diff = diffCollection(service, collection, def?.id ?? 'id', prev, after as Rec[]);
      detail.state.push(diff);
      if (service === 'workspace' && collection === 'files') detail.files.push(...fileDiffs(diff));
    }
  }
}

function fileDiffs(d: CollectionDiff): TrialDetail['files'] {
  const text = (r: Rec | undefined) =>
    typeof r?.content === 'string' ? r.content : r?.content === undefined ? '' : JSON.stringify(r.content);
  const out: TrialDetail['files'] = [];
  for (const r of d.added)
    out.push({ path: String(r.path), status: 'added', diff: diffLines('', text(r)).filter((l) => l.op !== '-') });
  for (const r of d.removed)
    out.push({ path: String(r.path), status: 'removed', diff: diffLines(text(r), '').filter((l) => l.op !== '+') });
  for (const c of d.changed) {
    const content = c.fields.find((f) => f.field === 'content');
    if (content)
      out.push({
        path: c.id,
        status: 'changed',
        diff: diffLines(text({ content: content.before }), text({ content: content.after })),
      });
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}
