import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CurationReport } from '../curate/pipeline.js';
import { badInput, cli, json } from './testing.js';

const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-curate-cli-'));
after(() => rmSync(TMP, { recursive: true, force: true }));
const RUN = join(TMP, 'run');



const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '');
const FILES = ['sft.jsonl', 'sft.parquet', 'sharegpt.jsonl', 'dataset_info.json', 'rl_tasks.jsonl', 'rejections.jsonl', 'curation.json'];
const TASKS = ['api_key_rotation', 'inventory_reorder', 'payment_change_refusal', 'scheduler_job_repair', 'ssl_ticket_kb', 'support_escalation'];


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
    assert.match(r.stdout, new RegExp(`^tasks TRIVIAL / KEEP / UNSOLVABLE\\s+${f.groups.TRIVIAL.tasks} / ${f.groups.KEEP.tasks} / ${f.groups.UNSOLVABLE.tasks}$`, 'm'));
    assert.match(r.stdout, new RegExp(`^rows out\\s+${f.rows_out}$`, 'm'));
    assert.match(r.stdout, new RegExp(`^\\s+mean reward\\s+${(f.mean_reward ?? 0).toFixed(3)}$`, 'm'));
    assert.match(r.stdout, new RegExp(`^\\s+mean messages\\s+${(f.mean_messages ?? 0).toFixed(1)}$`, 'm'));
    assert.match(r.stdout, new RegExp(`^\\s+mean tool calls\\s+${(f.mean_tool_calls ?? 0).toFixed(1)}$`, 'm'));
    assert.match(r.stdout, new RegExp(`^\\s+below reward 0\\.5\\s+${f.rejected.below_threshold ?? 0}$`, 'm'));
    // every threshold and limit used
    assert.equal(report.threshold, 0.5);
    assert.deepEqual(report.limits, { minMessages: 5, maxToolCalls: 20, maxObservationChars: 1000, maxTotalChars: 40_000 });
    assert.deepEqual(report.grouping, { trivial_at: 0.999, unsolvable_at: 0.001 });
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
    assert.deepEqual(report.files.map((x) => [x.format, x.file, x.rows]), [['trl', join(out, 'sft.jsonl'), f.rows_out], ['parquet', join(out, 'sft.parquet'), f.rows_out], ['sharegpt', join(out, 'sharegpt.jsonl'), f.rows_out]]);
    assert.equal(lines(join(out, 'sft.jsonl')).length, f.rows_out);
    assert.equal(lines(join(out, 'sharegpt.jsonl')).length, f.rows_out);
    assert.equal(lines(join(out, 'rejections.jsonl')).length, rejected);
    // rl_tasks.jsonl: the KEEP tasks with their spec files
    const rl = lines(join(out, 'rl_tasks.jsonl')).map((l) => JSON.parse(l) as { task_id: string; spec_path: string; group: string; teacher_mean_completion: number });
    assert.deepEqual(report.rl_tasks, { file: join(out, 'rl_tasks.jsonl'), tasks: f.groups.KEEP.tasks });
    assert.equal(rl.length, f.groups.KEEP.tasks);
    for (const t of rl) {
      assert.ok(TASKS.includes(t.task_id), t.task_id);
      assert.equal(t.spec_path, `examples/tasks/${t.task_id}.yaml`);
      assert.equal(t.group, 'KEEP');
      assert.ok(t.teacher_mean_completion > 0.001 && t.teacher_mean_completion < 0.999);
    }
    const info = JSON.parse(readFileSync(join(out, 'dataset_info.json'), 'utf8')) as Record<string, { file_name: string; formatting: string }>;
    assert.deepEqual(Object.values(info).map((d) => [d.file_name, d.formatting]), [['sharegpt.jsonl', 'sharegpt']]);
  });

  it('--json prints curation.json to stdout; --preset picks the threshold', async () => {
    const out = join(TMP, 'ds-json');
    const r = await cli('curate', RUN, '--out', out, '--preset', 'safety', '--json');
    assert.equal(r.code, 0, r.stderr);
    const printed = JSON.parse(r.stdout) as CurationReport;
    assert.deepEqual(printed, JSON.parse(readFileSync(join(out, 'curation.json'), 'utf8')));
    assert.equal(printed.threshold, 0.8);
    assert.deepEqual(printed.files.map((x) => x.format), ['trl']);
    assert.equal(printed.funnel.records_in, 30);
    const strict = JSON.parse((await cli('curate', RUN, '--out', join(TMP, 'ds-thr'), '--preset', 'safety', '--threshold', '0.999', '--json')).stdout) as CurationReport;
    assert.equal(strict.threshold, 0.999);
    assert.ok(strict.funnel.rows_out <= printed.funnel.rows_out);
  });

  it('a missing run directory is exit 1 with one error line and no stack', async () => {
    const missing = join(TMP, 'no-such-run');
    badInput(await cli('curate', missing, '--out', join(TMP, 'x1')), new RegExp(`${missing}: no such run directory or file`));
    assert.equal(existsSync(join(TMP, 'x1')), false);
  });

  it('an unknown --format is exit 1 naming the formats', async () => {
    badInput(await cli('curate', RUN, '--out', join(TMP, 'x2'), '--format', 'trl,xml'), /unknown export format "xml"; formats: trl, parquet, sharegpt/);
  });

  it('--select without --scorer is exit 1', async () => {
    badInput(await cli('curate', RUN, '--out', join(TMP, 'x3'), '--select', 'nll'), /--select needs --scorer/);
  });

  it('an unknown --preset is exit 1 naming the presets', async () => {
    badInput(await cli('curate', RUN, '--out', join(TMP, 'x4'), '--preset', 'strict'), /unknown --preset "strict"; presets: mixed, multi-service, safety, extraction/);
  });
});
