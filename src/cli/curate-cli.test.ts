import assert from 'node:assert/strict';
import { okGrade } from '../grade/testing.js';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { specHash } from '../schema/canonical-json.js';
import type { CurationReport } from '../curate/pipeline.js';
import { TaskSpec } from '../schema/task-spec.js';
import { makeSpec } from '../schema/testing.js';
import { isCoworkError } from '../schema/errors.js';
import { printFunnel } from './curate.js';
import { badInput, captureOutput, runCli as cli, inProcess, json } from './testing.js';
import { buildProgram } from './main.js';

const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-curate-cli-'));
after(() => rmSync(TMP, { recursive: true, force: true }));
const RUN = join(TMP, 'run');

const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');

const captured = async (fn: () => unknown) => (await captureOutput(fn)).out;

const curateInProcess = (...args: string[]) => inProcess('curate', ...args);
const FILES = [
  'sft.jsonl',
  'sft.parquet',
  'sharegpt.jsonl',
  'dataset_info.json',
  'rl_tasks.jsonl',
  'rejections.jsonl',
  'curation.json',
];
const TASKS = [
  'api_key_rotation',
  'inventory_reorder',
  'payment_change_refusal',
  'scheduler_job_repair',
  'ssl_ticket_kb',
  'support_escalation',
];

before(async () => {
  const r = await cli('run', 'examples/tasks', '--agent', 'noisy', '--trials', '5', '--out', RUN);
  assert.equal(r.code, 0, r.stderr);
});

