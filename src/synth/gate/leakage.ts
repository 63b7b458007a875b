import type { Diagnostic } from '../../spec/diagnostics.js';
import type { TaskSpec } from '../../spec/task-spec.js';
import { err } from './types.js';

/** Gate step 6: no answer id appears in the request (case-insensitive): the agent must discover them. */
export function checkLeakage(spec: TaskSpec): Diagnostic[] {
  const request = spec.request.toLowerCase();
  const out: Diagnostic[] = [];
  spec.answer_ids.forEach((id, i) => {
    if (request.includes(id.toLowerCase())) {
      out.push(err('answer_leak', `answer_ids[${i}]`, `"${id}" appears in the request; rephrase the request so the agent has to discover it`, 'builder'));
    }
  });
  return out;
}
