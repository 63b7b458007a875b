import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { inProcess } from '../cli/testing.js';
import { createViewApp } from './app.js';
import { ViewData } from './data.js';
import { addRunTaskFolders, findSources } from './sources.js';
import { GATE_STEPS } from '../validate/index.js';
import { makeDemo } from '../cli/testing/view-fixtures.js';

const tmp = mkdtempSync(join(tmpdir(), 'coworkenv-view-app-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

let app: ReturnType<typeof createViewApp>;
let demo: Awaited<ReturnType<typeof makeDemo>>;
const get = async <T = Record<string, unknown>>(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> => {
  // a browser always sends Host; app.request does not
  const res = await app.request(`http://127.0.0.1:7878${path}`, { ...init, headers: { host: '127.0.0.1:7878' } });
  return { status: res.status, body: (await res.json()) as T };
};

before(async () => {
  demo = await makeDemo(join(tmp, 'demo'), { count: 1, trials: 2, ref: true });
  const sources = await findSources([join(tmp, 'demo')]);
  await addRunTaskFolders(sources);
  app = createViewApp(new ViewData(sources));
});

describe('view API', () => {
  it('finds the runs, tasks folder and curation output under the demo folder, with stable ids', async () => {
    const { body } = await get<{
      runs: { id: string; recorded: number }[];
      tasks: { id: string; released: number }[];
      datasets: { id: string }[];
    }>('/api/sources');
    assert.deepEqual(
      body.runs.map((r) => r.id),
      ['demo', 'ref'],
    );
    assert.deepEqual(
      body.tasks.map((t) => t.id),
      ['tasks'],
    );
    assert.deepEqual(
      body.datasets.map((d) => d.id),
      ['demo'],
    );
    assert.ok((body.tasks[0]?.released ?? 0) > 10);
  });

  it('a run: the summary equals `coworkenv summary --json`, with a histogram over every scored trial', async () => {
    const cli = JSON.parse(await inProcess('summary', demo.run, '--json')) as {
      recorded: number;
      summary: { overall: unknown; by_family: unknown; by_capability: unknown; k: number };
    };
    const { body } = await get<{
      recorded: number;
      summary: { overall: { trials: number }; by_family: unknown; by_capability: unknown; k: number };
      histogram: { bins: { n: number }[]; unscored: number };
    }>('/api/runs/demo');
    assert.equal(body.recorded, cli.recorded);
    assert.deepEqual(body.summary.overall, cli.summary.overall);
    assert.deepEqual(body.summary.by_family, cli.summary.by_family);
    assert.deepEqual(body.summary.by_capability, cli.summary.by_capability);
    assert.equal(
      body.histogram.bins.reduce((a, b) => a + b.n, 0) + body.histogram.unscored,
      body.summary.overall.trials,
    );
  });

  it('pages and filters trials and tasks; the limit is capped', async () => {
    const all = await get<{ total: number; items: { outcome: string; failed_checks: string[] }[] }>(
      '/api/runs/demo/trials?limit=1000',
    );
    assert.equal(all.body.items.length, Math.min(500, all.body.total));
    const failed = await get<{ total: number; items: { outcome: string; failed_checks: string[]; task_id: string }[] }>(
      '/api/runs/demo/trials?outcome=fail&limit=3&offset=1',
    );
    assert.ok(
      failed.body.total > 3 && failed.body.items.length === 3 && failed.body.items.every((t) => t.outcome === 'fail'),
    );
    const check = failed.body.items[0]?.failed_checks[0] as string;
    const byCheck = await get<{ items: { failed_checks: string[] }[] }>(
      `/api/runs/demo/trials?check=${encodeURIComponent(check)}`,
    );
    assert.ok(byCheck.body.items.length > 0 && byCheck.body.items.every((t) => t.failed_checks.includes(check)));
    const task = failed.body.items[0]?.task_id as string;
    const tasks = await get<{ total: number; items: { task_id: string }[] }>(
      `/api/runs/demo/tasks?q=${encodeURIComponent(task)}`,
    );
    assert.deepEqual(
      tasks.body.items.map((t) => t.task_id),
      [task],
    );
  });

  it('a trial: every check with weight, score and the steps its evidence cites; state before → after; a link to its task', async () => {
    const failed = await get<{ items: { task_id: string; trial: number }[] }>(
      '/api/runs/demo/trials?outcome=fail&limit=500',
    );
    let linked = 0;
    for (const t of failed.body.items.slice(0, 20)) {
      const { status, body } = await get<{
        events: { index: number; type: string; seq?: number }[];
        checks: { weight: number; score: number | null; steps: number[] }[];
        state: { added: unknown[]; changed: unknown[] }[];
        task_link: unknown;
        state_note?: string;
      }>(`/api/runs/demo/trials/${encodeURIComponent(t.task_id)}/${t.trial}`);
      assert.equal(status, 200);
      assert.ok(body.checks.length >= 3 && body.checks.some((c) => c.score !== null && c.score < 1));
      for (const c of body.checks) for (const s of c.steps) assert.equal(body.events[s]?.type, 'tool');
      linked += body.checks.filter((c) => c.steps.length).length;
      assert.deepEqual(body.task_link, { set: 'tasks', task: t.task_id });
      assert.equal(body.state_note, undefined);
    }
    assert.ok(linked > 10, `evidence linked to steps: ${linked}`);
  });

  it('compares two runs of the same tasks: per-task deltas and checks that flipped', async () => {
    const { body } = await get<{
      tasks: {
        total: number;
        items: { delta: number | null; flipped: { check: string; a: number | null; b: number | null }[] }[];
      };
      only_a: number;
    }>('/api/compare/demo/ref?limit=500');
    assert.equal(body.only_a, 0);
    assert.ok(body.tasks.total > 10);
    // the reference passes every check, so each change goes up, and the largest comes first
    const deltas = body.tasks.items.map((t) => t.delta ?? 0);
    assert.ok(deltas.every((d) => d >= 0) && deltas[0] === Math.max(...deltas) && (deltas[0] ?? 0) > 0);
    assert.ok(body.tasks.items.some((t) => t.flipped.some((f) => (f.a ?? 0) < 1 && f.b === 1)));
  });

  it('tasks: the coverage heatmap counts released specs; the gate runs step by step with mutant scores', async () => {
    const set = await get<{
      tasks: { id: string; released: boolean; capabilities: string[] }[];
      coverage: { cells: { capability: string; n: number }[]; total: number };
    }>('/api/tasks/tasks');
    assert.equal(set.body.coverage.total, set.body.tasks.length);
    const toolCalling = set.body.coverage.cells
      .filter((c) => c.capability === 'Tool_Calling')
      .reduce((a, c) => a + c.n, 0);
    assert.equal(toolCalling, set.body.tasks.filter((t) => t.capabilities.includes('Tool_Calling')).length);
    const id = set.body.tasks[0]?.id as string;
    const task = await get<{ spec: { request: string } }>(`/api/tasks/tasks/${id}`);
    assert.ok(task.body.spec.request.length > 20);
    const gate = await get<{
      ok: boolean;
      steps: { step: number; ok: boolean }[];
      mutation: { kill_rate: number; remove_step: { score: number; killed: boolean }[] };
    }>(`/api/tasks/tasks/${id}/gate`);
    assert.deepEqual(
      gate.body.steps.map((s) => s.step),
      GATE_STEPS.map((_, i) => i + 1),
    );
    assert.ok(
      gate.body.ok &&
        gate.body.mutation.remove_step.length > 0 &&
        gate.body.mutation.remove_step.every((m) => m.killed && m.score < 1),
    );
  });

  it('corpus: the figures `corpus stats --json` prints, with what only the gate knew from the synth summary', async () => {
    const cli = JSON.parse(await inProcess('corpus', 'stats', demo.tasks, '--json')) as {
      tasks: number;
      bytes: number;
      corpus: unknown;
      near_duplicates: unknown;
      substance: { figures: { name: string; value: number | null }[] };
    };
    const summary = JSON.parse(readFileSync(join(demo.tasks, 'synth-summary.json'), 'utf8')) as {
      release_rate: number;
      probes: unknown;
      substance: { figures: { name: string; value: number | null }[] };
    };
    const { body } = await get<{
      tasks: number;
      bytes: number;
      corpus: unknown;
      near_duplicates: unknown;
      substance: { figures: { name: string; value: number | null }[] };
      synth: { release_rate: number; probes: unknown } | null;
    }>('/api/corpus/tasks');
    assert.deepEqual([body.tasks, body.bytes], [cli.tasks, cli.bytes]);
    assert.deepEqual(body.corpus, cli.corpus);
    assert.deepEqual(body.near_duplicates, cli.near_duplicates);
    // a probe share is the gate's: the files cannot give it, the summary recorded it
    const probeShare = cli.substance.figures.find((f) => f.name === 'any-candidate probe passes');
    assert.equal(probeShare?.value, null);
    for (const f of body.substance.figures) {
      const fromFiles = cli.substance.figures.find((x) => x.name === f.name);
      const recorded = summary.substance.figures.find((x) => x.name === f.name);
      assert.equal(f.value, fromFiles?.value ?? recorded?.value, f.name);
    }
    assert.notEqual(body.substance.figures.find((f) => f.name === 'any-candidate probe passes')?.value, null);
    assert.equal(body.synth?.release_rate, summary.release_rate);
    assert.deepEqual(body.synth?.probes, summary.probes);
  });

  it('curation: the report, rejections counted by reason with examples that link to their run, paged by reason', async () => {
    const { body } = await get<{
      report: { funnel: { rejected: Record<string, number> } };
      rejections: { by_reason: Record<string, number>; examples: Record<string, { source: string }[]> };
      runs: Record<string, string>;
    }>('/api/datasets/demo');
    assert.deepEqual(body.rejections.by_reason, body.report.funnel.rejected);
    const [reason, n] = Object.entries(body.rejections.by_reason)[0] as [string, number];
    assert.equal(body.runs[body.rejections.examples[reason]?.[0]?.source as string], 'demo');
    const page = await get<{ total: number; items: { reason: string }[] }>(
      `/api/datasets/demo/rejections?reason=${reason}&limit=2`,
    );
    assert.equal(page.body.total, n);
    assert.ok(page.body.items.length === Math.min(2, n) && page.body.items.every((r) => r.reason === reason));
  });

  it('is read-only, loopback-only, and answers unknown things with 404 and a message', async () => {
    assert.equal((await get('/api/sources', { method: 'POST' })).status, 405);
    const foreign = await app.request('http://evil.example/api/sources', { headers: { host: 'evil.example' } });
    assert.equal(foreign.status, 403);
    const cases: [string, number, RegExp][] = [
      ['/api/runs/nope', 404, /no run "nope" \(runs: demo, ref\)/],
      ['/api/runs/demo/trials/nope/0', 404, /run "demo" has no trial 0 of nope/],
      ['/api/runs/demo/trials/x/-1', 400, /trial must be a whole number/],
      ['/api/tasks/nope', 404, /no tasks folder "nope"/],
      ['/api/corpus/nope', 404, /no tasks folder "nope"/],
      ['/api/datasets/nope', 404, /no curation output "nope"/],
      ['/api/nothing', 404, /no such page/],
    ];
    for (const [path, status, message] of cases) {
      const r = await get<{ error: string }>(path);
      assert.equal(r.status, status, path);
      assert.match(r.body.error, message);
    }
    const page = await app.request('http://127.0.0.1:7878/', { headers: { host: '127.0.0.1:7878' } });
    assert.match(await page.text(), /<script type="module" src="\/assets\/app.js">/);
    assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'self'/);
    const js = await app.request('http://localhost:7878/assets/app.js', { headers: { host: 'localhost:7878' } });
    assert.equal(js.status, 200);
    assert.match(js.headers.get('content-type') ?? '', /javascript/);
  });
});
