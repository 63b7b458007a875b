import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parquetReadObjects } from 'hyparquet';
import { CE_LIMITS } from '../curate/convert.js';
import { curate } from '../curate/pipeline.js';
import { resolveSource } from '../curate/sources.js';
import { assistantMask, QWEN_MARKERS } from '../curate/token-scores.js';
import type { SftExample } from '../curate/types.js';
import { ChatCache } from '../llm/cache.js';
import type { ModelFlags } from '../llm/flags.js';
import {
  type FakeServer,
  type FakeTokenizerOptions,
  fakeChatTemplate,
  fakeDecode,
  fakeEncode,
  fakePromptLogprobsReply,
  fakeSampleLogprob,
  fakeTeacher,
  startFakeServer,
} from '../llm/testing/fake-server.js';
import { distill, type DistillOptions, type DistillReport } from './distill.js';
import { endpointTeacher, type TeacherOptions } from './teacher.js';
import { recordStudentRun } from './testing.js';
import type { DistillRow } from './types.js';

// the Python checker beside this file's source (the test may run compiled from .test-build/)
const CHECK_SHARD = fileURLToPath(new URL('../../src/distill/check_shard.py', import.meta.url));
const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-distill-'));
const RUN = join(TMP, 'student');
const servers: FakeServer[] = [];
after(async () => {
  for (const s of servers) await s.close();
  rmSync(TMP, { recursive: true, force: true });
});
before(async () => {
  await recordStudentRun(RUN, ['examples/tasks'], { trials: 3, seed: 1 });
});

const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
const rowsOf = (out: string) => lines(join(out, 'data/part-00000.jsonl')).map((l) => JSON.parse(l) as DistillRow);
const bytes = (f: string) => readFileSync(f).toString('base64');

async function teacherServer(tok: FakeTokenizerOptions = {}): Promise<FakeServer> {
  const s = await startFakeServer({ tokenizer: tok });
  servers.push(s);
  return s;
}

let n = 0;
async function run(
  server: FakeServer,
  o: Partial<DistillOptions> & {
    flags?: ModelFlags;
    teacherOpts?: Partial<TeacherOptions>;
    sources?: DistillOptions['sources'];
  } = {},
): Promise<{ out: string; report: DistillReport }> {
  const out = o.out ?? join(TMP, `out-${++n}`);
  const k = o.topK ?? 5;
  const teacher = endpointTeacher(`openai-compatible:${server.openaiBaseURL}#teacher`, o.flags ?? { cache: false }, {
    topK: k,
    retry: { retries: 0 },
    ...o.teacherOpts,
  });
  const report = await distill({
    sources: o.sources ?? [await resolveSource(RUN)],
    out,
    teacher,
    topK: k,
    markers: QWEN_MARKERS,
    template: 'qwen',
    filters: o.filters ?? { onlyKeep: false, onlyValid: false },
    secrets: [],
    ...(o.fresh ? { fresh: true } : {}),
    ...(o.concurrency ? { concurrency: o.concurrency } : {}),
    ...(o.shardRows ? { shardRows: o.shardRows } : {}),
  });
  return { out, report };
}

