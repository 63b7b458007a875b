// runs curation from the compiled package (dist/, as an installed coworkenv runs it: no TypeScript loader
// in the process) over a prepared run directory; prints throughput and this process's own peak RSS
import { pathToFileURL } from 'node:url';

const [dist, runDir, outDir] = process.argv.slice(2);
const load = (m) => import(pathToFileURL(`${dist}/curate/${m}.js`).href);
const [{ CE_LIMITS }, { curate }, { resolveSource }] = await Promise.all([load('convert'), load('pipeline'), load('sources')]);
const t0 = performance.now();
const report = await curate({ sources: [await resolveSource(runDir)], out: outDir, formats: ['trl'], threshold: 0.5, limits: CE_LIMITS, secrets: [] });
const seconds = (performance.now() - t0) / 1000;
process.stdout.write(`${JSON.stringify({ seconds, max_rss_kb: process.resourceUsage().maxRSS, rows_out: report.funnel.rows_out, records_in: report.funnel.records_in })}\n`);
