import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { DOC_PARTS, docCommands, runDocCommands } from '../cli/testing/doc-commands.js';

// docs/synthesis.md's commands (a synthesis of the all-families plan (285 tasks) and a taxonomy plan), in a file of their own so that npm test runs them beside docs.test.ts
describe('every shell block in docs/synthesis.md', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'coworkenv-docs-synthesis-'));
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('runs every coworkenv command line; any other line is marked "# needs: <what>" (a model, the network, …)', {
    timeout: 300_000,
  }, async () => {
    const ran = await runDocCommands(DOC_PARTS.synthesis, tmp, (dir) => process.chdir(dir));
    assert.equal(
      ran,
      DOC_PARTS.synthesis.reduce((n, f) => n + docCommands(f).run.length, 0),
    );
    assert.ok(ran > 0, 'no command ran');
  });
});
