import { synthesize } from '/work/main/src/synth/synthesize.js';
import { allFamiliesPlan } from '/work/main/src/synth/plan/builtin-plans.js';
const plan = allFamiliesPlan(1);
plan.slots = plan.slots.slice(0, 4);
try {
  const r = await synthesize(plan, { generator: 'procedural', concurrency: 2 });
  console.log('ok', r.summary.accepted);
} catch (e) { console.error('ERR', e); }
