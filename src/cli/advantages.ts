import type { Trajectory } from '../schema/trajectory.js';
import type { Command } from 'commander';
import { writeFileAtomic, prettyJson } from '../run/files.js';
import { RunStore } from '../run/run-store.js';
import { loadSpecs } from '../run/task-files.js';
import { CoworkError } from '../schema/errors.js';
import { jsonlLine } from '../schema/jsonl.js';
import type { Estimator, EstimatorOptions } from '../rl/estimators/index.js';
import { DEFAULT_OPTIONS, ESTIMATORS, getEstimator, STD_KINDS } from '../rl/estimators/index.js';
import { checkStdKind } from '../rl/estimators/stats.js';
import { checkZeroVarianceRule, ZERO_VARIANCE_RULES } from '../rl/estimators/zero-variance.js';
import { buildGroups, type Group, type Grouping } from '../rl/groups.js';
import {
  DEFAULT_DIMENSIONS,
  parseDimensions,
  REWARD_KINDS,
  type RewardConfig,
  type RewardKind,
  sampleReward,
} from '../rl/rewards.js';
import { shapedStepRewards } from '../rl/step-rewards.js';
import { intArg, numArg } from './options.js';
import { color, note, out, printJson, table } from './output.js';
import { warnSkipped } from './summary-view.js';

interface AdvOpts {
  method: string;
  out: string;
  groupSize?: number;
  reward: string;
  wCode: number;
  wLlm: number;
  stdFloor: number;
  normaliser: number;
  dims?: string;
  gamma: number;
  omega: number;
  stepReward: string;
  zeroVariance: string;
  std: string;
  tasks?: string[];
  json?: boolean;
}

const STEP_REWARDS = ['sparse', 'shaped'];

/** `adv.jsonl` → `adv.meta.json` (any other name gets `.meta.json` appended). */
export function metaFileOf(file: string): string {
  return `${file.replace(/\.jsonl$/, '')}.meta.json`;
}

