import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import { drawRule } from '../rules/draw.js';
import { selects } from '../rules/rule.js';
import { actNamed } from './policy-acts.js';
import { PARTS } from './registry.js';

// an extension is granted on the student's request made before the deadline, never unasked (on time or late)

describe('the Extension act', () => {
  it('picks only work whose student asked for an extension', () => {
    const act = actNamed('submissions', 'Extension');
    const src = PARTS.sources.find((s) => s.name === 'submissions');
    assert.ok(act && src);
    const today = '2026-06-22T09:00:00Z';
    const base = { status: 'late', late_days: 1, extension_requested: true, extension_granted: false };
    const unasked = { ...base, extension_requested: false };
    const onTimeUnasked = { ...unasked, status: 'submitted', late_days: 0 };
    const rng = createRng('extension');
    for (const d of ['easy', 'medium', 'hard'] as const)
      for (let i = 0; i < 30; i++) {
        const r = drawRule(src.fields, rng, d, act.lean, act.must, Object.keys(act.lean ?? {}), act.bounds);
        assert.ok(!selects(r, unasked, today), JSON.stringify(r));
        assert.ok(!selects(r, onTimeUnasked, today), JSON.stringify(r));
      }
  });
});
