// serves `coworkenv view` over one run directory from the compiled package (dist/, as an installed coworkenv
// runs it) so that its RSS is the server's own. First times the floor of indexing in this same process: one
// pass over trajectories.jsonl that only reads it in 4 MB chunks and finds the newlines. Prints one JSON
// line when ready ({url, floor_ms, base_rss_kb}) and one on SIGTERM ({max_rss_kb, rss_kb}).
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dist, runDir] = process.argv.slice(2);

async function newlinePass(file) {
  const fh = await open(file, 'r');
  const buf = Buffer.allocUnsafe(4 << 20);
  let lines = 0;
  try {
    for (let pos = 0; ; ) {
      const { bytesRead } = await fh.read(buf, 0, buf.length, pos);
      if (bytesRead === 0) break;
      pos += bytesRead;
      const view = buf.subarray(0, bytesRead);
      for (let nl = view.indexOf(10); nl !== -1; nl = view.indexOf(10, nl + 1)) lines++;
    }
  } finally {
    await fh.close();
  }
  return lines;
}

const load = (m) => import(pathToFileURL(`${dist}/view/${m}.js`).href);
const [{ findSources }, { ViewData }, { serveView }] = await Promise.all([load('sources'), load('data'), load('app')]);
const base_rss_kb = Math.round(process.memoryUsage().rss / 1024);
const t0 = performance.now();
const lines = await newlinePass(join(runDir, 'trajectories.jsonl'));
const floor_ms = performance.now() - t0;
const server = await serveView(new ViewData(await findSources([runDir])), { port: 0 });
process.on('SIGTERM', async () => {
  await server.close();
  process.stdout.write(
    `${JSON.stringify({ max_rss_kb: process.resourceUsage().maxRSS, rss_kb: Math.round(process.memoryUsage().rss / 1024) })}\n`,
    () => process.exit(0),
  );
});
process.stdout.write(`${JSON.stringify({ url: server.url, floor_ms, lines, base_rss_kb })}\n`);
