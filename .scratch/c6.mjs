import { composition } from '/work/main/.test-build/synth/compose/testing.js';
import { runGate } from '/work/main/dist/validate/index.js';
const i = 6; const raw = composition(i, 7919 * i + 11);
console.log(raw.request); console.log(raw.reference.map(s => s.call ?? ('say:' + (s.say ?? '').slice(0, 80)) ).join('\n'));
const r = await runGate({ raw });
console.log(r.ok, JSON.stringify(r.steps.find(s => s.name === 'probes')?.stats?.probes?.map(p => [p.probe, p.score])));
console.log(JSON.stringify(raw.checks.map(c => [c.id, c.kind, c.weight, c.cap]), null, 0));
