import assert from 'node:assert/strict';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { packThisPackage, placeTarball } from './package-tarball.js';

describe('packThisPackage', () => {
  it('packs once per build: a second export gets the kept tarball (same file, not packed again)', async () => {
    const first = await packThisPackage();
    const second = await packThisPackage();
    assert.equal(second.file, first.file);
    assert.match(first.file, /[\\/]coworkenv[\\/]pack[\\/]coworkenv-[0-9a-f]{32}\.tgz$/);
    const a = statSync(first.file);
    const b = statSync(second.file);
    assert.deepEqual([b.ino, b.mtimeMs], [a.ino, a.mtimeMs]);
    // disposing a kept tarball leaves it for the next export
    await first.dispose();
    assert.ok(statSync(second.file).isFile());
    // the cache folder is this user's alone
    assert.equal(statSync(join(first.file, '..')).mode & 0o077, 0);
    const dest = join(mkdtempSync(join(tmpdir(), 'coworkenv-pack-test-')), 'coworkenv.tgz');
    await placeTarball(second.file, dest);
    assert.equal(statSync(dest).size, a.size);
  });
});
