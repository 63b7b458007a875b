import type { Judge, JudgeRequest, JudgeVerdict } from '../grade/types.js';
import { LlmError } from './errors.js';
import { extractJson } from './json-text.js';
import type { ChatModel } from './types.js';

const SYSTEM = [
  'You are a strict grader of an AI assistant that works in business applications (mail, CRM, helpdesk, …).',
  'Judge only the material given against the rubric. Prefer evidence from the audit of actions over the assistant\'s own claims.',
  'Answer with one JSON object and nothing else: {"score": <number from 0 to 1>, "reasoning": "<one or two sentences>"}.',
  'Anchors: 0 = not met, 0.3 = mostly unmet, 0.5 = half met, 0.7 = mostly met, 0.9 = met with a minor flaw, 1 = fully met.',
].join('\n');

/** Parses a judge answer: a JSON {score ∈ [0,1], reasoning}; anything else is a malformed (retryable) error. */
export function parseVerdict(text: string | null): JudgeVerdict {
  if (!text) throw new LlmError('malformed', 'the judge returned an empty answer');
  let v: unknown;
  try {
    v = extractJson(text);
  } catch (e) {
    throw new LlmError('malformed', `the judge answer is not JSON: ${(e as Error).message}`);
  }
  const { score, reasoning } = (v ?? {}) as { score?: unknown; reasoning?: unknown };
  const n = typeof score === 'string' && score.trim() !== '' ? Number(score) : score;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 1) throw new LlmError('malformed', `the judge score must be a number from 0 to 1, got ${JSON.stringify(score)}`);
  return { score: n, reasoning: typeof reasoning === 'string' ? reasoning : '' };
}

/**
 * An LLM judge for llm_judge checks: temperature 0, JSON verdicts, malformed answers retried. Failure
 * throws, so the grade becomes judge_error with the reason — never a substitute score.
 */
export function llmJudge(model: ChatModel, opts: { attempts?: number } = {}): Judge {
  const attempts = opts.attempts ?? 3;
  return {
    name: model.id,
    async judge(req: JudgeRequest): Promise<JudgeVerdict> {
      const user = [`Task request:\n${req.request}`, `Rubric:\n${req.rubric}`, `Material (${req.over}):\n${req.material}`].join('\n\n');
      let last: unknown;
      for (let i = 0; i < attempts; i++) {
        try {
          const res = await model.chat(
            [
              { role: 'system', content: SYSTEM },
              // each retry differs, so a cached malformed answer is never replayed as the retry's answer
              { role: 'user', content: i === 0 ? user : `${user}\n\n(Retry ${i}) Your previous answer was not a valid JSON verdict. Answer with the JSON object only.` },
            ],
            undefined,
            { temperature: 0, max_tokens: 400 },
          );
          return parseVerdict(res.text);
        } catch (e) {
          last = e;
          if (!(e instanceof LlmError) || e.kind !== 'malformed') break;
        }
      }
      throw new Error(`judge ${model.id} failed: ${last instanceof Error ? last.message : String(last)}`);
    },
  };
}
