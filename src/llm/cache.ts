import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { canonicalJson, sha256Hex } from '../schema/canonical-json.js';
import { CoworkError } from '../schema/errors.js';
import { LlmError } from './errors.js';
import type { ChatMessage, ChatParams, ChatResult, ChatTool } from './types.js';

/** readwrite: use and fill; off: bypass (--no-cache); replay: read only, a miss is an error (--replay). */
export type CacheMode = 'readwrite' | 'off' | 'replay';

export const DEFAULT_CACHE_DIR = '.coworkenv/cache/llm';

let tmpCounter = 0;

export interface CacheKeyInput {
  provider: string;
  model: string;
  params: ChatParams;
  messages: readonly ChatMessage[];
  tools?: readonly ChatTool[];
}

/** sha256 of the canonical request: provider (with base URL), model, params, messages, tools. Never keys. */
export function cacheKey(req: CacheKeyInput): string {
  return sha256Hex(
    canonicalJson({
      provider: req.provider,
      model: req.model,
      params: req.params,
      messages: req.messages,
      tools: req.tools ?? [],
    }),
  );
}

/**
 * A content-addressed disk cache of successful chat results. Errors and empty responses are never stored;
 * concurrent identical requests share one in-flight call.
 */
export class ChatCache {
  readonly dir: string;
  readonly mode: CacheMode;
  readonly #inflight = new Map<string, Promise<ChatResult>>();

  constructor(dir = DEFAULT_CACHE_DIR, mode: CacheMode = 'readwrite') {
    this.dir = dir;
    this.mode = mode;
  }

  async wrap(req: CacheKeyInput, call: () => Promise<ChatResult>): Promise<ChatResult> {
    if (this.mode === 'off') return call();
    const key = cacheKey(req);
    const hit = await this.#read(key);
    if (hit) return { ...hit, cached: true };
    if (this.mode === 'replay') {
      throw new LlmError(
        'cache_miss',
        `replay mode: no cached response for this ${req.provider}:${req.model} request (key ${key.slice(0, 16)}); rerun without --replay to record it`,
      );
    }
    const pending = this.#inflight.get(key);
    if (pending) return pending;
    const p = call()
      .then(async (res) => {
        // a cache that cannot be written must not turn a paid, successful call into a failure
        if (res.text || res.tool_calls.length) await this.#write(key, res).catch(() => {});
        return res;
      })
      .finally(() => this.#inflight.delete(key));
    this.#inflight.set(key, p);
    return p;
  }

  /** Deletes the cache; refuses a directory that holds anything but cache entries. */
  async clear(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return; // nothing to clear
    }
    const foreign = names.filter((n) => !/^[0-9a-f]{2}$/.test(n));
    if (foreign.length) {
      throw new CoworkError(
        'bad_input',
        `${this.dir} does not look like an LLM cache (it holds ${foreign.slice(0, 3).join(', ')}); refusing to delete it`,
      );
    }
    await rm(this.dir, { recursive: true, force: true });
  }

  #file(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  async #read(key: string): Promise<ChatResult | undefined> {
    try {
      const v = JSON.parse(await readFile(this.#file(key), 'utf8')) as { result?: ChatResult };
      return v.result;
    } catch {
      return undefined; // missing or unreadable entries are misses
    }
  }

  async #write(key: string, result: ChatResult): Promise<void> {
    const file = this.#file(key);
    await mkdir(dirname(file), { recursive: true });
    // write then rename: a killed process never leaves a truncated entry
    const tmp = `${file}.${process.pid}.${++tmpCounter}.tmp`;
    await writeFile(tmp, JSON.stringify({ key, result: { ...result, cached: undefined } }));
    await rename(tmp, file);
  }
}
