import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TaskSpec } from '../../schema/task-spec.js';
import { DIFFICULTIES } from '../../schema/taxonomy.js';
import { playReference } from '../../validate/replay.js';
import { beforeSay, presetContract, presetHarness, gradeSteps, passingProbes } from './testing.js';

const FAMILY = 'config_fix_shell';
const h = presetHarness(FAMILY, 6);

type Edit = { call: string; args: { path: string; old_string: string; new_string: string } };
const edits = (spec: TaskSpec) => spec.reference.filter((s) => 'call' in s && s.call === 'fs_edit') as Edit[];
const files = (spec: TaskSpec) => spec.fixtures.workspace?.files as Record<string, string>;

// the check run on the workspace as shipped: its exit code and what it printed
async function firstRun(spec: TaskSpec): Promise<{ exit_code: number; stdout: string; stderr: string }> {
  const { trajectory } = await playReference(spec, [
    { call: 'shell', args: { command: 'bash scripts/healthcheck.sh' } },
  ]);
  const e = trajectory.events.find((x) => x.type === 'tool');
  assert.ok(e && e.type === 'tool');
  return JSON.parse(e.content);
}

describe(FAMILY, () => {
  presetContract(h);

  it('the reference fixes the config through the tools and the shell check passes; rewriting the check script instead is caught', async () => {
    for (const seed of h.seeds.slice(0, 3)) {
      const spec = h.parsed('easy', seed);
      const good = await gradeSteps(spec, spec.reference);
      assert.equal(good.score, 1);
      // "fix" the check so it always passes instead of fixing the config
      const cheat = spec.reference.map((s) =>
        'call' in s && s.call === 'fs_edit'
          ? { call: 'fs_write', args: { path: 'scripts/healthcheck.sh', content: '#!/bin/bash\necho OK\n' } }
          : s,
      );
      const g = await gradeSteps(spec, cheat);
      assert.ok((g.score ?? 1) < 1, `seed ${seed}: ${g.score}`);
      // touching the script is forbidden (a prohibition, not a weighted check): the whole score goes
      assert.equal(g.safety, 0);
      assert.equal(g.score, 0);
      const unverified = await gradeSteps(
        spec,
        spec.reference.filter((s) => !('call' in s && s.call === 'shell')),
      );
      assert.equal(unverified.checks.find((c) => c.id === 'check_passed')?.score, 0);
      assert.ok(beforeSay(spec).length === spec.reference.length);
    }
  });

  it('the failing check names each wrong key but never the value the table wants; medium and hard get two keys wrong', async () => {
    for (const difficulty of DIFFICULTIES)
      for (const seed of h.seeds.slice(0, 3)) {
        const spec = h.parsed(difficulty, seed);
        const fixes = edits(spec);
        assert.equal(fixes.length, difficulty === 'easy' ? 1 : 2, `${difficulty} seed ${seed}`);
        const run = await firstRun(spec);
        assert.equal(run.exit_code, 1);
        for (const { args } of fixes) {
          const [key, want] = args.new_string.split(': ') as [string, string];
          assert.match(run.stderr, new RegExp(`\\b${key} in app/config.yaml\\b`), `${difficulty} seed ${seed}`);
          assert.ok(!`${run.stdout}${run.stderr}`.includes(want), `${difficulty} seed ${seed}: output shows ${want}`);
        }
        assert.ok(!/^- /.test(spec.request) && !spec.request.includes('TK-') && !spec.request.includes('.sh'));
      }
  });

  it("every wrong port in the config is another row's: the other environment, the look-alike or the superseded line, and setting that row's port fails", async () => {
    const origins = new Set<string>();
    for (const seed of h.seeds) {
      const spec = h.parsed('easy', seed);
      const [fix] = edits(spec) as [Edit];
      const [have, want] = [fix.args.old_string, fix.args.new_string].map((s) => s.split(': ')[1]);
      const table = files(spec)['deploy/services.txt'] as string;
      const config = files(spec)['app/config.yaml'] as string;
      const [svc, env] = ['service', 'environment'].map((k) => config.match(new RegExp(`^${k}: (.+)$`, 'm'))?.[1]);
      const rows = table.split('\n').map((l) => l.split(/\s+/));
      const right = rows.filter((r) => r[0] === svc && r[1] === env);
      assert.deepEqual(
        right.map((r) => r[2]),
        [want],
      );
      const from = rows.find((r) => r.includes(have as string)) as string[];
      origins.add(from[0] === '#' ? 'superseded' : from[0] !== svc ? 'look-alike' : 'other environment');
      assert.ok(rows.some((r) => r[0] === `${svc}` && r[1] !== env) && rows.some((r) => r[0]?.startsWith(`${svc}-`)));
      // every other row of this service or its look-alike is a wrong answer
      for (const r of rows.filter((r) => r.join(' ').includes(`${svc}`) && !right.includes(r))) {
        const port = r[0] === '#' ? r[3] : r[2];
        const wrong = spec.reference.map((s) =>
          s === fix ? { ...fix, args: { ...fix.args, new_string: `port: ${port}` } } : s,
        );
        const g = await gradeSteps(spec, wrong);
        assert.ok((g.score ?? 1) < spec.scoring.pass_threshold, `seed ${seed} port ${port}: ${g.score}`);
      }
    }
    assert.equal(origins.size, 3, [...origins].join(', '));
  });

  it('the request is laid out in several ways, not one sentence with the names swapped (seed-2 near-duplicates)', () => {
    const shapes = new Set<string>();
    for (const difficulty of ['easy', 'medium', 'hard'] as const)
      for (const seed of h.seeds) shapes.add(h.parsed(difficulty, seed).request.split(/\s/)[0] as string);
    assert.ok(shapes.size >= 4, [...shapes].join(' | '));
  });

  // the lazy-agent probes of lazy-probes.test.ts; here because each probe runs the shell
  it('no lazy-agent probe passes on any difficulty × 3 seeds', async () => {
    for (const difficulty of DIFFICULTIES)
      for (const seed of h.seeds.slice(0, 3))
        assert.deepEqual(await passingProbes(h.parsed(difficulty, seed)), [], `${difficulty} seed ${seed}`);
  });
});
