import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects } from 'hyparquet';
import { z } from 'zod';
import { noisyAgent } from '../../agent/noisy.js';
import { referenceAgent } from '../../agent/reference.js';
import { runEpisode } from '../../agent/rollout.js';
import { createEpisode } from '../../env/episode.js';
import { loadSpecs } from '../../run/task-files.js';
import { TaskSpec } from '../../schema/task-spec.js';
import type { Trajectory } from '../../schema/trajectory.js';
import { generateProcedural } from '../../synth/generators.js';
import { scriptedUser } from '../../user/scripted.js';
import { CE_LIMITS } from '../convert.js';
import { curate, type CurationReport } from '../pipeline.js';
import { resolveSource } from '../sources.js';
import type { SftExample } from '../types.js';
import { getExporters } from './index.js';
import { parquetExporter, parquetMessage } from './parquet.js';
import { toShareGpt } from './sharegpt.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-exporters-'));
after(() => rmSync(TMP, { recursive: true, force: true }));

// ---- strict schemas of the two row formats (reference/formats.md §8) ----
const Args = z.record(z.string(), z.unknown()).refine((a) => !Array.isArray(a), 'arguments must be an object');
const TrlMessage = z
  .strictObject({
    role: z.enum(['system', 'user', 'assistant', 'tool']),
    content: z.string().optional(),
    tool_calls: z
      .array(
        z.strictObject({
          type: z.literal('function'),
          function: z.strictObject({ name: z.string().min(1), arguments: Args }),
        }),
      )
      .min(1)
      .optional(),
    name: z.string().min(1).optional(),
  })
  .refine(
    (m) =>
      m.role === 'tool' ? m.name !== undefined && m.content !== undefined && !m.tool_calls : m.name === undefined,
    'tool messages (only) carry a name and string content',
  )
  .refine((m) => m.role === 'assistant' || !m.tool_calls, 'only assistant messages call tools')
  .refine((m) => m.content !== undefined || m.tool_calls !== undefined, 'a message needs content or tool calls');
const TrlTools = z.array(
  z.strictObject({
    type: z.literal('function'),
    function: z.strictObject({
      name: z.string().min(1),
      description: z.string(),
      parameters: z.record(z.string(), z.unknown()),
    }),
  }),
);
const TrlRow = z.strictObject({
  messages: z.array(TrlMessage).min(5),
  // a JSON string (formats §8.1: Arrow must not merge every row's schemas into one struct); parsed here
  tools: z.string().transform((t, ctx) => {
    const r = TrlTools.safeParse(JSON.parse(t));
    if (!r.success)
      ctx.addIssue({ code: 'custom', message: 'tools is not a JSON string of {type: "function", function} schemas' });
    return r.data ?? [];
  }),
  meta: z.strictObject({
    task_id: z.string().min(1),
    trial: z.number().int().min(0),
    reward: z.number().min(0).max(1).nullable(),
    completion: z.number().min(0).max(1).nullable(),
    family: z.string().min(1),
    labels: z.strictObject({ capabilities: z.array(z.string()) }),
    // the pipeline's own bookkeeping (SftMeta allows extra keys)
    teacher_group: z.enum(['TRIVIAL', 'KEEP']),
    tool_calls: z.number().int().min(0),
  }),
});
type TrlRow = z.infer<typeof TrlRow>;
/** a row exactly as written: tools still a string */
type RawTrlRow = Omit<TrlRow, 'tools'> & { tools: string };

