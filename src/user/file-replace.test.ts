import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scriptedAgent } from '../agent/reference.js';
import { runEpisode } from '../agent/rollout.js';
import type { AgentTurn } from '../env/turns.js';
import { createEpisode } from '../env/episode.js';
import { makeSpec } from '../schema/testing.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { TaskSpecInput } from '../schema/task-spec.js';
import { scriptedUser } from './scripted.js';

// a simulated user replacing an XLSX mid-episode (update_record with an xlsx recipe): an agent that reads the
// file again sees the new cells; one that does not writes the stale value and its check fails

const sheet = (amount: number) => ({
  xlsx: {
    sheets: [
      {
        name: 'Orders',
        rows: [
          ['Region', 'Amount'],
          ['North', amount],
        ],
      },
    ],
    modified: '2026-03-10',
  },
});
const call = (name: string, args: Record<string, unknown>): AgentTurn => ({ tool_calls: [{ name, args }] });
const plan = (set: Record<string, unknown>): TaskSpecInput['user'] => ({
  persona: 'analyst',
  goal: 'right totals',
  boundary: 'does not compute',
  signals: [
    {
      id: 'replace',
      trigger: { file_exists: 'out/total.csv' },
      effect: {
        update_record: { service: 'workspace', collection: 'files', record_id: 'data/sales.xlsx', set },
        say: 'I replaced data/sales.xlsx with the corrected export.',
      },
    },
  ],
});
const spec = (set: Record<string, unknown>) =>
  makeSpec({
    services: ['workspace'],
    fixtures: { workspace: { files: { 'data/sales.xlsx': sheet(100) } } },
    checks: [{ id: 'total', kind: 'file_matches', path: 'out/total.csv', cell: { ref: 'B2', value: 250 }, weight: 1 }],
    user: plan(set),
  });
// an episode with the scripted user over the spec's signal plan
function play(s: TaskSpec, turns: AgentTurn[]) {
  const episode = createEpisode(s);
  return runEpisode({
    spec: s,
    agent: scriptedAgent('agent', turns, { retries: 0 }),
    episode,
    user: scriptedUser(s, episode),
  });
}
const write = (n: number) =>
  call('fs_write_table', { path: 'out/total.csv', columns: ['Region', 'Total'], rows: [['North', n]] });

describe('simulated user replaces an XLSX mid-episode', () => {
  it('seen by an agent that re-reads the file, missed by one that does not', async () => {
    const s = spec(sheet(250));
    const rereads = await play(s, [
      call('fs_read', { path: 'data/sales.xlsx' }),
      write(100),
      call('fs_read', { path: 'data/sales.xlsx' }),
      write(250),
    ]);
    const reads = rereads.events
      .filter((e) => e.type === 'tool' && (e as { name?: string }).name === 'fs_read')
      .map((e) => JSON.stringify(e));
    assert.match(reads[0] as string, /\| 2 \| North \| 100 \|/);
    assert.match(reads[1] as string, /\| 2 \| North \| 250 \|/);
    assert.ok(rereads.events.some((e) => e.type === 'patch' && (e as { op?: string }).op === 'update_record'));
    assert.equal(rereads.grade?.checks[0]?.score, 1);
    const stale = await play(s, [call('fs_read', { path: 'data/sales.xlsx' }), write(100), write(100)]);
    assert.equal(stale.grade?.checks[0]?.score, 0);
  });

  it('an invalid replacement recipe ends the episode with a spec error naming the field', async () => {
    const t = await play(spec({ xlsx: { sheets: [] } }), [write(1), write(2)]);
    const end = t.events.find((e) => e.type === 'episode_end') as
      | { reason: string; error?: { message?: string } }
      | undefined;
    assert.match(JSON.stringify(end), /user patch: xlsx\.sheets: /);
    assert.notEqual(end?.reason, 'agent_done');
  });
});
