import { TaskSpec, type TaskSpecInput } from './task-spec.js';

/** A valid parsed TaskSpec for tests: the given fields over a minimal one-service spec. */
export function makeSpec(fields: Partial<TaskSpecInput> & Pick<TaskSpecInput, 'services'>): TaskSpec {
  return TaskSpec.parse({
    spec_version: 1,
    id: 'test_task',
    title: 'Test task',
    family: 'test',
    labels: { capabilities: ['Tool_Calling'], scenario: 'Office_Productivity/Email', difficulty: 'easy' },
    mock_today: '2026-03-10T09:00:00Z',
    request: 'Do the thing.',
    ...fields,
  });
}
