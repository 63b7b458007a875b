import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { specHash } from '../schema/canonical-json.js';
import { grade } from '../grade/grade.js';
import { summarize } from '../grade/metrics.js';
import { loadSpecs } from '../run/task-files.js';
import { canonicalJson } from '../schema/canonical-json.js';
import { CoworkError } from '../schema/errors.js';
import { parseJsonl } from '../schema/jsonl.js';
import { Trajectory } from '../schema/trajectory.js';
import { color, fmt, note, out, printJson, table } from './output.js';
import { metricsTable } from './summary-view.js';

export function gradeCommand(program: Command): void {
  program
    .command('grade')
    .description('regrade stored trajectories offline and compare with their stored grades')
    .argument('<trajectories>', 'a run directory or a trajectories .jsonl file')
    .requiredOption('--tasks <paths...>', 'the spec files or directories the trajectories came from')
    .option('--json', 'machine-readable output')
    .option('--strict', 'exit 2 if any grade differs from the stored one or any trial fails')
    .option(
      '--include-abandoned',
      'also grade MCP episodes abandoned by their client (left before finish); by default they are skipped',
    )
    .action(
      async (
        input: string,
        opts: { tasks: string[]; json?: boolean; strict?: boolean; includeAbandoned?: boolean },
      ) => {
        const file = existsSync(input) && statSync(input).isDirectory() ? join(input, 'trajectories.jsonl') : input;
        const text = await readFile(file, 'utf8').catch((e: Error) => {
          throw new CoworkError('not_found', `${file}: cannot read (${e.message})`);
        });
        const { rows, problems } = parseJsonl(text, Trajectory);
        if (rows.length === 0) {
          const why = problems.length ? `line ${problems[0]?.line}: ${problems[0]?.message}` : 'the file is empty';
          throw new CoworkError(
            'bad_input',
            `${file}: no trajectory in it (${why}); give a run directory or the trajectories.jsonl written by \`coworkenv run --out\``,
          );
        }
        for (const p of problems) note(color.yellow(`${file}:${p.line}: skipped malformed trajectory: ${p.message}`));
        const specs = new Map((await loadSpecs(opts.tasks, { onWarning: note })).map((s) => [s.spec.id, s.spec]));
        type Row =
          | { task_id: string; trial: number; error: string }
          | { task_id: string; trial: number; skipped: 'infra_error' | 'abandoned' }
          | {
              task_id: string;
              trial: number;
              stored_score: number | null;
              score: number | null;
              passed: boolean | null;
              reproduced: boolean | null;
              spec_changed: boolean;
              grade: unknown;
            };
        const results: Row[] = [];
        for (const t of rows) {
          const spec = specs.get(t.task_id);
          if (!spec) {
            results.push({ task_id: t.task_id, trial: t.trial, error: `no spec with id ${t.task_id} in --tasks` });
            continue;
          }
          // an infrastructure failure was never graded: there is nothing to reproduce
          const reason =
            t.events.at(-1)?.type === 'episode_end' ? (t.events.at(-1) as { reason?: string }).reason : undefined;
          if (reason === 'infra_error') {
            results.push({ task_id: t.task_id, trial: t.trial, skipped: 'infra_error' });
            continue;
          }
          // the client left before finish: not a trial of the agent unless asked
          if (reason === 'abandoned' && !opts.includeAbandoned) {
            results.push({ task_id: t.task_id, trial: t.trial, skipped: 'abandoned' });
            continue;
          }
          const start = t.events[0];
          const changed = start?.type === 'episode_start' && start.spec_hash !== specHash(spec);
          const g = await grade(spec, t);
          const stored = t.grade;
          results.push({
            task_id: t.task_id,
            trial: t.trial,
            stored_score: stored?.score ?? null,
            score: g.score,
            passed: g.passed,
            reproduced: stored ? canonicalJson(stored) === canonicalJson(g) : null,
            spec_changed: changed,
            grade: g,
          });
        }
        const missing = results.filter((r) => 'error' in r);
        const graded = results.filter((r): r is Extract<Row, { grade: unknown }> => 'grade' in r);
        const metrics = summarize(
          graded.map((r) => ({ task_id: r.task_id, score: r.score, passed: r.passed })),
          Math.max(1, ...countTrials(graded)),
        );
        if (opts.json) printJson({ file, total: rows.length, malformed: problems, results, metrics });
        else {
          const row = (r: Row) => {
            if ('error' in r) return [r.task_id, r.trial, '-', '-', '-', color.red(r.error), ''];
            if ('skipped' in r)
              return [
                r.task_id,
                r.trial,
                '-',
                '-',
                '-',
                color.dim(r.skipped === 'abandoned' ? 'abandoned, not graded' : 'infra error, not graded'),
                '',
              ];
            const reproduced = r.reproduced === null ? 'no stored grade' : r.reproduced ? 'yes' : color.red('NO');
            return [
              r.task_id,
              r.trial,
              fmt(r.stored_score),
              fmt(r.score),
              r.passed ? 'yes' : 'no',
              reproduced,
              r.spec_changed ? color.yellow('changed since the run') : '',
            ];
          };
          out(table(['task', 'trial', 'stored', 'regraded', 'pass', 'reproduced', 'spec'], results.map(row)));
          out();
          out(metricsTable(metrics));
          const same = graded.filter((r) => r.reproduced).length;
          const skipped = results.length - graded.length - missing.length;
          out(
            `\n${same}/${graded.length} stored grades reproduced${skipped ? `; ${skipped} infra-error or abandoned trial(s) not graded` : ''}${problems.length ? `; ${problems.length} malformed row(s) skipped` : ''}`,
          );
        }
        if (rows.length && !graded.length) note(color.yellow(`${file}: no trajectory could be graded`));
        if (problems.length || missing.length || (rows.length && !graded.length)) process.exitCode = 1;
        else if (opts.strict && graded.some((r) => r.reproduced === false || !r.passed)) process.exitCode = 2;
      },
    );
}

function countTrials(rows: readonly { task_id: string }[]): number[] {
  const m = new Map<string, number>();
  for (const r of rows) m.set(r.task_id, (m.get(r.task_id) ?? 0) + 1);
  return [...m.values()];
}
