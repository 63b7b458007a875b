import { DIFFICULTIES } from '../../schema/taxonomy.js';
import { GENERATORS } from '../generators.js';
import type { Plan } from './plan.js';

/** One slot per family × difficulty, `count` tasks each: the demo's plan and examples/plans/all-families.yaml. */
export function allFamiliesPlan(count = 2, mockToday = '2026-03-10'): Plan {
  return {
    plan_version: 1,
    name: 'all-families',
    slots: GENERATORS.flatMap((f, i) =>
      DIFFICULTIES.map((difficulty, j) => ({
        task_id: `${f.name}_${difficulty}`,
        services: [...f.services],
        category: f.scenario.split('/')[1]?.toLowerCase() ?? f.name,
        difficulty,
        language: 'en',
        mock_today: mockToday,
        scenario: { goal: f.description },
        family: f.name,
        count,
        seed: 1000 * (i + 1) + 100 * j,
        capabilities: [...f.capabilities],
        scenario_path: f.scenario,
      })),
    ),
  };
}
