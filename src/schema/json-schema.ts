import { z } from 'zod';
import { TaskSpec } from './task-spec.js';

let cached: Record<string, unknown> | undefined;

/** The TaskSpec JSON Schema (draft 2020-12, input view: fields with defaults are optional). */
export function taskSpecJsonSchema(): Record<string, unknown> {
  cached ??= {
    ...z.toJSONSchema(TaskSpec, { io: 'input', target: 'draft-2020-12' }),
    $id: 'https://coworkenv.dev/schema/taskspec-v1.json',
    title: 'CoworkEnv TaskSpec v1',
  };
  return cached;
}
