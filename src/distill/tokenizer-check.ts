import { CoworkError } from '../schema/errors.js';
import type { StudentSequence } from './sequences.js';
import type { TeacherAnswer } from './teacher.js';

/** What the check compared for one sequence. */
export interface TokenizerEvidence {
  /** sampled tokens whose student text equals the teacher's decoding */
  tokens: number;
  /** turns whose text appears in the teacher's decoding of their sampled tokens (when no token texts were recorded) */
  texts: number;
}

// texts that say nothing about the vocabulary: an incomplete UTF-8 sequence, vLLM's byte and id spellings
const opaque = (s: string) => s.includes('\uFFFD') || /^(bytes:|token_id:)/.test(s);
const show = (s: string) => JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);

/**
 * Refuses a teacher whose tokenizer differs from the student's, since its log-probabilities would then be
 * over other tokens: (1) the prompt ids the teacher echoes must be the ids sent; (2) every sampled token whose
 * text the student's endpoint reported must decode to the same text under the teacher's tokenizer; (3) where
 * no token texts were recorded, each turn's text must appear in the teacher's decoding of its sampled tokens.
 * Throws CoworkError bad_input naming the position and both spellings.
 */
export function checkTokenizer(
  seq: StudentSequence,
  a: TeacherAnswer,
  teacher: string,
  where: string,
): TokenizerEvidence {
  const refuse = (what: string) =>
    new CoworkError(
      'bad_input',
      `tokenizer mismatch: ${what} (${where}); --teacher ${teacher} does not use the student's tokenizer, and its log-probabilities would be over other tokens — distill from a teacher with the same tokenizer (e.g. a larger model of the student's family)`,
    );
  if (a.decoded.length !== seq.ids.length)
    throw refuse(`the teacher returned ${a.decoded.length} positions for ${seq.ids.length} tokens`);
  if (a.echoed && (a.echoed.length !== seq.ids.length || a.echoed.some((id, i) => id !== seq.ids[i]))) {
    const i = a.echoed.findIndex((id, k) => id !== seq.ids[k]);
    throw refuse(
      `the teacher's prompt_token_ids differ from the student's ids at position ${i < 0 ? a.echoed.length : i}`,
    );
  }
  let tokens = 0;
  for (const [p, s] of seq.tokenText) {
    const t = a.decoded[p] ?? '';
    if (opaque(s) || opaque(t)) continue;
    if (s !== t)
      throw refuse(
        `token ${seq.ids[p]} at position ${p} decodes to ${show(t)} under the teacher, but the student sampled it as ${show(s)}`,
      );
    tokens++;
  }
  let texts = 0;
  if (seq.tokenText.size === 0) {
    for (const turn of seq.turns) {
      if (!turn.text.trim()) continue;
      const decoded = a.decoded.slice(turn.from, turn.to).join('');
      if (!decoded.includes(turn.text))
        throw refuse(
          `the teacher decodes the student's turn at positions ${turn.from}–${turn.to} as ${show(decoded)}, which does not contain its text ${show(turn.text)}`,
        );
      texts++;
    }
  }
  return { tokens, texts };
}
