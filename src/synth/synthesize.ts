import { specHash } from '../schema/canonical-json.js';
import pLimit from 'p-limit';
import type { ChatModel } from '../llm/types.js';
import { runGate } from '../validate/index.js';
import { type ProbeSummary, ProbeTally, probeResultsOf, probeScores } from '../validate/probes.js';
import type { MeaningOptions } from '../validate/meaning.js';
import { type Coverage, CoverageTally, referenceCalls, type SpecLike } from './plan/coverage.js';
import { type SubstanceStats, SubstanceTally, taskSubstance } from './plan/substance.js';
import { TaskSpec } from '../schema/task-spec.js';
import type { Diagnostic } from '../schema/diagnostics.js';
import { NEAR_DUP_SIMILARITY, NearDupIndex, type NearDupReport, taskFeatures } from './plan/near-dups.js';
import { getGenerator } from './generators.js';
import { type LlmSynthOptions, synthesizeWithLlm } from './llm/llm-generator.js';
import { outcomeBase, type SynthOutcome } from './plan/outcome.js';
import { type ParaphraseSummary, paraphraseOutcome, summarizeParaphrase } from './llm/paraphrase.js';
import { expandPlan, type Job, type Plan } from './plan/plan.js';
import { generateProcedural, type ProceduralRequest } from './generators.js';
import { proceduralThreads, synthesizeInThreads } from './procedural-pool.js';
import { parsingOwnBytes } from '../services/workspace/read-isolated.js';

export interface SynthOptions {
  /** 'procedural' (offline, needs slot.family) or a chat model */
  generator: 'procedural' | ChatModel;
  attempts?: number;
  concurrency?: number;
  gd?: 'auto' | 'always' | 'never';
  /** each outcome as it finishes (any order: progress) */
  onOutcome?: (o: SynthOutcome, done: number, total: number) => void;
  /** each outcome in plan order, as counted (a --dedupe drop comes as rejected): where files are written */
  onOrdered?: (o: SynthOutcome) => void;
  /** false: the outcomes are not kept (a corpus-sized run: onOrdered writes them); the summary is the same */
  retain?: boolean;
  /** released tasks that nearly repeat an earlier one are rejected as near_duplicate (one kept per cluster) */
  dedupe?: boolean;
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
  /** per wrong-work probe, its mean score over the released tasks: the partial credit wrong work keeps */
  probe_scores: ReturnType<typeof probeScores>;
  coverage: { family: Record<string, number>; capability: Record<string, number>; difficulty: Record<string, number> };
  /** corpus coverage of the released specs (src/synth/coverage.ts) */
  corpus: Coverage;
  /** substance of the released specs (src/synth/plan/substance.ts): openings, grammar, rules, bodies, dates, traces,
   * the corpus-level fixed-rule probe; probe shares over every candidate the gate probed */
  substance: SubstanceStats;
  /** near-duplicate clusters of the released tasks (near-dups.ts), and what --dedupe dropped */
  near_duplicates: NearDupReport;
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
    ...(job.ordinal !== undefined ? { ordinal: job.ordinal } : {}),
  };
}

/** Procedural synthesis of one job: generate with the generator its slot names, then the full gate (deterministic, one attempt). */
export async function synthesizeProcedural(job: Job, meaning?: MeaningOptions): Promise<SynthOutcome> {
  // a turn of the event loop first: a job reads no real I/O, so without it a run of jobs never leaves the
  // microtask queue, and Node 20 frees a native object (each picture's renderer) only from the loop — a
  // thousand-task run held 2.7 GB of them
  await new Promise((resolve) => setImmediate(resolve));
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
    ...(report.ok && report.spec ? { substance: taskSubstance(report.spec), spec_hash: specHash(report.spec) } : {}),
  };
}

/** Runs a plan through a generator and the gate; outcomes come back in plan order. */
export async function synthesize(
  plan: Plan,
  opts: SynthOptions,
): Promise<{ outcomes: SynthOutcome[]; summary: SynthSummary }> {
  const jobs = expandPlan(plan);
  let done = 0;
  const tally = new SynthTally(plan, opts.generator === 'procedural' ? 'procedural' : opts.generator.id);
  // a paraphrase summary reads every outcome: such runs (LLM-sized) keep them
  const retain = opts.retain !== false || !!opts.paraphrase;
  const kept: SynthOutcome[] = [];
  // outcomes finish in any order (threads, models); the tally, the dedupe and onOrdered take them in plan order
  const ordered = inPlanOrder<SynthOutcome>((o) => {
    const counted = tally.add(o, { dedupe: opts.dedupe === true });
    opts.onOrdered?.(counted);
    if (retain) kept.push(counted);
  });
  const finished = (o: SynthOutcome, index: number) => {
    opts.onOutcome?.(o, ++done, jobs.length);
    ordered(index, o);
  };
  // procedural jobs without model steps run on worker threads (procedural-pool.ts); the rest wait on models
  const threads =
    opts.generator === 'procedural' && !opts.meaning && !opts.paraphrase
      ? proceduralThreads(jobs.length, opts.concurrency)
      : 1;
  const limit = pLimit(opts.concurrency ?? (opts.generator === 'procedural' ? 1 : 4));
  // on the main thread too, procedural synthesis reads only bytes its generators and the gate's runs wrote
  const own = <T>(fn: () => Promise<T>) => (opts.generator === 'procedural' ? parsingOwnBytes(fn) : fn());
  if (threads > 1) await synthesizeInThreads(jobs, threads, finished);
  else
    await own(() =>
      Promise.all(
        jobs.map((job, index) =>
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
            finished(
              opts.paraphrase
                ? await paraphraseOutcome(o, opts.paraphrase, opts.meaning ? { meaning: opts.meaning } : {})
                : o,
              index,
            );
          }),
        ),
      ),
    );
  return {
    outcomes: kept,
    summary: {
      ...tally.result(),
      ...(opts.paraphrase ? { paraphrase: summarizeParaphrase(opts.paraphrase.id, kept) } : {}),
    },
  };
}

