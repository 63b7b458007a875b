import { existsSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { toAtif, validateAtif } from '../interop/atif.js';
import { writeHarborTask } from '../interop/harbor-export.js';
import { packThisPackage } from '../interop/package-tarball.js';
import { recordLines } from '../run/run-store.js';
import { readSpecRef, scanSpecs } from '../run/spec-refs.js';
import { CoworkError } from '../schema/errors.js';
import { jsonlRow } from '../schema/jsonl.js';
import { Trajectory } from '../schema/trajectory.js';
import { color, note, out, printJson } from './output.js';
import pkg from '../../package.json' with { type: 'json' };

export function exportCommand(program: Command): void {
  const cmd = program
    .command('export')
    .description("write our tasks or trajectories in another framework's format (docs/interop.md)");
  cmd
    .command('harbor')
    .description(
      'one Harbor task folder per spec: instruction, task.toml, services as an MCP sidecar, a verifier that grades with our grader, the reference as oracle',
    )
    .argument('<specs...>', 'spec files or directories of them')
    .requiredOption('--out <dir>', 'directory the task folders go in (one per spec id)')
    .option('--json', 'machine-readable report')
    .action(async (paths: string[], opts: { out: string; json?: boolean }) => {
      // every spec is checked before a folder is written; then each is read again as its folder is written
      const refs = await scanSpecs(paths, { strict: true });
      const rows = [];
      // one packed CLI for every task's image, hard-linked into each folder where the file system allows
      const packed = await packThisPackage();
      try {
        for (const ref of refs) {
          const spec = readSpecRef(ref);
          const { dir, task } = await writeHarborTask(spec, opts.out, pkg.version, { tarball: packed.file });
          rows.push({ id: spec.id, dir, form: task.form, lossy: task.lossy });
        }
      } finally {
        await packed.dispose();
      }
      if (opts.json) return printJson({ out: opts.out, tasks: rows });
      for (const r of rows) {
        out(`${r.dir}  (${r.form === 'multi_step' ? 'multi-step' : 'single step'})`);
        for (const l of r.lossy) out(color.yellow(`  lossy: ${l}`));
      }
      note(`coworkenv export harbor: ${rows.length} task folder(s) in ${opts.out}`);
    });
  cmd
    .command('atif')
    .description('ATIF v1.7 trajectories (one JSON file per episode) from a run directory or trajectories .jsonl')
    .argument('<run>', 'a run directory or a trajectories .jsonl file')
    .option('--out <dir>', 'directory for the files [<run>/atif]')
    .action(async (input: string, opts: { out?: string }) => {
      const isDir = existsSync(input) && statSync(input).isDirectory();
      const file = isDir ? join(input, 'trajectories.jsonl') : input;
      if (!existsSync(file) || statSync(file).isDirectory())
        throw new CoworkError(
          'not_found',
          `${file}: cannot read (no such file); give a run directory or its trajectories.jsonl`,
        );
      const dir = opts.out ?? join(isDir ? input : join(file, '..'), 'atif');
      // streamed: one record in memory at a time, whatever the run's size
      let written = 0;
      let firstProblem: { line: number; message: string } | undefined;
      for await (const l of recordLines(file)) {
        const problem = (message: string) => {
          firstProblem ??= { line: l.line, message };
          note(color.yellow(`${file}:${l.line}: skipped malformed trajectory: ${message}`));
        };
        if ('tooLong' in l) {
          problem(`a line of ${l.tooLong} bytes`);
          continue;
        }
        const r = jsonlRow(l.text, Trajectory);
        if (!('row' in r)) {
          problem(r.message);
          continue;
        }
        const t = r.row;
        if (!written) await mkdir(dir, { recursive: true });
        written++;
        const doc = toAtif(t, { version: pkg.version });
        const bad = validateAtif(doc);
        // a schema failure here is our bug, never a file to hand on
        if (bad.length)
          throw new CoworkError(
            'internal',
            `ATIF for ${t.task_id} trial ${t.trial} fails its schema: ${bad[0]?.path}: ${bad[0]?.message}`,
          );
        await writeFile(join(dir, `${t.task_id}__trial${t.trial}.json`), `${JSON.stringify(doc, null, 1)}\n`);
      }
      if (written === 0)
        throw new CoworkError(
          'bad_input',
          `${file}: no trajectory in it${firstProblem ? ` (line ${firstProblem.line}: ${firstProblem.message})` : ''}`,
        );
      out(`${written} ATIF v1.7 trajectories in ${dir}`);
    });
}
