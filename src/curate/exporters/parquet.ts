import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileWriter, ParquetWriter, parquetWriteFile } from 'hyparquet-writer';
import type { SftExample, SftMessage } from '../types.js';
import type { Exporter } from './types.js';

const ROW_GROUP = 1000;

/** A message as stored: every field present (null when absent), tool-call arguments as a JSON column value. */
export interface ParquetMessage {
  role: SftMessage['role'];
  content: string | null;
  tool_calls: { type: 'function'; function: { name: string; arguments: Record<string, unknown> } }[] | null;
  name: string | null;
}

type Columns = {
  messages: ParquetMessage[][];
  tools: string[];
  meta: string[];
  task_id: string[];
  trial: number[];
  reward: (number | null)[];
  task_completion: (number | null)[];
  family: string[];
};

/** A UTF-8 text column of a Parquet schema. */
export const text = (name: string, repetition_type: 'REQUIRED' | 'OPTIONAL') => ({
  name,
  type: 'BYTE_ARRAY' as const,
  converted_type: 'UTF8' as const,
  repetition_type,
});

/**
 * The file's schema: `messages` is a nested column — a 3-level LIST of structs {role, content, tool_calls
 * (LIST of {type, function {name, arguments}}), name} that Arrow and `datasets` read as a list of dicts, so
 * TRL sees a conversational dataset as is. Each tool has its own argument object, which no fixed struct holds:
 * `arguments` carries Parquet's JSON logical type, which pyarrow reads as its `arrow.json` extension and
 * `datasets` as its `Json` feature — decoded back into the object, so every chat template gets a dict. `tools`
 * and `meta` are JSON text, as in sft.jsonl. The run's completion score is `task_completion`: `completion` is a
 * column name TRL reserves for prompt–completion datasets.
 */
export const PARQUET_SCHEMA = [
  { name: 'root', num_children: 8 },
  { name: 'messages', repetition_type: 'REQUIRED' as const, converted_type: 'LIST' as const, num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED' as const, num_children: 1 },
  { name: 'element', repetition_type: 'REQUIRED' as const, num_children: 4 },
  text('role', 'REQUIRED'),
  text('content', 'OPTIONAL'),
  { name: 'tool_calls', repetition_type: 'OPTIONAL' as const, converted_type: 'LIST' as const, num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED' as const, num_children: 1 },
  { name: 'element', repetition_type: 'REQUIRED' as const, num_children: 2 },
  text('type', 'REQUIRED'),
  { name: 'function', repetition_type: 'REQUIRED' as const, num_children: 2 },
  text('name', 'REQUIRED'),
  {
    name: 'arguments',
    type: 'BYTE_ARRAY' as const,
    converted_type: 'JSON' as const,
    logical_type: { type: 'JSON' as const },
    repetition_type: 'REQUIRED' as const,
  },
  text('name', 'OPTIONAL'),
  text('tools', 'REQUIRED'),
  text('meta', 'REQUIRED'),
  text('task_id', 'REQUIRED'),
  { name: 'trial', type: 'INT32' as const, repetition_type: 'REQUIRED' as const },
  { name: 'reward', type: 'DOUBLE' as const, repetition_type: 'OPTIONAL' as const },
  { name: 'task_completion', type: 'DOUBLE' as const, repetition_type: 'OPTIONAL' as const },
  text('family', 'REQUIRED'),
];

/** A message in the stored shape. */
export function parquetMessage(m: SftMessage): ParquetMessage {
  return {
    role: m.role,
    content: m.content ?? null,
    tool_calls: m.tool_calls
      ? m.tool_calls.map((c) => ({
          type: 'function',
          function: { name: c.function.name, arguments: c.function.arguments },
        }))
      : null,
    name: m.name ?? null,
  };
}

/** Parquet with TRL's conversational `messages` as a nested column, `tools` and `meta` as JSON text, plus scalar columns; written per row group. */
export const parquetExporter: Exporter = {
  name: 'parquet',
  files: ['sft.parquet'],
  description:
    'Parquet (sft.parquet): messages as a nested list of structs (tool-call arguments in a Parquet JSON column, read back as objects), tools and meta as JSON strings, + task_id, trial, reward, task_completion, family',
  async open(dir) {
    await mkdir(dir, { recursive: true });
    const file = join(dir, 'sft.parquet');
    let writer: ParquetWriter | undefined;
    let rows = 0;
    let cols: Columns = empty();
    const columnsOf = () => [
      { name: 'messages', data: cols.messages },
      { name: 'tools', data: cols.tools },
      { name: 'meta', data: cols.meta },
      { name: 'task_id', data: cols.task_id },
      { name: 'trial', data: cols.trial },
      { name: 'reward', data: cols.reward },
      { name: 'task_completion', data: cols.task_completion },
      { name: 'family', data: cols.family },
    ];
    const flush = async () => {
      if (cols.messages.length === 0) return;
      const columnData = columnsOf();
      if (!writer) {
        writer = new ParquetWriter({ writer: fileWriter(file), schema: PARQUET_SCHEMA });
      }
      await writer.write({ columnData, rowGroupSize: ROW_GROUP });
      cols = empty();
    };
    return {
      // the writer holds no open file between row groups: dropping the buffered rows is enough
      async abort() {
        cols = empty();
      },
      async write(ex: SftExample) {
        cols.messages.push(ex.messages.map(parquetMessage));
        cols.tools.push(JSON.stringify(ex.tools));
        cols.meta.push(JSON.stringify(ex.meta));
        cols.task_id.push(ex.meta.task_id);
        cols.trial.push(ex.meta.trial);
        cols.reward.push(ex.meta.reward);
        cols.task_completion.push(ex.meta.completion);
        cols.family.push(ex.meta.family);
        rows++;
        if (cols.messages.length >= ROW_GROUP) await flush();
      },
      async close() {
        await flush();
        if (!writer) {
          // no rows: still write a valid file with the schema
          parquetWriteFile({ filename: file, columnData: columnsOf(), schema: PARQUET_SCHEMA });
        } else await writer.finish();
        return [{ format: 'parquet', file, rows }];
      },
    };
  },
};

function empty(): Columns {
  return { messages: [], tools: [], meta: [], task_id: [], trial: [], reward: [], task_completion: [], family: [] };
}
