// runs the benchmarks: `npm run bench` (all), `npm run bench -- episode`, `npm run bench -- --json`.
import type { BenchResult } from './stats.js';

const BENCHES: Record<string, () => Promise<{ run(): Promise<BenchResult> }>> = {
  episode: () => import('./episode.js'),
  synth: () => import('./synth.js'),
  curate: () => import('./curate.js'),
  server: () => import('./server.js'),
};

const args = process.argv.slice(2);
const json = args.includes('--json');
const names = args.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !BENCHES[n]);
if (unknown.length) {
  process.stderr.write(`unknown benchmark(s): ${unknown.join(', ')}; available: ${Object.keys(BENCHES).join(', ')}\n`);
  process.exit(1);
}
const results: BenchResult[] = [];
for (const name of names.length ? names : Object.keys(BENCHES)) {
  const mod = await (BENCHES[name] as () => Promise<{ run(): Promise<BenchResult> }>)();
  const r = await mod.run();
  results.push(r);
  if (!json) {
    process.stdout.write(`\n# ${r.name}\n`);
    for (const [k, v] of Object.entries(r.metrics)) process.stdout.write(`  ${k.padEnd(28)} ${Number.isInteger(v) ? v : v.toFixed(3)}\n`);
    for (const [k, t] of Object.entries(r.targets)) {
      process.stdout.write(`  target ${k}: ${Number.isInteger(t.value) ? t.value : t.value.toFixed(3)} (${t.target}) ${t.ok ? 'met' : 'MISSED'}; ratio ${ratioText(t)}\n`);
    }
  }
}
if (json) process.stdout.write(`${JSON.stringify({ node: process.version, results }, null, 2)}\n`);

function ratioText(t: BenchResult['targets'][string]): string {
  const limit = Number(/([\d.]+)/.exec(t.target.replace(/,/g, ''))?.[1] ?? Number.NaN);
  const unit = /KB/.test(t.target) ? 1024 : 1;
  if (!Number.isFinite(limit)) return 'n/a';
  // ≥ targets read as "× the target", ≤ targets as "share of the limit"
  return t.target.includes('≥') ? `${(t.value / limit).toFixed(2)}× the target` : `${(t.value / (limit * unit)).toFixed(2)} of the limit`;
}
