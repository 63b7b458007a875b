import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DIFFICULTIES } from '../../schema/taxonomy.js';
import { runGate } from '../../validate/index.js';
import { PRESETS } from './index.js';
import { presetHarness } from './testing.js';

// issue 27: every check of every preset traces to the words that demand it, and the gate's step 6 finds each
// clause where its trace says. Steps 1–6 only (no replay or mutation), so the whole family list stays fast.

const SEEDS = 3;
// step 6's traceability codes (its leakage warnings, e.g. an easy request naming the recipient, are its own matter)
const TRACE_CODES = new Set(['check_untraced', 'trace_not_found', 'policy_not_named', 'ids_not_asked']);

describe('preset traces', () => {
  for (const p of PRESETS)
    it(`${p.name}: every check traced, no step-6 findings on every difficulty × ${SEEDS} seeds`, async () => {
      const h = presetHarness(p.name, SEEDS);
      for (const difficulty of DIFFICULTIES)
        for (const seed of h.seeds) {
          const raw = h.gen(difficulty, seed);
          const untraced = (raw.checks ?? []).filter((c) => !c.trace).map((c) => c.id);
          assert.deepEqual(untraced, [], `${difficulty} seed ${seed}: untraced`);
          const r = await runGate({ raw }, { through: 6 });
          const step6 = r.steps.find((s) => s.step === 6);
          assert.ok(step6, `${difficulty} seed ${seed}: step 6 did not run (${JSON.stringify(r.diagnostics[0])})`);
          const found = step6.diagnostics.filter((d) => TRACE_CODES.has(d.code));
          assert.deepEqual(found, [], `${difficulty} seed ${seed}`);
        }
    });
});
