import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beforeSay, presetContract, presetHarness, gradeSteps } from './testing.js';

const FAMILY = 'deck_action_items';
const h = presetHarness(FAMILY, 6);

describe(FAMILY, () => {
  // below the band by the step the final answer takes
  presetContract(h, { steps: { medium: [7, 7], hard: [11, 11] } });

  it("a to-do for someone else's item (read off the same slide) fails", async () => {
    for (const seed of h.seeds.slice(0, 3)) {
      const spec = h.parsed('easy', seed);
      const absent = spec.checks.find((c) => c.id === 'only_my_items') as unknown as {
        where: { title: { regex: string } };
      };
      const other = absent.where.title.regex.split('|')[0] as string;
      const g = await gradeSteps(
        spec,
        beforeSay(spec, { call: 'todo_create_task', args: { title: other, due_date: '2026-04-01' } }),
      );
      assert.ok((g.score ?? 1) < 1, `seed ${seed}`);
    }
  });
});
