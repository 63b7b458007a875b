import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileWriter, ParquetWriter } from 'hyparquet-writer';
import { LineWriter } from '../curate/exporters/jsonl-sink.js';
import { fileLines } from '../curate/sources.js';
import type { LogEntry } from './store.js';
import type { DistillRow } from './types.js';

/** The columns of a shard, in order: their Parquet types (docs/distill.md shows them as a table). */
export const COLUMNS = [
  ['task_id', 'string'],
  ['trial', 'int32'],
  ['trace', 'int32'],
  ['family', 'string'],
  ['group', 'string?'],
  ['reward', 'double?'],
  ['completion', 'double?'],
  ['passed', 'bool?'],
  ['input_ids', 'list<int32>'],
  ['loss_mask', 'list<int32>'],
  ['sampled_mask', 'list<int32>'],
  ['positions', 'list<int32>'],
  ['teacher_top_ids', 'list<list<int32>>'],
  ['teacher_top_logprobs', 'list<list<float>>'],
  ['teacher_token_logprobs', 'list<float>'],
  ['student_logprobs', 'list<float>'],
] as const satisfies readonly (readonly [keyof DistillRow, string])[];

type Column = (typeof COLUMNS)[number][0];
type Element = {
  name: string;
  type?: string;
  converted_type?: string;
  repetition_type?: string;
  num_children?: number;
};

// a 3-level Parquet LIST (Arrow, pyarrow and Hugging Face read it as a list column)
function schemaOf(name: string, type: string): Element[] {
  const optional = type.endsWith('?');
  const base = type.replace('?', '');
  const list = base.match(/^list<(.*)>$/);
  if (list)
    return [
      { name, repetition_type: 'REQUIRED', converted_type: 'LIST', num_children: 1 },
      { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
      ...schemaOf('element', list[1] as string),
    ];
  const prim: Record<string, Element> = {
    string: { name, type: 'BYTE_ARRAY', converted_type: 'UTF8' },
    int32: { name, type: 'INT32' },
    double: { name, type: 'DOUBLE' },
    float: { name, type: 'FLOAT' },
    bool: { name, type: 'BOOLEAN' },
  };
  return [{ ...(prim[base] as Element), repetition_type: optional ? 'OPTIONAL' : 'REQUIRED' }];
}

const SCHEMA: Element[] = [
  { name: 'root', num_children: COLUMNS.length },
  ...COLUMNS.flatMap(([n, t]) => schemaOf(n, t)),
];

/** A row's fields in column order (the JSONL variant's key order too). */
export function ordered(r: DistillRow): Record<Column, unknown> {
  return Object.fromEntries(COLUMNS.map(([k]) => [k, r[k]])) as Record<Column, unknown>;
}

export interface ShardFile {
  parquet: string;
  jsonl: string;
  rows: number;
}

export interface ShardReport {
  shards: ShardFile[];
  trajectories: number;
  rows: number;
  positions: number;
  skipped: Record<string, number>;
}

const ROW_GROUP = 64;
const SHARD = /^part-\d{5}\.(parquet|jsonl)$/;

/**
 * Writes the log's rows, in log order, to `data/part-NNNNN.parquet` and `.jsonl` shards of `shardRows` rows
 * (Parquet row groups of 64 rows; memory is one row group), replacing every earlier shard. The same log gives
 * byte-identical shards.
 */
export async function writeShards(logFile: string, dir: string, shardRows: number): Promise<ShardReport> {
  const data = join(dir, 'data');
  await mkdir(data, { recursive: true });
  for (const f of await readdir(data)) if (SHARD.test(f)) await rm(join(data, f), { force: true });
  const report: ShardReport = { shards: [], trajectories: 0, rows: 0, positions: 0, skipped: {} };
  let shard: { pq: ParquetWriter; jsonl: LineWriter; file: ShardFile } | undefined;
  let group: DistillRow[] = [];
  const flushGroup = async () => {
    if (!shard || !group.length) return;
    const columnData = COLUMNS.map(([k]) => ({ name: k, data: group.map((r) => r[k]) }));
    await shard.pq.write({ columnData: columnData as never, rowGroupSize: ROW_GROUP });
    group = [];
  };
  const closeShard = async () => {
    if (!shard) return;
    await flushGroup();
    await shard.pq.finish();
    await shard.jsonl.close();
    report.shards.push(shard.file);
    shard = undefined;
  };
  const emit = async (r: DistillRow) => {
    if (!shard) {
      const name = `part-${String(report.shards.length).padStart(5, '0')}`;
      const file = { parquet: join(data, `${name}.parquet`), jsonl: join(data, `${name}.jsonl`), rows: 0 };
      shard = {
        pq: new ParquetWriter({ writer: fileWriter(file.parquet), schema: SCHEMA as never }),
        jsonl: new LineWriter(file.jsonl),
        file,
      };
    }
    await shard.jsonl.write(`${JSON.stringify(ordered(r))}\n`);
    group.push(r);
    shard.file.rows++;
    report.rows++;
    report.positions += r.positions.length;
    if (group.length >= ROW_GROUP) await flushGroup();
    if (shard.file.rows >= shardRows) await closeShard();
  };
  for await (const { text } of fileLines(logFile)) {
    const e = JSON.parse(text) as LogEntry;
    if (e.skipped) {
      report.skipped[e.skipped.reason] = (report.skipped[e.skipped.reason] ?? 0) + 1;
      continue;
    }
    report.trajectories++;
    for (const r of e.rows ?? []) await emit(r);
  }
  await closeShard();
  return report;
}
