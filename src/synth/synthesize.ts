import pLimit from 'p-limit';
import type { ChatModel } from '../llm/types.js';
import { runGate } from '../validate/index.js';
import { type ProbeSummary, probeResultsOf, summarizeProbes } from '../validate/probes.js';
import type { MeaningOptions } from '../validate/meaning.js';
import { type Coverage, type SpecLike, specCoverage } from './plan/coverage.js';
import { type SubstanceStats, substanceStats, type TaskSubstance, taskSubstance } from './plan/substance.js';
import { TaskSpec } from '../schema/task-spec.js';
import { getGenerator } from './generators.js';
import { type LlmSynthOptions, synthesizeWithLlm } from './llm/llm-generator.js';
import { outcomeBase, type SynthOutcome } from './plan/outcome.js';
import { type ParaphraseSummary, paraphraseOutcome, summarizeParaphrase } from './llm/paraphrase.js';
import { expandPlan, type Job, type Plan } from './plan/plan.js';
import { generateProcedural, type ProceduralRequest } from './generators.js';
import { proceduralThreads, synthesizeInThreads } from './procedural-pool.js';

export interface SynthOptions {
  /** 'procedural' (offline, needs slot.family) or a chat model */
  generator: 'procedural' | ChatModel;
  attempts?: number;
  concurrency?: number;
  gd?: 'auto' | 'always' | 'never';
  onOutcome?: (o: SynthOutcome, done: number, total: number) => void;
  /** LLM: the user's files every task is grounded in (`synth --resources`) */
  resources?: LlmSynthOptions['resources'];
  /** `--paraphrase`: this model rewrites every released request, and the gate runs again on the rewrite */
  paraphrase?: ChatModel;
  /** the gate's model steps (`--reviewer`, `--solver`): LLM tasks repair their findings, procedural ones are rejected */
  meaning?: MeaningOptions;
}

export interface SynthSummary {
  plan: string;
  generator: string;
  slots: number;
  jobs: number;
  accepted: number;
  rejected: number;
  release_rate: number;
  rejected_by_code: Record<string, number>;
  attempts_histogram: Record<string, number>;
  mean_kill_rate: number | null;
  /** per adversarial probe over the released tasks: pass rate (0 in a sound corpus) and mean score */
  probes: ProbeSummary;
  coverage: { family: Record<string, number>; capability: Record<string, number>; difficulty: Record<string, number> };
  /** corpus coverage of the released specs (src/synth/coverage.ts) */
  corpus: Coverage;
  /** substance of the released specs (src/synth/plan/substance.ts): openings, grammar, rules, bodies, dates, traces,
   * the corpus-level fixed-rule probe; probe shares over every candidate the gate probed */
  substance: SubstanceStats;
  /** with --paraphrase: rewritten and kept requests, every kept one with its reason */
  paraphrase?: ParaphraseSummary;
}

/** What the procedural generator is asked for a job of `family`. */
export function proceduralRequest(job: Job, generator: string): ProceduralRequest {
  return {
    generator,
    id: job.id,
    seed: job.seed,
    difficulty: job.slot.difficulty,
    mockToday: job.slot.mock_today,
    language: job.slot.language,
    ...(job.slot.capabilities ? { capabilities: job.slot.capabilities } : {}),
    ...(job.slot.scenario_path ? { scenarioPath: job.slot.scenario_path } : {}),
    services: job.slot.services,
  };
}

/** Procedural synthesis of one job: generate with the generator its slot names, then the full gate (deterministic, one attempt). */
export async function synthesizeProcedural(job: Job, meaning?: MeaningOptions): Promise<SynthOutcome> {
  const base = outcomeBase(job);
  const family = job.slot.family ? getGenerator(job.slot.family) : undefined;
  if (!family) {
    const message = job.slot.family
      ? `unknown family "${job.slot.family}"`
      : 'the procedural generator needs slot.family (or use an LLM generator: --generator <model>)';
    const diagnostics = [
      { code: 'no_family', path: `slots[${job.slotIndex}].family`, owner: 'builder' as const, message },
    ];
    return { ...base, accepted: false, attempts: 1, diagnostics, history: [{ attempt: 1, diagnostics }] };
  }
  let candidate: ReturnType<typeof generateProcedural>;
  try {
    candidate = generateProcedural(proceduralRequest(job, family.name));
  } catch (e) {
    // one slot the family cannot serve (e.g. its language) is a rejection, not the end of the plan
    const diagnostics = [
      {
        code: 'generator_failed',
        path: `slots[${job.slotIndex}]`,
        owner: 'builder' as const,
        message: e instanceof Error ? e.message : String(e),
      },
    ];
    return { ...base, accepted: false, attempts: 1, diagnostics, history: [{ attempt: 1, diagnostics }] };
  }
  // the procedural families check outcomes strictly enough that every probe rejects (issue 13)
  const report = await runGate({ raw: candidate }, meaning ? { meaning } : {});
  const killRate = report.steps.find((s) => s.name === 'mutation')?.stats?.kill_rate as number | undefined;
  const probes = probeResultsOf(report.steps, true);
  return {
    ...base,
    accepted: report.ok,
    attempts: 1,
    candidate,
    diagnostics: report.diagnostics,
    history: [{ attempt: 1, diagnostics: report.diagnostics }],
    ...(killRate !== undefined ? { killRate } : {}),
    ...(probes.length ? { probes } : {}),
    ...(report.ok && report.spec ? { substance: taskSubstance(report.spec) } : {}),
  };
}

