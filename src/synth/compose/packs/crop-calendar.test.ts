import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PLANT_TABLES } from '../../../services/domains/plant.js';
import { generateProcedural } from '../../generators.js';
import { monthOf, STAGES_OF, stagesIn } from './crop-calendar.js';

const plots = PLANT_TABLES.find((t) => t.noun[1] === 'field plots');
const enumOf = (field: string) => (plots?.fields[field] as { values: readonly string[] }).values;

describe('the crop calendar', () => {
  it('holds each crop where its year has it: no cereal flowers in winter, winter wheat tillers through it', () => {
    for (const crop of enumOf('crop'))
      for (let m = 1; m <= 12; m++) {
        for (const stage of stagesIn(crop, m)) assert.ok(enumOf('growth_stage').includes(stage), `${crop} ${stage}`);
        if ([10, 11, 12, 1, 2, 3].includes(m))
          assert.ok(!stagesIn(crop, m).some((s) => s === 'flowering' || s === 'grain fill'), `${crop} in ${m}`);
      }
    assert.deepEqual(stagesIn('winter wheat', 1), ['tillering']);
    assert.ok(stagesIn('winter wheat', 6).includes('flowering'));
    assert.deepEqual(stagesIn('spring barley', 3), ['drilled']);
  });

  it("names each crop's stages in its growers' words: no rape at grain fill, no beet 'emerged' in August", () => {
    for (const crop of enumOf('crop'))
      for (let m = 1; m <= 12; m++)
        for (const stage of stagesIn(crop, m))
          assert.ok(!STAGES_OF[stage] || STAGES_OF[stage]?.includes(crop), `${crop} at ${stage}`);
    assert.ok(!stagesIn('sugar beet', 8).includes('emerged'));
    assert.ok(stagesIn('oilseed rape', 6).includes('pod fill'));
    assert.ok(!stagesIn('potatoes', 3).includes('drilled'));
  });

  it("keeps field plots' stages, watering and irrigation work to the season of the task's today", () => {
    const failures: string[] = [];
    for (const today of ['2026-01-14', '2026-07-08', '2026-11-18'])
      for (let seed = 0; seed < 12; seed++) {
        const spec = generateProcedural({
          generator: 'compose',
          id: `plots_${today}_${seed}`,
          seed: 500 + seed,
          difficulty: (['easy', 'medium', 'hard'] as const)[seed % 3] ?? 'easy',
          mockToday: today,
          capabilities: ['Tool_Calling'],
          scenarioPath: 'Manufacturing_Engineering/Smart_Agriculture',
        });
        const rows = (spec.fixtures?.plant as { field_plots?: Record<string, unknown>[] } | undefined)?.field_plots;
        const month = monthOf(today);
        const winter = month < 4 || month > 9;
        for (const p of rows ?? []) {
          if (!stagesIn(String(p.crop), month).includes(String(p.growth_stage)))
            failures.push(`${today}: ${p.crop} ${p.growth_stage}`);
          // (a plot has a spray planned: it holds a crop in the ground wherever its crop's year has one)
          if (p.growth_stage === 'harvested' && stagesIn(String(p.crop), month).some((s) => s !== 'harvested'))
            failures.push(`${today}: ${p.crop} harvested`);
          if (winter && ['running', 'scheduled', 'paused for rain'].includes(String(p.irrigation_status)))
            failures.push(`${today}: irrigation ${p.irrigation_status}`);
        }
        if (winter && JSON.stringify(spec.reference).includes('irrigation_status'))
          failures.push(`${today}: irrigation scheduled in the wet season`);
      }
    assert.deepEqual(failures, []);
  });
});