/** A callback taking items by index in any order and passing them on in index order (held until their turn). */
export function inPlanOrder<T>(next: (item: T) => void): (index: number, item: T) => void {
  const waiting = new Map<number, T>();
  let turn = 0;
  return (index, item) => {
    waiting.set(index, item);
    for (let it = waiting.get(turn); waiting.has(turn); it = waiting.get(turn)) {
      waiting.delete(turn++);
      next(it as T);
    }
  };
}

export function summarizeSynth(plan: Plan, generator: string, outcomes: readonly SynthOutcome[]): SynthSummary {
  const tally = new SynthTally(plan, generator);
  for (const o of outcomes) tally.add(o);
  return tally.result();
}

/**
 * summarizeSynth one outcome at a time, in plan order: what `synth` keeps of a corpus while it writes the files —
 * counts, distinct sets and a bounded sample, never the specs — so memory does not grow with the corpus.
 */
export class SynthTally {
  readonly #plan: Plan;
  readonly #generator: string;
  readonly #rejectedByCode: Record<string, number> = {};
  readonly #attempts: Record<string, number> = {};
  readonly #coverage = {
    family: {} as Record<string, number>,
    capability: {} as Record<string, number>,
    difficulty: {} as Record<string, number>,
  };
  readonly #released = new ProbeTally();
  readonly #corpus = new CoverageTally();
  readonly #substance = new SubstanceTally();
  readonly #nearDups = new NearDupIndex();
  #kills = 0;
  #killSum = 0;
  #jobs = 0;
  #accepted = 0;

  constructor(plan: Plan, generator: string) {
    this.#plan = plan;
    this.#generator = generator;
  }

  /**
   * Counts an outcome; returns it as counted. A released task that nearly repeats an earlier one (near-dups.ts)
   * joins its cluster, and with `dedupe` it is counted, and comes back, as rejected (`near_duplicate`).
   */
  add(outcome: SynthOutcome, opts: { dedupe?: boolean } = {}): SynthOutcome {
    const inc = (m: Record<string, number>, k: string) => {
      m[k] = (m[k] ?? 0) + 1;
    };
    let o = outcome;
    let sub = o.substance;
    if (o.accepted && !sub) {
      const p = TaskSpec.safeParse(o.candidate);
      if (p.success) sub = taskSubstance(p.data);
    }
    if (o.accepted && sub) {
      const dup = this.#nearDups.add(o.id, taskFeatures(sub.template, referenceCalls(o.candidate as SpecLike)));
      if (dup && opts.dedupe) {
        this.#nearDups.dropped();
        o = nearDuplicate(o, dup);
      }
    }
    this.#jobs++;
    inc(this.#attempts, String(o.attempts));
    if (o.killRate !== undefined) {
      this.#kills++;
      this.#killSum += o.killRate;
    }
    if (o.probes) this.#substance.addProbes(o.probes);
    if (!o.accepted) {
      for (const code of new Set(o.diagnostics.filter((d) => (d.severity ?? 'error') === 'error').map((d) => d.code)))
        inc(this.#rejectedByCode, code);
      return o;
    }
    this.#accepted++;
    const spec = o.candidate as SpecLike & { family?: string };
    inc(this.#coverage.family, spec.family ?? '?');
    inc(this.#coverage.difficulty, spec.labels?.difficulty ?? '?');
    for (const c of spec.labels?.capabilities ?? []) inc(this.#coverage.capability, c);
    if (o.probes) this.#released.add(o.probes);
    this.#corpus.add(spec);
    if (sub) this.#substance.add(sub);
    return o;
  }

  result(): SynthSummary {
    const jobs = this.#jobs;
    const probes = this.#released.result();
    return {
      plan: this.#plan.name,
      generator: this.#generator,
      slots: this.#plan.slots.length,
      jobs,
      accepted: this.#accepted,
      rejected: jobs - this.#accepted,
      release_rate: jobs ? this.#accepted / jobs : 0,
      rejected_by_code: this.#rejectedByCode,
      attempts_histogram: this.#attempts,
      mean_kill_rate: this.#kills ? this.#killSum / this.#kills : null,
      probes,
      probe_scores: probeScores(probes),
      coverage: this.#coverage,
      corpus: this.#corpus.result(jobs),
      substance: this.#substance.result(),
      near_duplicates: this.#nearDups.report(),
    };
  }
}

// a released task --dedupe drops: rejected, its spec kept beside the diagnostic as any rejected candidate's is
function nearDuplicate(o: SynthOutcome, dup: { id: string; similarity: number }): SynthOutcome {
  const d: Diagnostic = {
    code: 'near_duplicate',
    path: 'request',
    message: `nearly repeats ${dup.id} (estimated similarity ${dup.similarity.toFixed(2)} of the masked request and the reference's tool sequence ≥ ${NEAR_DUP_SIMILARITY}); --dedupe keeps the first task of each cluster`,
    owner: 'builder',
  };
  return { ...o, accepted: false, diagnostics: [...o.diagnostics, d] };
}