const Call = z.strictObject({ name: z.string().min(1), arguments: Args });
const ShareGptRow = z
  .strictObject({
    conversations: z
      .array(z.strictObject({ from: z.enum(['human', 'gpt', 'function_call', 'observation']), value: z.string() }))
      .min(2),
    system: z.string().min(1),
    tools: z.string(),
  })
  .superRefine((row, ctx) => {
    if (row.conversations.length % 2) ctx.addIssue({ code: 'custom', message: 'an odd number of turns' });
    row.conversations.forEach((c, i) => {
      const odd = (i + 1) % 2 === 1; // 1-based position
      if (odd !== (c.from === 'human' || c.from === 'observation'))
        ctx.addIssue({ code: 'custom', message: `${c.from} at position ${i + 1}` });
      if (c.from === 'function_call') {
        let v: unknown;
        try {
          v = JSON.parse(c.value);
        } catch {
          ctx.addIssue({ code: 'custom', message: `function_call at ${i + 1} is not JSON: ${c.value.slice(0, 80)}` });
          return;
        }
        if (!z.union([Call, z.array(Call).min(2)]).safeParse(v).success)
          ctx.addIssue({ code: 'custom', message: `function_call at ${i + 1}: ${c.value.slice(0, 80)}` });
      }
    });
    let tools: unknown;
    try {
      tools = JSON.parse(row.tools);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'tools is not a JSON string' });
      return;
    }
    if (
      !z
        .array(
          z.strictObject({
            name: z.string().min(1),
            description: z.string(),
            parameters: z.record(z.string(), z.unknown()),
          }),
        )
        .safeParse(tools).success
    )
      ctx.addIssue({ code: 'custom', message: 'tools is not a list of bare functions' });
  });
type ShareGptRow = z.infer<typeof ShareGptRow>;

const valid = <T>(schema: z.ZodType<T>, value: unknown, where: string): T => {
  const r = schema.safeParse(value);
  assert.ok(r.success, `${where}: ${r.success ? '' : JSON.stringify(r.error.issues.slice(0, 3))}`);
  return r.data as T;
};
const jsonl = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as unknown);
/** The top-level column names of a flattened Parquet schema (nested elements skipped by their child counts). */
function topLevel(schema: readonly { name: string; num_children?: number }[]): string[] {
  const names: string[] = [];
  let i = 1;
  const skip = (at: number): number => {
    let next = at + 1;
    for (let c = 0; c < (schema[at]?.num_children ?? 0); c++) next = skip(next);
    return next;
  };
  while (i < schema.length) {
    names.push(schema[i]?.name ?? '');
    i = skip(i);
  }
  return names;
}

// `completion` is a column name TRL reserves (prompt–completion datasets): the run's score is task_completion
const PARQUET_COLUMNS = ['messages', 'tools', 'meta', 'task_id', 'trial', 'reward', 'task_completion', 'family'];

async function readParquet(file: string) {
  const buf = await asyncBufferFromFile(file);
  const meta = await parquetMetadataAsync(buf);
  return {
    rows: await parquetReadObjects({ file: buf }),
    groups: meta.row_groups.map((g) => Number(g.num_rows)),
    columns: topLevel(meta.schema),
    schema: meta.schema,
  };
}

// ---- realistic data: the example tasks played by the noisy and reference agents, plus dialogue tasks ----
let report: CurationReport;
let trl: TrlRow[];
/** the TRL rows exactly as written (key order included) */
let raw: RawTrlRow[];
let share: ShareGptRow[];
const OUT = join(TMP, 'ds');

