// Builds the viewer's front end into web/bundle/ (committed, so installing coworkenv needs no build):
//   npm run build:web      type-checks web/src (tsc -p web) and bundles it here
// Output is deterministic (no timestamps, no hashes), and src/view/assets.test.ts checks that the committed
// files equal a fresh build of web/src.
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));

/** Bundles web/src; returns the files' text ({'app.js': …, 'app.css': …}) and writes them unless write is false. */
export async function buildWeb({ write = true } = {}) {
  const common = {
    bundle: true,
    minify: true,
    legalComments: 'eof',
    write: false,
    logLevel: 'warning',
    absWorkingDir: here,
  };
  const js = await esbuild.build({
    ...common,
    entryPoints: ['src/main.tsx'],
    format: 'esm',
    target: ['chrome110', 'firefox110', 'safari16'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    outfile: 'bundle/app.js',
  });
  const css = await esbuild.build({ ...common, entryPoints: ['src/style.css'], outfile: 'bundle/app.css' });
  const files = { 'app.js': js.outputFiles[0].text, 'app.css': css.outputFiles[0].text };
  if (write) {
    await mkdir(`${here}bundle`, { recursive: true });
    for (const [name, text] of Object.entries(files)) await writeFile(`${here}bundle/${name}`, text);
  }
  return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const files = await buildWeb();
  for (const [name, text] of Object.entries(files))
    process.stdout.write(`web/bundle/${name}: ${(Buffer.byteLength(text) / 1024).toFixed(1)} KB\n`);
}
