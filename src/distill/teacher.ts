import { ChatCache, DEFAULT_CACHE_DIR } from '../llm/cache.js';
import { parseModelString } from '../llm/client.js';
import { redactSecrets } from '../llm/redact.js';
import { LlmError } from '../llm/errors.js';
import type { ModelFlags } from '../llm/flags.js';
import { CallLimiter } from '../llm/limits.js';
import { type RetryOptions, withRetries } from '../llm/retry.js';
import type { ChatParams } from '../llm/types.js';
import { postJsonValue } from '../curate/endpoint-scorer.js';
import { sha256Hex } from '../schema/canonical-json.js';
import { CoworkError } from '../schema/errors.js';
import { type ChoiceLogprobs, completionLogprobsOf } from './prompt-logprobs.js';

/** The teacher's answer for one sequence. */
export interface TeacherAnswer {
  /** the teacher's text of the token at each position ('' at position 0, which has no logprob) */
  decoded: string[];
  /** the prompt token ids the teacher echoed (vLLM `return_token_ids`), when it did */
  echoed: number[] | null;
  /** at each requested position: the teacher's logprob of the actual token and its top-k */
  at: { position: number; token_logprob: number; top_ids: number[]; top_logprobs: number[] }[];
}

/** A sequence the teacher refused (HTTP 400 other than a setup problem): skipped, with the reason. */
export class TeacherRefusal extends Error {}

export interface TeacherOptions {
  topK: number;
  /** sequences per request [8] */
  batch?: number;
  /** positions per request; a longer sequence goes alone [32768] */
  batchTokens?: number;
  /** how long a batch waits for more sequences before it is sent, in ms [2] */
  flushMs?: number;
  /** more request-body fields */
  extraBody?: Record<string, unknown>;
  env?: Readonly<Record<string, string | undefined>>;
  cache?: ChatCache;
  limiter?: CallLimiter;
  retry?: RetryOptions;
}

export interface Teacher {
  /** provider:model as given */
  readonly model: string;
  /** the served model's name (what a resume compares: the endpoint may move) */
  readonly name: string;
  /** the teacher's distributions over `ids` at `positions` (ascending); batched with concurrent calls */
  score(ids: readonly number[], positions: readonly number[], where: string): Promise<TeacherAnswer>;
  /** requests sent so far (for reports and benchmarks) */
  readonly requests: number;
}

const HELP =
  'openai-compatible:<base-url>#<model> of a vLLM server (e.g. openai-compatible:http://127.0.0.1:8000/v1#Qwen/Qwen3-32B)';

/**
 * The teacher behind a vLLM OpenAI-compatible endpoint: the student's exact token ids go to /v1/completions as
 * a token-id prompt with `max_tokens: 1` and `prompt_logprobs: k`, several sequences per request (a list of
 * token-id lists). Requests share the retry, timeout, limiter and disk-cache settings of every model call; the
 * cache keeps one entry per sequence (keyed by the endpoint, model, ids, k and the positions asked for).
 */
