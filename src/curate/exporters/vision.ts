import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileWriter, ParquetWriter, parquetWriteFile } from 'hyparquet-writer';
import type { SftExample, SftMessage, SftPicture } from '../types.js';
import { LineWriter } from './jsonl-sink.js';
import { PARQUET_SCHEMA, parquetMessage, text } from './parquet.js';
import { registerDataset, toShareGpt } from './sharegpt.js';
import type { Exporter } from './types.js';

// the examples whose agent was shown pictures, with the pictures, in the two shapes vision trainers load:
// TRL's structured messages (content as typed parts, an {"type": "image"} placeholder per picture, an `images`
// column naming the files) and LLaMA-Factory's sharegpt with `<image>` tokens and an `images` list. A picture
// goes into a user message right after the tool messages of its turn — where a chat model is shown it (tool
// messages are text only in most chat templates, and TRL fills placeholders in user messages only). Pictures are
// written once each, by hash, under images/. The text exports (sft.jsonl, Parquet, sharegpt) keep every example
// without pictures.

const EXT: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Where a picture is written, relative to the dataset directory. */
export const picturePath = (p: SftPicture) => `images/${p.sha256}.${EXT[p.mime] ?? 'bin'}`;

type Part = { type: 'text'; text: string } | { type: 'image' };
export interface VisionMessage {
  role: SftMessage['role'];
  content: Part[];
  tool_calls?: SftMessage['tool_calls'];
  name?: string;
}

// each picture at the end of its turn's run of tool messages (parallel calls return side by side)
function byTurnEnd(ex: SftExample): Map<number, SftPicture[]> {
  const out = new Map<number, SftPicture[]>();
  for (const p of ex.pictures ?? []) {
    if (!p.data) continue;
    let end = p.after;
    while (ex.messages[end + 1]?.role === 'tool') end++;
    out.set(end, [...(out.get(end) ?? []), p]);
  }
  return out;
}

const shownNote = (n: number) =>
  n === 1 ? 'The picture the tool returned.' : `The ${n} pictures the tools returned, in order.`;

/** TRL's vision row: structured messages, a user message with the pictures after their turn, `images` paths. */
export function visionRow(ex: SftExample): {
  messages: VisionMessage[];
  images: string[];
  tools: string;
  meta: SftExample['meta'];
} {
  const after = byTurnEnd(ex);
  const messages: VisionMessage[] = [];
  const images: string[] = [];
  ex.messages.forEach((m, i) => {
    messages.push({
      role: m.role,
      content: m.content ? [{ type: 'text', text: m.content }] : [],
      ...(m.tool_calls ? { tool_calls: m.tool_calls } : {}),
      ...(m.name ? { name: m.name } : {}),
    });
    const pics = after.get(i);
    if (!pics) return;
    messages.push({
      role: 'user',
      content: [...pics.map((): Part => ({ type: 'image' })), { type: 'text', text: shownNote(pics.length) }],
    });
    images.push(...pics.map(picturePath));
  });
  return { messages, images, tools: JSON.stringify(ex.tools), meta: ex.meta };
}

/** LLaMA-Factory's vision row: the sharegpt conversation with `<image>` in the observation that showed each. */
export function visionShareGpt(ex: SftExample): ReturnType<typeof toShareGpt> & { images: string[] } {
  const after = byTurnEnd(ex);
  const messages = ex.messages.map((m, i) => {
    const pics = after.get(i);
    return pics ? { ...m, content: `${'<image>'.repeat(pics.length)}${m.content ?? ''}` } : m;
  });
  const row = toShareGpt({ ...ex, messages });
  // a picture in a turn sharegpt drops (a trailing observation) is not in the row
  const kept = (
    row.conversations
      .map((c) => c.value)
      .join('')
      .match(/<image>/g) ?? []
  ).length;
  const images = [...after.values()].flat().map(picturePath).slice(0, kept);
  return { ...row, images };
}

// sft.parquet's tool_calls subtree (7 nodes from its `tool_calls` group), shared rather than repeated
const at = PARQUET_SCHEMA.findIndex((n) => n.name === 'tool_calls');
const TOOL_CALLS = PARQUET_SCHEMA.slice(at, at + 7);

/**
 * sft-vision.parquet: `messages` with content as a list of {type, text} parts, `images` as the list of
 * {bytes, path} structs that `datasets` casts to its Image feature (`cast_column("images", List(Image()))`), so
 * the pictures travel inside the file; `tools` and `meta` as JSON text, `task_id`.
 */
