import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { makeDemo } from './testing/view-fixtures.js';
import { inProcess, spawnCli } from './testing.js';

const tmp = mkdtempSync(join(tmpdir(), 'coworkenv-view-cli-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
let demo: Awaited<ReturnType<typeof makeDemo>>;
before(async () => {
  demo = await makeDemo(join(tmp, 'demo'), { count: 1, trials: 2 });
});

describe('coworkenv report', () => {
  it('writes one HTML file holding the run, its trajectories, its tasks (from run.json) and nothing to fetch', async () => {
    const file = join(tmp, 'report.html');
    const said = await inProcess('report', demo.run, '--out', file, '--max-trials', '5');
    const episodes = readFileSync(join(demo.run, 'trajectories.jsonl'), 'utf8').split('\n').filter(Boolean).length;
    assert.match(
      said,
      /^wrote .*report\.html \(\d+ KB\): 1 run\(s\), 5 trajectories embedded \((\d+) more listed without events; raise --max-trials to embed them\), 1 tasks folder\(s\) \(5 of \d+ task pages embedded; raise --max-trials for more\), 0 curation output\(s\)/,
    );
    assert.equal(Number(/\((\d+) more listed/.exec(said)?.[1]), episodes - 5);
    const html = readFileSync(file, 'utf8');
    const data = JSON.parse(
      html.slice(html.indexOf('>', html.indexOf('id="coworkenv-data"')) + 1, html.indexOf('</script>')),
    ) as Record<string, unknown>;
    assert.ok(data['/api/runs/demo'] && data['/api/tasks/tasks'] && data['/api/runs/demo/trials']);
    const trials = Object.keys(data).filter((k) => /^\/api\/runs\/demo\/trials\/.+\/\d+$/.test(k));
    assert.equal(trials.length, 5);
    // failing trajectories first: those are what a reader opens
    const rows = (data['/api/runs/demo/trials'] as { items: { task_id: string; trial: number; outcome: string }[] })
      .items;
    const failing = rows.filter((r) => r.outcome !== 'pass').length;
    assert.ok(
      trials.every(
        (k) =>
          rows.find((r) => k.endsWith(`/${encodeURIComponent(r.task_id)}/${r.trial}`))?.outcome !== 'pass' ||
          failing < 5,
      ),
    );
    // as many task pages as trajectories, the tasks those ran first; the others are listed, not embedded
    const pages = Object.keys(data).filter((k) => /^\/api\/tasks\/tasks\/[^/]+$/.test(k));
    assert.equal(pages.length, 5);
    const ranTasks = new Set(trials.map((k) => decodeURIComponent(k.split('/')[5] as string)));
    for (const t of ranTasks) assert.ok(data[`/api/tasks/tasks/${encodeURIComponent(t)}`], t);
    // nothing loaded from elsewhere (the browser test checks that no request is made at all)
    assert.ok(!/<script[^>]+src=|<link[^>]+stylesheet/.test(html));
  });

  it('refuses a missing path, a folder without a run, and a directory as --out', async () => {
    await assert.rejects(
      inProcess('report', join(tmp, 'nope'), '--out', join(tmp, 'r.html')),
      /nope: no such file or directory/,
    );
    await assert.rejects(
      inProcess('report', demo.tasks, '--out', join(tmp, 'r.html')),
      /no run directory \(run\.json\) found/,
    );
    mkdirSync(join(tmp, 'outdir'));
    await assert.rejects(
      inProcess('report', demo.run, '--out', join(tmp, 'outdir')),
      /--out .*outdir is a directory; give a file name/,
    );
    const empty = join(tmp, 'empty');
    mkdirSync(empty);
    await assert.rejects(
      inProcess('view', empty),
      /empty: holds no run \(run\.json\), tasks folder \(specs\) or curation output/,
    );
  });
});

describe('coworkenv view', () => {
  it('serves the app and its API on 127.0.0.1 until SIGTERM, then exits 0', async () => {
    const child = spawnCli(['view', join(tmp, 'demo'), '--port', '0']);
    child.stdout.resume();
    let stderr = '';
    const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr.setEncoding('utf8').on('data', (d: string) => {
          stderr += d;
          const m = /coworkenv view: (http:\/\/127\.0\.0\.1:\d+\/) \(runs: demo · tasks: tasks · curation: demo\)/.exec(
            stderr,
          );
          if (m) resolve(m[1] as string);
        });
        void closed.then(() => reject(new Error(`exited before its ready line: ${stderr}`)));
      });
      const sources = (await (await fetch(`${url}api/sources`)).json()) as { runs: { id: string; recorded: number }[] };
      const episodes = readFileSync(join(demo.run, 'trajectories.jsonl'), 'utf8').split('\n').filter(Boolean).length;
      assert.deepEqual(
        sources.runs.map((r) => [r.id, r.recorded]),
        [['demo', episodes]],
      );
      assert.match(await (await fetch(url)).text(), /<div id="app">/);
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal(await closed, 0, stderr);
    assert.match(stderr, /SIGTERM received, stopping/);
  });
});
