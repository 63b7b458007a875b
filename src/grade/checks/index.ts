import type { CheckKind } from '../../schema/check-kinds.js';
import type { CheckEvaluator } from '../types.js';
import { askedUser } from './asked-user.js';
import { auditAbsent } from './audit-absent.js';
import { auditCount } from './audit-count.js';
import { auditPresent } from './audit-present.js';
import { auditSequence } from './audit-sequence.js';
import { fileExists } from './file-exists.js';
import { fileMatches } from './file-matches.js';
import { fileUnchanged } from './file-unchanged.js';
import { llmJudge } from './llm-judge.js';
import { mediaMatches } from './media-matches.js';
import { responseContains, responseMatches } from './response-text.js';
import { stateEquals } from './state-equals.js';
import { toolArg } from './tool-arg.js';
import { toolCalled } from './tool-called.js';

/** One evaluator per check kind; the mapped type makes a kind without an evaluator a type error. */
export const EVALUATORS: { [K in CheckKind]: CheckEvaluator<K> } = {
  tool_called: toolCalled,
  tool_arg: toolArg,
  audit_present: auditPresent,
  audit_absent: auditAbsent,
  audit_count: auditCount,
  audit_sequence: auditSequence,
  state_equals: stateEquals,
  response_contains: responseContains,
  response_matches: responseMatches,
  asked_user: askedUser,
  file_exists: fileExists,
  file_matches: fileMatches,
  file_unchanged: fileUnchanged,
  media_matches: mediaMatches,
  llm_judge: llmJudge,
};

export function evaluatorOf<K extends CheckKind>(kind: K): CheckEvaluator<K> {
  return EVALUATORS[kind];
}
