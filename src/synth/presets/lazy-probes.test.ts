import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TaskSpec } from '../../schema/task-spec.js';
import { DIFFICULTIES } from '../../schema/taxonomy.js';
import { createRng } from '../../env/rng.js';
import { GENERATORS, getGenerator } from '../generators.js';
import { wordsFrom } from '../kit/words.js';
import { presetHarness, gradeSteps, lazyProbes, passingProbes, perturbValue } from './testing.js';

// issue #13's lazy agents against every preset family: doing nothing, reading only, claiming without acting,
// acting on distractors too, spraying, or acting with one wrong value must all score below the pass threshold.
// config_fix_shell runs a real shell per probe: its probes run in config-fix-shell.test.ts.

const SEEDS = 3;
// the compositional generator (src/synth/compose) has its own tests
const PRESETS = GENERATORS.filter((f) => f.name !== 'compose' && f.name !== 'config_fix_shell');

describe('lazy-agent probes', () => {
  const seen = new Set<string>();
  for (const f of PRESETS)
    it(`${f.name}: no probe passes on any difficulty × ${SEEDS} seeds, and the reference still scores 1`, async () => {
      const h = presetHarness(f.name, SEEDS);
      for (const difficulty of DIFFICULTIES)
        for (const seed of h.seeds) {
          const spec = h.parsed(difficulty, seed);
          assert.equal((await gradeSteps(spec, spec.reference)).score, 1, `${difficulty} seed ${seed}: reference`);
          for (const p of lazyProbes(spec)) seen.add(p.name.split(' ')[0] as string);
          assert.deepEqual(await passingProbes(spec), [], `${difficulty} seed ${seed}`);
        }
    });

  it('every kind of probe was exercised', () => {
    assert.deepEqual([...seen].sort(), [
      'claim-only',
      'distractor-included',
      'do-nothing',
      'read-only',
      'spray',
      'value-perturbed',
    ]);
  });

  it('catches a task whose outcome checks do not gate completion (the phishing report only weighted, reads at their table weight)', async () => {
    const spec = presetHarness('credential_phishing', 1).parsed('easy', 1);
    // the family's own weight table, before readsKeepTheirShare gives reads 0.2
    const table = getGenerator('credential_phishing')?.generate({
      id: spec.id,
      seed: 1,
      difficulty: 'easy',
      mockToday: spec.mock_today,
      language: 'en',
      rng: createRng('family', 'credential_phishing', 'easy', 1),
      words: wordsFrom(createRng('words', 'credential_phishing', 'easy', 1)),
    });
    const uncapped: TaskSpec = {
      ...spec,
      checks: spec.checks.map(
        ({ cap: _, ...c }, i) =>
          ({ ...c, weight: table?.checks?.[i]?.weight ?? c.weight }) as TaskSpec['checks'][number],
      ),
    };
    const passing = (await passingProbes(uncapped)).map((p) => p.name);
    assert.ok(passing.includes('claim-only'), JSON.stringify(passing));
    assert.deepEqual(await passingProbes(spec), []);
  });

  it('builds the probes from the reference: no mutating call in read-only, the final message in claim-only', () => {
    const spec = presetHarness('ticket_prioritisation', 1).parsed('medium', 1);
    const probes = new Map(lazyProbes(spec).map((p) => [p.name.split(' ')[0] as string, p.steps]));
    assert.deepEqual(probes.get('do-nothing'), []);
    const readOnly = probes.get('read-only') ?? [];
    assert.ok(readOnly.length > 0 && readOnly.every((s) => 'call' in s && !/update|create|delete|send/.test(s.call)));
    assert.deepEqual(probes.get('claim-only')?.at(-1), spec.reference.at(-1));
    const spray = probes.get('spray') ?? [];
    assert.ok(spray.length > spec.reference.length);
  });

  it('perturbs numbers, dates and recipients plausibly, and leaves anything else alone', () => {
    const emails = ['ana@acme.example', 'bo@acme.example'];
    assert.equal(perturbValue(10, emails), 15);
    assert.equal(perturbValue(0, emails), 1);
    assert.equal(perturbValue(1, emails), 2);
    assert.equal(perturbValue(12.5, emails), 18.75);
    assert.equal(perturbValue('ana@acme.example', emails), 'bo@acme.example');
    assert.equal(perturbValue('cy@acme.example', []), 'x.cy@acme.example');
    assert.equal(perturbValue('2026-12-31', emails), '2027-01-01');
    assert.equal(perturbValue('2026-03-10T09:30:00Z', emails), '2026-03-11T09:30:00Z');
    for (const v of ['TK-1042', 'closed', true, null, { a: 1 }, '2026-13-45'])
      assert.equal(perturbValue(v, emails), undefined, JSON.stringify(v));
  });
});
