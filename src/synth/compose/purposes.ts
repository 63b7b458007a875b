// The purpose a task's rule is filed under when the task's only work is its deliverable: a review, not a status
// change. It is the word a policy section is headed by, never a word a deliverable is named by: a request that
// states its rule itself never says it (aggregates.ts, compile/reference.ts).

/** The purposes of a review-only task. */
export const REVIEW_TAGS: readonly string[] = ['Review', 'Audit sample'];
