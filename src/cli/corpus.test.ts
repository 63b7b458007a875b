import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { badInput, runCli as cli, json } from './testing.js';

const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-corpus-'));
after(() => rmSync(TMP, { recursive: true, force: true }));

interface Stats {
  files: number;
  bytes: number;
  invalid: number;
  tasks: number;
  corpus: { tasks: number; distinct_tool_sequences: number };
  substance: { tasks: number };
  near_duplicates: { clusters: number };
  probes?: Record<string, { pass_rate: number }>;
}

describe('coworkenv corpus stats', () => {
  it('reads a folder one spec at a time: coverage, substance, near-duplicates and size', async () => {
    const r = await cli('corpus', 'stats', 'examples/tasks', '--json');
    assert.equal(r.code, 0, r.stderr);
    const s = json<Stats>(r);
    const specs = readdirSync('examples/tasks').filter((f) => /\.(ya?ml|json)$/.test(f));
    assert.equal(s.files, specs.length);
    assert.equal(s.tasks, specs.length);
    assert.equal(s.corpus.tasks, specs.length);
    assert.equal(s.substance.tasks, specs.length);
    assert.equal(s.invalid, 0);
    assert.equal(
      s.bytes,
      specs.reduce((a, f) => a + Buffer.byteLength(readFileSync(join('examples/tasks', f), 'utf8')), 0),
    );
    assert.ok(s.corpus.distinct_tool_sequences > 1);
    assert.equal(s.probes, undefined, 'no synth-summary.json: no probe figures');
    const text = await cli('corpus', 'stats', 'examples/tasks');
    assert.match(text.stdout, new RegExp(`^corpus ${specs.length} task\\(s\\) in ${specs.length} document\\(s\\)`));
    assert.match(text.stdout, /near-duplicates \(similarity ≥ 0\.8\): \d+ cluster/);
    assert.match(text.stdout, /probes: not on disk/);
  });

  it('counts a document that is no valid spec, and a missing path is exit 1 naming it', async () => {
    const dir = join(TMP, 'mixed');
    rmSync(dir, { recursive: true, force: true });
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dir);
    writeFileSync(join(dir, 'a.yaml'), readFileSync('examples/tasks/support_escalation.yaml', 'utf8'));
    writeFileSync(join(dir, 'b.yaml'), 'id: broken\n');
    const s = json<Stats>(await cli('corpus', 'stats', dir, '--json'));
    assert.deepEqual([s.files, s.tasks, s.invalid], [2, 1, 1]);
    badInput(await cli('corpus', 'stats', join(TMP, 'nope')), /nope: no such file or directory/);
  });
});
