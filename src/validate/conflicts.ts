import { evaluatorOf } from '../grade/checks/index.js';
import { canonicalTool } from '../grade/evidence.js';
import type { CheckEvaluator } from '../grade/types.js';
import type { CheckKind } from '../schema/check-kinds.js';
import type { Diagnostic } from '../schema/diagnostics.js';
import type { TaskSpec } from '../schema/task-spec.js';
import { err } from './types.js';

/** Gate step 5: no tool is both required (by a check or the reference) and forbidden. */
export function checkConflicts(spec: TaskSpec): Diagnostic[] {
  const out: Diagnostic[] = [];
  const forbidden = new Set(spec.forbidden.tools.map(canonicalTool));
  if (forbidden.size === 0) return out;
  spec.checks.forEach((c, i) => {
    const ev = evaluatorOf(c.kind) as CheckEvaluator<CheckKind>;
    for (const t of ev.requiredTools?.(c as never) ?? []) {
      if (forbidden.has(canonicalTool(t)))
        out.push(
          err(
            'required_and_forbidden',
            `checks[${i}]`,
            `${t} is required by this check and forbidden; drop one`,
            'verifier',
          ),
        );
    }
  });
  spec.reference.forEach((s, i) => {
    if ('call' in s && forbidden.has(canonicalTool(s.call))) {
      out.push(
        err(
          'reference_calls_forbidden',
          `reference[${i}].call`,
          `the reference calls ${s.call}, which is forbidden`,
          'builder',
        ),
      );
    }
  });
  return out;
}