describe('distill: rows', () => {
  let out: string;
  let rows: DistillRow[];
  before(async () => {
    ({ out } = await run(await teacherServer()));
    rows = rowsOf(out);
  });

  it('masks and token ids align with the SFT export token for token (assistant text and tool calls only)', async () => {
    const sft = join(TMP, 'sft');
    const rep = await curate({
      sources: [await resolveSource(RUN)],
      out: sft,
      formats: ['trl'],
      threshold: 0,
      limits: CE_LIMITS,
      secrets: [],
    });
    assert.ok(rep.funnel.rows_out >= 10, `${rep.funnel.rows_out} SFT rows`);
    const byKey = new Map(rows.map((r) => [`${r.task_id}#${r.trial}`, r]));
    for (const line of lines(join(sft, 'sft.jsonl'))) {
      const ex = JSON.parse(line) as SftExample & { tools: string };
      // the SFT example as the student's template renders it, masked as curation's scorer masks it
      const ids = fakeEncode(fakeChatTemplate(ex.messages, JSON.parse(ex.tools) as [], false));
      const sftMask = assistantMask(
        ids.map((id, i) => (i ? fakeDecode(id) : '')),
        QWEN_MARKERS,
      ).map((m) => (m ? 1 : 0));
      const row = byKey.get(`${ex.meta.task_id}#${ex.meta.trial}`) as DistillRow;
      assert.ok(row, `${ex.meta.task_id}#${ex.meta.trial} distilled`);
      // the export ends its last turn with <|im_end|>\n; the student's sequence ends at the sampled <|im_end|>
      assert.deepEqual(ids.slice(0, -1), row.input_ids, `${ex.meta.task_id}#${ex.meta.trial} tokens`);
      assert.deepEqual(sftMask.slice(0, -1), row.loss_mask, `${ex.meta.task_id}#${ex.meta.trial} mask`);
      // the masked tokens are exactly the assistant messages' text and tool calls
      const assistant = ex.messages
        .filter((m) => m.role === 'assistant')
        .map((m) =>
          fakeChatTemplate([m], [], false)
            .replace(/^<\|im_start\|>assistant\n/, '')
            .replace(/<\|im_end\|>\n$/, ''),
        );
      assert.equal(row.positions.map((p) => fakeDecode(row.input_ids[p] as number)).join(''), assistant.join(''));
    }
  });

  it("holds the fake teacher's exact top-k, its logprob of each sampled token, and the student's sampling logprob", () => {
    assert.equal(rows.length, 18);
    for (const r of rows) {
      const M = r.positions.length;
      assert.ok(M > 0);
      for (const col of [r.teacher_top_ids, r.teacher_top_logprobs, r.teacher_token_logprobs, r.student_logprobs])
        assert.equal(col.length, M);
      assert.equal(r.loss_mask.length, r.input_ids.length);
      assert.equal(r.sampled_mask.length, r.input_ids.length);
      assert.equal(
        r.loss_mask.reduce((a: number, b) => a + b, 0),
        M,
      );
      // every loss position was sampled; the sampled positions outside the loss are the end-of-turn tokens
      assert.ok(r.positions.every((p) => r.sampled_mask[p] === 1));
      assert.ok(r.sampled_mask.every((s, p) => !s || r.loss_mask[p] || r.input_ids[p] === 2));
      for (const j of [0, Math.floor(M / 2), M - 1]) {
        const p = r.positions[j] as number;
        const t = fakeTeacher(r.input_ids[p - 1] as number, p);
        assert.deepEqual(
          r.teacher_top_ids[j],
          [1, 2, 3, 4, 5].map((k) => t.at(k)[0]),
        );
        assert.deepEqual(
          r.teacher_top_logprobs[j],
          [1, 2, 3, 4, 5].map((k) => t.at(k)[1]),
        );
        assert.equal(r.teacher_token_logprobs[j], t.at(t.rankOf(r.input_ids[p] as number))[1]);
        assert.equal(r.student_logprobs[j], fakeSampleLogprob(r.input_ids[p] as number, p));
      }
      assert.equal(typeof r.reward, 'number');
      assert.ok(['KEEP', 'TRIVIAL', 'UNSOLVABLE'].includes(r.group as string));
    }
  });

  it('writes the same rows to Parquet (lists of int32 / float32) as to JSONL', async () => {
    const buf = readFileSync(join(out, 'data/part-00000.parquet'));
    const pq = (await parquetReadObjects({
      file: buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer,
    })) as unknown as DistillRow[];
    assert.equal(pq.length, rows.length);
    const [a, b] = [pq[3] as DistillRow, rows[3] as DistillRow];
    assert.deepEqual(
      [
        a.task_id,
        a.trial,
        a.trace,
        a.group,
        a.reward,
        Array.from(a.input_ids),
        Array.from(a.loss_mask),
        Array.from(a.positions),
      ],
      [b.task_id, b.trial, b.trace, b.group, b.reward, b.input_ids, b.loss_mask, b.positions],
    );
    assert.deepEqual(Array.from(a.teacher_top_ids[1] as number[]), b.teacher_top_ids[1]);
    assert.ok(Math.abs((a.teacher_top_logprobs[1]?.[0] as number) - (b.teacher_top_logprobs[1]?.[0] as number)) < 1e-6);
  });

  it('passes the standard-library Python shape check and its reference KL (skipped without python3)', (t) => {
    if (spawnSync('python3', ['--version']).status !== 0) return t.skip('python3 is not installed');
    const r = spawnSync('python3', [CHECK_SHARD, join(out, 'data/part-00000.jsonl'), '5'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^ok 18 rows, \d+ positions, k=5, mean forward KL \d/m);
    const bad = join(TMP, 'bad.jsonl');
    const row = rows[0] as DistillRow;
    writeFileSync(bad, `${JSON.stringify({ ...row, teacher_top_ids: row.teacher_top_ids.slice(1) })}\n`);
    const r2 = spawnSync('python3', [CHECK_SHARD, bad, '5'], { encoding: 'utf8' });
    assert.equal(r2.status, 1);
    assert.match(r2.stderr, /teacher_top_ids has \d+ rows for \d+ positions/);
  });
});

describe('distill: tokenizer mismatch', () => {
  it("refuses a teacher whose tokenizer decodes the student's tokens differently, writing no shard", async () => {
    const out = join(TMP, 'mismatch');
    await assert.rejects(run(await teacherServer({ shift: 1 }), { out }), (e: Error) => {
      assert.match(
        e.message,
        /^tokenizer mismatch: token \d+ at position \d+ decodes to ".*" under the teacher, but the student sampled it as ".*" \(.*student.*trial \d, trace 0\); --teacher openai-compatible:.*#teacher does not use the student's tokenizer/,
      );
      return true;
    });
    assert.ok(!existsSync(join(out, 'data')));
    assert.equal(JSON.parse(readFileSync(join(out, 'distill.json'), 'utf8')).status, 'running');
  });

  it('refuses a teacher with a smaller vocabulary (vLLM: token id out of vocabulary)', async () => {
    await assert.rejects(
      run(await teacherServer({ vocabSize: 100 })),
      /rejects the student's token ids \(HTTP 400: Token id \d+ is out of vocabulary\): the teacher uses a different tokenizer/,
    );
  });

  it('refuses a teacher that echoes other prompt ids than it was sent', async () => {
    const s = await startFakeServer({
      fallback: (req) => {
        const r = fakePromptLogprobsReply(req.body, {}) as { raw: string };
        return {
          raw: r.raw.replace(/"prompt_token_ids":\[(\d+)/g, (_m, d: string) => `"prompt_token_ids":[${Number(d) + 1}`),
        };
      },
    });
    servers.push(s);
    await assert.rejects(
      run(s),
      /tokenizer mismatch: the teacher's prompt_token_ids differ from the student's ids at position 0/,
    );
  });

  it("without recorded token texts, compares each turn's text with the teacher's decoding", async () => {
    const dir = join(TMP, 'no-texts');
    rmSync(dir, { recursive: true, force: true });
    spawnSync('cp', ['-r', RUN, dir]);
    const file = join(dir, 'trajectories.jsonl');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/"token":"(?:[^"\\]|\\.)*",/g, ''));
    const src = [await resolveSource(dir)];
    const ok = await run(await teacherServer(), { sources: src });
    assert.equal(ok.report.this_run.tokens_compared, 0);
    assert.ok(ok.report.this_run.texts_compared > 10);
    await assert.rejects(
      run(await teacherServer({ shift: 1 }), { sources: src }),
      /tokenizer mismatch: the teacher decodes the student's turn at positions \d+–\d+ as ".*", which does not contain its text/,
    );
  });
});