export const VISION_PARQUET_SCHEMA = [
  { name: 'root', num_children: 5 },
  { name: 'messages', repetition_type: 'REQUIRED' as const, converted_type: 'LIST' as const, num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED' as const, num_children: 1 },
  { name: 'element', repetition_type: 'REQUIRED' as const, num_children: 4 },
  text('role', 'REQUIRED'),
  { name: 'content', repetition_type: 'REQUIRED' as const, converted_type: 'LIST' as const, num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED' as const, num_children: 1 },
  { name: 'element', repetition_type: 'REQUIRED' as const, num_children: 2 },
  text('type', 'REQUIRED'),
  text('text', 'OPTIONAL'),
  ...TOOL_CALLS,
  text('name', 'OPTIONAL'),
  { name: 'images', repetition_type: 'REQUIRED' as const, converted_type: 'LIST' as const, num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED' as const, num_children: 1 },
  { name: 'element', repetition_type: 'REQUIRED' as const, num_children: 2 },
  { name: 'bytes', type: 'BYTE_ARRAY' as const, repetition_type: 'OPTIONAL' as const },
  text('path', 'OPTIONAL'),
  text('tools', 'REQUIRED'),
  text('meta', 'REQUIRED'),
  text('task_id', 'REQUIRED'),
];

// the vision row as Parquet columns: every part has a text (null for a picture), pictures as bytes
function parquetRow(ex: SftExample, row: ReturnType<typeof visionRow>) {
  const bytes = new Map((ex.pictures ?? []).map((p) => [picturePath(p), p.data ?? '']));
  return {
    messages: row.messages.map((m) => ({
      ...parquetMessage({
        role: m.role,
        ...(m.tool_calls ? { tool_calls: m.tool_calls } : {}),
        ...(m.name ? { name: m.name } : {}),
      }),
      content: m.content.map((p) => ({ type: p.type, text: p.type === 'text' ? p.text : null })),
    })),
    images: row.images.map((path) => ({ bytes: new Uint8Array(Buffer.from(bytes.get(path) ?? '', 'base64')), path })),
  };
}

export const visionExporter: Exporter = {
  name: 'vision',
  files: ['sft-vision.jsonl', 'sft-vision.parquet', 'sharegpt-vision.jsonl', 'images', 'dataset_info.json'],
  description:
    'examples with pictures: TRL vision JSONL (sft-vision.jsonl: structured messages, images), Parquet with the picture bytes (sft-vision.parquet), LLaMA-Factory sharegpt with <image> (sharegpt-vision.jsonl), the pictures under images/',
  async open(dir) {
    const trl = new LineWriter(join(dir, 'sft-vision.jsonl'));
    const lf = new LineWriter(join(dir, 'sharegpt-vision.jsonl'));
    const written = new Set<string>();
    const pq = join(dir, 'sft-vision.parquet');
    let pqWriter: ParquetWriter | undefined;
    let pqRows = 0;
    let cols = {
      messages: [] as unknown[],
      images: [] as unknown[],
      tools: [] as string[],
      meta: [] as string[],
      task_id: [] as string[],
    };
    const flush = async () => {
      if (!cols.messages.length) return;
      pqWriter ??= new ParquetWriter({ writer: fileWriter(pq), schema: VISION_PARQUET_SCHEMA });
      await pqWriter.write({
        columnData: Object.entries(cols).map(([name, data]) => ({ name, data })),
        rowGroupSize: 200,
      });
      cols = { messages: [], images: [], tools: [], meta: [], task_id: [] };
    };
    // a rerun into the same directory replaces the pictures with this dataset's
    await rm(join(dir, 'images'), { recursive: true, force: true });
    await mkdir(join(dir, 'images'), { recursive: true });
    return {
      async abort() {
        await trl.abort();
        await lf.abort();
      },
      async write(ex) {
        if (!ex.pictures?.some((p) => p.data)) return;
        for (const p of ex.pictures) {
          const path = picturePath(p);
          if (!p.data || written.has(path)) continue;
          written.add(path);
          await writeFile(join(dir, path), Buffer.from(p.data, 'base64'));
        }
        const row = visionRow(ex);
        await trl.write(`${JSON.stringify(row)}\n`);
        await lf.write(`${JSON.stringify(visionShareGpt(ex))}\n`);
        const p = parquetRow(ex, row);
        cols.messages.push(p.messages);
        cols.images.push(p.images);
        cols.tools.push(row.tools);
        cols.meta.push(JSON.stringify(ex.meta));
        cols.task_id.push(ex.meta.task_id);
        pqRows++;
        // pictures make rows heavy: a row group of 200
        if (cols.messages.length >= 200) await flush();
      },
      async close() {
        await trl.close();
        await lf.close();
        await flush();
        // no rows: still a valid file with the schema
        if (pqWriter) await pqWriter.finish();
        else
          parquetWriteFile({
            filename: pq,
            columnData: Object.entries(cols).map(([name, data]) => ({ name, data })),
            schema: VISION_PARQUET_SCHEMA,
          });
        await registerDataset(dir, 'coworkenv_sft_vision', {
          file_name: 'sharegpt-vision.jsonl',
          formatting: 'sharegpt',
          columns: { messages: 'conversations', system: 'system', tools: 'tools', images: 'images' },
        });
        return [
          { format: 'trl-vision', file: trl.file, rows: trl.rows },
          { format: 'parquet-vision', file: pq, rows: pqRows },
          { format: 'sharegpt-vision', file: lf.file, rows: lf.rows },
        ];
      },
    };
  },
};