export function advantagesCommand(program: Command): void {
  program
    .command('advantages')
    .description('group-relative advantages (GRPO, Dr.GRPO, GDPO, GiGPO) for the trajectories of a run directory')
    .argument('<run>', 'run directory (runs/<name>)')
    .requiredOption('--method <name>', `estimator: ${ESTIMATORS.map((e) => e.name).join(' | ')}`)
    .requiredOption('--out <file>', 'advantages .jsonl (the metadata goes to <name>.meta.json beside it)')
    .option(
      '--group-size <G>',
      "split each task's trials into consecutive groups of G (default: all its trials)",
      intArg(1, 100_000),
    )
    .option('--reward <kind>', 'scalar reward: claw (the grade score) | geometric (Cowork-Gym code×LLM)', 'claw')
    .option('--w-code <w>', 'geometric reward: weight of the code score', numArg(0, 1e9), 1)
    .option('--w-llm <w>', 'geometric reward: weight of the LLM score', numArg(0, 1e9), 1)
    .option('--std-floor <s>', 'denominator floor of std normalisation', numArg(0, 1e9), DEFAULT_OPTIONS.stdFloor)
    .option(
      '--std <kind>',
      `the std that divides (not drgrpo): ${STD_KINDS.join(' | ')} — population divides by n, sample by n − 1 (as verl and TRL)`,
      DEFAULT_OPTIONS.std,
    )
    .option(
      '--zero-variance <rule>',
      `groups whose rewards are all equal: ${ZERO_VARIANCE_RULES.join(' | ')} — keep gives them zero advantages (CoworkEnv App. B), exclude drops them before estimation, GDPO's batch statistics included (Cowork-Gym §4)`,
      DEFAULT_OPTIONS.zeroVariance,
    )
    .option(
      '--normaliser <n>',
      'drgrpo: constant loss normaliser (tokens)',
      intArg(1, 100_000_000),
      DEFAULT_OPTIONS.normaliser,
    )
    .option(
      '--dims <list>',
      'gdpo: reward dimensions with optional weights, e.g. completion,safety:2,llm',
      DEFAULT_DIMENSIONS.map((d) => d.name).join(','),
    )
    .option('--gamma <g>', 'gigpo: discount of step returns', numArg(0, 1), DEFAULT_OPTIONS.gamma)
    .option('--omega <w>', 'gigpo: step-advantage weight', numArg(0, 1e9), DEFAULT_OPTIONS.omega)
    .option('--step-reward <kind>', 'gigpo: sparse (final step = episode reward) | shaped (needs --tasks)', 'sparse')
    .option('--tasks <paths...>', 'the specs of the run (for --step-reward shaped)')
    .option('--json', 'print the metadata to stdout')
    .action(async (dir: string, opts: AdvOpts) => {
      const estimator = getEstimator(opts.method);
      if (!(REWARD_KINDS as readonly string[]).includes(opts.reward))
        throw new CoworkError('bad_input', `--reward must be ${REWARD_KINDS.join(' or ')}, not "${opts.reward}"`);
      if (!(opts.wCode > 0) || !(opts.wLlm > 0))
        throw new CoworkError('bad_input', '--w-code and --w-llm must be positive (only their ratio matters)');
      if (!STEP_REWARDS.includes(opts.stepReward))
        throw new CoworkError(
          'bad_input',
          `--step-reward must be ${STEP_REWARDS.join(' or ')}, not "${opts.stepReward}"`,
        );
      const shaped = opts.stepReward === 'shaped';
      if (shaped && !estimator.stepLevel)
        throw new CoworkError(
          'bad_input',
          `--step-reward applies to step-level methods (gigpo), not ${estimator.name}`,
        );
      if (shaped && !opts.tasks)
        throw new CoworkError('bad_input', '--step-reward shaped needs the specs: --tasks <paths>');
      checkZeroVarianceRule(opts.zeroVariance, '--zero-variance');
      checkStdKind(opts.std, '--std');
      const options: EstimatorOptions = {
        stdFloor: opts.stdFloor,
        normaliser: opts.normaliser,
        dims: parseDimensions(opts.dims ?? ''),
        gamma: opts.gamma,
        omega: opts.omega,
        zeroVariance: opts.zeroVariance,
        std: opts.std,
      };
      const reward: RewardConfig = {
        kind: opts.reward as RewardKind,
        wCode: opts.wCode,
        wLlm: opts.wLlm,
        ...(estimator.needsDims ? { dims: options.dims } : {}),
      };

      const { config, status, store, skipped, trajectories } = await RunStore.read(dir);
      warnSkipped(skipped);
      // an abandoned MCP episode (the client left before finish) has no reward: never a sample
      const records: Trajectory[] = [];
      for await (const t of trajectories()) {
        const end = t.events.at(-1);
        if (!(end?.type === 'episode_end' && end.reason === 'abandoned')) records.push(t);
      }
      const grouping = buildGroups(records, {
        reward: (t) => sampleReward(t, reward),
        ...(opts.groupSize !== undefined ? { groupSize: opts.groupSize } : {}),
        trials: config.trials,
        tasks: config.tasks.map((t) => t.id),
      });
      if (shaped) await attachShapedRewards(grouping, opts.tasks ?? []);
      const rows = estimator.estimate(grouping.groups, options);
      await writeFileAtomic(opts.out, rows.map(jsonlLine).join(''));
      const meta = metadata({
        dir,
        status,
        estimator,
        options,
        reward,
        opts,
        grouping,
        trajectories: store.done.size,
        rows: rows.length,
        steps: rows.reduce((n, r) => n + (r.steps?.length ?? 0), 0),
      });
      const metaFile = metaFileOf(opts.out);
      await writeFileAtomic(metaFile, prettyJson(meta));
      if (opts.json) return printJson(meta);
      printReport(meta, opts.out, metaFile);
    });
}

async function attachShapedRewards(grouping: Grouping, tasks: readonly string[]): Promise<void> {
  const specs = new Map((await loadSpecs(tasks)).map((s) => [s.spec.id, s.spec]));
  for (const g of grouping.groups) {
    const spec = specs.get(g.task_id);
    if (!spec)
      throw new CoworkError('bad_input', `no spec with id ${g.task_id} in --tasks (needed by --step-reward shaped)`);
    for (const s of g.samples) s.stepRewards = await shapedStepRewards(spec, s.trajectory);
  }
}

interface MetaInput {
  dir: string;
  status: string;
  estimator: Estimator;
  options: EstimatorOptions;
  reward: RewardConfig;
  opts: AdvOpts;
  grouping: Grouping;
  trajectories: number;
  rows: number;
  steps: number;
}

