import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalJson } from '../../schema/canonical-json.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import { DIFFICULTIES } from '../../schema/taxonomy.js';
import { GENERATORS, generateProcedural } from '../generators.js';
import { composition } from '../compose/testing.js';
import { FIRST_NAMES, LAST_NAMES } from './words-data.js';

// the vocabulary rules, over every generator's output: 2,000+ tasks generated in process (no gate — the gate is
// not what this tests): every preset at every difficulty on 20 seeds, and 1,000 compositions across the
// taxonomy's domains, capabilities and difficulties.

/** Placeholder Latin. */
export const LOREM = /\b(lorem|ipsum|dolor sit|consectetur|adipiscing|voluptat|quia|aut|eius)\b/i;
/** Faker's comic company adjectives ("Scary Works"). */
export const COMIC =
  /\b(wretched|awful|grimy|naughty|jealous|clumsy|scary|bitter|smelly|stupid|silly|ugly|filthy|gloomy|rotten)\b/i;
/** A template slot left unfilled, or a value that never became text. */
const UNFILLED = /\{[a-z_]+\}|\bundefined\b|\bNaN\b|\[object Object\]/;

const presets = GENERATORS.filter((g) => g.name !== 'compose').flatMap((g) =>
  DIFFICULTIES.flatMap((difficulty) =>
    Array.from({ length: 20 }, (_, i) =>
      generateProcedural({
        generator: g.name,
        id: `${g.name}_${i}`,
        seed: 7919 * i + 3,
        difficulty,
        mockToday: '2026-03-10',
      }),
    ),
  ),
);
const compositions = Array.from({ length: 1000 }, (_, i) => composition(i, 104_729 * i + 17));
const corpus: TaskSpecInput[] = [...presets, ...compositions];
// the texts written from templates: the request and the solution's answers
const prose = (s: TaskSpecInput) => [s.request, s.reference?.flatMap((r) => ('say' in r ? [r.say] : [])) ?? []];

describe('the curated vocabulary, over every generator', () => {
  it('covers 2,000 tasks of every generator', () => {
    assert.ok(corpus.length >= 2000, `${corpus.length} tasks`);
    assert.deepEqual(
      [...new Set(corpus.map((s) => s.family))].sort(),
      GENERATORS.map((g) => (g.name === 'dialogue_clarification' ? 'dialogue' : g.name)).sort(),
    );
  });

  it('no placeholder Latin, no comic company names, no unfilled slot, no answer id in a request', () => {
    for (const s of corpus) {
      const text = canonicalJson(s);
      assert.doesNotMatch(text, LOREM, s.id);
      assert.doesNotMatch(text, COMIC, s.id);
      assert.doesNotMatch(JSON.stringify(prose(s)), UNFILLED, s.id);
      for (const id of s.answer_ids ?? []) assert.ok(!s.request.includes(id), `${s.id} names ${id}`);
    }
  });

  it("people's addresses are made of curated names", () => {
    const first = new Set(FIRST_NAMES.map((n) => n.toLowerCase()));
    const last = new Set(LAST_NAMES.map((n) => n.toLowerCase()));
    for (const s of presets)
      for (const [, f, l] of JSON.stringify(s.fixtures).matchAll(/"([a-z]+)\.([a-z]+)@acme\.example"/g))
        assert.ok(first.has(f as string) && last.has(l as string), `${s.id}: ${f}.${l}@acme.example`);
  });
});
