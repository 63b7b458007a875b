import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stripVTControlCharacters } from 'node:util';
import { inProcess } from './testing.js';
import { validatePaths } from './validate.js';

describe('adversarial probes in the CLI (issue 13)', () => {
  it('inspect lists each probe with its score and what it changed', async () => {
    // CI turns colours on
    const text = stripVTControlCharacters(await inProcess('inspect', 'examples/tasks/support_escalation.yaml'));
    assert.match(text, /Adversarial probes \(must score below 0\.75\)/);
    assert.match(text, /do_nothing +0\.2 \(1 run: no steps\)/);
    assert.match(text, /read_only +0\.\d+ \(1 run: the reference without its mutating calls\)/);
    assert.match(text, /spray +not applicable/);
    assert.match(text, /content_spray +0\.52 \(1 run: every gmail_send_message body names all candidates/);
    // the final answer names both tickets it escalated (a restatement of the targets); no summary is written
    assert.match(text, /any_candidate +not applicable/);
    assert.match(text, /summary_without_fields +not applicable\n/);
  });

  it('validate --json reports per-task probe results and the corpus pass rate / mean score per probe', async () => {
    let out = '';
    const r = await validatePaths(
      ['examples/tasks/support_escalation.yaml', 'examples/tasks/inventory_reorder.yaml'],
      { json: true },
      (t) => void (out += t),
    );
    assert.equal(r.failed, 0);
    const doc = JSON.parse(out) as {
      results: { steps: { name: string; stats?: { probes?: { probe: string }[] } }[] }[];
      probes: Record<string, { tasks: number; pass_rate: number; mean_score: number }>;
    };
    const first = doc.results[0]?.steps.find((s) => s.name === 'probes')?.stats?.probes ?? [];
    assert.equal(first.length, 10);
    assert.equal(doc.probes.do_nothing?.tasks, 2);
    assert.equal(doc.probes.do_nothing?.pass_rate, 0);
    assert.ok((doc.probes.read_only?.mean_score ?? 1) < 0.75);
    let text = '';
    await validatePaths(['examples/tasks/support_escalation.yaml'], {}, (t) => void (text += t));
    assert.match(text, /^probes: do_nothing 0% pass, mean 0\.20 \(1\)/m);
  });
});