before(async () => {
  const loaded = await loadSpecs([join(ROOT, 'examples/tasks')]);
  const dialogue = [1, 2, 3].map((seed) => ({
    file: `generated/dialogue_${seed}`,
    spec: TaskSpec.parse(
      generateProcedural({
        generator: 'dialogue_clarification',
        id: `dialogue_clarification_${seed}`,
        seed,
        difficulty: 'medium',
        mockToday: '2026-03-10',
      }),
    ),
  }));
  const records: Trajectory[] = [];
  for (const { spec } of [...loaded, ...dialogue]) {
    for (let trial = 0; trial < 6; trial++) {
      const episode = createEpisode(spec, { seed: 11, trial });
      const agent = trial === 0 ? referenceAgent(spec) : noisyAgent(spec, { seed: 11, trial });
      records.push(
        await runEpisode({
          spec,
          agent,
          episode,
          seed: 11,
          trial,
          ...(spec.user ? { user: scriptedUser(spec, episode) } : {}),
        }),
      );
    }
  }
  const dir = join(TMP, 'run');
  mkdirSync(dir, { recursive: true });
  const tasks = [...loaded, ...dialogue].map(({ spec, file }) => ({
    id: spec.id,
    spec_hash: 'h',
    family: spec.family,
    capabilities: spec.labels.capabilities,
    spec_path: file,
  }));
  writeFileSync(
    join(dir, 'run.json'),
    JSON.stringify({
      version: 1,
      status: 'done',
      config: { name: 'teacher', tasks, agent: { name: 'noisy' }, trials: 6, seed: 11 },
    }),
  );
  writeFileSync(join(dir, 'trajectories.jsonl'), records.map((r) => `${JSON.stringify(r)}\n`).join(''));
  const specs = new Map([...loaded, ...dialogue].map((s) => [s.spec.id, s]));
  report = await curate({
    sources: [await resolveSource(dir)],
    out: OUT,
    formats: ['trl', 'parquet', 'sharegpt'],
    threshold: 0,
    limits: CE_LIMITS,
    specs,
    secrets: [],
  });
  raw = jsonl(join(OUT, 'sft.jsonl')) as RawTrlRow[];
  trl = raw.map((r, i) => valid(TrlRow, r, `sft.jsonl row ${i + 1}`));
  share = jsonl(join(OUT, 'sharegpt.jsonl')).map((r, i) => valid(ShareGptRow, r, `sharegpt.jsonl row ${i + 1}`));
});

