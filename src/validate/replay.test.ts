import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseSpecText } from '../schema/parse-spec.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { Trajectory } from '../schema/trajectory.js';
import { playReference, ReplayMemo } from './replay.js';

const load = (name: string): TaskSpec => {
  const r = parseSpecText(readFileSync(new URL(`../../examples/tasks/${name}`, import.meta.url), 'utf8'));
  return r.spec ?? assert.fail(JSON.stringify(r.diagnostics));
};
// everything a run decides (the wall-clock fields aside)
const decided = (t: Trajectory) => ({ events: t.events, audit: t.audit, grade: t.grade });

// the variants the gate plays: each step removed, each call doubled, a call's argument changed, nothing
function variants(spec: TaskSpec): TaskSpec['reference'][] {
  const ref = spec.reference;
  const out: TaskSpec['reference'][] = [[], ref];
  ref.forEach((s, i) => {
    out.push(ref.filter((_, j) => j !== i));
    if (!('call' in s)) return;
    out.push([...ref.slice(0, i + 1), s, ...ref.slice(i + 1)]);
    const [key] = Object.keys(s.args);
    if (key) out.push(ref.map((x, j) => (j === i ? { ...s, args: { ...s.args, [key]: 'ZZ-404' } } : x)));
  });
  return out;
}

describe('ReplayMemo', () => {
  for (const name of ['api_key_rotation.yaml', 'scheduler_job_repair.yaml', 'support_escalation.yaml']) {
    it(`${name}: every variant played through the memo decides what a fresh run decides`, async () => {
      const spec = load(name);
      const memo = new ReplayMemo(spec);
      for (const steps of variants(spec)) {
        const shared = (await memo.play(steps)).trajectory;
        const fresh = (await playReference(spec, steps)).trajectory;
        assert.deepEqual(decided(shared), decided(fresh), JSON.stringify(steps.map((s) => Object.values(s)[0])));
      }
    });
  }

  it('plays each distinct step list once and belongs to one spec', async () => {
    const spec = load('support_escalation.yaml');
    const memo = new ReplayMemo(spec);
    const a = await memo.play();
    assert.equal(await memo.play(structuredClone(spec.reference)), a);
    assert.notEqual(await memo.play(spec.reference.slice(1)), a);
    assert.equal(memo.spec, spec);
  });
});
