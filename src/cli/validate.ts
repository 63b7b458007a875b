import type { Command } from 'commander';
import { formatDiagnostic, isError } from '../spec/diagnostics.js';
import { readTaskFiles, whereOf } from '../run/task-files.js';
import { GATE_STEPS, runGate } from '../synth/gate/index.js';
import { intArg } from './options.js';
import { color, out, printJson } from './output.js';

export function validateCommand(program: Command): void {
  program
    .command('validate')
    .description('run the validation gate on task specs (exit 1 if any fails)')
    .argument('<paths...>', 'spec files (.yaml/.yml/.json/.jsonl) or directories')
    .option('--json', 'machine-readable output')
    .option('--through <step>', `stop after this gate step (1-${GATE_STEPS.length}; 6 = static checks only)`, intArg(1, GATE_STEPS.length))
    .addHelpText('after', `\nGate steps:\n${GATE_STEPS.map((s) => `  ${s.step}. ${s.name}: ${s.about}`).join('\n')}\n\nDiagnostic codes are listed in docs/diagnostics.md.`)
    .action(async (paths: string[], opts: { json?: boolean; through?: number }) => {
      const files = await readTaskFiles(paths);
      const results = [];
      const seen = new Map<string, string>();
      for (const f of files) {
        const rep = await runGate(f.text, opts.through ? { through: opts.through } : {});
        // a JSONL row is parsed alone: its line is the file line, its column the row's
        const diagnostics = f.line ? rep.diagnostics.map((d) => ({ ...d, line: f.line })) : rep.diagnostics;
        const file = whereOf({ file: f.file });
        const prev = rep.id ? seen.get(rep.id) : undefined;
        if (rep.id && prev) diagnostics.push({ code: 'duplicate_id', path: 'id', owner: 'builder', message: `task id ${rep.id} is also used by ${prev}; ids must be unique`, ...(f.line ? { line: f.line } : {}) });
        else if (rep.id) seen.set(rep.id, whereOf(f));
        const ok = rep.ok && !prev;
        results.push({ file, ...(f.line ? { line: f.line } : {}), id: rep.id ?? null, ok, steps: rep.steps.map((s) => ({ step: s.step, name: s.name, ok: s.ok, ...(s.stats ? { stats: s.stats } : {}) })), diagnostics });
      }
      const failed = results.filter((r) => !r.ok).length;
      if (opts.json) printJson({ ok: failed === 0, total: results.length, failed, results });
      else {
        for (const r of results) {
          const last = r.steps.at(-1);
          const head = r.ok ? color.green('OK  ') : color.red('FAIL');
          const kill = r.steps.find((s) => s.stats && typeof s.stats.kill_rate === 'number')?.stats;
          const killText = kill ? `, mutants killed ${String(kill.killed)}/${String(kill.mutants)}` : '';
          out(`${head} ${r.file}${'line' in r ? `:${r.line}` : ''}${r.id ? ` (${r.id})` : ''}${r.ok ? color.dim(`  steps 1-${last?.step ?? 0}${killText}`) : ''}`);
          for (const d of r.diagnostics) {
            const line = `      ${formatDiagnostic(d, r.file)}`;
            out(isError(d) ? line : color.yellow(`${line} [warning]`));
          }
        }
        out(`${results.length - failed}/${results.length} valid`);
      }
      if (failed) process.exitCode = 1;
    });
}
