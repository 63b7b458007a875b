import type { Rec } from '../services/types.js';
import type { MatchEnv } from './match.js';
import type { CheckKind, CheckOf } from '../schema/check-kinds.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { AuditCall, AuditLog, TrajectoryEvent } from '../schema/trajectory.js';

/** What a check decided: a score in [0,1] (null when it could not be decided) and the evidence. */
export interface CheckOutcome {
  score: number | null;
  /** what `tiers` map to a score: the check's count (matching calls, entries, items found…) or value */
  measure?: number;
  evidence: unknown[];
  status?: 'ok' | 'unavailable' | 'error';
  reason?: string;
}

/** The recorded execution a grader reads. */
export interface GradeInput {
  events: readonly TrajectoryEvent[];
  audit: AuditLog;
}

/** Read-only views of one execution, shared by every check. */
export interface GradeContext {
  spec: TaskSpec;
  events: readonly TrajectoryEvent[];
  /** every call, failed ones included */
  calls: readonly AuditCall[];
  /** successful calls only: only these count toward completion */
  okCalls: readonly AuditCall[];
  records(service: string, list: string): readonly Rec[];
  /** final records of a collection (the fixtures when the episode did not change it) */
  finalRecords(service: string, collection: string): readonly Rec[];
  /** the agent's final answer: the last non-empty assistant text */
  response: string;
  /** every assistant text, in order */
  assistantTexts: readonly string[];
  /** the clock and initial records of `where` matchers */
  matchEnv: MatchEnv;
  /** whether some non-preservation check scored above 0 (set before preservation checks run) */
  progress: boolean;
  judge?: Judge;
}

/** Builds the synthetic complete record of the consistency gate (CoworkEnv App. D). */
export interface SyntheticBuilder {
  call(tool: string, args: Record<string, unknown>): void;
  record(service: string, list: string, entry: Record<string, unknown>): void;
  setState(service: string, collection: string, recordId: string, field: string, value: unknown): void;
  say(text: string): void;
  /** a question to the user before any mutating call */
  ask(text: string): void;
  /** a value satisfying a matcher or pattern */
  example(pattern: string): string;
  /** the clock and initial records matchers read */
  readonly matchEnv: MatchEnv;
  /** the spec being satisfied (a media check renders its fixture with the asked edits) */
  readonly spec: TaskSpec;
}

/** The evaluator half of a check kind (the schema half is in schema/check-kinds.ts). */
export interface CheckEvaluator<K extends CheckKind> {
  evaluate(check: CheckOf<K>, ctx: GradeContext): CheckOutcome | Promise<CheckOutcome>;
  /** adds what a complete execution would contain for this check */
  satisfy(check: CheckOf<K>, b: SyntheticBuilder): void;
  /** tools this check needs called (gate: none may be forbidden) */
  requiredTools?(check: CheckOf<K>): string[];
  /** a preservation check (something must stay as it was): evaluated last, scores only with progress */
  preservation?: true;
}

export interface JudgeRequest {
  task_id: string;
  item_id: string;
  rubric: string;
  over: 'transcript' | 'clarification' | 'audit' | 'files';
  request: string;
  /** the rendered material to judge */
  material: string;
}

export interface JudgeVerdict {
  score: number;
  reasoning: string;
}

/** Scores a rubric; throws when it cannot (the grade then has status judge_error, never a substitute score). */
export interface Judge {
  readonly name: string;
  judge(req: JudgeRequest): Promise<JudgeVerdict>;
}