describe('distill: pool, batching, cache, resume', () => {
  it('--only-keep --only-valid distills exactly the records curation exports for KEEP tasks', async () => {
    const { out, report } = await run(await teacherServer(), { filters: { onlyKeep: true, onlyValid: true } });
    const sft = join(TMP, 'sft-pool');
    const rep = await curate({
      sources: [await resolveSource(RUN)],
      out: sft,
      formats: ['trl'],
      threshold: 0,
      limits: CE_LIMITS,
      secrets: [],
    });
    const keep = lines(join(sft, 'sft.jsonl'))
      .map((l) => JSON.parse(l) as SftExample)
      .filter((e) => e.meta.teacher_group === 'KEEP')
      .map((e) => `${e.meta.task_id}#${e.meta.trial}`);
    assert.deepEqual(
      rowsOf(out).map((r) => `${r.task_id}#${r.trial}`),
      keep,
    );
    assert.equal(report.records.rejected.unsupported_claim, rep.funnel.rejected.unsupported_claim);
    assert.ok(rowsOf(out).every((r) => r.group === 'KEEP'));
    const rejections = lines(join(out, 'rejections.jsonl')).map(
      (l) => JSON.parse(l) as { reason: string; task_id: string },
    );
    assert.equal(
      rejections.length,
      Object.values(report.records.rejected).reduce((a, b) => a + b, 0),
    );
  });

  it('batches sequences into token-id-list requests; the cache then answers a rerun with no request and the same bytes', async () => {
    const s = await teacherServer();
    const cacheDir = join(TMP, 'cache');
    const flags = { cacheDir };
    const a = await run(s, { flags, teacherOpts: { batch: 4 }, concurrency: 16 });
    const completions = s.requests.filter((r) => r.url === '/v1/completions');
    assert.equal(a.report.this_run.teacher_requests, completions.length);
    assert.ok(
      completions.length < 18 && completions.some((r) => (r.body.prompt as number[][]).length > 1),
      `${completions.length} requests`,
    );
    assert.ok(
      completions.every(
        (r) => (r.body.prompt as number[][]).length <= 4 && r.body.prompt_logprobs === 5 && r.body.max_tokens === 1,
      ),
    );
    const b = await run(s, { flags: { cacheDir, replay: true } });
    assert.equal(b.report.this_run.teacher_requests, 0);
    assert.equal(bytes(join(b.out, 'data/part-00000.parquet')), bytes(join(a.out, 'data/part-00000.parquet')));
    assert.equal(
      readFileSync(join(b.out, 'data/part-00000.jsonl'), 'utf8'),
      readFileSync(join(a.out, 'data/part-00000.jsonl'), 'utf8'),
    );
    assert.ok(new ChatCache(cacheDir).dir === cacheDir);
  });

  it('resumes an interrupted distillation (teacher down mid-way) to the same shards as an uninterrupted one', async () => {
    const clean = await run(await teacherServer(), { shardRows: 7 });
    const s = await teacherServer();
    let served = 0;
    const flaky = await startFakeServer({
      fallback: (req) => (++served > 3 ? { status: 503, message: 'down' } : fakePromptLogprobsReply(req.body, {})),
    });
    servers.push(flaky);
    const out = join(TMP, 'resumed');
    await assert.rejects(
      run(flaky, { out, teacherOpts: { batch: 1 }, concurrency: 2, shardRows: 7 }),
      /--teacher .*HTTP 503: down/,
    );
    const partial = lines(join(out, 'log.jsonl')).length;
    assert.ok(partial >= 1 && partial < 18, `${partial} logged`);
    // a resume with other settings is refused; the same settings finish it
    await assert.rejects(
      run(s, { out, topK: 4 }),
      /holds a distillation with a different configuration: top_k \(recorded 5, now 4\)/,
    );
    const done = await run(s, { out, shardRows: 7, teacherOpts: { batch: 1 } });
    assert.equal(done.report.resumed, partial);
    assert.equal(s.requests.length, 18 - partial);
    for (const f of ['part-00000', 'part-00001', 'part-00002']) {
      assert.equal(bytes(join(out, 'data', `${f}.parquet`)), bytes(join(clean.out, 'data', `${f}.parquet`)), f);
      assert.equal(bytes(join(out, 'data', `${f}.jsonl`)), bytes(join(clean.out, 'data', `${f}.jsonl`)), f);
    }
    assert.ok(!existsSync(join(out, 'data/part-00003.parquet')));
    assert.equal(lines(join(out, 'log.jsonl')).length, 18);
  });

  it('refuses to resume over a student run that changed, and skips a sequence the teacher refuses (HTTP 400)', async () => {
    const dir = join(TMP, 'changed');
    spawnSync('cp', ['-r', RUN, dir]);
    const { out } = await run(await teacherServer(), { sources: [await resolveSource(dir)] });
    const file = join(dir, 'trajectories.jsonl');
    const ls = lines(file);
    writeFileSync(file, `${[ls[1], ls[0], ...ls.slice(2)].join('\n')}\n`);
    await assert.rejects(
      run(await teacherServer(), { out, sources: [await resolveSource(dir)] }),
      /the student run changed since this distillation began \(log entry 1 is api_key_rotation trial 0, the run now gives api_key_rotation trial 1 with a different record\); pass --force/,
    );
    const long = await startFakeServer({
      fallback: (req) =>
        (req.body.prompt as number[][]).some((p) => p.length > 4600)
          ? { status: 400, message: 'longer than max_model_len' }
          : fakePromptLogprobsReply(req.body, {}),
    });
    servers.push(long);
    const r = await run(long, { out, sources: [await resolveSource(dir)], fresh: true, teacherOpts: { batch: 8 } });
    assert.ok((r.report.distilled.skipped.teacher_refused ?? 0) >= 1);
    assert.equal(r.report.distilled.trajectories + (r.report.distilled.skipped.teacher_refused ?? 0), 18);
  });

  it('refuses a run recorded without token ids, and a teacher that is not an openai-compatible endpoint', async () => {
    const dir = join(TMP, 'plain');
    spawnSync('cp', ['-r', RUN, dir]);
    const file = join(dir, 'trajectories.jsonl');
    writeFileSync(
      file,
      lines(file)
        .map((l) => {
          const t = JSON.parse(l);
          for (const e of t.events) delete e.raw;
          return JSON.stringify(t);
        })
        .join('\n') + '\n',
    );
    await assert.rejects(
      run(await teacherServer(), { sources: [await resolveSource(dir)] }),
      /none of the 18 trajectories has token ids; record the student's run with --return-token-ids/,
    );
    assert.throws(
      () => endpointTeacher('openai:gpt-4o', {}, { topK: 5 }),
      /--teacher "openai:gpt-4o": distillation needs prompt log-probabilities over token ids/,
    );
    await assert.rejects(
      run(await teacherServer({ maxLogprobs: 3 })),
      /refuses --top-k 5 \(HTTP 400: Requested prompt logprobs of 5, which is greater than max allowed: 3\); lower --top-k, or start vLLM with --max-logprobs 5/,
    );
  });
});
