import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli } from './testing.js';
import { attackSpec } from './testing/attack-spec.js';

// issue #29: `run` on an agent whose calls are attacks exits 0 and records each as a failed tool call

const tmp = mkdtempSync(join(tmpdir(), 'coworkenv-attacks-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

describe('coworkenv run on hostile tool calls', () => {
  it('exits 0; the hostile read and the aborting command are failed tool calls with their limit; the work still scores 1', {
    timeout: 60_000,
  }, async () => {
    const spec = join(tmp, 'hostile.json');
    writeFileSync(spec, JSON.stringify(attackSpec()));
    const out = join(tmp, 'runs/hostile');
    const r = await runCli('run', spec, '--agent', 'reference', '--trials', '1', '--out', out);
    assert.equal(r.code, 0, r.stderr);
    const t = JSON.parse(readFileSync(join(out, 'trajectories.jsonl'), 'utf8').trim()) as {
      events: { type: string; name?: string; ok?: boolean; error?: { code: string; limit?: string } }[];
      grade: { score: number };
    };
    const tools = t.events.filter((e) => e.type === 'tool');
    assert.deepEqual(
      tools.map((e) => [e.name, e.ok, e.error?.limit]),
      [
        ['fs_write', true, undefined],
        // the reader stops it at its parse limit, or on a loaded machine at its time limit first
        ['fs_read', false, tools[1]?.error?.limit],
        ['shell', false, tools[2]?.error?.limit],
        ['fs_read', true, undefined],
        ['shell', true, undefined],
      ],
    );
    assert.ok(['parse_limit', 'timeout'].includes(String(tools[1]?.error?.limit)), String(tools[1]?.error?.limit));
    assert.ok(['timeout', 'memory_limit'].includes(String(tools[2]?.error?.limit)));
    assert.equal(t.grade.score, 1);
  });
});
