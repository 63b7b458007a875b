import { noisyAgent } from './noisy.js';
import { referenceAgent } from './reference.js';
import type { Agent } from '../env/turns.js';
import { CoworkError } from '../schema/errors.js';
import type { TaskSpec } from '../schema/task-spec.js';

export interface PolicyOptions {
  seed: number;
  trial: number;
  skip?: number;
  swap?: number;
}

/** The offline policies by name; a new built-in policy is one entry here. */
export const POLICIES: Record<string, (spec: TaskSpec, o: PolicyOptions) => Agent> = {
  reference: (spec) => referenceAgent(spec),
  noisy: (spec, o) =>
    noisyAgent(spec, {
      seed: o.seed,
      trial: o.trial,
      ...(o.skip !== undefined ? { skip: o.skip } : {}),
      ...(o.swap !== undefined ? { swap: o.swap } : {}),
    }),
};

export function makeAgent(name: string, spec: TaskSpec, o: PolicyOptions): Agent {
  const factory = POLICIES[name];
  if (!factory)
    throw new CoworkError('bad_input', `unknown agent "${name}"; use one of: ${Object.keys(POLICIES).join(', ')}`);
  return factory(spec, o);
}
