import { join } from 'node:path';
import { LineWriter } from './jsonl-sink.js';
import type { SftExample } from '../types.js';
import type { Exporter } from './types.js';

/** The row as written: `tools` as a JSON string of {type: "function", function} schemas. */
export function trlRow(ex: SftExample): { messages: SftExample['messages']; tools: string; meta: SftExample['meta'] } {
  return { messages: ex.messages, tools: JSON.stringify(ex.tools), meta: ex.meta };
}

/**
 * Hugging Face / TRL chat JSONL: {"messages", "tools", "meta"}. Tool-call arguments stay objects (formats
 * §8.1: they must be dicts); `tools` is a JSON string, which TRL's SFT trainer json.loads, so Arrow never
 * merges the tool schemas of all rows into one struct (loading: docs/curation.md).
 */
export const trlExporter: Exporter = {
  name: 'trl',
  files: ['sft.jsonl'],
  description: 'Hugging Face / TRL chat JSONL (sft.jsonl): {messages, tools (JSON string), meta}',
  async open(dir) {
    const w = new LineWriter(join(dir, 'sft.jsonl'));
    return {
      abort: () => w.abort(),
      write: (ex) => w.write(`${JSON.stringify(trlRow(ex))}\n`),
      async close() {
        await w.close();
        return [{ format: 'trl', file: w.file, rows: w.rows }];
      },
    };
  },
};