describe('exporters on real trajectories', () => {
  it('every TRL row is a strict {messages, tools, meta} row with object arguments; counts match the report', () => {
    assert.ok(trl.length >= 30, `${trl.length} rows`);
    assert.equal(trl.length, report.funnel.rows_out);
    assert.deepEqual(
      report.files.map((f) => [f.format, f.rows]),
      [
        ['trl', trl.length],
        ['parquet', trl.length],
        ['sharegpt', trl.length],
      ],
    );
    for (const r of trl) {
      assert.equal(r.messages[0]?.role, 'system');
      assert.equal(
        r.meta.tool_calls,
        r.messages.reduce((n, m) => n + (m.tool_calls?.length ?? 0), 0),
      );
      const offered = new Set(r.tools.map((t) => t.function.name));
      for (const m of r.messages)
        for (const c of m.tool_calls ?? [])
          assert.ok(offered.has(c.function.name), `${c.function.name} not among the row's tools`);
    }
    assert.ok(
      trl.some(
        (r) =>
          r.meta.task_id.startsWith('dialogue_clarification') &&
          r.messages.filter((m) => m.role === 'user').length >= 2,
      ),
      'a dialogue row with simulator turns',
    );
  });

  it('sft.jsonl loads as uniform columns: tools a JSON string, arguments objects, the same top-level types in every row', () => {
    for (const r of raw) {
      assert.equal(typeof r.tools, 'string');
      assert.ok(Array.isArray(JSON.parse(r.tools)));
      assert.deepEqual(Object.keys(r), ['messages', 'tools', 'meta']);
      for (const m of r.messages)
        for (const c of m.tool_calls ?? [])
          assert.ok(
            c.function.arguments && typeof c.function.arguments === 'object' && !Array.isArray(c.function.arguments),
          );
    }
    // the schemas differ between rows: as one Arrow struct they would be padded with every other row's keys
    assert.ok(new Set(raw.map((r) => r.tools)).size > 1);
  });

  it('every sharegpt row is strict LLaMA-Factory sharegpt and carries the TRL row it came from', () => {
    assert.equal(share.length, trl.length);
    share.forEach((s, i) => {
      const t = trl[i] as TrlRow;
      assert.equal(s.system, t.messages[0]?.content);
      assert.deepEqual(
        JSON.parse(s.tools),
        t.tools.map((x) => x.function),
      );
      // every assistant tool-call message becomes one function_call turn, in order
      const calls = t.messages
        .filter((m) => m.tool_calls)
        .map((m) => {
          const c = (m.tool_calls ?? []).map((x) => ({ name: x.function.name, arguments: x.function.arguments }));
          return c.length === 1 ? c[0] : c;
        });
      assert.deepEqual(
        s.conversations.filter((c) => c.from === 'function_call').map((c) => JSON.parse(c.value)),
        calls,
        `row ${i + 1}`,
      );
      assert.equal(s.conversations[0]?.value, t.messages[1]?.content);
      assert.equal(s.conversations.at(-1)?.from, 'gpt');
    });
    assert.ok(
      share.some((s) => s.conversations.filter((c) => c.from === 'human').length >= 2),
      'a human turn in the middle of a conversation',
    );
  });

  it('Parquet read back with hyparquet: messages nested (a list of message structs, as TRL needs), tools and meta as the TRL JSON', async () => {
    const { rows, columns, groups, schema } = await readParquet(join(OUT, 'sft.parquet'));
    assert.deepEqual(columns, PARQUET_COLUMNS);
    // Parquet's JSON type on `arguments`: pyarrow reads it as arrow.json, `datasets` as Json() and hands TRL
    // dicts (checked with pyarrow 25, datasets 5.0.1, TRL 1.13.0: docs/curation.md)
    const args = schema.find((e) => e.name === 'arguments');
    assert.deepEqual([args?.type, args?.converted_type, args?.logical_type], ['BYTE_ARRAY', 'JSON', { type: 'JSON' }]);
    assert.deepEqual(groups, [trl.length]);
    assert.equal(rows.length, trl.length);
    rows.forEach((row, i) => {
      const t = raw[i] as RawTrlRow;
      assert.deepEqual(
        { ...row, messages: plain(row.messages) },
        {
          messages: stored(t.messages),
          tools: t.tools,
          meta: JSON.stringify(t.meta),
          task_id: t.meta.task_id,
          trial: t.meta.trial,
          reward: t.meta.reward,
          task_completion: t.meta.completion,
          family: t.meta.family,
        },
      );
      // the JSON column reads back as the TRL objects exactly (no string to decode)
      const back = (row.messages as { tool_calls?: unknown[] }[]).flatMap((m) => m.tool_calls ?? []);
      assert.deepEqual(
        plain(back),
        t.messages.flatMap((m) => m.tool_calls ?? []),
      );
    });
    assert.ok(
      rows.some((r) => (r.messages as { tool_calls?: unknown[] }[]).some((m) => (m.tool_calls?.length ?? 0) > 0)),
      'tool calls are exercised',
    );
  });

  it('dataset_info.json registers sharegpt.jsonl for LLaMA-Factory', () => {
    assert.deepEqual(JSON.parse(readFileSync(join(OUT, 'dataset_info.json'), 'utf8')), {
      coworkenv_sft: {
        file_name: 'sharegpt.jsonl',
        formatting: 'sharegpt',
        columns: { messages: 'conversations', system: 'system', tools: 'tools' },
      },
    });
  });
});

/** A read-back value as plain JSON (hyparquet leaves an absent optional group as an undefined key). */
const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

/** Messages as hyparquet reads them back: stored shape, a null tool_calls list left out. */
function stored(messages: readonly SftExample['messages'][number][]): unknown[] {
  return messages.map((m) => {
    const { tool_calls, ...rest } = parquetMessage(m);
    return tool_calls === null ? rest : { ...rest, tool_calls };
  });
}