/** Runs a plan through a generator and the gate; outcomes come back in plan order. */
export async function synthesize(
  plan: Plan,
  opts: SynthOptions,
): Promise<{ outcomes: SynthOutcome[]; summary: SynthSummary }> {
  const jobs = expandPlan(plan);
  let done = 0;
  // procedural jobs without model steps run on worker threads (procedural-pool.ts); the rest wait on models
  const threads =
    opts.generator === 'procedural' && !opts.meaning && !opts.paraphrase
      ? proceduralThreads(jobs.length, opts.concurrency)
      : 1;
  const limit = pLimit(opts.concurrency ?? (opts.generator === 'procedural' ? 1 : 4));
  const outcomes =
    threads > 1
      ? await synthesizeInThreads(jobs, threads, (o) => opts.onOutcome?.(o, ++done, jobs.length))
      : await Promise.all(
          jobs.map((job) =>
            limit(async () => {
              const o =
                opts.generator === 'procedural'
                  ? await synthesizeProcedural(job, opts.meaning)
                  : await synthesizeWithLlm(job, {
                      model: opts.generator,
                      ...(opts.attempts ? { attempts: opts.attempts } : {}),
                      ...(opts.gd ? { gd: opts.gd } : {}),
                      ...(opts.resources ? { resources: opts.resources } : {}),
                      ...(opts.meaning ? { gate: { meaning: opts.meaning } } : {}),
                    });
              // a rewrite that fails keeps the original request, with the reason in the outcome and the summary
              const p = opts.paraphrase
                ? await paraphraseOutcome(o, opts.paraphrase, opts.meaning ? { meaning: opts.meaning } : {})
                : o;
              opts.onOutcome?.(p, ++done, jobs.length);
              return p;
            }),
          ),
        );
  return {
    outcomes,
    summary: {
      ...summarizeSynth(plan, opts.generator === 'procedural' ? 'procedural' : opts.generator.id, outcomes),
      ...(opts.paraphrase ? { paraphrase: summarizeParaphrase(opts.paraphrase.id, outcomes) } : {}),
    },
  };
}

export function summarizeSynth(plan: Plan, generator: string, outcomes: readonly SynthOutcome[]): SynthSummary {
  const inc = (m: Record<string, number>, k: string) => {
    m[k] = (m[k] ?? 0) + 1;
  };
  const rejectedByCode: Record<string, number> = {};
  const attempts: Record<string, number> = {};
  const coverage = {
    family: {} as Record<string, number>,
    capability: {} as Record<string, number>,
    difficulty: {} as Record<string, number>,
  };
  const kills: number[] = [];
  for (const o of outcomes) {
    inc(attempts, String(o.attempts));
    if (o.killRate !== undefined) kills.push(o.killRate);
    if (!o.accepted) {
      for (const code of new Set(o.diagnostics.filter((d) => (d.severity ?? 'error') === 'error').map((d) => d.code)))
        inc(rejectedByCode, code);
      continue;
    }
    const spec = o.candidate as { family?: string; labels?: { capabilities?: string[]; difficulty?: string } };
    inc(coverage.family, spec.family ?? '?');
    inc(coverage.difficulty, spec.labels?.difficulty ?? '?');
    for (const c of spec.labels?.capabilities ?? []) inc(coverage.capability, c);
  }
  const accepted = outcomes.filter((o) => o.accepted).length;
  return {
    plan: plan.name,
    generator,
    slots: plan.slots.length,
    jobs: outcomes.length,
    accepted,
    rejected: outcomes.length - accepted,
    release_rate: outcomes.length ? accepted / outcomes.length : 0,
    rejected_by_code: rejectedByCode,
    attempts_histogram: attempts,
    mean_kill_rate: kills.length ? kills.reduce((a, b) => a + b, 0) / kills.length : null,
    probes: summarizeProbes(outcomes.flatMap((o) => (o.accepted && o.probes ? [o.probes] : []))),
    coverage,
    corpus: specCoverage(
      outcomes.filter((o) => o.accepted).map((o) => o.candidate as SpecLike),
      outcomes.length,
    ),
    substance: substanceStats(
      outcomes.flatMap((o): (TaskSpec | TaskSubstance)[] => {
        if (!o.accepted) return [];
        if (o.substance) return [o.substance];
        const p = TaskSpec.safeParse(o.candidate);
        return p.success ? [p.data] : [];
      }),
      { probes: outcomes.flatMap((o) => (o.probes ? [o.probes] : [])) },
    ),
  };
}
