// runs curation over a prepared run directory and reports throughput and peak RSS of this process only
import { CE_LIMITS } from '../src/curate/convert.js';
import { curate } from '../src/curate/pipeline.js';
import { resolveSource } from '../src/curate/sources.js';

const [runDir, outDir] = process.argv.slice(2) as [string, string];
const t0 = performance.now();
const report = await curate({ sources: [await resolveSource(runDir)], out: outDir, formats: ['trl'], threshold: 0.5, limits: CE_LIMITS, secrets: [] });
const seconds = (performance.now() - t0) / 1000;
process.stdout.write(`${JSON.stringify({ seconds, max_rss_kb: process.resourceUsage().maxRSS, rows_out: report.funnel.rows_out, records_in: report.funnel.records_in })}\n`);
