import type { Diagnostic } from '../schema/diagnostics.js';

/** A gate step's outcome. */
export interface StepResult {
  step: number;
  name: string;
  ok: boolean;
  diagnostics: Diagnostic[];
  /** step-specific numbers (e.g. mutation kill rate) */
  stats?: Record<string, unknown>;
}

export const err = (code: string, path: string, message: string, owner: 'builder' | 'verifier'): Diagnostic => ({
  code,
  path,
  message,
  owner,
});
export const warn = (code: string, path: string, message: string, owner: 'builder' | 'verifier'): Diagnostic => ({
  code,
  path,
  message,
  owner,
  severity: 'warning',
});