// TRL itself, where a Python with it is named (COWORKENV_TRL_PYTHON; CI has none): the files as written train
describe('sft.jsonl and sft.parquet with TRL itself', {
  skip: process.env.COWORKENV_TRL_PYTHON
    ? false
    : 'set COWORKENV_TRL_PYTHON to a python with trl, datasets and transformers',
}, () => {
  for (const [file, kind] of [
    ['sft.jsonl', 'json'],
    ['sft.parquet', 'parquet'],
  ] as const)
    for (const seed of ['1', '4'])
      it(`${file} under PYTHONHASHSEED=${seed}: conversational, arguments dicts, SFTTrainer trains`, {
        timeout: 300_000,
      }, () => {
        const r = spawnSync(
          process.env.COWORKENV_TRL_PYTHON as string,
          ['src/curate/exporters/testing/trl-sft.py', join(OUT, file), kind, join(TMP, `trl-${kind}-${seed}`)],
          { encoding: 'utf8', env: { ...process.env, PYTHONHASHSEED: seed }, timeout: 290_000 },
        );
        assert.equal(r.status, 0, r.stderr.slice(-2000));
        const out = JSON.parse(r.stdout.trim().split('\n').at(-1) as string) as Record<string, unknown>;
        assert.equal(out.rows, trl.length);
        assert.deepEqual(
          [out.conversational, out.arguments_dicts, out.double_encoded, out.steps],
          [true, true, false, 2],
        );
        assert.ok((out.arguments as number) > 0);
      });
});

describe('parquet exporter: row groups and empty exports', () => {
  const write = async (dir: string, rows: readonly SftExample[]) => {
    const sink = await parquetExporter.open(dir);
    for (const r of rows) await sink.write(r);
    return sink.close();
  };

  it('2,345 rows are written in row groups of 1,000 and read back unchanged (nulls included)', async () => {
    const many: SftExample[] = Array.from({ length: 2345 }, (_, i) => {
      const t = raw[i % raw.length] as RawTrlRow;
      return {
        ...t,
        tools: JSON.parse(t.tools) as SftExample['tools'],
        meta: {
          ...t.meta,
          trial: i,
          reward: i % 7 === 0 ? null : t.meta.reward,
          completion: i % 11 === 0 ? null : t.meta.completion,
        },
      };
    });
    const dir = join(TMP, 'many');
    assert.deepEqual(await write(dir, many), [{ format: 'parquet', file: join(dir, 'sft.parquet'), rows: 2345 }]);
    const { rows, groups, columns } = await readParquet(join(dir, 'sft.parquet'));
    assert.deepEqual(groups, [1000, 1000, 345]);
    assert.deepEqual(columns, PARQUET_COLUMNS);
    assert.equal(rows.length, 2345);
    rows.forEach((row, i) => {
      const e = many[i] as SftExample;
      assert.deepEqual(
        { ...row, messages: plain(row.messages) },
        {
          messages: stored(e.messages),
          tools: JSON.stringify(e.tools),
          meta: JSON.stringify(e.meta),
          task_id: e.meta.task_id,
          trial: i,
          reward: e.meta.reward,
          task_completion: e.meta.completion,
          family: e.meta.family,
        },
      );
    });
  });

  it('zero rows: a readable file with no rows and the same columns as a non-empty export', async () => {
    const dir = join(TMP, 'empty');
    assert.deepEqual(await write(dir, []), [{ format: 'parquet', file: join(dir, 'sft.parquet'), rows: 0 }]);
    const { rows, columns } = await readParquet(join(dir, 'sft.parquet'));
    assert.equal(rows.length, 0);
    assert.deepEqual(columns, PARQUET_COLUMNS);
  });

  it('an export with every record rejected still writes every format (empty files)', async () => {
    const out = join(TMP, 'none');
    const r = await curate({
      sources: [await resolveSource(join(TMP, 'run'))],
      out,
      formats: ['trl', 'sharegpt', 'parquet'],
      threshold: 1,
      limits: { ...CE_LIMITS, minMessages: 10_000 },
      secrets: [],
    });
    assert.equal(r.funnel.rows_out, 0);
    assert.equal(r.funnel.mean_reward, null);
    assert.equal(readFileSync(join(out, 'sft.jsonl'), 'utf8'), '');
    assert.equal(readFileSync(join(out, 'sharegpt.jsonl'), 'utf8'), '');
    assert.equal((await readParquet(join(out, 'sft.parquet'))).rows.length, 0);
  });

  it('an unknown format is a bad_input error naming the formats', () => {
    assert.throws(() => getExporters(['trl', 'csv']), {
      code: 'bad_input',
      message: 'unknown export format "csv"; formats: trl, parquet, sharegpt, vision',
    });
  });
});

