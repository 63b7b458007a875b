import { referenceAgent, referenceTurns, scriptedAgent } from '../agent/reference.js';
import { runEpisode } from '../agent/rollout.js';
import { CallMemo } from '../env/call-memo.js';
import { createEpisode, type Episode, type EpisodeOptions, type KeptCall } from '../env/episode.js';
import type { Judge } from '../grade/types.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { Trajectory } from '../schema/trajectory.js';
import { type PlannedUser, scriptedUser } from '../user/scripted.js';

/**
 * Plays reference steps (the spec's own, or a mutant's) in a fresh episode with fault injection off and,
 * for dialogue specs, the scripted user.
 */
export async function playReference(
  spec: TaskSpec,
  steps: TaskSpec['reference'] = spec.reference,
  judge?: Judge,
): Promise<{ trajectory: Trajectory; user?: PlannedUser }> {
  return (await play(spec, steps, judge)).played;
}

async function play(
  spec: TaskSpec,
  steps: TaskSpec['reference'],
  judge?: Judge,
  opts: Omit<EpisodeOptions, 'seed'> = {},
): Promise<{ played: Played; episode: Episode }> {
  const clean = cleanOf(spec);
  const episode = createEpisode(clean, { ...opts, seed: 0 });
  const user = clean.user ? scriptedUser(clean, episode) : undefined;
  const agent = scriptedAgent('reference', referenceTurns(steps), { retries: 0 });
  const trajectory = await runEpisode({
    spec: clean,
    agent,
    episode,
    ...(user ? { user } : {}),
    ...(judge ? { judge } : {}),
  });
  return { played: user ? { trajectory, user } : { trajectory }, episode };
}

type Played = { trajectory: Trajectory; user?: PlannedUser };

/**
 * The fault-free runs of one gate run, by their steps: steps 8–11 all replay the reference, and a probe may
 * replay a mutant, so each distinct step list runs once (a run is deterministic: seed 0, mock clock, no
 * faults). Unjudged runs only; a judged run is never shared. The runs also share their shell calls: a variant
 * that runs the same command on the same files at the same mock time gets the first run's effect
 * (env/call-memo.ts). Lives as long as the gate run that made it.
 */
export class ReplayMemo {
  readonly spec: TaskSpec;
  readonly #runs = new Map<string, Promise<Played>>();
  readonly #calls = new CallMemo();
  #reference: Promise<{ played: Played; kept: readonly KeptCall[] }> | undefined;
  constructor(spec: TaskSpec) {
    this.spec = spec;
  }
  play(steps: TaskSpec['reference'] = this.spec.reference): Promise<Played> {
    const key = steps.map(stepText).join('\n');
    let run = this.#runs.get(key);
    if (!run) {
      run = this.#run(steps);
      this.#runs.set(key, run);
    }
    return run;
  }

  // the reference, keeping a checkpoint after each call for the variants that share its first calls
  #ref(): Promise<{ played: Played; kept: readonly KeptCall[] }> {
    this.#reference ??= play(this.spec, this.spec.reference, undefined, { calls: this.#calls, checkpoints: true }).then(
      (r) => ({ played: r.played, kept: r.episode.checkpoints() }),
    );
    return this.#reference;
  }

  async #run(steps: TaskSpec['reference']): Promise<Played> {
    const ref = this.spec.reference;
    // a simulated user changes state between calls: its runs share nothing
    if (this.spec.user) return (await play(this.spec, steps, undefined, { calls: this.#calls })).played;
    const { played, kept } = await this.#ref();
    if (steps === ref) return played;
    // the calls of the common step prefix run as the reference ran them: resume after the last of them
    let same = 0;
    while (same < steps.length && same < ref.length && stepText(steps[same] as Step) === stepText(ref[same] as Step))
      same++;
    const calls = Math.min(kept.length, steps.slice(0, same).filter((s) => 'call' in s).length);
    const fresh = async () => (await play(this.spec, steps, undefined, { calls: this.#calls })).played;
    if (calls === 0) return fresh();
    const last = kept[calls - 1] as KeptCall;
    const r = await play(this.spec, steps, undefined, {
      calls: this.#calls,
      resume: { checkpoint: last.checkpoint, calls: kept.slice(0, calls) },
    });
    // a run that ended before making its prefix's calls again did not run as the reference did
    return r.episode.pendingPrefix === 0 ? r.played : fresh();
  }
}

type Step = TaskSpec['reference'][number];

// variants share the reference's step objects: each one's text is computed once
const stepTexts = new WeakMap<object, string>();
function stepText(s: Step): string {
  let t = stepTexts.get(s);
  if (t === undefined) {
    t = JSON.stringify(s);
    stepTexts.set(s, t);
  }
  return t;
}

/** Plays steps through the gate run's memo when there is one (for `spec`), fresh otherwise. */
export function replay(spec: TaskSpec, steps: TaskSpec['reference'], memo: ReplayMemo | undefined): Promise<Played> {
  return memo?.spec === spec ? memo.play(steps) : playReference(spec, steps);
}

/**
 * Plays the reference under the spec's own fault configuration (`errors.rate`), retrying injected 429/500s
 * as the reference policy does: a task whose faults its own reference cannot survive measures luck.
 */
export async function playReferenceUnderFaults(spec: TaskSpec): Promise<Trajectory> {
  const episode = createEpisode(spec, { seed: 0 });
  const user = spec.user ? scriptedUser(spec, episode) : undefined;
  return runEpisode({ spec, agent: referenceAgent(spec), episode, ...(user ? { user } : {}) });
}

// one fault-free copy per spec object, so every mutant shares its prepared state and hash
const cleanCopies = new WeakMap<TaskSpec, TaskSpec>();
function cleanOf(spec: TaskSpec): TaskSpec {
  if (spec.errors.rate === 0) return spec;
  let c = cleanCopies.get(spec);
  if (!c) {
    c = { ...spec, errors: { ...spec.errors, rate: 0 } };
    cleanCopies.set(spec, c);
  }
  return c;
}

/** The number a mutant is compared on: the score, or the code score when LLM items are unjudged. */
export function comparable(t: Trajectory): number {
  const g = t.grade;
  if (!g) return 0;
  return g.score ?? g.safety * (g.code ?? 0);
}
