import { loadSpecs } from '../run/task-files.js';
import { runTasks } from '../run/runner.js';
import { RunStore } from '../run/run-store.js';
import { agentFactory } from '../agent/factory.js';
import type { Trajectory } from '../schema/trajectory.js';

// test support: real trajectories (the seeded noisy teacher on the example tasks), made once per process

let cached: Promise<Trajectory[]> | undefined;

/** Graded noisy-teacher trajectories of examples/tasks (2 trials each), in a stable order. */
export function exampleTrajectories(): Promise<Trajectory[]> {
  cached ??= (async () => {
    const specs = (await loadSpecs(['examples/tasks'])).map((s) => s.spec);
    const records: Trajectory[] = [];
    await runTasks({
      specs,
      store: RunStore.memory(),
      trials: 2,
      seed: 11,
      makeAgent: agentFactory('noisy'),
      onRecord: (t) => records.push(t),
    });
    return records.sort((a, b) => (a.task_id === b.task_id ? a.trial - b.trial : a.task_id < b.task_id ? -1 : 1));
  })();
  return cached;
}