type Meta = ReturnType<typeof metadata>;

/** The sidecar: method, parameters, counts, rejected groups and aborted samples with reasons. */
function metadata(m: MetaInput) {
  const { grouping, reward } = m;
  const byReason = (r: string) => grouping.rejected.filter((x) => x.reason === r).length;
  const total = reward.wCode + reward.wLlm;
  const zero = grouping.groups.filter((g) => m.estimator.zeroVariance(g, m.options));
  const excluded = m.options.zeroVariance === 'exclude' ? zero : [];
  return {
    version: 1,
    method: m.estimator.name,
    description: m.estimator.summary,
    run: m.dir,
    run_status: m.status,
    reward:
      reward.kind === 'geometric'
        ? {
            kind: reward.kind,
            w_code: reward.wCode,
            w_llm: reward.wLlm,
            exponents: { code: reward.wCode / total, llm: reward.wLlm / total },
          }
        : { kind: reward.kind },
    group_size: m.opts.groupSize ?? null,
    params: { ...m.estimator.params(m.options), ...(m.estimator.stepLevel ? { step_reward: m.opts.stepReward } : {}) },
    counts: {
      trajectories: m.trajectories,
      groups: grouping.groups.length + grouping.rejected.length,
      valid_groups: grouping.groups.length,
      zero_variance_groups: zero.length,
      excluded_groups: excluded.length,
      rejected_groups: grouping.rejected.length,
      infra_failed_groups: byReason('infra_failed'),
      incomplete_groups: byReason('incomplete'),
      aborted_samples: grouping.aborted.length,
      rows: m.rows,
      ...(m.estimator.stepLevel ? { steps: m.steps } : {}),
    },
    rejected: grouping.rejected,
    /** --zero-variance exclude: the valid groups left out, with their (equal) rewards */
    excluded: excluded.map((g) => ({
      group: g.id,
      task_id: g.task_id,
      reason: 'zero_variance',
      detail: equalRewards(g, m.estimator, m.options),
      trials: g.samples.map((s) => s.trial),
    })),
    aborted: grouping.aborted,
  };
}

// what the excluded group's samples share: the scalar reward, or GDPO's weighted dimensions
function equalRewards(g: Group, e: Estimator, o: EstimatorOptions): string {
  const first = g.samples[0];
  if (!first) return 'no samples';
  if (!e.needsDims) return `every reward ${first.reward}`;
  return `every weighted dimension equal: ${o.dims
    .filter((d) => d.weight !== 0)
    .map((d) => `${d.name} ${first.dims[d.name]}`)
    .join(', ')}`;
}

function printReport(meta: Meta, file: string, metaFile: string): void {
  const c = meta.counts;
  const zero = `${c.zero_variance_groups} zero-variance${(meta.params as Record<string, unknown>).zero_variance === 'exclude' ? ` (excluded: ${c.excluded_groups})` : ''}`;
  out(
    `${meta.method}: ${c.valid_groups}/${c.groups} groups valid (${c.infra_failed_groups} infra-failed, ${c.incomplete_groups} incomplete), ${zero}; ${c.aborted_samples} sample(s) aborted`,
  );
  if (meta.rejected.length)
    out(
      `\n${table(
        ['rejected group', 'reason', 'detail'],
        meta.rejected.map((r) => [r.group, r.reason, r.detail]),
      )}\n`,
    );
  // the reasons a sample was dropped (e.g. an unscored judge side) belong on the terminal, not only in the sidecar
  const reasons = new Map<string, number>();
  for (const a of meta.aborted) reasons.set(a.reason, (reasons.get(a.reason) ?? 0) + 1);
  for (const [reason, n] of reasons) note(color.yellow(`warning: ${n} sample(s) aborted — ${reason}`));
  if (c.valid_groups === 0) out(color.yellow('no valid group: the advantages file is empty'));
  else if (c.rows === 0)
    out(
      color.yellow(
        'every valid group has zero reward variance and --zero-variance exclude drops them: the advantages file is empty',
      ),
    );
  out(`wrote ${file} (${c.rows} rows${'steps' in c ? `, ${c.steps} steps` : ''}) and ${metaFile}`);
}
