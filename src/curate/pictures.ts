import { fixturePicture } from '../env/fixture-pictures.js';
import type { TaskSpec } from '../schema/task-spec.js';
import type { SftPicture } from './types.js';

/** The pictures with their bytes (base64) where the spec's fixtures hold them; the others are left out. */
export function resolvePictures(pictures: readonly SftPicture[], spec: TaskSpec | undefined): SftPicture[] {
  if (!pictures.length || !spec) return [];
  return pictures.flatMap((p) => {
    const data = fixturePicture(spec, p.sha256);
    return data ? [{ ...p, data }] : [];
  });
}
