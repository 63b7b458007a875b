import assert from 'node:assert/strict';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { recordStudentRun } from '../distill/testing.js';
import { type FakeServer, startFakeServer } from '../llm/testing/fake-server.js';
import { inProcess, startCli } from './testing.js';
import { buildProgram } from './main.js';

const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-distill-cli-'));
const RUN = join(TMP, 'student');
let teacher: FakeServer;
before(async () => {
  await recordStudentRun(RUN, ['examples/tasks/ssl_ticket_kb.yaml', 'examples/tasks/inventory_reorder.yaml'], {
    trials: 3,
    seed: 2,
  });
  // a fixed latency keeps the killed process mid-way
  teacher = await startFakeServer({ tokenizer: {}, latencyMs: 150 });
});
after(async () => {
  await teacher.close();
  rmSync(TMP, { recursive: true, force: true });
});

const lines = (file: string) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
    : [];

const distillInProcess = (...args: string[]) => inProcess('distill', ...args);

const args = (out: string, ...more: string[]) => [
  RUN,
  '--teacher',
  `openai-compatible:${teacher.openaiBaseURL}#teacher`,
  '--out',
  out,
  '--top-k',
  '4',
  '--no-cache',
  '--shard-rows',
  '4',
  ...more,
];

describe('coworkenv distill', () => {
  it('kill -9 mid-distill, resume: the same shards as an uninterrupted distillation', async () => {
    const out = join(TMP, 'killed');
    const first = startCli(['distill', ...args(out, '--batch', '1', '--concurrency', '1')]);
    const log = join(out, 'log.jsonl');
    let exited: string | undefined;
    void first.done.then((r) => (exited = `exited ${r.code}: ${r.stderr}`));
    for (let i = 0; i < 400 && lines(log).length < 2 && !exited; i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(exited, undefined);
    process.kill(first.pid, 'SIGKILL');
    assert.equal((await first.done).code, null);
    const partial = lines(log).length;
    assert.ok(partial >= 2 && partial < 6, `killed after ${partial} trajectories`);
    // a line cut off mid-write is truncated away on resume
    appendFileSync(log, '{"task_id":"ssl_ticket_kb","trial":2,"sha":"ab');
    const printed = await distillInProcess(...args(out));
    assert.match(printed, /already distilled \(resumed\)\s+\d/);
    assert.equal(lines(log).length, 6);
    const clean = join(TMP, 'clean');
    const report = JSON.parse(await distillInProcess(...args(clean, '--json'))) as {
      distilled: { rows: number };
      shards: { parquet: string }[];
    };
    assert.equal(report.distilled.rows, 6);
    assert.equal(report.shards.length, 2);
    for (const f of ['part-00000.parquet', 'part-00000.jsonl', 'part-00001.parquet', 'part-00001.jsonl']) {
      assert.ok(readFileSync(join(out, 'data', f)).equals(readFileSync(join(clean, 'data', f))), f);
    }
    assert.equal(JSON.parse(readFileSync(join(out, 'distill.json'), 'utf8')).status, 'done');
    assert.ok(!existsSync(join(out, 'distill.lock')));
  });

  it('bad input: a clear error naming the flag or path, nothing written', async () => {
    const out = join(TMP, 'bad');
    await assert.rejects(
      distillInProcess(...args(out, '--template', 'mistral')),
      /unknown --template "mistral"; presets: qwen, llama3/,
    );
    await assert.rejects(
      distillInProcess(...args(out, '--tasks', 'examples/tasks')),
      /--tasks only applies with --only-valid/,
    );
    await assert.rejects(
      distillInProcess(RUN, '--teacher', 'anthropic:claude', '--out', out),
      /--teacher "anthropic:claude": distillation needs prompt log-probabilities over token ids/,
    );
    await assert.rejects(
      distillInProcess(join(TMP, 'nope'), '--teacher', `openai-compatible:${teacher.openaiBaseURL}#t`, '--out', out),
      /nope: no such run directory or file/,
    );
    assert.ok(!existsSync(out));
    const file = join(TMP, 'a-file');
    writeFileSync(file, 'x');
    await assert.rejects(distillInProcess(...args(file)), /--out .*a-file is a file; give a dataset directory/);
    const help = ((await buildProgram(['distill'])).commands[0]?.helpInformation() ?? '').replace(/\s+/g, ' ');
    for (const flag of [
      '--teacher',
      '--top-k',
      '--only-keep',
      '--only-valid',
      '--batch',
      '--concurrency',
      '--force',
      '--rpm',
      '--replay',
    ])
      assert.ok(help.includes(flag), flag);
  });
});
