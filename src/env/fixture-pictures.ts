import { createHash } from 'node:crypto';
import type { TaskSpec } from '../schema/task-spec.js';
import { prepare } from './prepared.js';

// a picture a trajectory names by hash, found again among its task's workspace fixtures: the pictures an agent reads
// are the task's files, so the spec gives their bytes back (for the vision exports and the viewer) without a run
// having to store them. One the run itself made (an edited scan) has no fixture.

const BY_SPEC = new WeakMap<TaskSpec, Map<string, string>>();

/** The base64 bytes of the spec's binary workspace fixture whose SHA-256 is `sha256`, if there is one. */
export function fixturePicture(spec: TaskSpec, sha256: string): string | undefined {
  let m = BY_SPEC.get(spec);
  if (!m) {
    m = new Map();
    for (const f of prepare(spec).state.workspace?.files ?? []) {
      if (f.encoding !== 'base64' || typeof f.content !== 'string') continue;
      m.set(createHash('sha256').update(Buffer.from(f.content, 'base64')).digest('hex'), f.content);
    }
    BY_SPEC.set(spec, m);
  }
  return m.get(sha256);
}