describe('coworkenv curate', () => {
  it('curates a noisy run into TRL, Parquet and sharegpt, prints the funnel and writes every file', async () => {
    const out = join(TMP, 'ds');
    const r = await cli('curate', RUN, '--out', out, '--format', 'trl,parquet,sharegpt', '--tasks', 'examples/tasks');
    assert.equal(r.code, 0, r.stderr);
    for (const f of FILES) assert.ok(existsSync(join(out, f)), f);
    const report = JSON.parse(readFileSync(join(out, 'curation.json'), 'utf8')) as CurationReport;
    const f = report.funnel;
    // the funnel on stdout carries the report's numbers
    assert.match(r.stdout, /curation funnel/);
    assert.match(r.stdout, /^records in\s+30$/m);
    assert.match(
      r.stdout,
      new RegExp(
        `^tasks TRIVIAL / KEEP / UNSOLVABLE\\s+${f.groups.TRIVIAL.tasks} / ${f.groups.KEEP.tasks} / ${f.groups.UNSOLVABLE.tasks}$`,
        'm',
      ),
    );
    assert.match(r.stdout, new RegExp(`^rows out\\s+${f.rows_out}$`, 'm'));
    assert.match(r.stdout, new RegExp(`^\\s+mean reward\\s+${(f.mean_reward ?? 0).toFixed(3)}$`, 'm'));
    assert.match(r.stdout, new RegExp(`^\\s+mean messages\\s+${(f.mean_messages ?? 0).toFixed(1)}$`, 'm'));
    assert.match(r.stdout, new RegExp(`^\\s+mean tool calls\\s+${(f.mean_tool_calls ?? 0).toFixed(1)}$`, 'm'));
    assert.match(r.stdout, new RegExp(`^\\s+below reward 0\\.5\\s+${f.rejected.below_threshold ?? 0}$`, 'm'));
    // every threshold and limit used
    assert.equal(report.threshold, 0.5);
    assert.deepEqual(report.limits, {
      minMessages: 5,
      maxToolCalls: 20,
      maxObservationChars: 1000,
      maxTotalChars: 40_000,
    });
    assert.deepEqual(report.grouping, { trivial_at: 0.999, unsolvable_at: 0.001, trivial_prefix: 'before-conversion' });
    assert.equal(f.trivial_prefix.order, 'before-conversion');
    assert.equal(f.trivial_prefix.taken, f.rejected.trivial_prefix_taken ?? 0);
    assert.equal(report.selection, null);
    assert.deepEqual(report.sources, [{ path: RUN, replace: false }]);
    // every count, and the counts add up
    assert.equal(f.records_in, 30);
    assert.deepEqual([f.malformed, f.duplicates, f.superseded], [0, 0, 0]);
    assert.equal(f.groups.TRIVIAL.tasks + f.groups.KEEP.tasks + f.groups.UNSOLVABLE.tasks, 6);
    assert.equal(f.groups.TRIVIAL.records + f.groups.KEEP.records + f.groups.UNSOLVABLE.records, 30);
    const rejected = Object.values(f.rejected).reduce((a, b) => a + b, 0);
    assert.equal(f.rows_out + rejected, 30);
    assert.ok(f.rows_out > 0 && f.rows_out < 30, `${f.rows_out} rows`);
    assert.deepEqual(
      report.files.map((x) => [x.format, x.file, x.rows]),
      [
        ['trl', join(out, 'sft.jsonl'), f.rows_out],
        ['parquet', join(out, 'sft.parquet'), f.rows_out],
        ['sharegpt', join(out, 'sharegpt.jsonl'), f.rows_out],
      ],
    );
    assert.equal(lines(join(out, 'sft.jsonl')).length, f.rows_out);
    assert.equal(lines(join(out, 'sharegpt.jsonl')).length, f.rows_out);
    assert.equal(lines(join(out, 'rejections.jsonl')).length, rejected);
    // rl_tasks.jsonl: the KEEP tasks with their spec files
    const rl = lines(join(out, 'rl_tasks.jsonl')).map(
      (l) => JSON.parse(l) as { task_id: string; spec_path: string; group: string; teacher_mean_completion: number },
    );
    assert.deepEqual(report.rl_tasks, { file: join(out, 'rl_tasks.jsonl'), tasks: f.groups.KEEP.tasks });
    assert.equal(rl.length, f.groups.KEEP.tasks);
    for (const t of rl) {
      assert.ok(TASKS.includes(t.task_id), t.task_id);
      assert.equal(t.spec_path, `examples/tasks/${t.task_id}.yaml`);
      assert.equal(t.group, 'KEEP');
      assert.ok(t.teacher_mean_completion > 0.001 && t.teacher_mean_completion < 0.999);
    }
    const info = JSON.parse(readFileSync(join(out, 'dataset_info.json'), 'utf8')) as Record<
      string,
      { file_name: string; formatting: string }
    >;
    assert.deepEqual(
      Object.values(info).map((d) => [d.file_name, d.formatting]),
      [['sharegpt.jsonl', 'sharegpt']],
    );
  });

  it('--json prints curation.json to stdout; --preset picks the threshold', async () => {
    const out = join(TMP, 'ds-json');
    const r = await cli('curate', RUN, '--out', out, '--preset', 'safety', '--json');
    assert.equal(r.code, 0, r.stderr);
    const printed = JSON.parse(r.stdout) as CurationReport;
    assert.deepEqual(printed, JSON.parse(readFileSync(join(out, 'curation.json'), 'utf8')));
    assert.equal(printed.threshold, 0.8);
    assert.deepEqual(
      printed.files.map((x) => x.format),
      ['trl'],
    );
    assert.equal(printed.funnel.records_in, 30);
    const strict = JSON.parse(
      (await cli('curate', RUN, '--out', join(TMP, 'ds-thr'), '--preset', 'safety', '--threshold', '0.999', '--json'))
        .stdout,
    ) as CurationReport;
    assert.equal(strict.threshold, 0.999);
    assert.ok(strict.funnel.rows_out <= printed.funnel.rows_out);
  });

  it('a missing run directory is exit 1 with one error line and no stack', async () => {
    const missing = join(TMP, 'no-such-run');
    badInput(
      await cli('curate', missing, '--out', join(TMP, 'x1')),
      new RegExp(`${missing}: no such run directory or file`),
    );
    assert.equal(existsSync(join(TMP, 'x1')), false);
  });

  it('an unknown --format is exit 1 naming the formats', async () => {
    badInput(
      await cli('curate', RUN, '--out', join(TMP, 'x2'), '--format', 'trl,xml'),
      /unknown export format "xml"; formats: trl, parquet, sharegpt, vision/,
    );
  });

  it('--select without --scorer is exit 1', async () => {
    badInput(await cli('curate', RUN, '--out', join(TMP, 'x3'), '--select', 'nll'), /--select needs --scorer/);
  });

  it('an unknown --preset is exit 1 naming the presets', async () => {
    badInput(
      await cli('curate', RUN, '--out', join(TMP, 'x4'), '--preset', 'strict'),
      /unknown --preset "strict"; presets: mixed, multi-service, safety, extraction/,
    );
  });
});

