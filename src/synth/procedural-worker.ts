import { closePools } from '../services/workspace/isolation-pool.js';
import { parseOwnBytesInProcess } from '../services/workspace/read-isolated.js';
import type { SynthOutcome } from './plan/outcome.js';
import type { Job } from './plan/plan.js';
import { synthesizeProcedural } from './synthesize.js';

// one thread of procedural-pool.ts: generates a job's task and runs the full gate on it, as the main thread would;
// the documents it reads are its own generators' and tools' bytes
parseOwnBytesInProcess();

export default function synthesizeJob(job: Job): Promise<SynthOutcome> {
  return synthesizeProcedural(job);
}

/** Before the thread ends: its reader and shell units go with it. */
export function teardown(): Promise<void> {
  return closePools();
}
