import { assistantMask, type ChatMarkers } from '../curate/token-scores.js';
import { CoworkError } from '../schema/errors.js';
import type { StudentSequence } from './sequences.js';
import type { TeacherAnswer } from './teacher.js';
import type { DistillRow } from './types.js';

export type RowMeta = Pick<DistillRow, 'task_id' | 'trial' | 'family' | 'group' | 'reward' | 'completion' | 'passed'>;

/**
 * The loss mask of a sequence: positions inside an assistant turn's span — between the template's assistant
 * header and its end-of-turn marker, found on the teacher's decoded tokens by the same function curation's NLL
 * scorer applies to the SFT export (token-scores.ts `assistantMask`) — that the student sampled. User, tool and
 * system spans, the template glue and the end-of-turn token are context.
 */
export function lossMask(seq: StudentSequence, decoded: readonly string[], markers: ChatMarkers): (0 | 1)[] {
  const spans = assistantMask(decoded, markers);
  return seq.sampled.map((s, p) => (s === 1 && spans[p] ? 1 : 0));
}

/** One row from a student sequence and the teacher's answer (asked at every sampled position). */
export function buildRow(
  meta: RowMeta,
  seq: StudentSequence,
  a: TeacherAnswer,
  markers: ChatMarkers,
  where: string,
): DistillRow {
  const loss = lossMask(seq, a.decoded, markers);
  const byPos = new Map(a.at.map((x) => [x.position, x]));
  const positions: number[] = [];
  loss.forEach((m, p) => {
    if (m) positions.push(p);
  });
  if (!positions.length && seq.sampled.includes(1)) {
    const head = a.decoded
      .slice(0, 12)
      .map((d) => JSON.stringify(d))
      .join(' ');
    throw new CoworkError(
      'bad_input',
      `${where}: none of the student's sampled tokens lies between the chat-template markers ${JSON.stringify(markers.start)} … ${JSON.stringify(markers.end)} (first tokens: ${head}); give the markers of the student's chat template with --template`,
    );
  }
  const at = positions.map((p) => {
    const x = byPos.get(p);
    if (!x) throw new CoworkError('internal', `${where}: no teacher distribution at loss position ${p}`);
    return x;
  });
  return {
    ...meta,
    trace: seq.trace,
    input_ids: seq.ids,
    loss_mask: loss,
    sampled_mask: seq.sampled,
    positions,
    teacher_top_ids: at.map((x) => x.top_ids),
    teacher_top_logprobs: at.map((x) => x.top_logprobs),
    teacher_token_logprobs: at.map((x) => x.token_logprob),
    student_logprobs: positions.map((p) => seq.logprobs[p] as number),
  };
}
