import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileWriter, ParquetWriter, parquetWriteFile, schemaFromColumnData } from 'hyparquet-writer';
import type { SftExample } from '../types.js';
import type { Exporter } from './types.js';

const ROW_GROUP = 1000;

type Columns = { messages: string[]; tools: string[]; meta: string[]; task_id: string[]; trial: number[]; reward: (number | null)[]; completion: (number | null)[]; family: string[] };

/** Parquet with the TRL columns (messages, tools, meta as JSON strings) plus scalar columns; written per row group. */
export const parquetExporter: Exporter = {
  name: 'parquet',
  files: ['sft.parquet'],
  description: 'Parquet (sft.parquet): messages, tools, meta as JSON strings + task_id, trial, reward, completion, family',
  async open(dir) {
    await mkdir(dir, { recursive: true });
    const file = join(dir, 'sft.parquet');
    let writer: ParquetWriter | undefined;
    let rows = 0;
    let cols: Columns = empty();
    const columnsOf = () => [
        { name: 'messages', data: cols.messages, type: 'STRING' as const },
        { name: 'tools', data: cols.tools, type: 'STRING' as const },
        { name: 'meta', data: cols.meta, type: 'STRING' as const },
        { name: 'task_id', data: cols.task_id, type: 'STRING' as const },
        { name: 'trial', data: cols.trial, type: 'INT32' as const },
        { name: 'reward', data: cols.reward, type: 'DOUBLE' as const, nullable: true },
        { name: 'completion', data: cols.completion, type: 'DOUBLE' as const, nullable: true },
        { name: 'family', data: cols.family, type: 'STRING' as const },
      ];
    const flush = async () => {
      if (cols.messages.length === 0) return;
      const columnData = columnsOf();
      if (!writer) {
        writer = new ParquetWriter({ writer: fileWriter(file), schema: schemaFromColumnData({ columnData }) });
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
        cols.messages.push(JSON.stringify(ex.messages));
        cols.tools.push(JSON.stringify(ex.tools));
        cols.meta.push(JSON.stringify(ex.meta));
        cols.task_id.push(ex.meta.task_id);
        cols.trial.push(ex.meta.trial);
        cols.reward.push(ex.meta.reward);
        cols.completion.push(ex.meta.completion);
        cols.family.push(ex.meta.family);
        rows++;
        if (cols.messages.length >= ROW_GROUP) await flush();
      },
      async close() {
        await flush();
        if (!writer) {
          // no rows: still write a valid file with the schema
          parquetWriteFile({ filename: file, columnData: columnsOf() });
        } else await writer.finish();
        return [{ format: 'parquet', file, rows }];
      },
    };
  },
};

function empty(): Columns {
  return { messages: [], tools: [], meta: [], task_id: [], trial: [], reward: [], completion: [], family: [] };
}