describe('toShareGpt: tool calls', () => {
  const meta = { task_id: 't', trial: 0, reward: 1, completion: 1, family: 'f', labels: { capabilities: [] } };
  const tools: SftExample['tools'] = [
    {
      type: 'function',
      function: { name: 'helpdesk_get_ticket', description: 'Get a ticket.', parameters: { type: 'object' } },
    },
  ];
  const fn = (name: string, args: Record<string, unknown>) => ({
    type: 'function' as const,
    function: { name, arguments: args },
  });

  it('parallel calls become one function_call holding a JSON list and one observation; text next to calls is dropped', () => {
    const row = toShareGpt({
      meta,
      tools,
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'Compare TK-1 and TK-2.' },
        {
          role: 'assistant',
          content: 'Let me look.',
          tool_calls: [
            fn('helpdesk_get_ticket', { ticket_id: 'TK-1' }),
            fn('helpdesk_get_ticket', { ticket_id: 'TK-2' }),
          ],
        },
        { role: 'tool', name: 'helpdesk_get_ticket', content: '{"ticket_id":"TK-1"}' },
        { role: 'tool', name: 'helpdesk_get_ticket', content: '{"ticket_id":"TK-2"}' },
        { role: 'assistant', content: 'TK-1 is older.' },
      ],
    });
    valid(ShareGptRow, row, 'parallel');
    assert.deepEqual(
      row.conversations.map((c) => c.from),
      ['human', 'function_call', 'observation', 'gpt'],
    );
    assert.deepEqual(JSON.parse(row.conversations[1]?.value ?? ''), [
      { name: 'helpdesk_get_ticket', arguments: { ticket_id: 'TK-1' } },
      { name: 'helpdesk_get_ticket', arguments: { ticket_id: 'TK-2' } },
    ]);
    // LLaMA-Factory's join of consecutive tool messages (formats §8.2)
    assert.equal(
      row.conversations[2]?.value,
      '{"ticket_id":"TK-1"}\n</tool_response>\n<tool_response>\n{"ticket_id":"TK-2"}',
    );
    assert.equal(row.system, 'sys');
    assert.deepEqual(JSON.parse(row.tools), [
      { name: 'helpdesk_get_ticket', description: 'Get a ticket.', parameters: { type: 'object' } },
    ]);
  });

  it('an assistant text message followed by an assistant tool-call message keeps the call as a function_call turn', () => {
    // e.g. an MCP session: send_message_to_user (no user simulator), then a tool call
    const row = toShareGpt({
      meta,
      tools,
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'Check TK-1.' },
        { role: 'assistant', content: 'Checking TK-1 now.' },
        { role: 'assistant', tool_calls: [fn('helpdesk_get_ticket', { ticket_id: 'TK-1' })] },
        { role: 'tool', name: 'helpdesk_get_ticket', content: '{"ticket_id":"TK-1","status":"open"}' },
        { role: 'assistant', content: 'TK-1 is open.' },
      ],
    });
    valid(ShareGptRow, row, 'text then call');
    assert.deepEqual(
      row.conversations.filter((c) => c.from === 'function_call').map((c) => JSON.parse(c.value)),
      [{ name: 'helpdesk_get_ticket', arguments: { ticket_id: 'TK-1' } }],
    );
  });
});
