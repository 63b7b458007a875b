import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import { CORPUS_INDEX_FILE, iterateTaskFiles, SYNTH_SUMMARY_FILE } from '../run/task-files.js';
import { formatCoverage } from '../synth/plan/coverage.js';
import { corpusStats } from '../synth/corpus-stats.js';
import { formatSubstance } from '../synth/plan/substance.js';
import type { SynthSummary } from '../synth/synthesize.js';
import { formatProbeSummary } from '../validate/probes.js';
import { color, out, printJson, table } from './output.js';

export function corpusCommand(program: Command): void {
  const corpus = program.command('corpus').description('figures of a corpus of task specs on disk');
  corpus
    .command('stats')
    .description(
      "coverage, substance, distinct workflows, near-duplicate clusters and size of a corpus (folders, shards, a corpus-index.jsonl or spec files), read one spec at a time; the probe figures come from the folder's synth-summary.json",
    )
    .argument('<paths...>', 'corpus folders, corpus-index.jsonl files or spec files')
    .option('--json', 'machine-readable output')
    .action(async (paths: string[], opts: { json?: boolean }) => {
      const stats = await corpusStats(iterateTaskFiles(paths));
      const probes = await synthProbes(paths);
      if (opts.json) return printJson({ ...stats, ...(probes ? { probes } : {}) });
      out(
        `${color.bold('corpus')} ${stats.tasks} task(s) in ${stats.files} document(s), ${(stats.bytes / 1e6).toFixed(1)} MB${stats.invalid ? color.red(`; ${stats.invalid} not valid specs (coworkenv validate names them)`) : ''}`,
      );
      out(color.bold('coverage'));
      for (const line of formatCoverage(stats.corpus)) out(`  ${line}`);
      const d = stats.near_duplicates;
      out(
        `${color.bold('near-duplicates')} (similarity ≥ ${d.threshold}): ${d.clusters} cluster(s), ${d.tasks_in_clusters} task(s)${d.clusters ? `, largest ${d.largest}` : ''}`,
      );
      for (const c of d.examples.slice(0, 5))
        out(`  ${c.size}× ${c.ids.join(', ')}${c.size > c.ids.length ? ', …' : ''}`);
      out(color.bold('substance'));
      for (const line of formatSubstance(stats.substance)) out(`  ${/ FAIL$/.test(line) ? color.red(line) : line}`);
      out(
        `probes: ${probes ? formatProbeSummary(probes) : color.dim('not on disk (they are the gate’s: synth-summary.json holds them)')}`,
      );
      out(table(['family', 'tasks'], Object.entries(stats.coverage.family).sort()));
      out(
        table(
          ['capability', 'tasks'],
          Object.entries(stats.coverage.capability).sort((a, b) => b[1] - a[1]),
        ),
      );
    });
}

// the gate's probe figures of a single synth folder (or its index's folder), when its summary is there
async function synthProbes(paths: readonly string[]): Promise<SynthSummary['probes'] | undefined> {
  if (paths.length !== 1) return undefined;
  const p = paths[0] as string;
  const dir = p.endsWith(CORPUS_INDEX_FILE) ? dirname(p) : p;
  const text = await readFile(join(dir, SYNTH_SUMMARY_FILE), 'utf8').catch(() => undefined);
  if (!text) return undefined;
  try {
    return (JSON.parse(text) as SynthSummary).probes;
  } catch {
    return undefined;
  }
}
