// One trajectory of a run as the index keeps it; apart from run-index.ts so the summary can name it without a cycle.

/** One trajectory of the index: where its line is and what the overview shows of it. */
export interface IndexEntry {
  task_id: string;
  trial: number;
  /** byte offset and length (without the newline) of its line in trajectories.jsonl */
  offset: number;
  length: number;
  line: number;
  end: string | undefined;
  /** the episode_end error, if any (the summary lists infra errors and abandoned episodes with it) */
  error: string | undefined;
  status: string | undefined;
  score: number | null;
  passed: boolean | null;
  violations: number;
  /**
   * check ids (shared by the trajectories of a task) and their scores in this trajectory; undefined until
   * `loadChecks` read them (the first pass leaves a canonical line's checks unparsed: `gradeSpan`)
   */
  checks: EntryChecks | undefined;
  /** absolute byte range [gradeFrom, gradeTo) of the grade object, while `checks` is not loaded (-1 otherwise) */
  gradeFrom: number;
  gradeTo: number;
}

export interface EntryChecks {
  ids: readonly string[];
  scores: (number | null)[];
}