export function endpointTeacher(model: string, flags: ModelFlags, o: TeacherOptions): Teacher {
  if (!model.startsWith('openai-compatible:'))
    throw new CoworkError(
      'bad_input',
      `--teacher "${model}": distillation needs prompt log-probabilities over token ids, which only a vLLM (OpenAI-compatible) server returns; use ${HELP}`,
    );
  const ref = parseModelString(model);
  if (!Number.isInteger(o.topK) || o.topK < 1)
    throw new CoworkError('bad_input', `--top-k must be an integer ≥ 1, not ${o.topK}`);
  const apiKey = (o.env ?? process.env).OPENAI_COMPATIBLE_API_KEY || 'EMPTY';
  const timeoutMs = (flags.llmTimeout ?? 120) * 1000;
  const cache =
    o.cache ??
    new ChatCache(
      flags.cacheDir ?? DEFAULT_CACHE_DIR,
      flags.replay ? 'replay' : flags.cache === false ? 'off' : 'readwrite',
    );
  const limiter =
    o.limiter ?? new CallLimiter({ concurrency: flags.llmConcurrency ?? 8, ...(flags.rpm ? { rpm: flags.rpm } : {}) });
  const retry: RetryOptions = o.retry ?? { retries: flags.llmRetries ?? 4 };
  const maxBatch = o.batch ?? 8;
  const maxTokens = o.batchTokens ?? 32_768;
  const params = { max_tokens: 1, temperature: 1, prompt_logprobs: o.topK, return_token_ids: true, ...o.extraBody };
  let requests = 0;

  type Job = {
    ids: readonly number[];
    positions: readonly number[];
    where: string;
    resolve: (a: TeacherAnswer) => void;
    reject: (e: unknown) => void;
  };
  let pending: Job[] = [];
  let pendingTokens = 0;
  let timer: NodeJS.Timeout | undefined;

  const send = async (jobs: Job[]): Promise<void> => {
    const body = { model: ref.model, prompt: jobs.map((j) => j.ids), ...params };
    let answer: unknown;
    try {
      ({ value: answer } = await withRetries(
        () =>
          limiter.run(
            () => (
              requests++,
              postJsonValue(ref.baseURL as string, '/completions', body, {
                apiKey,
                timeoutMs,
                what: 'the teacher endpoint',
              })
            ),
          ),
        retry,
      ));
    } catch (e) {
      if (e instanceof LlmError && e.kind === 'bad_request') {
        const setup = setupProblem(e.message, model, o.topK);
        if (setup) return jobs.forEach((j) => j.reject(setup));
        // one sequence may be at fault (longer than the teacher's max_model_len): ask for each alone
        if (jobs.length > 1) return void (await Promise.all(jobs.map((j) => send([j]))));
        return jobs.forEach((j) => j.reject(new TeacherRefusal(e.message)));
      }
      const err =
        e instanceof LlmError
          ? new CoworkError(e.kind === 'malformed' ? 'bad_input' : 'config', `--teacher ${model}: ${e.message}`, {
              kind: e.kind,
              status: e.status,
            })
          : e;
      return jobs.forEach((j) => j.reject(err));
    }
    let parsed: ChoiceLogprobs[];
    try {
      parsed = completionLogprobsOf(
        answer,
        jobs.map((j) => j.ids),
        o.topK,
        `--teacher ${model}`,
      );
    } catch (e) {
      return jobs.forEach((j) => j.reject(e));
    }
    jobs.forEach((j, i) => j.resolve(answerOf(parsed[i] as ChoiceLogprobs, j.positions)));
  };

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const jobs = pending;
    pending = [];
    pendingTokens = 0;
    if (jobs.length) void send(jobs);
  };

  const submit = (ids: readonly number[], positions: readonly number[], where: string) =>
    new Promise<TeacherAnswer>((resolve, reject) => {
      if (pending.length && pendingTokens + ids.length > maxTokens) flush();
      pending.push({ ids, positions, where, resolve, reject });
      pendingTokens += ids.length;
      if (pending.length >= maxBatch || pendingTokens >= maxTokens) flush();
      else timer ??= setTimeout(flush, o.flushMs ?? 2);
    });

  return {
    model,
    name: ref.model,
    get requests() {
      return requests;
    },
    async score(ids, positions, where) {
      try {
        // with no cache, the answer itself when its JSON text would parse back to an equal answer (the cached
        // path's round trip): answers are large, thousands of positions
        if (cache.mode === 'off') {
          const a = await submit(ids, positions, where);
          return jsonStable(a) ? a : (JSON.parse(JSON.stringify(a)) as TeacherAnswer);
        }
        const key: ChatParams = {
          extra: {
            ...params,
            coworkenv_distill: {
              v: 1,
              ids: sha256Hex(JSON.stringify(ids)),
              positions: sha256Hex(JSON.stringify(positions)),
              n: ids.length,
            },
          },
        };
        const res = await cache.wrap(
          {
            provider: `openai-compatible@${redactSecrets(ref.baseURL as string)}`,
            model: ref.model,
            params: key,
            messages: [],
          },
          async () => {
            const t0 = Date.now();
            const a = await submit(ids, positions, where);
            return {
              text: JSON.stringify(a),
              tool_calls: [],
              usage: { prompt_tokens: ids.length, completion_tokens: 0, total_tokens: ids.length },
              finish_reason: 'scored',
              raw: null,
              latency_ms: Date.now() - t0,
            };
          },
        );
        return JSON.parse(res.text as string) as TeacherAnswer;
      } catch (e) {
        if (e instanceof LlmError)
          throw new CoworkError('config', `--teacher ${model}, ${where}: ${e.message}`, { kind: e.kind });
        throw e;
      }
    },
  };
}

// HTTP 400s that no sequence can avoid: a different vocabulary, or more logprobs than the server allows
function setupProblem(message: string, model: string, k: number): CoworkError | undefined {
  if (/out of vocab|vocab(ulary)? size|token id/i.test(message)) {
    return new CoworkError(
      'bad_input',
      `--teacher ${model} rejects the student's token ids (${message}): the teacher uses a different tokenizer; on-policy distillation needs a teacher with the student's tokenizer (same vocabulary), e.g. a larger model of the same family`,
    );
  }
  if (/logprobs/i.test(message))
    return new CoworkError(
      'bad_input',
      `--teacher ${model} refuses --top-k ${k} (${message}); lower --top-k, or start vLLM with --max-logprobs ${k}`,
    );
  return undefined;
}

// a number JSON writes and reads back as itself (not −0, NaN or ±Infinity)
const plain = (x: unknown) => typeof x === 'number' && Number.isFinite(x) && !Object.is(x, -0);

/** Whether JSON.parse(JSON.stringify(a)) equals `a` (its texts are strings, so only the numbers can change). */
function jsonStable(a: TeacherAnswer): boolean {
  if (a.echoed && !a.echoed.every(plain)) return false;
  for (const x of a.at)
    if (!plain(x.position) || !plain(x.token_logprob) || !x.top_ids.every(plain) || !x.top_logprobs.every(plain))
      return false;
  return a.decoded.every((d) => typeof d === 'string');
}

function answerOf({ entries, echoed }: ChoiceLogprobs, positions: readonly number[]): TeacherAnswer {
  return {
    decoded: entries.map((e) => e?.decoded ?? ''),
    echoed,
    at: positions.map((p) => {
      const e = entries[p];
      return {
        position: p,
        token_logprob: e?.logprob ?? 0,
        top_ids: e?.top_ids ?? [],
        top_logprobs: e?.top_logprobs ?? [],
      };
    }),
  };
}
