import assert from 'node:assert/strict';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { inProcess } from '../cli/testing.js';
import { serveView, type ViewServer } from './app.js';
import { ViewData } from './data.js';
import { addRunTaskFolders, findSources } from './sources.js';
import { GATE_STEPS } from '../validate/index.js';
import { makeDemo } from '../cli/testing/view-fixtures.js';

// The viewer in real Chromium (Debian's package, which .ci/run installs), driven by playwright-core.
const CHROMIUM = '/usr/bin/chromium';
const skip = existsSync(CHROMIUM) ? false : `${CHROMIUM} is not installed (apt-get install chromium; .ci/run does)`;
/** Screenshots land here (outside the checkout), for a person to look at. */
export const SCREENSHOTS = join(tmpdir(), 'coworkenv-view-screenshots');

const tmp = mkdtempSync(join(tmpdir(), 'coworkenv-view-browser-'));
let server: ViewServer | undefined;
let browser: BrowserContext | undefined;
let demo: Awaited<ReturnType<typeof makeDemo>>;
let summary: {
  recorded: number;
  summary: { k: number; overall: Record<string, number>; by_family: Record<string, Record<string, number>> };
};

after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

before(async () => {
  if (skip) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  demo = await makeDemo(join(tmp, 'demo'));
  summary = JSON.parse(await inProcess('summary', demo.run, '--json')) as typeof summary;
  // a run still being written: half its lines now, the rest during the test
  const lines = readFileSync(join(demo.run, 'trajectories.jsonl'), 'utf8').split('\n').filter(Boolean);
  const live = join(tmp, 'live', 'runs', 'growing');
  mkdirSync(live, { recursive: true });
  const runJson = JSON.parse(readFileSync(join(demo.run, 'run.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(live, 'run.json'), JSON.stringify({ ...runJson, status: 'running' }));
  writeFileSync(join(live, 'trajectories.jsonl'), `${lines.slice(0, 20).join('\n')}\n`);
  const sources = await findSources([join(tmp, 'demo'), live]);
  await addRunTaskFolders(sources);
  server = await serveView(new ViewData(sources), { port: 0 });
  const { chromium } = await import('playwright-core');
  browser = await chromium.launchPersistentContext(mkdtempSync(join(tmp, 'profile-')), {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1400, height: 1000 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
});

/** A new page that records console errors, uncaught exceptions and every request it makes. */
async function open(url: string): Promise<{ page: Page; errors: string[]; requests: string[] }> {
  const page = await (browser as BrowserContext).newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(url);
  return { page, errors, requests };
}

const value = async (page: Page, metric: string) =>
  Number(await page.getAttribute(`[data-metric="${metric}"]`, 'data-value'));
const text = async (page: Page, metric: string) => (await page.textContent(`[data-metric="${metric}"]`))?.trim();

async function checkRunPage(page: Page): Promise<void> {
  await page.waitForSelector('[data-metric="overall.pass_at_k"]');
  const o = summary.summary.overall;
  for (const m of ['tasks', 'trials', 'mean', 'pass_rate', 'pass_at_k', 'pass_hat_k']) {
    assert.equal(await value(page, `overall.${m}`), o[m], m);
    assert.equal(
      await text(page, `overall.${m}`),
      (o[m] as number).toFixed(m === 'tasks' || m === 'trials' ? 0 : 3),
      m,
    );
  }
  for (const [family, m] of Object.entries(summary.summary.by_family)) {
    assert.equal(await value(page, `family.${family}.pass_at_k`), m.pass_at_k, family);
    assert.equal(await value(page, `family.${family}.pass_hat_k`), m.pass_hat_k, family);
  }
  assert.equal(await page.textContent('[data-testid="recorded"]'), String(summary.recorded));
  assert.ok((await page.locator('[data-chart="histogram"] svg rect').count()) > 3);
  assert.ok((await page.locator('[data-chart="by-family"] svg').count()) === 1);
}

describe('the viewer in Chromium', { skip }, () => {
  it('run page: numbers equal `coworkenv summary --json`, charts drawn, no console errors', async () => {
    const { page, errors } = await open(`${server?.url}#/run/demo`);
    await checkRunPage(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'run.png'), fullPage: true });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a failing check: its stable URL opens the trajectory with the check selected, its evidence and the steps it cites marked', async () => {
    const trials = (await (await fetch(`${server?.url}api/runs/demo/trials?outcome=fail&limit=500`)).json()) as {
      items: { task_id: string; trial: number; failed_checks: string[] }[];
    };
    // a failing check whose evidence cites a step
    let target:
      | { task: string; trial: number; check: string; score: number; steps: number[]; events: number }
      | undefined;
    for (const t of trials.items) {
      const d = (await (
        await fetch(`${server?.url}api/runs/demo/trials/${encodeURIComponent(t.task_id)}/${t.trial}`)
      ).json()) as { events: unknown[]; checks: { id: string; score: number; steps: number[] }[] };
      const c = d.checks.find((x) => x.score < 1 && x.steps.length > 0);
      if (c) {
        target = {
          task: t.task_id,
          trial: t.trial,
          check: c.id,
          score: c.score,
          steps: c.steps,
          events: d.events.length,
        };
        break;
      }
    }
    assert.ok(target, 'a failing check with cited steps');
    // reached by clicking through from the run page, as a person would
    const { page, errors } = await open(`${server?.url}#/run/demo`);
    await page.selectOption('[data-testid="outcome"]', 'fail');
    await page.waitForSelector(
      `[data-testid="trial-table"] a[href$="/trial/${encodeURIComponent(target.task)}/${target.trial}"]`,
    );
    await page.goto(
      `${server?.url}#/run/demo/trial/${encodeURIComponent(target.task)}/${target.trial}/check/${encodeURIComponent(target.check)}`,
    );
    const selected = page.locator(`.check.selected[data-check="${target.check}"]`);
    await selected.waitFor();
    assert.equal(
      Number(await page.getAttribute(`[data-metric="check.${target.check}.score"]`, 'data-value')),
      target.score,
    );
    assert.ok(((await selected.locator('pre.json').textContent()) ?? '').length > 2, 'evidence shown');
    assert.equal(await page.locator('[data-testid="conversation"] .event').count(), target.events);
    assert.deepEqual(
      await page.locator('.event.marked').evaluateAll((els) => els.map((e) => Number(e.id.replace('step-', '')))),
      target.steps,
    );
    assert.ok((await page.locator('.state').count()) > 0, 'service state diff');
    await page.screenshot({ path: join(SCREENSHOTS, 'trial-check.png'), fullPage: true });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('tasks: the coverage heatmap holds the counts of the released specs; a task shows its gate steps', async () => {
    const api = (await (await fetch(`${server?.url}api/tasks/tasks`)).json()) as {
      coverage: { cells: { n: number }[]; capabilities: string[]; domains: string[] };
      tasks: { id: string }[];
    };
    const { page, errors } = await open(`${server?.url}#/tasks/tasks`);
    await page.waitForSelector('[data-chart="coverage"] svg');
    const cells = await page
      .locator('[data-chart="coverage"] svg text')
      .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    const counts = cells.filter((t) => /^\d+$/.test(t)).map(Number);
    // the cell labels (axis ticks are names, not numbers)
    assert.equal(counts.length, api.coverage.capabilities.length * api.coverage.domains.length);
    assert.equal(
      counts.reduce((a, b) => a + b, 0),
      api.coverage.cells.reduce((a, c) => a + c.n, 0),
    );
    assert.equal(await page.textContent('[data-testid="released"]'), String(api.tasks.length));
    await page.screenshot({ path: join(SCREENSHOTS, 'coverage.png'), fullPage: true });
    await page.goto(`${server?.url}#/tasks/tasks/${api.tasks[0]?.id}`);
    await page.waitForSelector('[data-testid="gate-steps"]');
    assert.equal(await page.locator('[data-testid="gate-steps"] tr.pass').count(), GATE_STEPS.length);
    assert.ok((await page.locator('[data-testid="probes"] tbody tr').count()) > 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('corpus: the substance figures against their limits, the near-duplicate clusters and the probes of the gate', async () => {
    const api = (await (await fetch(`${server?.url}api/corpus/tasks`)).json()) as {
      tasks: number;
      substance: { figures: { name: string; value: number | null; ok: boolean | null }[] };
      synth: { probes: Record<string, unknown> } | null;
    };
    const { page, errors } = await open(`${server?.url}#/tasks/tasks`);
    await page.click('text=corpus figures');
    await page.waitForSelector('[data-testid="substance"]');
    assert.equal(await page.textContent('[data-testid="corpus-tasks"]'), String(api.tasks));
    for (const f of api.substance.figures) {
      const row = page.locator(`[data-testid="substance"] tr[data-figure="${f.name}"]`);
      assert.equal(await row.locator('.num').getAttribute('data-value'), f.value === null ? '' : String(f.value));
      assert.equal(
        await row.locator('td').nth(3).textContent(),
        f.ok === false ? 'missed' : f.ok === null ? 'not judged' : 'met',
      );
    }
    assert.equal(
      await page.locator('[data-testid="probes"] tbody tr').count(),
      Object.keys(api.synth?.probes ?? {}).length,
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'corpus.png'), fullPage: true });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('curation: the funnel chart and the counts of curation.json, rejections by reason', async () => {
    const report = JSON.parse(readFileSync(join(demo.dataset, 'curation.json'), 'utf8')) as {
      funnel: { rows_out: number; records_in: number; rejected: Record<string, number> };
    };
    const { page, errors } = await open(`${server?.url}#/curation/demo`);
    await page.waitForSelector('[data-chart="funnel"] svg');
    assert.equal(await text(page, 'funnel.rows_out'), String(report.funnel.rows_out));
    assert.equal(await text(page, 'funnel.records_in'), String(report.funnel.records_in));
    const bars = await page
      .locator('[data-chart="funnel"] svg text')
      .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    assert.ok(bars.includes(String(report.funnel.rows_out)) && bars.includes(String(report.funnel.records_in)));
    for (const [reason, n] of Object.entries(report.funnel.rejected))
      assert.equal(await page.textContent(`[data-reason="${reason}"] h3 .muted`), String(n));
    await page.screenshot({ path: join(SCREENSHOTS, 'funnel.png'), fullPage: true });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a run being written: the page refreshes as lines are appended', async () => {
    const { page, errors } = await open(`${server?.url}#/run/growing`);
    await page.waitForSelector('[data-testid="recorded"]');
    assert.equal(await page.textContent('[data-testid="recorded"]'), '20');
    const lines = readFileSync(join(demo.run, 'trajectories.jsonl'), 'utf8').split('\n').filter(Boolean);
    appendFileSync(join(tmp, 'live', 'runs', 'growing', 'trajectories.jsonl'), `${lines.slice(20).join('\n')}\n`);
    // the page polls every 2 s
    await page
      .locator('[data-testid="recorded"]', { hasText: new RegExp(`^${lines.length}$`) })
      .waitFor({ timeout: 10_000 });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('report.html opened from disk: the same views, no network request at all', async () => {
    const file = join(tmp, 'report.html');
    await inProcess('report', demo.run, demo.dataset, '--out', file);
    const url = pathToFileURL(file).href;
    const { page, errors, requests } = await open(`${url}#/run/demo`);
    await checkRunPage(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'report-run.png'), fullPage: true });
    const first = (await page.getAttribute('[data-testid="trial-table"] tbody tr a', 'href')) as string;
    await page.goto(`${url}${first}`);
    await page.waitForSelector('[data-testid="conversation"] .event');
    await page.goto(`${url}#/tasks/tasks`);
    await page.waitForSelector('[data-chart="coverage"] svg');
    await page.goto(`${url}#/corpus/tasks`);
    await page.waitForSelector('[data-testid="substance"]');
    await page.goto(`${url}#/curation/demo`);
    await page.waitForSelector('[data-chart="funnel"] svg');
    assert.deepEqual(errors, []);
    assert.deepEqual([...new Set(requests.map((r) => r.replace(/#.*$/, '')))], [url.replace(/#.*$/, '')]);
    await page.close();
  });
});
