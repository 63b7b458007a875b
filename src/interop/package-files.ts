import { lstat, readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, win32 } from 'node:path';

// The files an importer reads from a package it was given (a Harbor task folder, a Claw-Eval tasks/ tree) are
// named by that package's own data (step names, fixture paths), so every such path is confined: relative, no
// `..` out of the package, no symbolic link that resolves outside it, a regular file, and bounded in size.
// A refusal is a sentence about the path; it never quotes the file, so nothing outside the package is echoed.

/** Largest file an importer reads from a package unless the caller gives another bound (a spec's own limit). */
export const PACKAGE_FILE_MAX_BYTES = 16 * 1024 * 1024;

/** Why a path was refused: it was not looked at (absolute, `..` out), or it was (a link out, not a file, too big). */
export type Refusal = 'absolute' | 'outside' | 'link_outside' | 'not_a_file' | 'too_large';

/** A path that is not there, or was refused. */
export type NotRead =
  | { ok: false; missing: true; path: string }
  | { ok: false; missing?: undefined; refused: Refusal; problem: string };

export type PackagePath = { ok: true; path: string } | NotRead;
export type PackageText = { ok: true; path: string; text: string } | NotRead;
export type PackageBytes = { ok: true; path: string; bytes: Uint8Array } | NotRead;

const inside = (root: string, p: string) => {
  const rel = relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** Is `rel` an absolute path on any platform (`/x`, `C:\x`, `\\host\x`)? */
export const isAbsolutePath = (rel: string): boolean => isAbsolute(rel) || win32.isAbsolute(rel);

/**
 * Where `rel` (resolved against `base`, by default `scope`) lies, if it stays inside `scope`: refused when
 * absolute, when `..` leads out of `scope`, or when it or a folder on its way is a symbolic link that resolves
 * outside `scope`. A path that does not exist is `missing` (the caller knows what that means).
 */
export async function resolveInside(scope: string, rel: string, base: string = scope): Promise<PackagePath> {
  if (isAbsolutePath(rel))
    return {
      ok: false,
      refused: 'absolute',
      problem: `${rel} is an absolute path; a path in a package must be relative to it`,
    };
  const root = resolve(scope);
  const path = resolve(base, rel);
  if (!inside(root, path))
    return { ok: false, refused: 'outside', problem: `${rel} leads outside ${root}; it is not read` };
  try {
    await lstat(path);
  } catch {
    return { ok: false, missing: true, path };
  }
  let real: string;
  let realRoot: string;
  try {
    [real, realRoot] = await Promise.all([realpath(path), realpath(root)]);
  } catch {
    // a dangling symbolic link
    return { ok: false, missing: true, path };
  }
  if (!inside(realRoot, real))
    return {
      ok: false,
      refused: 'link_outside',
      problem: `${rel} is a symbolic link to a file outside ${root}; it is not read`,
    };
  return { ok: true, path: real };
}

/** The text of a confined regular file of at most `maxBytes` (see `resolveInside`). */
export async function readInside(
  scope: string,
  rel: string,
  opts: { base?: string; maxBytes?: number } = {},
): Promise<PackageText> {
  const at = await fileInside(scope, rel, opts);
  return at.ok ? { ok: true, path: at.path, text: await readFile(at.path, 'utf8') } : at;
}

/** The bytes of a confined regular file of at most `maxBytes` (see `resolveInside`). */
export async function readBytesInside(
  scope: string,
  rel: string,
  opts: { base?: string; maxBytes?: number } = {},
): Promise<PackageBytes> {
  const at = await fileInside(scope, rel, opts);
  return at.ok ? { ok: true, path: at.path, bytes: new Uint8Array(await readFile(at.path)) } : at;
}

async function fileInside(
  scope: string,
  rel: string,
  opts: { base?: string; maxBytes?: number },
): Promise<PackagePath> {
  const at = await resolveInside(scope, rel, opts.base);
  if (!at.ok) return at;
  const max = opts.maxBytes ?? PACKAGE_FILE_MAX_BYTES;
  const st = await stat(at.path);
  if (!st.isFile()) return { ok: false, refused: 'not_a_file', problem: `${rel} is not a regular file` };
  if (st.size > max)
    return {
      ok: false,
      refused: 'too_large',
      problem: `${rel} is ${st.size} bytes, over the ${max}-byte limit of this file`,
    };
  return at;
}
