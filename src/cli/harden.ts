import { mkdir, writeFile } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { isDeepStrictEqual } from 'node:util';
import { parseDocument, stringify } from 'yaml';
import { iterateTaskFiles, whereOf } from '../run/task-files.js';
import { formatDiagnostic } from '../schema/diagnostics.js';
import { CoworkError } from '../schema/errors.js';
import { formatHarden, type HardenResult, hardenSpec } from '../validate/harden.js';
import { color, note, out, printJson } from './output.js';

/** Hardens every spec document of `paths` into `dir`; returns the results (the CLI prints them). */
export async function hardenPaths(
  paths: readonly string[],
  dir: string,
  print: (line: string) => void,
): Promise<{ file: string; to: string | null; result: HardenResult | null; error?: string }[]> {
  if (existsSync(dir) && !statSync(dir).isDirectory())
    throw new CoworkError(
      'bad_input',
      `--out ${dir}: a file, not a directory; give a directory for the hardened specs`,
    );
  await mkdir(dir, { recursive: true });
  const rows = [];
  for await (const f of iterateTaskFiles(paths)) {
    // the originals stay: a hardened spec is never written over the file it came from
    if (!f.line && resolve(dirname(f.file)) === resolve(dir))
      throw new CoworkError(
        'bad_input',
        `--out ${dir} holds ${whereOf(f)} itself: the hardened spec would replace the original; choose another --out`,
      );
    if (f.parsed.raw === undefined || !f.parsed.spec) {
      const first = f.parsed.diagnostics[0];
      const error = `${first ? formatDiagnostic(first, whereOf(f)) : whereOf(f)}: not a valid spec; run coworkenv validate on it`;
      print(color.red(error));
      rows.push({ file: whereOf(f), to: null, result: null, error });
      continue;
    }
    const result = await hardenSpec(f.parsed.raw);
    const yaml = /\.ya?ml$/i.test(f.file);
    const name = f.line ? `${result.id}.json` : `${basename(f.file, extname(f.file))}${yaml ? '.yaml' : '.json'}`;
    const to = join(dir, name);
    // a spec with structural errors is not written: harden does not touch what it cannot run
    const wrote = result.changes.length > 0 || result.before.ok;
    if (wrote)
      await writeFile(to, yaml && !f.line ? asYaml(f.text, result) : `${JSON.stringify(result.raw, null, 1)}\n`);
    for (const line of formatHarden(result, whereOf(f), wrote ? to : undefined)) print(line);
    rows.push({ file: whereOf(f), to: wrote ? to : null, result });
  }
  return rows;
}

// the hardened spec as YAML: the original document with each change made in place (its comments, order and
// flow style kept), under a line saying what changed; if replaying the changes would not give the hardened spec,
// the spec re-serialised under the original's opening comment
function asYaml(original: string, r: HardenResult): string {
  const rules = [...new Set(r.changes.map((c) => c.rule))];
  const mark = rules.length
    ? `# hardened by coworkenv harden (${rules.join(', ')}): ${r.changes.length} change(s)\n`
    : '';
  const doc = parseDocument(original);
  try {
    for (const c of r.changes) {
      const path = pathOf(c.path);
      if (c.after === undefined) doc.deleteIn(path);
      else {
        const parent = path.slice(0, -1);
        if (parent.length && !doc.hasIn(parent))
          doc.setIn(parent, doc.createNode(typeof path.at(-1) === 'number' ? [] : {}));
        doc.setIn(path, doc.createNode(c.after));
      }
    }
    if (isDeepStrictEqual(doc.toJS(), r.raw)) {
      const text = doc.toString({ lineWidth: 0 });
      const head = /^(?:\s*#[^\n]*\n)+/.exec(text)?.[0] ?? '';
      return `${head}${mark}${text.slice(head.length)}`;
    }
  } catch {
    // fall through to the re-serialised form
  }
  const head = /^(?:\s*#[^\n]*\n)+/.exec(original)?.[0] ?? '';
  return `${head}${mark}${stringify(r.raw, { lineWidth: 0 })}`;
}

// "checks[3].where.start_time" → ['checks', 3, 'where', 'start_time']
const pathOf = (p: string): (string | number)[] =>
  [...p.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : (m[1] as string)));

export function hardenCommand(program: Command): void {
  program
    .command('harden')
    .description(
      'rewrite gameable or weakly graded specs so every probe fails while the reference still scores 1.0, printing each change with its reason (exit 1 if any spec still fails the gate)',
    )
    .argument('<paths...>', 'spec files (.yaml/.yml/.json/.jsonl) or directories')
    .requiredOption('--out <dir>', 'directory for the hardened specs (same file names; JSONL rows as <id>.json)')
    .option('--json', 'machine-readable report (the changes, what was undone, what is left to fix by hand)')
    .addHelpText(
      'after',
      '\nRules, in order: prohibitions to forbidden.actions · outcome weights over read weights (reads keep 0.2) · exact values the task states · exclusive audit checks · the same action on distractors forbidden · perturbed values pinned · wide time tolerances narrowed · completion capped while the check a wrong value or a wrong answer fails is unmet · completion capped while the decisive outcome check fails.\nA rule whose edit drops the reference below 1.0 is undone. Specs with structural errors are reported, not rewritten. See docs/diagnostics.md (Two weights of finding, and harden).',
    )
    .action(async (paths: string[], opts: { out: string; json?: boolean }) => {
      const rows = await hardenPaths(paths, opts.out, opts.json ? () => {} : out);
      if (!rows.length) throw new CoworkError('bad_input', `${paths.join(' ')}: no spec files`);
      if (opts.json)
        printJson({
          specs: rows.map((r) => ({
            file: r.file,
            to: r.to,
            ...(r.error ? { error: r.error } : {}),
            ...(r.result
              ? {
                  id: r.result.id,
                  changes: r.result.changes,
                  reverted: r.result.reverted,
                  before: r.result.before,
                  after: { ok: r.result.after.ok, codes: r.result.after.codes },
                  manual: r.result.manual,
                }
              : {}),
          })),
        });
      const passing = rows.filter((r) => r.result?.after.ok).length;
      note(
        `coworkenv harden: ${passing} of ${rows.length} spec(s) pass the gate after hardening (written to ${opts.out})`,
      );
      if (passing < rows.length) process.exitCode = 1;
    });
}