describe('coworkenv curate: private user state without --tasks', () => {
  const GOAL = 'Get TK-1042 escalated to the on-call engineer today';
  // a run of one dialogue task whose LLM user repeats its private goal verbatim; run.json points at the spec
  const leakRun = (name: string): { dir: string; specFile: string } => {
    const dir = join(TMP, name);
    mkdirSync(dir, { recursive: true });
    const spec = makeSpec({
      id: 'leaky',
      services: ['helpdesk'],
      user: { persona: 'Dana, a support lead', goal: GOAL, knowledge: [] },
    });
    const specFile = join(dir, 'leaky.json');
    writeFileSync(specFile, JSON.stringify(spec));
    const hash = specHash(TaskSpec.parse(JSON.parse(readFileSync(specFile, 'utf8'))));
    const grade = okGrade();
    const record = {
      kind: 'trajectory',
      version: 1,
      task_id: 'leaky',
      trial: 0,
      events: [
        {
          type: 'episode_start',
          task_id: 'leaky',
          trial: 0,
          seed: 0,
          spec_hash: hash,
          mock_today: '2026-03-10T09:00:00Z',
          agent: { name: 'llm' },
          user: { name: 'llm', model: 'm' },
          tools: ['helpdesk_get_ticket'],
        },
        { type: 'user', text: 'Please help with a ticket.', source: 'request' },
        { type: 'assistant', text: 'What should happen?', tool_calls: [] },
        { type: 'user', text: `I want to ${GOAL}.`, source: 'sim' },
        { type: 'assistant', tool_calls: [{ id: 'c1', name: 'helpdesk_get_ticket', args: { ticket_id: 'TK-1042' } }] },
        {
          type: 'tool',
          call_id: 'c1',
          name: 'helpdesk_get_ticket',
          args: { ticket_id: 'TK-1042' },
          ok: true,
          content: '{"ticket_id":"TK-1042"}',
          latency_us: 1,
        },
        { type: 'assistant', text: 'TK-1042 is open.', tool_calls: [] },
        { type: 'episode_end', reason: 'user_done', turns: 3 },
      ],
      audit: { calls: [], records: {}, state: {} },
      grade,
    };
    writeFileSync(
      join(dir, 'run.json'),
      JSON.stringify({
        version: 1,
        status: 'done',
        config: {
          name,
          tasks: [
            { id: 'leaky', spec_hash: hash, family: 'test', capabilities: ['Tool_Calling'], spec_path: specFile },
          ],
          agent: { name: 'llm' },
          trials: 1,
          seed: 0,
        },
      }),
    );
    writeFileSync(join(dir, 'trajectories.jsonl'), `${JSON.stringify(record)}\n`);
    return { dir, specFile };
  };

  it('`curate runs/leak --out D` checks the spec from run.json: the goal is not exported', async () => {
    const { dir } = leakRun('leak');
    const out = join(TMP, 'leak-ds');
    const r = await cli('curate', dir, '--out', out, '--json');
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(readFileSync(join(out, 'sft.jsonl'), 'utf8'), /on-call engineer/);
    const report = json<CurationReport>(r);
    assert.deepEqual(report.funnel.rejected, { private_state_leak: 1 });
    assert.deepEqual(report.specs, { from_tasks: 0, from_runs: 1, unverified: [], unchecked: [] });
  });

  it('a changed or missing spec: the record is rejected (private_state_unchecked) with a warning naming --tasks', async () => {
    const { dir, specFile } = leakRun('leak-changed');
    writeFileSync(specFile, JSON.stringify(makeSpec({ id: 'leaky', services: ['helpdesk'] })));
    const out = join(TMP, 'leak-changed-ds');
    const r = await cli('curate', dir, '--out', out);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stderr,
      /warning: 1 record\(s\) with a user simulator were rejected \(private_state_unchecked\): no verified spec for leaky \(.*changed since the run.*\); pass --tasks/,
    );
    assert.equal(readFileSync(join(out, 'sft.jsonl'), 'utf8'), '');
  });
});

describe('coworkenv curate: output folder', () => {
  it('a scorer failure mid-run is exit 1 and leaves no .candidates.tmp.jsonl', async () => {
    const scores = join(TMP, 'partial-scores.jsonl');
    writeFileSync(scores, '{"task_id":"nobody","trial":0,"nll":1,"rsr":1}\n');
    const out = join(TMP, 'sel-fail');
    badInput(
      await cli('curate', RUN, '--out', out, '--select', 'rsr', '--scorer', scores),
      /partial-scores\.jsonl: no score for /,
    );
    assert.equal(existsSync(join(out, '.candidates.tmp.jsonl')), false);
    assert.equal(existsSync(join(out, 'curation.json')), false);
  });

  it('--out naming an existing file is exit 1 with one clear error line', async () => {
    const file = join(TMP, 'not-a-dir');
    writeFileSync(file, 'x');
    badInput(await cli('curate', RUN, '--out', file), /--out .*not-a-dir is a file; give a dataset directory/);
  });

  it('a rerun into the same --out needs --force, then replaces the dataset: no stale files of formats not asked for', async () => {
    const out = join(TMP, 'rerun');
    assert.equal((await cli('curate', RUN, '--out', out, '--format', 'trl,parquet,sharegpt')).code, 0);
    for (const f of FILES) assert.ok(existsSync(join(out, f)), f);
    const before = Object.fromEntries(FILES.map((f) => [f, readFileSync(join(out, f), 'utf8')]));
    // without --force: exit 1, one clear line, the first export untouched
    await assert.rejects(
      curateInProcess(RUN, '--out', out, '--format', 'trl'),
      (e: unknown) =>
        isCoworkError(e) &&
        e.code === 'bad_input' &&
        /already holds a dataset \(.*curation\.json.*\); pass --force to replace it/.test(e.message),
    );
    assert.deepEqual(Object.fromEntries(FILES.map((f) => [f, readFileSync(join(out, f), 'utf8')])), before);
    badInput(await cli('curate', RUN, '--out', out, '--format', 'trl'), /already holds a dataset/);
    assert.equal((await cli('curate', RUN, '--out', out, '--format', 'trl,trl', '--force')).code, 0);
    const left = FILES.filter((f) => existsSync(join(out, f)));
    assert.deepEqual(left, ['sft.jsonl', 'rl_tasks.jsonl', 'rejections.jsonl', 'curation.json']);
    const report = JSON.parse(readFileSync(join(out, 'curation.json'), 'utf8')) as CurationReport;
    assert.deepEqual(
      report.files.map((f) => f.format),
      ['trl'],
      'a repeated format is written once',
    );
  });
});

