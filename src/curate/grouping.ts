// CoworkEnv App. E task grouping: the mean recorded completion over readable attempts decides whether a
// task is TRIVIAL (≥ 0.999), UNSOLVABLE (≤ 0.001) or KEEP. it is a mean of fractional scores, not a pass rate.

export type TaskGroup = 'TRIVIAL' | 'KEEP' | 'UNSOLVABLE';

export const TRIVIAL_AT = 0.999;
export const UNSOLVABLE_AT = 0.001;

/** The readable score of an attempt: its completion, falling back to the reward; unparseable ⇒ undefined. */
export function readableScore(completion: unknown, reward: unknown): number | undefined {
  const pick = completion !== undefined ? completion : reward;
  const n = typeof pick === 'string' && pick.trim() !== '' ? Number(pick) : pick;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** Accumulates attempts per task and labels the tasks. */
export class TaskGrouper {
  readonly #sums = new Map<string, { sum: number; n: number }>();

  add(taskId: string, score: number | undefined): void {
    const s = this.#sums.get(taskId) ?? { sum: 0, n: 0 };
    if (score !== undefined) {
      s.sum += score;
      s.n++;
    }
    this.#sums.set(taskId, s);
  }

  /** Mean over readable attempts; a task with none is 0. */
  mean(taskId: string): number {
    const s = this.#sums.get(taskId);
    return s && s.n ? s.sum / s.n : 0;
  }

  group(taskId: string): TaskGroup {
    const m = this.mean(taskId);
    return m >= TRIVIAL_AT ? 'TRIVIAL' : m <= UNSOLVABLE_AT ? 'UNSOLVABLE' : 'KEEP';
  }

  tasks(): string[] {
    return [...this.#sums.keys()];
  }
}

/** The final path component of a task id up to its first underscore: TRIVIAL tasks share an allowance per prefix. */
export function taskPrefix(taskId: string): string {
  const last = taskId.split('/').at(-1) ?? taskId;
  const i = last.indexOf('_');
  return i < 0 ? last : last.slice(0, i);
}
