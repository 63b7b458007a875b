#!/usr/bin/env node
// Counts the composed tasks of a corpus whose scenario label does not fit their record type: the label's
// sub-scenario must map the record type in src/synth/compose/packs/scenarios.ts (SCENARIO_SOURCES). Reads the
// built table (npm run build first). Usage: node scripts/label-misfits.mjs <corpus dir> [--list]
import { readdirSync, readFileSync } from 'node:fs';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/label-misfits.mjs <corpus dir> [--list]');
  process.exit(2);
}
const { SCENARIO_SOURCES } = await import('../dist/synth/compose/packs/scenarios.js');
const { PARTS } = await import('../dist/synth/compose/registry.js');
// provenance names a record type as service.collection (service.name for a file's records); mails and partner
// mails share gmail.messages: either fitting counts
const byType = new Map();
for (const s of PARTS.sources)
  for (const k of [`${s.service}.${s.collection}`, `${s.service}.${s.name}`])
    byType.set(k, [...new Set([...(byType.get(k) ?? []), s.name])]);

let tasks = 0;
let misfits = 0;
const kinds = new Map();
for (const f of readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'synth-summary.json')) {
  const t = JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'));
  const type = t.provenance?.record_type;
  if (!type) continue;
  tasks++;
  const names = byType.get(type) ?? [type];
  const [domain, sub] = String(t.labels?.scenario ?? '').split('/');
  const fitting = SCENARIO_SOURCES[domain]?.[sub] ?? [];
  if (names.some((n) => fitting.includes(n))) continue;
  misfits++;
  const k = `${t.labels.scenario} ← ${names.join('|')}`;
  kinds.set(k, (kinds.get(k) ?? 0) + 1);
  if (process.argv.includes('--list')) console.log(`${f}  ${k}`);
}
console.log(`${dir}: ${misfits} of ${tasks} composed tasks carry a scenario label their record type does not fit`);
for (const [k, n] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(5)}  ${k}`);
