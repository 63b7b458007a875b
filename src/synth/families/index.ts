import type { Family } from './types.js';
import { supportEscalation } from './support-escalation.js';

// the procedural families; a new family is one file plus one line here.
export const FAMILIES: readonly Family[] = [
  supportEscalation,
];

export function getFamily(name: string): Family | undefined {
  return FAMILIES.find((f) => f.name === name);
}
