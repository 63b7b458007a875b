import assert from 'node:assert/strict';
import { stripVTControlCharacters } from 'node:util';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { isCoworkError } from '../schema/errors.js';
import { configureShellPool, shellPool } from '../services/workspace/isolation-pool.js';
import { captureOutput, inProcess, ROOT } from './testing.js';

// What a new user meets in the first hour on a clean clone, one test per stumbling block.

const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-first-hour-'));
after(() => rmSync(TMP, { recursive: true, force: true }));
// the demo's shell commands run one after another: no idle spare workers beside the one that runs them
configureShellPool({ warm: 0 });
after(() => shellPool().close());

/** stdout and stderr of an in-process command, together. */
async function both(command: string, ...args: string[]): Promise<string> {
  let stdout = '';
  const r = await captureOutput(
    async () => {
      stdout = await inProcess(command, ...args);
    },
    { stderr: true },
  );
  if (r.error) throw r.error;
  return stdout + r.out;
}

const badInput = (re: RegExp) => (e: unknown) => isCoworkError(e) && e.code === 'bad_input' && re.test(e.message);

describe('first hour: commands', () => {
  it('run --agent with a misspelt policy gets a did-you-mean, before any task is loaded', async () => {
    await assert.rejects(
      inProcess('run', join(TMP, 'absent'), '--agent', 'refrence'),
      badInput(/--agent "refrence" is neither a policy \(.*\) nor a model string .*; did you mean reference\?/),
    );
  });

  it('run --out <file>.jsonl is refused (it names a run directory) and creates nothing', async () => {
    const out = join(TMP, 'f.jsonl');
    await assert.rejects(
      inProcess('run', 'examples/tasks', '--agent', 'reference', '--out', out),
      badInput(/--out .*f\.jsonl names a run directory .*--out runs\/f/),
    );
    assert.equal(existsSync(out), false);
  });

  it('demo --out <an existing file> fails at once, before synthesis', async () => {
    const file = join(TMP, 'README.md');
    writeFileSync(file, '# not a folder\n');
    const before = readdirSync(TMP).sort();
    await assert.rejects(
      inProcess('demo', '--out', file),
      badInput(/--out .*README\.md is a file; the demo writes a folder/),
    );
    // refused before synthesizing: nothing was written anywhere beside it
    assert.deepEqual(readdirSync(TMP).sort(), before);
    assert.equal(readFileSync(file, 'utf8'), '# not a folder\n');
  });

  it('demo: a rerun says it resumed, and both runs suggest next commands', { timeout: 120_000 }, async () => {
    const out = join(TMP, 'demo');
    const first = await both('demo', '--out', out, '--count', '1', '--trials', '1');
    assert.doesNotMatch(first, /resum/);
    assert.match(first, new RegExp(`next: coworkenv summary ${out}/runs/demo .*coworkenv serve ${out}/tasks`));
    const again = await both('demo', '--out', out, '--count', '1', '--trials', '1');
    assert.match(again, /resuming .*runs\/demo: (\d+) of \1 episodes already recorded \(--force starts over\)/);
    assert.match(again, /done in [\d.]+s \(resumed: \d+ episode\(s\) were already recorded\)/);
    assert.match(again, /next: coworkenv summary/);
  });

  it('synth with slots no procedural family builds: a hint names plan --taxonomy and --generator', async () => {
    const plan = join(TMP, 'plan.yaml');
    writeFileSync(
      plan,
      `plan_version: 1
name: mixed
slots:
  - task_id: esc
    services: [crm, helpdesk, gmail]
    category: email
    difficulty: easy
    language: en
    mock_today: 2026-03-10
    scenario: { goal: escalate stale tickets }
    family: support_escalation
    count: 1
    seed: 1
    capabilities: [Tool_Calling]
  - task_id: other
    services: [crm]
    category: crm
    difficulty: easy
    language: en
    mock_today: 2026-03-10
    scenario: { goal: something no family builds }
    count: 1
    seed: 2
    capabilities: [Tool_Calling]
`,
    );
    const r = await both('synth', plan, '--out', join(TMP, 'synth'));
    assert.match(r, /1\/2 released/);
    // the substance figures (issue 27), each against its limit; one task is too few to judge the fixed-rule probe
    assert.match(
      stripVTControlCharacters(r),
      /substance\n {2}fixed-rule probe solves +[\d.]+% +\(≤ 5%\) +not judged\n(.*\n)* {2}distinct mock_today dates +1 +\(≥ 1\)\n/,
    );
    assert.match(
      r,
      /hint: 1 of 2 slot\(s\) name no procedural family \(no_family\).*coworkenv plan --taxonomy`.*--generator <model>/,
    );
  });
});

describe('first hour: the checkout', () => {
  it('README states the Node version package.json engines requires', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    const min = pkg.engines.node.replace(/^>=\s*/, '');
    assert.match(min, /^\d+\.\d+\.\d+$/);
    assert.ok(
      readFileSync(join(ROOT, 'README.md'), 'utf8').includes(`Node.js ≥ ${min} is required`),
      `README must say Node.js ≥ ${min}`,
    );
  });

  it('every locked package with an install script is covered by allowScripts (npm ci warns otherwise)', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      allowScripts?: Record<string, boolean>;
    };
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const withScripts = Object.entries(lock.packages)
      .filter(([, p]) => p.hasInstallScript)
      .map(([path]) => path.replace(/^.*node_modules\//, ''));
    assert.ok(withScripts.length > 0);
    for (const name of withScripts)
      assert.equal(typeof pkg.allowScripts?.[name], 'boolean', `allowScripts has no entry for ${name}`);
  });

  it('the outputs of the walk-throughs are git-ignored (demo/, adv*.jsonl and their sidecars)', {
    skip: spawnSync('git', ['--version']).status === 0 ? false : 'git is not installed',
  }, () => {
    const paths = [
      'demo/tasks/x.json',
      'adv.jsonl',
      'adv-gdpo.jsonl',
      'adv.meta.json',
      'runs/mcp/trajectories.jsonl',
      'datasets/sft/sft.jsonl',
    ];
    const r = spawnSync('git', ['check-ignore', '--no-index', ...paths], { cwd: ROOT, encoding: 'utf8' });
    assert.deepEqual(r.stdout.trim().split('\n').sort(), [...paths].sort());
  });
});
