#!/usr/bin/env node
// An installed package runs dist/. A source checkout runs dist/ too when the build is newer than every
// source file (`npm ci` and `npm test` build it), and the TypeScript through tsx otherwise, so an edit
// is never run stale; compiling on the fly costs seconds per start, a stat of the tree milliseconds.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const built = join(root, 'dist', 'cli', 'main.js');

function newestSource(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    const t = e.isDirectory() ? newestSource(p) : e.name.endsWith('.test.ts') ? 0 : statSync(p).mtimeMs;
    if (t > newest) newest = t;
  }
  return newest;
}

function buildIsCurrent() {
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  return newestSource(src) <= builtAt && statSync(join(root, 'package.json')).mtimeMs <= builtAt;
}

let mod;
if (existsSync(src) && !buildIsCurrent()) {
  const { register } = await import('tsx/esm/api');
  register();
  mod = await import(new URL('src/cli/main.ts', new URL('..', import.meta.url)).href);
} else {
  mod = await import(new URL('dist/cli/main.js', new URL('..', import.meta.url)).href);
}
await mod.main(process.argv);
