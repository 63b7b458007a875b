import { fixtureRows, loadFixtures } from '../../services/fixtures.js';
import { getService } from '../../services/registry.js';
import type { Diagnostic } from '../../spec/diagnostics.js';
import type { TaskSpec } from '../../spec/task-spec.js';
import { err } from './types.js';

/**
 * Gate step 3: fixtures match the record schemas (unique ids) and every selected service has initial records,
 * unless the spec says it starts empty by listing its collections explicitly (`fixtures.todo.tasks: []`).
 */
export function checkFixtures(spec: TaskSpec): Diagnostic[] {
  const { diagnostics } = loadFixtures(spec);
  const out = [...diagnostics];
  spec.services.forEach((name, i) => {
    const service = getService(name);
    if (!service) return;
    const rows = Object.keys(spec.fixtures[name] ?? {}).reduce<number>((n, col) => n + fixtureRows(spec, name, col).length, 0);
    const explicitlyEmpty = Object.keys(spec.fixtures[name] ?? {}).length > 0;
    if (rows === 0 && !explicitlyEmpty) {
      const first = Object.keys(service.collections)[0];
      out.push(err('fixture_missing', `services[${i}]`, `${name} has no initial records; add fixtures.${name}.${first} (or drop the service), or write fixtures.${name}.${first}: [] if the task starts with it empty`, 'builder'));
    }
  });
  return out;
}
