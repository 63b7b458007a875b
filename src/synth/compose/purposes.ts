// The purpose a task's rule is filed under when the task's only work is its deliverable: a review, not a status
// change. It is the word a policy section is headed by, never a word a deliverable is named by: a request that
// states its rule itself never says it (aggregates.ts, compile/reference.ts).

/** The purposes of a review-only task. */
export const REVIEW_TAGS: readonly string[] = ['Review', 'Audit sample'];

// the records an auditor samples: money, claims, access and compliance records. A desk, an exam seat or a podcast
// episode is never in an audit sample, so its review is only a review
const AUDITED = new Set([
  'transactions',
  'sheet_rows',
  'order_screenshot',
  'receipt_scans',
  'claims',
  'per_diem_claims',
  'trip_requests',
  'purchase_requests',
  'client_matters',
  'legal_holds',
  'contracts',
  'trades',
  'positions',
  'fx_exposures',
  'access_reviews',
  'data_subject_requests',
  'vendor_assessments',
  'security_findings',
]);

/** The purposes a review-only task over a record type may be filed under. */
export const reviewTagsOf = (source: string): readonly string[] =>
  AUDITED.has(source) ? REVIEW_TAGS : REVIEW_TAGS.filter((t) => t !== 'Audit sample');
