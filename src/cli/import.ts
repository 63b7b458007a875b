import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { fromForeignAtif, fromOwnAtif, isOwnAtif, parseAtif } from '../interop/atif.js';
import { importClawTasks } from '../interop/claw-import.js';
import { harborTaskDirs, importHarborTask } from '../interop/harbor-import.js';
import { loadSpecs } from '../run/task-files.js';
import { canonicalJson } from '../schema/canonical-json.js';
import { checkSpecValue } from '../schema/parse-spec.js';
import { formatHarden, hardenSpec } from '../validate/harden.js';
import { CoworkError } from '../schema/errors.js';
import { jsonlLine } from '../schema/jsonl.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { Trajectory } from '../schema/trajectory.js';
import { color, note, out, printJson } from './output.js';

async function writeSpec(dir: string, spec: TaskSpec): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${spec.id}.json`);
  await writeFile(file, `${JSON.stringify(JSON.parse(canonicalJson(spec)), null, 1)}\n`);
  return file;
}

// --harden: the imported spec rewritten until the gate passes (what cannot be fixed is listed); the original
// scoring is kept unless asked, so a Claw-mode score stays comparable with the source benchmark's
async function hardened(spec: TaskSpec): Promise<{ spec: TaskSpec; lines: string[] }> {
  const r = await hardenSpec(JSON.parse(canonicalJson(spec)));
  const lines = formatHarden(r, spec.id).slice(1);
  return { spec: r.changes.length ? (checkSpecValue(r.raw).spec ?? spec) : spec, lines };
}

function requireDir(path: string, what: string): void {
  if (!existsSync(path) || !statSync(path).isDirectory())
    throw new CoworkError('not_found', `${path}: no such directory; give ${what}`);
}

// exit status: 1 when nothing imported; 2 under --strict when something was left out or needs a human
function finish(imported: number, total: number, incomplete: number, strict: boolean | undefined, what: string): void {
  if (imported === 0)
    throw new CoworkError('bad_input', `none of the ${total} ${what} could be imported (reasons above)`);
  if (strict && incomplete > 0) process.exitCode = 2;
}

export function importCommand(program: Command): void {
  const cmd = program
    .command('import')
    .description('bring tasks or trajectories of another framework in (docs/interop.md)');
  cmd
    .command('harbor')
    .description(
      'Harbor task folders whose verifier is ours (written by export harbor, possibly edited) → TaskSpecs; any other verifier is reported',
    )
    .argument('<dir>', 'a Harbor task folder or a directory of them')
    .requiredOption('--out <dir>', 'directory for the specs (<id>.json)')
    .option('--json', 'machine-readable report')
    .option('--strict', 'exit 2 if any task was not imported')
    .option('--harden', 'rewrite each imported spec with `coworkenv harden` (the original scoring is kept without it)')
    .action(async (dir: string, opts: { out: string; json?: boolean; strict?: boolean; harden?: boolean }) => {
      requireDir(dir, 'a Harbor task folder (with task.toml) or a directory of them');
      const dirs = await harborTaskDirs(dir);
      if (dirs.length === 0) throw new CoworkError('bad_input', `${dir}: no task.toml in it or in its subfolders`);
      const rows = [];
      for (const d of dirs) {
        const r = await importHarborTask(d);
        const h = r.spec && opts.harden ? await hardened(r.spec) : undefined;
        const spec = h?.spec ?? r.spec;
        rows.push({
          dir: d,
          imported: spec ? await writeSpec(opts.out, spec) : null,
          applied: r.applied,
          problems: r.problems,
          ...(h ? { hardened: h.lines } : {}),
        });
      }
      if (opts.json) printJson({ tasks: rows });
      else
        for (const r of rows) {
          out(r.imported ? `${r.dir} → ${r.imported}` : color.red(`${r.dir}: not imported`));
          for (const a of r.applied) out(`  read ${a}`);
          for (const p of r.problems) out(color.red(`  ${p}`));
          for (const l of r.hardened ?? []) out(`  harden:${l}`);
        }
      const ok = rows.filter((r) => r.imported).length;
      finish(ok, rows.length, rows.length - ok, opts.strict, 'Harbor task(s)');
    });
  cmd
    .command('atif')
    .description(
      "ATIF trajectories (v1.0–v1.7) → our trajectory records (graded), so grade and curate accept other harnesses' runs",
    )
    .argument('<files...>', 'ATIF .json files or directories of them')
    .requiredOption('--tasks <paths...>', 'the specs the trajectories are episodes of')
    .requiredOption('--out <dir>', 'run directory to create (<dir>/trajectories.jsonl)')
    .option(
      '--task <id>',
      "the task of files that do not name one (another harness's files): required when --tasks holds several",
    )
    .action(async (inputs: string[], opts: { tasks: string[]; out: string; task?: string }) => {
      const files: string[] = [];
      for (const p of inputs) {
        if (!existsSync(p)) throw new CoworkError('not_found', `${p}: no such file or directory`);
        if (statSync(p).isDirectory())
          files.push(
            ...(await readdir(p))
              .filter((f) => f.endsWith('.json'))
              .sort()
              .map((f) => join(p, f)),
          );
        else files.push(p);
      }
      if (files.length === 0) throw new CoworkError('bad_input', `no .json file in ${inputs.join(', ')}`);
      const target = join(opts.out, 'trajectories.jsonl');
      if (existsSync(target))
        throw new CoworkError(
          'bad_input',
          `${target} exists; choose a new --out (imports never mix with an existing run)`,
        );
      const specs = new Map((await loadSpecs(opts.tasks, { onWarning: note })).map((s) => [s.spec.id, s.spec]));
      const lines: string[] = [];
      const seen = new Map<string, number>();
      for (const f of files) {
        const doc = parseAtif(await readFile(f, 'utf8'), f);
        let t: Trajectory;
        if (isOwnAtif(doc)) {
          t = fromOwnAtif(doc, f);
          if (!specs.has(t.task_id)) throw new CoworkError('bad_input', `${f}: task ${t.task_id} is not in --tasks`);
        } else {
          const id = opts.task ?? (specs.size === 1 ? [...specs.keys()][0] : undefined);
          const spec = id ? specs.get(id) : undefined;
          if (!spec)
            throw new CoworkError(
              'bad_input',
              `${f}: a foreign ATIF file does not name its task; give --task <id> (one of ${[...specs.keys()].join(', ')})`,
            );
          const trial = seen.get(spec.id) ?? 0;
          const r = await fromForeignAtif(doc, spec, { trial });
          t = r.trajectory;
          if (r.observation_mismatches.length)
            note(
              color.yellow(
                `${f}: ${r.observation_mismatches.length} observation(s) differ from what our services answered on replay (steps ${r.observation_mismatches.map((m) => m.step_id).join(', ')}); the audit is ours`,
              ),
            );
          if (r.foreign_tools.length)
            note(
              color.yellow(
                `${f}: ${r.foreign_tools.length} call(s) of tools this task does not have (${[...new Set(r.foreign_tools.map((c) => c.tool))].join(', ')} at steps ${r.foreign_tools.map((c) => c.step_id).join(', ')}): recorded as unknown_tool errors`,
              ),
            );
          if (r.skipped_steps.length)
            note(`${f}: system steps ${r.skipped_steps.join(', ')} are not part of our record`);
        }
        seen.set(t.task_id, Math.max(seen.get(t.task_id) ?? 0, t.trial + 1));
        lines.push(jsonlLine(t));
      }
      await mkdir(opts.out, { recursive: true });
      await writeFile(target, lines.join(''));
      out(`${lines.length} trajectories in ${target} (coworkenv grade ${opts.out} --tasks …)`);
    });
  cmd
    .command('claw-eval')
    .description(
      'Claw-Eval task packages (task.yaml + fixtures; grader.py through the translation shipped for it, when its hash matches) → TaskSpecs, with a report per task of what needs a human; a task with a part we cannot represent is not imported',
    )
    .argument('<tasks-dir>', "Claw-Eval's tasks/ directory or one task folder")
    .requiredOption('--out <dir>', 'directory for the specs (<id>.json)')
    .option(
      '--repo-root <dir>',
      "where fixture paths in services[].env are relative to, and sandbox files not in their task's folder [the parent of <tasks-dir>]",
    )
    .option(
      '--mock-today <iso>',
      'the task day when task.yaml has no environment.mock_today (default: 2026-03-02T09:00:00Z, or the latest past-tense date in the fixtures when that is later)',
    )
    .option('--json', 'machine-readable report')
    .option('--strict', 'exit 2 if any task was not imported or needs a human')
    .option(
      '--harden',
      'rewrite each imported spec with `coworkenv harden` (without it the original weights and Claw-mode scores are kept)',
    )
    .action(
      async (
        dir: string,
        opts: {
          out: string;
          repoRoot?: string;
          mockToday?: string;
          json?: boolean;
          strict?: boolean;
          harden?: boolean;
        },
      ) => {
        const results = await importClawTasks(dir, {
          ...(opts.mockToday ? { mockToday: opts.mockToday } : {}),
          ...(opts.repoRoot ? { repoRoot: opts.repoRoot } : {}),
        });
        const rows = [];
        for (const r of results) {
          const h = r.spec && opts.harden ? await hardened(r.spec) : undefined;
          const spec = h?.spec ?? r.spec;
          rows.push({
            task_id: r.task_id,
            imported: spec ? await writeSpec(opts.out, spec) : null,
            problems: r.problems,
            needs_human: r.needs_human,
            notes: r.notes,
            ...(h ? { hardened: h.lines } : {}),
          });
        }
        if (opts.json) printJson({ tasks: rows });
        else
          for (const r of rows) {
            out(r.imported ? `${r.task_id} → ${r.imported}` : color.red(`${r.task_id}: not imported`));
            for (const p of r.problems) out(color.red(`  ${p}`));
            for (const h of r.needs_human) out(color.yellow(`  needs a human: ${h}`));
            for (const n of r.notes) out(`  note: ${n}`);
            for (const l of r.hardened ?? []) out(`  harden:${l}`);
          }
        const ok = rows.filter((r) => r.imported).length;
        note(`coworkenv import claw-eval: ${ok} of ${rows.length} task(s) imported into ${opts.out}`);
        finish(
          ok,
          rows.length,
          rows.filter((r) => !r.imported || r.needs_human.length).length,
          opts.strict,
          'Claw-Eval task(s)',
        );
      },
    );
}
