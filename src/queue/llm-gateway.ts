import { createHash, randomUUID } from 'node:crypto';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { LlmError } from '../llm/errors.js';
import { type ModelFlags, modelFromFlags } from '../llm/flags.js';
import { CallLimiter } from '../llm/limits.js';
import type { ChatMessage, ChatModel, ChatParams, ChatResult, ChatTool } from '../llm/types.js';
import { bullOptions, type RedisConfig, release } from './connection.js';

/** A requests-per-window limit shared by every worker: BullMQ's queue rate limiter, kept in Redis. */
export interface SharedRateLimit {
  /** requests per window */
  max: number;
  /** window length [60000 ms: requests per minute] */
  windowMs: number;
}

/** The endpoint a model string calls: the part before `#model` for a URL, else the provider. */
export function endpointOf(model: string): string {
  const hash = model.indexOf('#');
  return hash >= 0 ? model.slice(0, hash) : (model.split(':')[0] ?? model);
}

/** One BullMQ queue per model endpoint, so its rate limit holds across all workers and machines. */
export const llmQueueName = (model: string) =>
  `coworkenv-llm-${createHash('sha256').update(endpointOf(model)).digest('hex').slice(0, 12)}`;

interface LlmCall {
  model: string;
  flags: ModelFlags;
  messages: ChatMessage[];
  tools?: ChatTool[];
  params?: ChatParams;
}

/**
 * Models for a worker process. Without a shared limit a model is called directly; with one, every call is a
 * job on its endpoint's queue, which this process also serves under BullMQ's limiter (so a trial waiting
 * for its call never waits on another process), and the caller awaits the job's result.
 */
export class LlmGateway {
  readonly #connection: RedisConfig;
  readonly #direct = new Map<string, ChatModel>();
  readonly #lanes = new Map<
    string,
    { queue: Queue; events: QueueEvents; worker: Worker; clients: ReturnType<typeof bullOptions>[] }
  >();

  constructor(connection: RedisConfig) {
    this.#connection = connection;
  }

  /** The model a job names; `limit` routes its calls through the shared limiter. */
  model(model: string, flags: ModelFlags, limit?: SharedRateLimit): ChatModel {
    const direct = this.#real(model, flags);
    if (!limit) return direct;
    const gateway = this;
    return {
      id: direct.id,
      provider: direct.provider,
      model: direct.model,
      async chat(messages, tools, params) {
        return gateway.#call(
          {
            model,
            flags,
            messages: [...messages],
            ...(tools ? { tools: [...tools] } : {}),
            ...(params ? { params } : {}),
          },
          limit,
        );
      },
    };
  }

  // the real client, one per model and settings in this process (its per-process limiter caps concurrency only)
  #real(model: string, flags: ModelFlags): ChatModel {
    const key = JSON.stringify([model, flags]);
    let m = this.#direct.get(key);
    if (!m) {
      const { rpm: _shared, ...local } = flags;
      m = modelFromFlags(model, local, new CallLimiter({ concurrency: flags.llmConcurrency ?? 8 }));
      this.#direct.set(key, m);
    }
    return m;
  }

  async #call(call: LlmCall, limit: SharedRateLimit): Promise<ChatResult> {
    const lane = this.#lane(call.model, call.flags, limit);
    const job = await lane.queue.add('chat', call, { jobId: randomUUID(), removeOnComplete: true, removeOnFail: true });
    try {
      return (await job.waitUntilFinished(lane.events)) as ChatResult;
    } catch (e) {
      // the kind travels in the failure text ("kind: message"): the agent turns it into an infra_error
      const text = e instanceof Error ? e.message : String(e);
      const m = /^(\w+): ([\s\S]*)$/.exec(text);
      throw new LlmError((m?.[1] ?? 'server') as LlmError['kind'], m?.[2] ?? text);
    }
  }

  #lane(model: string, flags: ModelFlags, limit: SharedRateLimit) {
    const name = llmQueueName(model);
    let lane = this.#lanes.get(name);
    if (!lane) {
      const clients = [0, 1, 2].map(() => bullOptions(this.#connection)) as [
        ReturnType<typeof bullOptions>,
        ReturnType<typeof bullOptions>,
        ReturnType<typeof bullOptions>,
      ];
      const worker = new Worker<LlmCall, ChatResult>(
        name,
        async (job) => {
          try {
            return await this.#real(job.data.model, job.data.flags).chat(
              job.data.messages,
              job.data.tools,
              job.data.params,
            );
          } catch (e) {
            throw new Error(
              e instanceof LlmError
                ? `${e.kind}: ${e.message}`
                : `server: ${String(e instanceof Error ? e.message : e)}`,
            );
          }
        },
        {
          ...clients[0],
          concurrency: flags.llmConcurrency ?? 8,
          limiter: { max: limit.max, duration: limit.windowMs },
        },
      );
      worker.on('error', () => {});
      lane = {
        queue: new Queue(name, clients[1]),
        events: new QueueEvents(name, clients[2]),
        worker,
        clients,
      };
      lane.events.on('error', () => {});
      lane.queue.on('error', () => {});
      this.#lanes.set(name, lane);
    }
    return lane;
  }

  async close(): Promise<void> {
    for (const l of this.#lanes.values()) {
      await l.worker.close();
      await l.events.close();
      await l.queue.close();
      l.clients.forEach(release);
    }
    this.#lanes.clear();
  }
}
