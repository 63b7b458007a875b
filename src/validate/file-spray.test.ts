import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TaskSpec } from '../schema/task-spec.js';
import { composition } from '../synth/compose/testing.js';
import { fileSpray } from './file-spray.js';
import { checkProbes } from './probes.js';

// a task whose only output is a file forbids only file writes (a source overwritten): listing every candidate in
// the deliverable must still fail, far from the line
describe('spraying a file deliverable', () => {
  const fileOnly = Array.from({ length: 60 }, (_, i) => composition(i, 4_111 * i + 9)).find(
    (t) =>
      (t.forbidden?.actions ?? []).every((a) => a.service === 'workspace') &&
      (t.checks ?? []).some((c) => c.kind === 'file_matches' && String(c.text?.regex).startsWith('^(?!')),
  );

  it('names every candidate in the deliverable and scores well under the pass line', async () => {
    assert.ok(fileOnly, 'a file-only task among the compositions');
    const spec = TaskSpec.parse(fileOnly);
    const [variant] = fileSpray(spec);
    assert.ok(variant, 'the probe has a variant');
    const { results } = await checkProbes(spec);
    const spray = results.find((r) => r.probe === 'content_spray');
    assert.ok(spray?.score !== null && spray?.score !== undefined && spray.score <= 0.5, JSON.stringify(spray));
  });
});
