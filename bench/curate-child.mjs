// runs curation from the compiled package (dist/, as an installed coworkenv runs it: no TypeScript loader
// in the process) over a prepared run directory; prints throughput and this process's own peak RSS.
// With `floor`, first times the floor of the same work in this same process: one pass over the same file
// that only splits it into lines and JSON.parses each (the I/O + parse cost every curation pays), and
// records the peak RSS of that pass (the process's own baseline for holding a line at a time).
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dist, runDir, outDir, mode] = process.argv.slice(2);

async function parsePass(file) {
  let rest = Buffer.alloc(0);
  let lines = 0;
  const take = (buf) => {
    if (buf.length) {
      JSON.parse(buf.toString('utf8'));
      lines++;
    }
  };
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    const buf = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let nl = buf.indexOf(10); nl !== -1; nl = buf.indexOf(10, start)) {
      take(buf.subarray(start, nl));
      start = nl + 1;
    }
    rest = buf.subarray(start);
  }
  take(rest);
  return lines;
}

const out = {};
if (mode === 'floor') {
  const t0 = performance.now();
  out.floor_lines = await parsePass(join(runDir, 'trajectories.jsonl'));
  out.floor_seconds = (performance.now() - t0) / 1000;
  out.floor_max_rss_kb = process.resourceUsage().maxRSS;
  globalThis.gc?.();
}
const load = (m) => import(pathToFileURL(`${dist}/curate/${m}.js`).href);
const [{ CE_LIMITS }, { curate }, { resolveSource }] = await Promise.all([
  load('convert'),
  load('pipeline'),
  load('sources'),
]);
const t0 = performance.now();
const report = await curate({
  sources: [await resolveSource(runDir)],
  out: outDir,
  formats: ['trl'],
  threshold: 0.5,
  limits: CE_LIMITS,
  secrets: [],
});
out.seconds = (performance.now() - t0) / 1000;
out.max_rss_kb = process.resourceUsage().maxRSS;
out.rows_out = report.funnel.rows_out;
out.records_in = report.funnel.records_in;
process.stdout.write(`${JSON.stringify(out)}\n`);
