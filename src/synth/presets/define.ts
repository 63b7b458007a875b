import type { TaskSpecInput } from '../../schema/task-spec.js';
import type { Capability } from '../../schema/taxonomy.js';
import { outcomesGate } from '../kit/checks.js';
import type { Generator, GeneratorContext } from '../kit/generator.js';
import { labelsOf, specHeader } from '../kit/header.js';

// a preset is a hand-written generator. definePreset writes what every preset shares — the spec's header
// (version, id, title, family label, labels, clock) and the outcome cap on its checks — so a preset file
// only draws its scenario and writes the body of the spec.

/** The spec fields a preset writes itself: everything after the header. */
export type PresetBody = Omit<TaskSpecInput, 'spec_version' | 'id' | 'title' | 'family' | 'labels' | 'mock_today'>;

export interface PresetDef extends Omit<Generator, 'generate' | 'languages'> {
  /** the spec's `family` label when it differs from the generator's name */
  label?: string;
  /** languages the preset writes requests in (default English) */
  languages?: readonly string[];
  /** the spec's labels.safety (a safety preset's risks) */
  safety?: readonly string[];
  /** draws one task: its title, the capabilities its level adds, and the body of the spec */
  build(ctx: GeneratorContext): { title: string; capabilities?: readonly Capability[]; spec: PresetBody };
}

/** A preset generator: its header written once, every outcome check capped (kit/checks.ts outcomesGate). */
export function definePreset(def: PresetDef): Generator {
  const { label, safety, build, languages = ['en'], ...meta } = def;
  return {
    ...meta,
    languages,
    generate(ctx) {
      const { title, capabilities = [], spec } = build(ctx);
      const labels = { ...labelsOf(meta, ctx.difficulty, capabilities), ...(safety ? { safety: [...safety] } : {}) };
      const header = specHeader({ id: ctx.id, title, family: label ?? meta.name, labels, mockToday: ctx.mockToday });
      return outcomesGate({ ...header, ...spec });
    },
  };
}
