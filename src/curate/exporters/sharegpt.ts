import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic, prettyJson } from '../../run/files.js';
import type { SftExample } from '../types.js';
import { LineWriter } from './jsonl-sink.js';
import type { Exporter } from './types.js';

export interface ShareGptRow {
  conversations: { from: 'human' | 'gpt' | 'function_call' | 'observation'; value: string }[];
  system: string;
  tools: string;
}

/** How LLaMA-Factory merges consecutive tool messages into one observation. */
export const TOOL_RESPONSE_JOIN = '\n</tool_response>\n<tool_response>\n';

const SLOT = { human: 'odd', observation: 'odd', gpt: 'even', function_call: 'even' } as const;

/**
 * LLaMA-Factory sharegpt: human/observation at odd positions, gpt/function_call at even positions, an even
 * count. Assistant text next to tool calls is dropped (LLaMA-Factory's rule), parallel calls become one
 * function_call holding a JSON list, their results one observation joined as LLaMA-Factory joins them;
 * other same-slot neighbours are merged with a blank line.
 */
export function toShareGpt(ex: SftExample): ShareGptRow {
  const conv: ShareGptRow['conversations'] = [];
  const push = (from: Turn['from'], value: string) => {
    const last = conv.at(-1);
    if (!last || SLOT[last.from] !== SLOT[from]) {
      conv.push({ from, value });
      return;
    }
    // two turns for the same side in a row: keep the alternation
    if (last.from === 'gpt' && from === 'function_call')
      Object.assign(last, { from, value }); // text next to calls is dropped
    else if (last.from === 'function_call' && from === 'gpt')
      return; // a call's side never carries text
    else if (last.from === 'function_call') last.value = JSON.stringify([...asList(last.value), ...asList(value)]);
    // parallel results: LLaMA-Factory's own join (formats §8.2), inside the template's <tool_response> tags
    else if (last.from === 'observation' && from === 'observation')
      last.value = `${last.value}${TOOL_RESPONSE_JOIN}${value}`;
    else last.value = `${last.value}\n\n${value}`;
  };
  let system = '';
  for (const m of ex.messages) {
    if (m.role === 'system') system = m.content ?? '';
    else if (m.role === 'user') push('human', m.content ?? '');
    else if (m.role === 'tool') push('observation', m.content ?? '');
    else if (m.tool_calls?.length) {
      const calls = m.tool_calls.map((c) => ({ name: c.function.name, arguments: c.function.arguments }));
      push('function_call', JSON.stringify(calls.length === 1 ? calls[0] : calls));
    } else push('gpt', m.content ?? '');
  }
  // the first turn must be human and the count even (a trailing human/observation turn has no answer)
  while (conv.length && SLOT[conv[0]?.from ?? 'human'] !== 'odd') conv.shift();
  if (conv.length % 2 === 1) conv.pop();
  return { conversations: conv, system, tools: JSON.stringify(ex.tools.map((t) => t.function)) };
}

type Turn = ShareGptRow['conversations'][number];

function asList(value: string): unknown[] {
  const v: unknown = JSON.parse(value);
  return Array.isArray(v) ? v : [v];
}

/**
 * Adds (or replaces) one dataset's entry in the directory's dataset_info.json, keeping the others: the sharegpt and
 * the vision exports each register theirs, whichever closes first.
 */
export async function registerDataset(dir: string, name: string, entry: Record<string, unknown>): Promise<void> {
  const file = join(dir, 'dataset_info.json');
  let info: Record<string, unknown> = {};
  try {
    const v: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (v && typeof v === 'object' && !Array.isArray(v)) info = v as Record<string, unknown>;
  } catch {
    // none yet (or not ours to read): start afresh
  }
  await writeFileAtomic(file, prettyJson({ ...info, [name]: entry }));
}

export const shareGptExporter: Exporter = {
  name: 'sharegpt',
  files: ['sharegpt.jsonl', 'dataset_info.json'],
  description: 'LLaMA-Factory sharegpt JSONL (sharegpt.jsonl) + dataset_info.json',
  async open(dir) {
    const w = new LineWriter(join(dir, 'sharegpt.jsonl'));
    return {
      abort: () => w.abort(),
      write: (ex) => w.write(`${JSON.stringify(toShareGpt(ex))}\n`),
      async close() {
        await w.close();
        await registerDataset(dir, 'coworkenv_sft', {
          file_name: 'sharegpt.jsonl',
          formatting: 'sharegpt',
          columns: { messages: 'conversations', system: 'system', tools: 'tools' },
        });
        return [{ format: 'sharegpt', file: w.file, rows: w.rows }];
      },
    };
  },
};
