import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../env/rng.js';
import type { Rule } from '../rules/rule.js';
import { stories } from './packs/content-media.js';
import { definitions } from './policy-definitions.js';

describe('a policy’s definitions', () => {
  it('say a mention counts whatever its case wherever a line reads one, beside the other fields’ (review 54)', () => {
    const rule: Rule = {
      all: [
        { kind: 'due_within', field: 'due_on', days: 5 },
        { kind: 'flag', field: 'legal_read_required', value: true },
        { kind: 'in', field: 'story_format', values: ['feature'] },
        { kind: 'mentions', field: 'notes', term: 'freelance' },
      ],
    };
    const lines = [
      '- The story is due to file today or in the next 5 days.',
      '- The story needs a legal read.',
      '- The story is a feature.',
      '- The story’s desk notes mention "freelance".',
    ];
    for (let seed = 0; seed < 12; seed++) {
      const out = definitions([[rule, lines]], stories, createRng('definitions', seed));
      assert.ok(
        out.some((l) => /whatever its letter case/.test(l)),
        out.join('\n'),
      );
    }
  });
});
