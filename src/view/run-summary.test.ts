import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { RunStore } from '../run/run-store.js';
import { summarizeRun } from '../run/summary.js';
import { canonicalJson } from '../schema/canonical-json.js';
import type { Trajectory } from '../schema/trajectory.js';
import { RunIndex } from './run-index.js';
import { exampleTrajectories } from './testing.js';

const tmp = mkdtempSync(join(tmpdir(), 'coworkenv-run-summary-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

describe('the index summary equals summarizeRun', () => {
  it('with infra errors, abandoned and unjudged trials, unknown tasks, repeated labels, replaced lines and k > trials', async () => {
    const base = await exampleTrajectories();
    const ts: Trajectory[] = base.map((t) => structuredClone(t));
    const end = (t: Trajectory, reason: string, error?: string) => {
      t.events[t.events.length - 1] = {
        type: 'episode_end',
        reason,
        turns: 1,
        ...(error ? { error } : {}),
      } as Trajectory['events'][number];
    };
    end(ts[0] as Trajectory, 'infra_error', 'endpoint down');
    end(ts[1] as Trajectory, 'abandoned', 'client left');
    const unjudged = ts[2] as Trajectory;
    unjudged.grade = {
      ...(unjudged.grade as NonNullable<Trajectory['grade']>),
      status: 'judge_unavailable',
      score: null,
      passed: null,
    };
    delete (ts[3] as Trajectory).grade;
    // a task no label knows, and a trial recorded twice (the later line wins)
    ts.push({ ...structuredClone(ts[4] as Trajectory), task_id: 'zz_unknown' });
    ts.push({
      ...structuredClone(ts[5] as Trajectory),
      grade: { ...((ts[5] as Trajectory).grade as NonNullable<Trajectory['grade']>), score: 0.01, passed: false },
    });
    const ids = [...new Set(base.map((t) => t.task_id))];
    // one task lists a capability twice; families shared so groups hold several tasks
    const tasks = ids.map((id, i) => ({
      id,
      family: `f${i % 3}`,
      capabilities:
        i === 0
          ? ['Tool_Calling', 'Tool_Calling', 'Web_Browsing']
          : ['Tool_Calling', i % 2 ? 'Data_Analysis' : 'Data Analysis'],
      spec_hash: 'h',
    }));
    for (const trials of [2, 5]) {
      const dir = join(tmp, `k${trials}`);
      mkdirSync(dir);
      writeFileSync(
        join(dir, 'run.json'),
        JSON.stringify({
          version: 1,
          status: 'done',
          config: { name: 'x', tasks, agent: { name: 'noisy' }, trials, seed: 1 },
        }),
      );
      writeFileSync(join(dir, 'trajectories.jsonl'), ts.map((t) => `${canonicalJson(t)}\n`).join(''));
      const index = new RunIndex(dir);
      await index.refresh();
      const read = await RunStore.read(dir);
      const expected = summarizeRun(read.config.tasks, read.store.done.values(), trials);
      assert.deepEqual(index.summary(), expected);
      assert.equal(expected.infra_errors.length, 1);
      assert.equal(expected.abandoned.length, 1);
      assert.ok(
        expected.judge_unavailable >= 2 &&
          expected.by_capability['(unknown)'] &&
          expected.by_capability['Data Analysis'],
      );
    }
  });
});
