import type { TaskSpecInput } from '../../schema/task-spec.js';
import type { Capability, Difficulty } from '../../schema/taxonomy.js';
import type { Generator } from './generator.js';

// the head of every generated spec, written once: version, id, title, family label, labels, clock.

export type Labels = NonNullable<TaskSpecInput['labels']>;

/** A generator's labels for one difficulty (English), with capabilities the level adds. */
export function labelsOf(
  gen: Pick<Generator, 'capabilities' | 'scenario'>,
  difficulty: Difficulty,
  extra: readonly Capability[] = [],
): Labels {
  return { capabilities: [...gen.capabilities, ...extra], scenario: gen.scenario, difficulty, language: 'en' };
}

/** The first keys of a spec, in their written order: spec_version, id, title, family, labels, mock_today. */
export function specHeader(h: { id: string; title: string; family: string; labels: Labels; mockToday: string }) {
  return {
    spec_version: 1 as const,
    id: h.id,
    title: h.title,
    family: h.family,
    labels: h.labels,
    mock_today: h.mockToday,
  };
}
