#!/usr/bin/env node
// in a source checkout run the TypeScript directly (via tsx); an installed package runs dist/
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const src = new URL('src/cli/main.ts', root);
let mod;
if (existsSync(src)) {
  const { register } = await import('tsx/esm/api');
  register();
  mod = await import(src.href);
} else {
  mod = await import(new URL('dist/cli/main.js', root).href);
}
await mod.main(process.argv);
