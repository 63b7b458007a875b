import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { trajectoryAnchors } from '../rl/anchor.js';
import type { AdvantageRow } from '../rl/estimators/index.js';
import type { Trajectory } from '../schema/trajectory.js';
import { isCoworkError } from '../schema/errors.js';
import { badInput, runCli as cli, inProcess } from './testing.js';
import { buildProgram } from './main.js';

const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-adv-cli-'));
after(() => rmSync(TMP, { recursive: true, force: true }));
const RUN = join(TMP, 'run');

const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
const rowsOf = (file: string) => lines(file).map((l) => JSON.parse(l) as AdvantageRow);
const trajectories = (dir: string) => lines(join(dir, 'trajectories.jsonl')).map((l) => JSON.parse(l) as Trajectory);
interface Meta {
  method: string;
  reward: Record<string, unknown>;
  group_size: number | null;
  params: Record<string, unknown>;
  counts: Record<string, number>;
  rejected: { group: string; task_id: string; reason: string; detail: string; trials: number[] }[];
  excluded: { group: string; task_id: string; reason: string; detail: string; trials: number[] }[];
  aborted: { task_id: string; trial: number; group: string; reason: string }[];
}
const metaOf = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Meta;

const adv = (...args: string[]) => inProcess('advantages', ...args);

before(async () => {
  const r = await cli('run', 'examples/tasks', '--agent', 'noisy', '--trials', '8', '--seed', '1', '--out', RUN);
  assert.equal(r.code, 0, r.stderr);
});

