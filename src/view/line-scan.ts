// Reads what a run's overview needs (task, trial, how it ended, its grade) from one trajectories.jsonl line
// without parsing the whole line: on a 100,000-trajectory run the events and audit are ~95 % of the bytes, and
// JSON.parse of all of them would take longer than opening the page may. A line this cannot read safely is
// parsed whole (`slimOf` falls back), so the result never depends on the shortcut.

import type { Grade } from '../schema/trajectory.js';

/** What the run index keeps of one trajectory. */
export interface Slim {
  task_id: string;
  trial: number;
  /** the episode_end reason, if the trajectory has one */
  end?: string;
  /** the episode_end error text (infra errors are listed with it) */
  error?: string;
  grade?: Pick<Grade, 'status' | 'score' | 'passed' | 'safety'> & { violations: number };
  /** the checks' ids and scores, when the grade was parsed whole */
  checks?: SlimCheck[];
  /** where the grade object is in the buffer, when its checks were left unparsed (see `checksOf`) */
  gradeSpan?: [number, number];
}

export interface SlimCheck {
  id: string;
  score: number | null;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = 0x7b;
const CLOSE = 0x7d;
const OPEN_SQ = 0x5b;
const CLOSE_SQ = 0x5d;

/** The index just past the object or array that starts at `from`, skipping strings; -1 if it does not close before `end`. */
export function matchClose(buf: Buffer, from: number, end: number): number {
  let depth = 0;
  for (let i = from; i < end; i++) {
    const c = buf[i];
    if (c === QUOTE) {
      // skip the string, honouring escapes
      for (i++; i < end && buf[i] !== QUOTE; i++) if (buf[i] === BACKSLASH) i++;
    } else if (c === OPEN || c === OPEN_SQ) depth++;
    else if (c === CLOSE || c === CLOSE_SQ) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

const GRADE_KEY = Buffer.from('"grade":{');
const CHECKS_OPEN = Buffer.from('{"checks":[');
const CODE_KEY = Buffer.from('],"code":');
const END_KEY = Buffer.from('"type":"episode_end"');
const OBJ_START = Buffer.from('{"');
const CANONICAL_TAIL = Buffer.from(',"kind":"trajectory","task_id":');
const PLAIN_HEAD = Buffer.from('{"kind":"trajectory","version":1,"task_id":');
const TRIAL_KEY = Buffer.from(',"trial":');

function parseJson(buf: Buffer, start: number, end: number): unknown {
  return JSON.parse(buf.toString('utf8', start, end));
}

function slimGrade(g: Partial<Grade> | undefined): Slim['grade'] {
  if (!g || typeof g !== 'object' || typeof g.status !== 'string') return undefined;
  return {
    status: g.status,
    score: g.score ?? null,
    passed: g.passed ?? null,
    safety: g.safety ?? 1,
    violations: Array.isArray(g.safety_violations) ? g.safety_violations.length : 0,
  };
}

/** The ids and scores of a grade's checks (and judge items). */
export function checksOfGrade(g: Partial<Grade> | undefined): SlimCheck[] {
  return [...(Array.isArray(g?.checks) ? g.checks : []), ...(Array.isArray(g?.judge) ? g.judge : [])].map((c) => ({
    id: String(c.id),
    score: c.score ?? null,
  }));
}

/** The checks of a grade object's text (what `gradeSpan` points at). */
export function checksOf(gradeText: string): SlimCheck[] {
  return checksOfGrade(JSON.parse(gradeText) as Grade);
}

/** From a parsed record (the slow path). */
export function slimOfValue(v: unknown): Slim | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const r = v as { kind?: unknown; task_id?: unknown; trial?: unknown; events?: unknown; grade?: Grade };
  if (
    r.kind !== 'trajectory' ||
    typeof r.task_id !== 'string' ||
    typeof r.trial !== 'number' ||
    !Array.isArray(r.events)
  )
    return undefined;
  const last = r.events.at(-1) as { type?: unknown; reason?: unknown; error?: unknown } | undefined;
  const grade = r.grade && Array.isArray(r.grade.checks) ? slimGrade(r.grade) : undefined;
  const end =
    last?.type === 'episode_end'
      ? { end: String(last.reason), ...(typeof last.error === 'string' ? { error: last.error } : {}) }
      : {};
  return { task_id: r.task_id, trial: r.trial, ...end, ...(grade ? { grade, checks: checksOfGrade(r.grade) } : {}) };
}

/**
 * The fast path for the two key orders coworkenv writes (canonical JSON, sorted keys; and JSON.stringify's
 * kind, version, task_id, trial, events, audit, grade). A key with a raw `"` can only be a key (inside a
 * string every `"` is escaped), the top-level grade is the last `"grade":{` (only kind/task_id/trial/version
 * or nothing follow it), and episode_end is flat. Returns undefined when the line is not of either shape.
 */
export function slimFast(buf: Buffer, start: number, end: number): Slim | undefined {
  let ids: { task_id?: unknown; trial?: unknown; kind?: unknown };
  let gradeEnd: number;
  // canonical order only: what the overview needs of the grade, parsed with the record's last fields
  let gradeTail: Partial<Grade> | undefined;
  let gradeAt: number | undefined;
  const tail = buf.lastIndexOf(CANONICAL_TAIL, end - 1);
  if (tail >= start) {
    gradeEnd = tail;
    ids = JSON.parse(`{${buf.toString('utf8', tail + 1, end)}`) as typeof ids;
    gradeAt = buf.lastIndexOf(GRADE_KEY, tail - 1);
    gradeTail = canonicalGradeTail(buf, gradeAt, start, tail);
  } else if (buf.indexOf(PLAIN_HEAD, start) === start) {
    // "task_id":"…","trial":N, — the id is a JSON string; find its end honouring escapes
    const idStart = start + PLAIN_HEAD.length;
    let i = idStart + 1;
    for (; i < end && buf[i] !== QUOTE; i++) if (buf[i] === BACKSLASH) i++;
    if (buf.indexOf(TRIAL_KEY, i + 1) !== i + 1) return undefined;
    let j = i + 1 + TRIAL_KEY.length;
    while (j < end && (buf[j] as number) >= 0x30 && (buf[j] as number) <= 0x39) j++;
    if (j === i + 1 + TRIAL_KEY.length || buf[j] !== 0x2c) return undefined;
    ids = {
      kind: 'trajectory',
      task_id: parseJson(buf, idStart, i + 1),
      trial: Number(buf.toString('latin1', i + 1 + TRIAL_KEY.length, j)),
    };
    gradeEnd = end - 1; // the grade, when present, is the last field
  } else return undefined;
  if (ids.kind !== 'trajectory' || typeof ids.task_id !== 'string' || typeof ids.trial !== 'number') return undefined;
  const out: Slim = { task_id: ids.task_id, trial: ids.trial };
  const g = gradeAt ?? buf.lastIndexOf(GRADE_KEY, gradeEnd - 1);
  if (g >= start) {
    const from = g + GRADE_KEY.length - 1;
    const grade = gradeTail ? slimGrade(gradeTail) : undefined;
    if (grade) {
      out.grade = grade;
      out.gradeSpan = [from, gradeEnd];
    } else {
      // the top-level grade ends where the record's next key (or the record) does: the slice parses as one
      // value only if the object found is that grade (a nested "grade" would leave text after its end)
      let value: unknown;
      try {
        value = parseJson(buf, from, gradeEnd);
      } catch {
        return undefined;
      }
      const parsed = value && Array.isArray((value as Grade).checks) ? slimGrade(value as Grade) : undefined;
      if (!parsed) return undefined;
      out.grade = parsed;
      out.checks = checksOfGrade(value as Grade);
    }
  }
  const e = buf.lastIndexOf(END_KEY, (g >= start ? g : gradeEnd) - 1);
  if (e >= start) {
    const open = buf.lastIndexOf(OBJ_START, e);
    const close = open >= start ? matchClose(buf, open, end) : -1;
    if (close < 0) return undefined;
    const ev = parseJson(buf, open, close) as { type?: unknown; reason?: unknown; error?: unknown };
    if (ev.type !== 'episode_end') return undefined;
    out.end = String(ev.reason);
    if (typeof ev.error === 'string') out.error = ev.error;
  }
  return out;
}

/**
 * Canonical order: {"checks":[…],"code":…,…,"status":…}. What the overview needs comes after the checks, whose
 * evidence is most of the grade: parse only from the last `],"code":` on and leave the checks for later
 * (`gradeSpan`). A nested `],"code":` would leave brackets unbalanced, so the slice would not parse.
 * Undefined when the grade does not have this shape.
 */
function canonicalGradeTail(buf: Buffer, g: number, start: number, tail: number): Partial<Grade> | undefined {
  const from = g + GRADE_KEY.length - 1;
  if (g < start || buf.indexOf(CHECKS_OPEN, from) !== from) return undefined;
  const c = buf.lastIndexOf(CODE_KEY, tail - 1);
  if (c <= from) return undefined;
  let grade: Partial<Grade>;
  try {
    grade = JSON.parse(`{${buf.toString('utf8', c + 2, tail)}`) as Partial<Grade>;
  } catch {
    return undefined;
  }
  return 'mode' in grade && 'pass_threshold' in grade ? grade : undefined;
}

/** The overview of the line buf[start, end) (no newline), or why it cannot be read. */
export function slimOf(buf: Buffer, start: number, end: number): { slim: Slim } | { problem: string } {
  try {
    const fast = slimFast(buf, start, end);
    if (fast) return { slim: fast };
  } catch {
    // an unexpected shape: parse the whole line below
  }
  let value: unknown;
  try {
    value = parseJson(buf, start, end);
  } catch (e) {
    return { problem: `not valid JSON (${e instanceof Error ? e.message : String(e)})` };
  }
  const slim = slimOfValue(value);
  return slim ? { slim } : { problem: 'not a trajectory record' };
}
