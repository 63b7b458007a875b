// Whether dist/ is current in a source checkout: built after every source file (tests aside) and after every
// build setting. bin/coworkenv.js runs dist/ by this rule, and `npm test` skips rebuilding dist/ by it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestSource(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    const t = e.isDirectory() ? newestSource(p) : e.name.endsWith('.test.ts') ? 0 : statSync(p).mtimeMs;
    if (t > newest) newest = t;
  }
  return newest;
}

/** Is `root`/dist/ newer than `root`/src/ and the build settings? */
export function buildIsCurrent(root) {
  const built = join(root, 'dist', 'cli', 'main.js');
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  const settings = ['package.json', 'tsconfig.json', 'tsconfig.build.json']
    .map((f) => join(root, f))
    .filter((f) => existsSync(f))
    .map((f) => statSync(f).mtimeMs);
  return Math.max(newestSource(join(root, 'src')), ...settings) <= builtAt;
}
