import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
const dir = process.argv[2];
const use = new Map(); // record type -> Map(domain -> count)
let n = 0;
const steps = [], seqs = new Set(); let user = 0;
for (const f of readdirSync(dir)) {
  if (!/\.(ya?ml|json)$/.test(f)) continue;
  const t = f.endsWith('json') ? JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')) : parse(readFileSync(`${dir}/${f}`, 'utf8'));
  n++;
  const dom = (t.labels?.scenario ?? t.labels?.domain ?? '?').split('/')[0];
  const rt = t.provenance?.record_type ?? `preset:${t.family}`;
  if (!use.has(rt)) use.set(rt, new Map());
  use.get(rt).set(dom, (use.get(rt).get(dom) ?? 0) + 1);
  const calls = (t.reference ?? []).filter((s) => s.call);
  steps.push(calls.length); seqs.add(calls.map((s) => s.call).join(','));
  if (t.user) user++;
}
const domains = new Map();
for (const [rt, m] of use) for (const d of m.keys()) { if (!domains.has(d)) domains.set(d, []); domains.get(d).push(rt); }
let ok = 0;
for (const [d, rts] of [...domains].sort()) {
  const own = rts.filter((rt) => use.get(rt).size <= 3 && !rt.startsWith('preset:'));
  if (own.length >= 3) ok++;
  console.log(d.padEnd(28), 'own(≤3 domains):', own.length, own.slice(0, 6).join(' '));
}
steps.sort((a, b) => a - b);
console.log({ tasks: n, domainsOk: ok, domains: domains.size, medianSteps: steps[Math.floor(n / 2)], seqs: seqs.size, userShare: user / n });