describe('coworkenv curate: flags that would be ignored', () => {
  it('an empty --format is exit 1 naming the formats', async () => {
    badInput(
      await cli('curate', RUN, '--out', join(TMP, 'f1'), '--format', ' , '),
      /--format is empty; give one or more of trl, parquet, sharegpt, vision/,
    );
  });

  it('--trivial-prefix after-conversion is recorded in curation.json; a bad value is refused before anything is written (in-process)', async () => {
    const out = join(TMP, 'ds-after');
    await curateInProcess(RUN, '--out', out, '--tasks', 'examples/tasks', '--trivial-prefix', 'after-conversion');
    const report = JSON.parse(readFileSync(join(out, 'curation.json'), 'utf8')) as CurationReport;
    assert.equal(report.grouping.trivial_prefix, 'after-conversion');
    assert.equal(report.funnel.trivial_prefix.order, 'after-conversion');
    const bad = join(TMP, 'ds-bad-prefix');
    await assert.rejects(
      curateInProcess(RUN, '--out', bad, '--trivial-prefix', 'first'),
      (e: unknown) =>
        isCoworkError(e) &&
        e.code === 'bad_input' &&
        e.message === '--trivial-prefix must be before-conversion or after-conversion, not "first"',
    );
    assert.ok(!existsSync(bad));
    const help = ((await buildProgram(['curate'])).commands[0]?.helpInformation() ?? '').replace(/\s+/g, ' ');
    assert.match(
      help,
      /--trivial-prefix <order> when a TRIVIAL task's one record per task prefix is chosen: before-conversion \| after-conversion .*\(default: "before-conversion"\)/,
    );
  });

  it('the funnel shows the records the prefix rule dropped and what the other order would change', async () => {
    const base = JSON.parse(readFileSync(join(TMP, 'ds', 'curation.json'), 'utf8')) as CurationReport;
    const withPrefix = (order: 'before-conversion' | 'after-conversion', taken: number): CurationReport => ({
      ...base,
      funnel: {
        ...base.funnel,
        trivial_prefix: { order, taken, first_failed: 2, rescued: 1 },
        rejected: { too_few_messages: 2, trivial_prefix_taken: taken },
      },
    });
    const before = await captured(() => printFunnel(withPrefix('before-conversion', 4)));
    assert.match(before, /^ {2}trivial prefix taken \(before-conversion\)\s+4$/m);
    assert.match(
      before,
      /^ {2}TRIVIAL prefixes whose first record failed conversion\s+2 \(1 with a later record that converts: dropped here, kept by after-conversion\)$/m,
    );
    const after = await captured(() => printFunnel(withPrefix('after-conversion', 2)));
    assert.match(after, /^ {2}trivial prefix taken \(after-conversion\)\s+2$/m);
    assert.match(after, /2 \(1 with a later record that converts: kept here, dropped by before-conversion\)$/m);
    // no prefix lost to a failed conversion: no such line
    assert.doesNotMatch(await captured(() => printFunnel(base)), /failed conversion/);
  });

  it('--keep, --scorer, --bins … without --select are exit 1 (a bad scores file would go unnoticed)', async () => {
    badInput(
      await cli('curate', RUN, '--out', join(TMP, 'f2'), '--keep', '0.5'),
      /--keep only applies with --select nll\|rsr/,
    );
    badInput(
      await cli('curate', RUN, '--out', join(TMP, 'f3'), '--scorer', join(TMP, 'absent.jsonl'), '--bins', '3'),
      /--scorer, --bins only apply with --select nll\|rsr/,
    );
  });
});
