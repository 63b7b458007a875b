import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, link, lstat, mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CoworkError } from '../schema/errors.js';

// An exported Harbor task builds its image offline of our own package: the CLI that exported it is packed
// (`npm pack`, its published files) and the tarball goes into each task's environment/ — coworkenv is not
// downloaded from a registry, where this version may not be published.

// the package root: dist/interop/ (installed) or src/interop/ (a source checkout) is two levels down
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A packed copy of this package in a temporary folder; `dispose` removes the folder. */
export interface PackedPackage {
  file: string;
  dispose: () => Promise<void>;
}

// npm pack costs seconds of CPU; its tarball is kept, named by what went into it, for the next export
const CACHE = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'coworkenv', 'pack');
// what npm pack reads: the package's `files`, plus package.json, README and LICENSE
const PACKED = ['bin', 'dist', 'examples', 'web/bundle', 'package.json', 'README.md', 'LICENSE'];

/** A key for the package's packed content: every file's path, size and modification time. */
async function contentKey(): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (path: string): Promise<void> => {
    const st = await stat(path).catch(() => undefined);
    if (!st) return;
    if (st.isDirectory()) {
      for (const name of (await readdir(path)).sort()) await walk(join(path, name));
    } else hash.update(`${relative(ROOT, path)}\u0000${st.size}\u0000${st.mtimeMs}\n`);
  };
  for (const p of PACKED) await walk(join(ROOT, p));
  return hash.digest('hex').slice(0, 32);
}

/** The cache folder when it is ours alone (made 0700, not a link, owned by this user), else undefined. */
async function cacheDir(): Promise<string | undefined> {
  try {
    await mkdir(CACHE, { recursive: true, mode: 0o700 });
    const st = await lstat(CACHE);
    const ours = st.isDirectory() && (st.mode & 0o077) === 0 && st.uid === (process.getuid?.() ?? st.uid);
    return ours ? CACHE : undefined;
  } catch {
    return undefined;
  }
}

/**
 * This package as `npm pack` makes it (no lifecycle scripts: an installed package has no build tools). The tarball
 * is kept in ~/.cache/coworkenv/pack under a key of every packed file's path, size and modification time, so an
 * export after another of the same build packs nothing.
 */
export async function packThisPackage(): Promise<PackedPackage> {
  const [key, cache] = await Promise.all([contentKey(), cacheDir()]);
  const cached = cache && join(cache, `coworkenv-${key}.tgz`);
  if (cached && (await stat(cached).catch(() => undefined))?.isFile()) return { file: cached, dispose: async () => {} };
  // packed inside the cache folder, so that the rename below stays on one file system
  const packed = await npmPack(cache ?? tmpdir());
  if (!cached) return packed;
  try {
    // a rename is atomic: a concurrent export sees the whole tarball or none; older builds' tarballs go
    await rename(packed.file, cached);
    await packed.dispose();
    for (const name of await readdir(cache))
      if (/^coworkenv-[0-9a-f]{32}\.tgz$/.test(name) && name !== `coworkenv-${key}.tgz`)
        await rm(join(cache, name), { force: true });
    return { file: cached, dispose: async () => {} };
  } catch {
    return packed;
  }
}

async function npmPack(parent: string): Promise<PackedPackage> {
  const dir = await mkdtemp(join(parent, 'coworkenv-pack-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const { stdout } = await promisify(execFile)(
      npm,
      ['pack', '--ignore-scripts', '--json', '--pack-destination', dir],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
    );
    const [packed] = JSON.parse(stdout) as { filename: string }[];
    if (!packed?.filename) throw new Error('npm pack named no file');
    return { file: join(dir, packed.filename), dispose };
  } catch (e) {
    await dispose();
    throw new CoworkError(
      'config',
      `cannot pack coworkenv for the task images (npm pack in ${ROOT}: ${(e as Error).message.split('\n')[0]}); export harbor needs npm on the PATH`,
      undefined,
      { cause: e },
    );
  }
}

/** Puts the tarball at `dest`: a hard link where the file system allows one (many tasks, one copy), else a copy. */
export async function placeTarball(file: string, dest: string): Promise<void> {
  await rm(dest, { force: true });
  await link(file, dest).catch(() => copyFile(file, dest));
}
