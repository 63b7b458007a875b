import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { benchesAt, formatComparison, readRunOutput, resolveRev, sideOrder } from './compare.js';
import { figure, formatResult, quantile, spread } from './stats.js';

// the helpers of bench/ only: nothing here is timed

describe('stats helpers', () => {
  it('spread gives min, median (mean of the middle two for an even count) and max', () => {
    assert.deepEqual(spread([3, 1, 2]), { min: 1, median: 2, max: 3, n: 3 });
    assert.deepEqual(spread([4, 1, 3, 2]), { min: 1, median: 2.5, max: 4, n: 4 });
    assert.ok(Number.isNaN(spread([]).median));
  });

  it('quantile uses the nearest rank and does not reorder its input', () => {
    const xs = [5, 1, 4, 2, 3];
    assert.equal(quantile(xs, 0.5), 3);
    assert.equal(quantile(xs, 0), 1);
    assert.equal(quantile(xs, 1), 5);
    assert.deepEqual(xs, [5, 1, 4, 2, 3]);
  });

  it('figure puts the target on value ÷ floor, either direction, with an optional absolute target', () => {
    const slow = figure({ unit: 'ms', value: 0.6, floor: 0.2, floorIs: 'health', target: ['≤', 2] });
    assert.equal(slow.ratio.toFixed(6), '3.000000');
    assert.equal(slow.ok, false);
    const fast = figure({ unit: 'MB/s', value: 30, floor: 100, floorIs: 'parse', target: ['≥', 0.25] });
    assert.equal(fast.ok, true);
    const abs = figure({ unit: 'ms', value: 3, floor: 0.2, floorIs: 'rt', target: ['≤', 20], absolute: ['≤', 2] });
    assert.deepEqual([abs.ok, abs.absolute?.ok], [true, false]);
    assert.match(
      formatResult({ name: 'x', metrics: { a: 1 }, figures: { f: abs } }),
      /ratio 15× \(target ≤ 20×\) met; absolute ≤ 2 ms MISSED/,
    );
  });

  it('figure refuses a floor that is not a positive measurement', () => {
    assert.throws(
      () => figure({ unit: 'ms', value: 1, floor: 0, floorIs: 'health', target: ['≤', 2] }),
      /bad measurement: value 1, floor 0 \(health\)/,
    );
    assert.throws(
      () => figure({ unit: 'ms', value: Number.NaN, floor: 1, floorIs: 'health', target: ['≤', 2] }),
      /bad measurement/,
    );
  });
});

describe('compare helpers', () => {
  const oldFormat = JSON.stringify(
    {
      node: 'v20',
      results: [
        {
          name: 'server',
          metrics: { http_step_p50_ms: 0.5, live_sessions: 1000 },
          targets: { http_step_p50_ms: { value: 0.5, target: '≤ 0.3 ms', ok: false } },
        },
      ],
    },
    null,
    2,
  );
  const newFormat = JSON.stringify(
    {
      node: 'v20',
      results: [
        {
          name: 'server',
          metrics: { http_step_p50_ms: 0.4, live_sessions: 1000 },
          figures: { http_step: { value: 0.4, floor: 0.2, ratio: 2, target: { cmp: '≤', ratio: 3 }, ok: true } },
        },
      ],
    },
    null,
    2,
  );

  it('reads metrics from the old format and metrics + figure ratios from the new one, past a banner', () => {
    assert.deepEqual(
      [...readRunOutput(`\n> coworkenv bench\n${oldFormat}\n`)],
      [
        ['server.http_step_p50_ms', 0.5],
        ['server.live_sessions', 1000],
      ],
    );
    assert.deepEqual(readRunOutput(newFormat).get('server.http_step.ratio'), 2);
  });

  it('refuses output that is not --json output', () => {
    assert.throws(() => readRunOutput('# server\n  http_step 0.4 ms'), /not the JSON of --json/);
    assert.throws(() => readRunOutput('{\n"node": "v20"}'), /no "results" array/);
  });

  it('alternates which side runs first', () => {
    assert.deepEqual(
      [0, 1, 2, 3].map((r) => sideOrder(r, 'a', 'b')[0]),
      ['a', 'b', 'a', 'b'],
    );
  });

  it('prints min / median / max per side and the ratio of medians, leaving out equal constants', () => {
    const a = [0.4, 0.42, 0.38, 0.41, 0.4].map((v) =>
      readRunOutput(newFormat.replace('"http_step_p50_ms": 0.4', `"http_step_p50_ms": ${v}`)),
    );
    const b = [0.5, 0.52, 0.6, 0.5, 0.55].map((v) =>
      readRunOutput(oldFormat.replace('"http_step_p50_ms": 0.5', `"http_step_p50_ms": ${v}`)),
    );
    const text = formatComparison({ label: 'this', samples: a }, { label: 'rev', samples: b });
    const row = text.split('\n').find((l) => l.startsWith('server.http_step_p50_ms')) ?? '';
    assert.match(row, /0\.380 \/ 0\.400 \/ 0\.420\s+0\.500 \/ 0\.520 \/ 0\.600\s+0\.769×\s+lower/);
    assert.match(text, /server\.http_step\.ratio\s+2 \/ 2 \/ 2\s+—\s+—/);
    assert.doesNotMatch(text, /live_sessions/);
    assert.match(
      text,
      /5 interleaved rounds; ratios of medians; 1 metric\(s\) equal and constant on both sides left out/,
    );
  });

  it('names an unknown revision clearly and lists the benchmarks a commit has', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'coworkenv-compare-test-'));
    try {
      const git = (...args: string[]) => {
        const r = spawnSync(
          'git',
          ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args],
          { cwd: dir, encoding: 'utf8' },
        );
        assert.equal(r.status, 0, r.stderr);
        return r.stdout.trim();
      };
      git('init', '--quiet');
      assert.throws(
        () => resolveRev(dir, 'nosuch'),
        /unknown git revision "nosuch" in .*; give a commit, branch or tag/,
      );
      assert.throws(() => resolveRev(dir, '--all'), /"--all" is not a git revision/);
      await mkdir(join(dir, 'bench'));
      await writeFile(join(dir, 'bench', 'episode.ts'), 'export {};\n');
      git('add', '.');
      git('commit', '--quiet', '-m', 'one');
      const sha = resolveRev(dir, 'HEAD');
      assert.equal(sha, git('rev-parse', 'HEAD'));
      assert.deepEqual(benchesAt(dir, sha, ['episode', 'shell']), ['episode']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
