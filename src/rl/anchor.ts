import { hashValue } from '../schema/canonical-json.js';
import type { TrajectoryEvent } from '../schema/trajectory.js';

/** What the agent observes between two of its turns (the request, tool results, user replies). */
export type Observation =
  | { kind: 'request'; text: string }
  | { kind: 'tool'; name: string; content: string }
  | { kind: 'user'; text: string };

/**
 * The anchor-state key of GiGPO: sha256 of the canonical agent-visible observation. Two steps share an
 * anchor exactly when the agent saw the same thing before acting.
 */
export function anchorOf(observation: readonly Observation[]): string {
  return hashValue(observation).slice(0, 16);
}

/** The observation before each assistant turn of a trajectory, in order (one per decision step). */
export function stepObservations(events: readonly TrajectoryEvent[]): Observation[][] {
  const steps: Observation[][] = [];
  let current: Observation[] = [];
  for (const e of events) {
    if (e.type === 'user')
      current.push(e.source === 'request' ? { kind: 'request', text: e.text } : { kind: 'user', text: e.text });
    else if (e.type === 'tool') current.push({ kind: 'tool', name: e.name, content: e.content });
    else if (e.type === 'assistant') {
      steps.push(current);
      current = [];
    }
  }
  return steps;
}

/** Anchor keys per decision step of a trajectory. */
export function trajectoryAnchors(events: readonly TrajectoryEvent[]): string[] {
  return stepObservations(events).map(anchorOf);
}
