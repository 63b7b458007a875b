import { join } from 'node:path';
import { LineWriter } from './jsonl-sink.js';
import type { Exporter } from './types.js';

/** Hugging Face / TRL chat JSONL: {"messages", "tools", "meta"}, tool-call arguments as objects. */
export const trlExporter: Exporter = {
  name: 'trl',
  description: 'Hugging Face / TRL chat JSONL (sft.jsonl): {messages, tools, meta}',
  async open(dir) {
    const w = new LineWriter(join(dir, 'sft.jsonl'));
    return {
      write: (ex) => w.write(`${JSON.stringify({ messages: ex.messages, tools: ex.tools, meta: ex.meta })}\n`),
      async close() {
        await w.close();
        return [{ format: 'trl', file: w.file, rows: w.rows }];
      },
    };
  },
};
