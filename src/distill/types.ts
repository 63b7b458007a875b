import type { TaskGroup } from '../curate/grouping.js';

/**
 * One training row: a student token sequence (one merged trace of one trajectory) with the teacher's top-k
 * next-token distribution at every loss position. Position p predicts `input_ids[p]` from `input_ids[:p]`;
 * `positions` lists the loss positions (ascending) and every per-position column is aligned with it.
 * docs/distill.md documents the schema.
 */
export interface DistillRow {
  task_id: string;
  trial: number;
  /** the trace's index within the trajectory (0 unless the student's context was rewritten, see docs/proxy.md) */
  trace: number;
  family: string;
  /** the task's group over the source runs (TRIVIAL, KEEP, UNSOLVABLE), null when the record has no score */
  group: TaskGroup | null;
  /** the grade's score, completion and pass flag (null when ungraded) */
  reward: number | null;
  completion: number | null;
  passed: boolean | null;
  input_ids: number[];
  /** 1 at agent-generated positions (assistant text and tool calls, as the SFT export masks them) the student sampled */
  loss_mask: (0 | 1)[];
  /** 1 at every token the student sampled (loss_mask plus each turn's end-of-turn token) */
  sampled_mask: (0 | 1)[];
  /** the loss positions: indices p with loss_mask[p] = 1 */
  positions: number[];
  /** per loss position: the teacher's k most probable next tokens, most probable first */
  teacher_top_ids: number[][];
  /** per loss position: their log-probabilities under the teacher */
  teacher_top_logprobs: number[][];
  /** per loss position: the teacher's log-probability of the token the student sampled */
  teacher_token_logprobs: number[];
  /** per loss position: the student's own sampling log-probability of that token */
  student_logprobs: number[];
}

/** How a row's key reads in messages. */
export const rowKey = (r: { task_id: string; trial: number }) => `${r.task_id} trial ${r.trial}`;