describe('coworkenv advantages', () => {
  it('writes GRPO advantages with --group-size 4 that match an independent computation', async () => {
    const out = join(TMP, 'grpo', 'adv.jsonl');
    const r = await cli('advantages', RUN, '--method', 'grpo', '--group-size', '4', '--out', out);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    assert.match(r.stdout, /^grpo: 12\/12 groups valid \(0 infra-failed, 0 incomplete\)/);
    assert.match(r.stdout, /wrote .*adv\.jsonl \(48 rows\) and .*adv\.meta\.json/);
    const rows = rowsOf(out);
    assert.equal(rows.length, 48);
    for (const row of rows)
      assert.deepEqual(Object.keys(row).sort(), ['advantage', 'group', 'reward', 'task_id', 'trial']);
    // independent: population std with floor 0.05 over trials 0–3 and 4–7 of each task
    const ts = trajectories(RUN);
    for (const row of rows) {
      const k = Math.floor(row.trial / 4);
      assert.equal(row.group, `${row.task_id}#${k}`);
      const rs = ts
        .filter((t) => t.task_id === row.task_id && Math.floor(t.trial / 4) === k)
        .map((t) => t.grade?.score ?? Number.NaN);
      const m = rs.reduce((a, b) => a + b, 0) / rs.length;
      const sd = Math.sqrt(rs.reduce((a, b) => a + (b - m) ** 2, 0) / rs.length);
      const own = ts.find((t) => t.task_id === row.task_id && t.trial === row.trial)?.grade?.score;
      assert.equal(row.reward, own);
      const expected = sd <= 1e-9 ? 0 : ((own ?? 0) - m) / Math.max(sd, 0.05);
      assert.ok(Math.abs(row.advantage - expected) < 1e-12, `${row.group}/${row.trial}`);
    }
    const meta = metaOf(join(TMP, 'grpo', 'adv.meta.json'));
    assert.equal(meta.method, 'grpo');
    assert.equal(meta.group_size, 4);
    assert.deepEqual(meta.reward, { kind: 'claw' });
    assert.deepEqual(meta.params, {
      std: 'population',
      std_floor: 0.05,
      zero_std_tolerance: 1e-9,
      zero_variance: 'keep',
    });
    assert.deepEqual(
      { ...meta.counts },
      {
        trajectories: 48,
        groups: 12,
        valid_groups: 12,
        zero_variance_groups: 0,
        excluded_groups: 0,
        rejected_groups: 0,
        infra_failed_groups: 0,
        incomplete_groups: 0,
        aborted_samples: 0,
        rows: 48,
      },
    );
    assert.deepEqual(meta.excluded, []);
  });

  it('Dr.GRPO reports the constant loss normaliser; without --group-size a group is all 8 trials', async () => {
    const out = join(TMP, 'dr.jsonl');
    const r = await cli('advantages', RUN, '--method', 'drgrpo', '--out', out, '--json');
    assert.equal(r.code, 0, r.stderr);
    const meta = JSON.parse(r.stdout) as Meta;
    assert.deepEqual(meta, metaOf(join(TMP, 'dr.meta.json')));
    assert.equal(meta.params.loss_normaliser, 1536);
    assert.equal(meta.group_size, null);
    const rows = rowsOf(out);
    assert.equal(new Set(rows.map((x) => x.group)).size, 6);
    for (const g of new Set(rows.map((x) => x.group)))
      assert.ok(Math.abs(rows.filter((x) => x.group === g).reduce((a, x) => a + x.advantage, 0)) < 1e-9);
  });

  it('GDPO writes the reward dimensions; GiGPO writes steps keyed by trajectory anchors (shaped step rewards)', async () => {
    const gd = join(TMP, 'gdpo.jsonl');
    assert.equal(
      (
        await cli(
          'advantages',
          RUN,
          '--method',
          'gdpo',
          '--dims',
          'completion,safety:2',
          '--group-size',
          '4',
          '--out',
          gd,
        )
      ).code,
      0,
    );
    const gdRows = rowsOf(gd);
    assert.deepEqual(Object.keys(gdRows[0]?.rewards ?? {}).sort(), ['completion', 'safety']);
    // batch-normalised over all valid groups: mean 0, population std 1
    const a = gdRows.map((x) => x.advantage);
    const m = a.reduce((s, x) => s + x, 0) / a.length;
    assert.ok(Math.abs(m) < 1e-9);
    assert.ok(Math.abs(Math.sqrt(a.reduce((s, x) => s + (x - m) ** 2, 0) / a.length) - 1) < 1e-9);
    assert.deepEqual(metaOf(join(TMP, 'gdpo.meta.json')).params.dimensions, [
      { name: 'completion', weight: 1 },
      { name: 'safety', weight: 2 },
    ]);

    const gi = join(TMP, 'gigpo.jsonl');
    const r = await cli(
      'advantages',
      RUN,
      '--method',
      'gigpo',
      '--group-size',
      '4',
      '--step-reward',
      'shaped',
      '--tasks',
      'examples/tasks',
      '--gamma',
      '0.9',
      '--out',
      gi,
    );
    assert.equal(r.code, 0, r.stderr);
    const ts = trajectories(RUN);
    for (const row of rowsOf(gi)) {
      const t = ts.find((x) => x.task_id === row.task_id && x.trial === row.trial) as Trajectory;
      const steps = row.steps ?? [];
      assert.deepEqual(
        steps.map((s) => s.anchor),
        trajectoryAnchors(t.events),
      );
      for (const s of steps) assert.ok(Math.abs(s.advantage - (row.advantage + s.step_advantage)) < 1e-12);
      steps.forEach((s, i) => assert.ok(Math.abs(s.return - (s.reward + 0.9 * (steps[i + 1]?.return ?? 0))) < 1e-12));
    }
    const meta = metaOf(join(TMP, 'gigpo.meta.json'));
    assert.deepEqual(
      [meta.params.gamma, meta.params.omega, meta.params.step_reward, meta.params.std_floor],
      [0.9, 1, 'shaped', 0.05],
    );
    assert.ok((meta.counts.steps ?? 0) > 48);
  });

  it('rejects incomplete groups under --group-size and reports them', async () => {
    const out = join(TMP, 'g3.jsonl');
    const r = await cli('advantages', RUN, '--method', 'grpo', '--group-size', '3', '--out', out);
    assert.equal(r.code, 0, r.stderr);
    const meta = metaOf(join(TMP, 'g3.meta.json'));
    // 8 trials ⇒ groups {0,1,2}, {3,4,5} valid and {6,7} incomplete, per task
    assert.deepEqual([meta.counts.valid_groups, meta.counts.incomplete_groups, meta.counts.rows], [12, 6, 36]);
    assert.deepEqual(meta.rejected[0], {
      group: 'api_key_rotation#2',
      task_id: 'api_key_rotation',
      reason: 'incomplete',
      detail: '2/3 valid samples; the run has 8 trials per task, not enough to fill this group of 3',
      trials: [6, 7],
    });
    assert.match(r.stdout, /^api_key_rotation#2\s+incomplete\s+2\/3 valid samples/m);
  });

  it('aborts missing-reward samples and rejects infra-failed groups from a damaged run', async () => {
    const dir = join(TMP, 'damaged');
    cpSync(RUN, dir, { recursive: true });
    const ts = trajectories(dir).map((t) => {
      if (t.task_id === 'inventory_reorder' && t.trial === 1) delete t.grade;
      if (t.task_id === 'ssl_ticket_kb' && t.trial === 6)
        t.events = t.events.map((e) => (e.type === 'episode_end' ? { ...e, reason: 'infra_error' as const } : e));
      return t;
    });
    writeFileSync(join(dir, 'trajectories.jsonl'), ts.map((t) => `${JSON.stringify(t)}\n`).join(''));
    const out = join(TMP, 'damaged.jsonl');
    const r = await cli('advantages', dir, '--method', 'gigpo', '--group-size', '4', '--out', out);
    assert.equal(r.code, 0, r.stderr);
    const meta = metaOf(join(TMP, 'damaged.meta.json'));
    assert.deepEqual(meta.aborted, [
      { task_id: 'inventory_reorder', trial: 1, group: 'inventory_reorder#0', reason: 'missing reward: no grade' },
    ]);
    assert.deepEqual(
      meta.rejected.map((x) => [x.group, x.reason, x.detail]),
      [
        ['inventory_reorder#0', 'incomplete', '3/4 valid samples; aborted (missing reward): trial(s) 1'],
        ['ssl_ticket_kb#1', 'infra_failed', 'trial(s) 6 ended in infra_error'],
      ],
    );
    assert.deepEqual(
      [meta.counts.valid_groups, meta.counts.infra_failed_groups, meta.counts.incomplete_groups, meta.counts.rows],
      [10, 1, 1, 40],
    );
    const groups = new Set(rowsOf(out).map((x) => x.group));
    assert.ok(
      !groups.has('inventory_reorder#0') && !groups.has('ssl_ticket_kb#1') && groups.has('inventory_reorder#1'),
    );
  });

  it('the geometric reward records its weights and normalised exponents', async () => {
    const out = join(TMP, 'geo.jsonl');
    assert.equal(
      (
        await cli(
          'advantages',
          RUN,
          '--method',
          'grpo',
          '--reward',
          'geometric',
          '--w-code',
          '3',
          '--w-llm',
          '1',
          '--out',
          out,
        )
      ).code,
      0,
    );
    assert.deepEqual(metaOf(join(TMP, 'geo.meta.json')).reward, {
      kind: 'geometric',
      w_code: 3,
      w_llm: 1,
      exponents: { code: 0.75, llm: 0.25 },
    });
  });

  it('geometric: unscored judge items abort the sample (claw mode still reads the decided score)', async () => {
    const dir = join(TMP, 'unjudged');
    cpSync(RUN, dir, { recursive: true });
    // what a claw-mode dialogue task graded without a judge looks like: status ok, judge items unavailable, llm null
    const ts = trajectories(dir).map((t) => {
      if (t.task_id === 'inventory_reorder' && t.trial === 1 && t.grade) {
        t.grade = {
          ...t.grade,
          llm: null,
          judge: [
            {
              id: 'final_answer',
              kind: 'judge',
              weight: 1,
              score: null,
              status: 'unavailable',
              evidence: [],
              reason: 'no judge configured',
            },
          ],
        };
      }
      return t;
    });
    writeFileSync(join(dir, 'trajectories.jsonl'), ts.map((t) => `${JSON.stringify(t)}\n`).join(''));
    const geo = join(TMP, 'unjudged-geo.jsonl');
    const r = await cli(
      'advantages',
      dir,
      '--method',
      'grpo',
      '--group-size',
      '4',
      '--reward',
      'geometric',
      '--out',
      geo,
    );
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /1 sample\(s\) aborted/);
    assert.match(
      r.stderr,
      /warning: 1 sample\(s\) aborted — missing reward: geometric reward: LLM side unscored: final_answer \(unavailable\)/,
    );
    const meta = metaOf(join(TMP, 'unjudged-geo.meta.json'));
    assert.deepEqual(meta.aborted, [
      {
        task_id: 'inventory_reorder',
        trial: 1,
        group: 'inventory_reorder#0',
        reason:
          'missing reward: geometric reward: LLM side unscored: final_answer (unavailable); the geometric reward needs every item the spec has (run with --judge)',
      },
    ]);
    assert.deepEqual(
      [meta.counts.aborted_samples, meta.counts.incomplete_groups, meta.counts.valid_groups],
      [1, 1, 11],
    );
    assert.ok(!rowsOf(geo).some((x) => x.group === 'inventory_reorder#0'));
    const claw = join(TMP, 'unjudged-claw.jsonl');
    assert.equal((await cli('advantages', dir, '--method', 'grpo', '--group-size', '4', '--out', claw)).code, 0);
    assert.deepEqual(metaOf(join(TMP, 'unjudged-claw.meta.json')).counts.aborted_samples, 0);
  });

  it('--zero-variance exclude drops zero-variance groups and changes GDPO batch statistics (in-process)', async () => {
    // api_key_rotation#0 (trials 0–3) made zero-variance in the scalar reward and every dimension
    const dir = join(TMP, 'flat');
    cpSync(RUN, dir, { recursive: true });
    const ts = trajectories(dir).map((t) => {
      if (t.task_id === 'api_key_rotation' && t.trial < 4 && t.grade)
        t.grade = { ...t.grade, completion: 0.5, safety: 1, robustness: 1, score: 0.5 };
      return t;
    });
    writeFileSync(join(dir, 'trajectories.jsonl'), ts.map((t) => `${JSON.stringify(t)}\n`).join(''));
    const run = async (name: string, ...args: string[]) => {
      const printed = await adv(dir, '--group-size', '4', '--out', join(TMP, `${name}.jsonl`), ...args);
      return { printed, rows: rowsOf(join(TMP, `${name}.jsonl`)), meta: metaOf(join(TMP, `${name}.meta.json`)) };
    };
    // GRPO: keep gives the group four zeros; exclude drops them and leaves every other row as it was
    const keep = await run('flat-keep', '--method', 'grpo');
    const excl = await run('flat-excl', '--method', 'grpo', '--zero-variance', 'exclude');
    assert.deepEqual(
      keep.rows.filter((r) => r.group === 'api_key_rotation#0').map((r) => r.advantage),
      [0, 0, 0, 0],
    );
    assert.deepEqual(
      excl.rows,
      keep.rows.filter((r) => r.group !== 'api_key_rotation#0'),
    );
    assert.equal(keep.meta.params.zero_variance, 'keep');
    assert.equal(excl.meta.params.zero_variance, 'exclude');
    assert.deepEqual(
      [
        keep.meta.counts.zero_variance_groups,
        keep.meta.counts.excluded_groups,
        keep.meta.counts.valid_groups,
        keep.meta.counts.rows,
      ],
      [1, 0, 12, 48],
    );
    assert.deepEqual(
      [
        excl.meta.counts.zero_variance_groups,
        excl.meta.counts.excluded_groups,
        excl.meta.counts.valid_groups,
        excl.meta.counts.rows,
      ],
      [1, 1, 12, 44],
    );
    assert.deepEqual(excl.meta.excluded, [
      {
        group: 'api_key_rotation#0',
        task_id: 'api_key_rotation',
        reason: 'zero_variance',
        detail: 'every reward 0.5',
        trials: [0, 1, 2, 3],
      },
    ]);
    assert.match(
      keep.printed,
      /^grpo: 12\/12 groups valid \(0 infra-failed, 0 incomplete\), 1 zero-variance; 0 sample\(s\) aborted$/m,
    );
    assert.match(
      excl.printed,
      /^grpo: 12\/12 groups valid \(0 infra-failed, 0 incomplete\), 1 zero-variance \(excluded: 1\); 0 sample\(s\) aborted$/m,
    );
    assert.match(excl.printed, /wrote .*flat-excl\.jsonl \(44 rows\)/);
    // GDPO: the batch std is √(ΣA²/N); the group's A is 0, so it only adds to N. Each group's A sums to 0, so the
    // batch mean is 0 either way ⇒ every other advantage scales by σ_keep/σ_exclude = √((N − E)/N), E = excluded samples
    const gKeep = await run('flat-gdpo-keep', '--method', 'gdpo');
    const gExcl = await run('flat-gdpo-excl', '--method', 'gdpo', '--zero-variance', 'exclude');
    const E = 4 * (gExcl.meta.counts.excluded_groups ?? 0);
    assert.ok(E >= 4 && gKeep.meta.counts.zero_variance_groups === gExcl.meta.counts.excluded_groups);
    assert.equal(gExcl.rows.length, 48 - E);
    const excluded = new Set(gExcl.meta.excluded.map((x) => x.group));
    const kept = gKeep.rows.filter((r) => !excluded.has(r.group));
    const factor = Math.sqrt((48 - E) / 48);
    kept.forEach((r, i) => assert.ok(Math.abs((gExcl.rows[i]?.advantage ?? 0) - r.advantage * factor) < 1e-9, r.group));
    assert.ok(
      kept.some((r) => Math.abs(r.advantage) > 0.1),
      'the numbers do change',
    );
    assert.equal(gExcl.meta.params.batch_normalisation, 'valid groups with reward variance');
    assert.match(
      gExcl.meta.excluded.find((x) => x.group === 'api_key_rotation#0')?.detail ?? '',
      /^every weighted dimension equal: completion 0\.5, safety 1, robustness 1$/,
    );
  });

  it('--std sample divides by the n − 1 std (in-process, against an independent computation)', async () => {
    const out = join(TMP, 'sample-std.jsonl');
    await adv(RUN, '--method', 'grpo', '--group-size', '4', '--std', 'sample', '--out', out);
    const ts = trajectories(RUN);
    const rows = rowsOf(out);
    assert.equal(rows.length, 48);
    for (const row of rows) {
      const k = Math.floor(row.trial / 4);
      const rs = ts
        .filter((t) => t.task_id === row.task_id && Math.floor(t.trial / 4) === k)
        .map((t) => t.grade?.score ?? Number.NaN);
      const m = rs.reduce((a, b) => a + b, 0) / rs.length;
      const ss = rs.reduce((a, b) => a + (b - m) ** 2, 0);
      const expected =
        Math.sqrt(ss / rs.length) <= 1e-9 ? 0 : (row.reward - m) / Math.max(Math.sqrt(ss / (rs.length - 1)), 0.05);
      assert.ok(Math.abs(row.advantage - expected) < 1e-12, `${row.group}/${row.trial}`);
    }
    assert.equal(metaOf(join(TMP, 'sample-std.meta.json')).params.std, 'sample');
  });

  it('--zero-variance and --std: bad values are refused before anything is read or written; --help names them with defaults', async () => {
    const out = join(TMP, 'bad-reading.jsonl');
    const refused = (message: string) => (e: unknown) =>
      isCoworkError(e) && e.code === 'bad_input' && e.message === message;
    await assert.rejects(
      adv(RUN, '--method', 'gdpo', '--zero-variance', 'drop', '--out', out),
      refused('--zero-variance must be keep or exclude, not "drop"'),
    );
    await assert.rejects(
      adv(RUN, '--method', 'grpo', '--std', 'bessel', '--out', out),
      refused('--std must be population or sample, not "bessel"'),
    );
    assert.ok(!existsSync(out));
    const help = ((await buildProgram(['advantages'])).commands[0]?.helpInformation() ?? '').replace(/\s+/g, ' ');
    assert.match(
      help,
      /--std <kind> the std that divides \(not drgrpo\): population \| sample .*\(default: "population"\)/,
    );
    assert.match(
      help,
      /--zero-variance <rule> groups whose rewards are all equal: keep \| exclude .*Cowork-Gym §4\) \(default: "keep"\)/,
    );
  });

  it('bad inputs: one error line, exit 1, no stack', async () => {
    const out = join(TMP, 'bad.jsonl');
    const adv = (...args: string[]) => cli('advantages', ...args, '--out', out);
    // independent commands: run them together
    const [method, missing, shaped, reward, dims, weight] = await Promise.all([
      adv(RUN, '--method', 'ppo'),
      adv(join(TMP, 'no-such-run'), '--method', 'grpo'),
      adv(RUN, '--method', 'gigpo', '--step-reward', 'shaped'),
      adv(RUN, '--method', 'grpo', '--reward', 'mean'),
      adv(RUN, '--method', 'gdpo', '--dims', 'speed'),
      adv(RUN, '--method', 'grpo', '--w-code', '0', '--reward', 'geometric'),
    ]);
    badInput(method, /unknown --method "ppo"; methods: grpo, drgrpo, gdpo, gigpo/);
    badInput(missing, /no-such-run: neither a run directory \(no run\.json\) nor a trajectories \.jsonl file/);
    badInput(shaped, /--step-reward shaped needs the specs: --tasks/);
    badInput(reward, /--reward must be claw or geometric/);
    badInput(dims, /unknown reward dimension "speed"/);
    badInput(weight, /--w-code and --w-llm must be positive/);
    assert.ok(!existsSync(out));
    const r = await cli('advantages', RUN, '--method', 'grpo', '--group-size', '0', '--out', out);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /expected an integer from 1/);
  });
});
