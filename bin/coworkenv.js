#!/usr/bin/env node
// An installed package runs dist/. A source checkout runs dist/ too when the build is newer than every
// source file (`npm ci` and `npm test` build it), and the TypeScript through tsx otherwise, so an edit
// is never run stale; compiling on the fly costs seconds per start, a stat of the tree milliseconds.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent } from './build-current.js';

const root = fileURLToPath(new URL('..', import.meta.url));

let mod;
if (existsSync(join(root, 'src')) && !buildIsCurrent(root)) {
  const { register } = await import('tsx/esm/api');
  register();
  mod = await import(new URL('src/cli/main.ts', new URL('..', import.meta.url)).href);
} else {
  mod = await import(new URL('dist/cli/main.js', new URL('..', import.meta.url)).href);
}
await mod.main(process.argv);
