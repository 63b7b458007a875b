import { lstat, opendir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { IFileSystem } from 'just-bash';
import { maxEntries, overLimit, type WorkspaceBudget, workspaceBudget, workspaceFull } from './limits.js';
import { ROOT } from './paths.js';
import type { Skipped, WsFile } from './shell-types.js';

/** A path the workspace cannot store: only regular files are kept. */
export type { Skipped } from './shell-types.js';

export interface ReadBack {
  files: WsFile[];
  skipped: Skipped[];
}

// sizes are added up from stat before any content is read, so an oversized workspace is refused
// without ever holding it in memory
class Budget {
  bytes = 0;
  files = 0;
  entries = 0;
  constructor(readonly limit: WorkspaceBudget) {}
  visit(): void {
    if (++this.entries > maxEntries(this.limit))
      throw workspaceFull(`more than ${maxEntries(this.limit)} files and directories`);
  }
  add(size: number): void {
    this.bytes += size;
    this.files++;
    const why = overLimit(this.bytes, this.files, this.limit);
    if (why) throw workspaceFull(why);
  }
}

/** The just-bash filesystem's workspace after a command. */
export async function readVirtual(fs: IFileSystem, limit: WorkspaceBudget = workspaceBudget()): Promise<ReadBack> {
  const budget = new Budget(limit);
  const found: { path: string; abs: string }[] = [];
  const skipped: Skipped[] = [];
  for (const abs of fs.getAllPaths().sort()) {
    if (!abs.startsWith(`${ROOT}/`)) continue;
    budget.visit();
    const path = abs.slice(ROOT.length + 1);
    // lstat: a dangling symlink must not fail the whole read-back
    const st = await fs.lstat(abs);
    if (st.isDirectory) continue;
    if (!st.isFile) {
      skipped.push({ path, type: st.isSymbolicLink ? 'symlink' : 'special' });
      continue;
    }
    budget.add(st.size);
    found.push({ path, abs });
  }
  const files: WsFile[] = [];
  for (const f of found) files.push(decode(f.path, Buffer.from(await fs.readFile(f.abs, 'latin1'), 'latin1')));
  return { files, skipped };
}

/** A host directory (the bubblewrap workspace) after a command; never follows links. */
export async function readHost(dir: string, limit: WorkspaceBudget = workspaceBudget()): Promise<ReadBack> {
  const budget = new Budget(limit);
  const found: string[] = [];
  const skipped: Skipped[] = [];
  const walk = async (d: string): Promise<void> => {
    for await (const e of await opendir(d)) {
      budget.visit();
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.isFile()) {
        budget.add((await lstat(p)).size);
        found.push(p);
      } else skipped.push({ path: relative(dir, p), type: e.isSymbolicLink() ? 'symlink' : 'special' });
    }
  };
  await walk(dir);
  const files: WsFile[] = [];
  for (const p of found.sort()) files.push(decode(relative(dir, p), await readFile(p)));
  skipped.sort((a, b) => (a.path < b.path ? -1 : 1));
  return { files, skipped };
}

// text stays text; bytes that are not valid UTF-8 come back as base64
export function decode(path: string, bytes: Buffer): WsFile {
  const text = bytes.toString('utf8');
  return Buffer.from(text, 'utf8').equals(bytes)
    ? { path, content: text, encoding: 'utf8' }
    : { path, content: bytes.toString('base64'), encoding: 'base64' };
}

/** One line for the agent about skipped paths, or undefined. */
export function skippedNote(skipped: readonly Skipped[]): string | undefined {
  if (skipped.length === 0) return undefined;
  const shown = skipped
    .slice(0, 10)
    .map((s) => `${s.path} (${s.type === 'symlink' ? 'symbolic link' : 'special file'})`);
  const more = skipped.length > shown.length ? ` and ${skipped.length - shown.length} more` : '';
  return `only regular files are kept in the workspace; not kept: ${shown.join(', ')}${more}; to keep a link's content, copy its target (cp -L)`;
}
