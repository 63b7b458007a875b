import { execFile } from 'node:child_process';
import { copyFile, link, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** Packs the running package with `npm pack` (no lifecycle scripts: an installed package has no build tools). */
export async function packThisPackage(): Promise<PackedPackage> {
  const dir = await mkdtemp(join(tmpdir(), 'coworkenv-pack-'));
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
