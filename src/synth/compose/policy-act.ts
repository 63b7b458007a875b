import type { Lean } from '../rules/draw.js';

// One kind of work a policy over a record type has a section for, and how it is written down (policy-acts.ts).

/** One kind of work a policy over a record type has a section for. */
export interface PolicyAct {
  /** the headings the section goes under ("Chasing", "Referral chase") */
  sections: readonly string[];
  /** per field, the side that calls for the work, over the record type's concerns */
  lean?: Readonly<Record<string, Lean>>;
  /** why the work is done, one sentence in the words of the team that does it */
  why: string;
  /** the fields the reason turns on (its leans): every rule of the section names each, on its side */
  must?: readonly string[];
  /**
   * the generic action (follow_up_task …) this is the record type's form of, where the action's own headings say
   * nothing of the work ("Follow-up" of a ward bed is getting it ready for an admission)
   */
  of?: string;
}

/**
 * An act; the fields it leans on are the ones its reason turns on, so every rule of its section names each on the
 * side the reason calls for (a drawn rule never leaves out what the reason is about, nor keeps its other side)
 */
export const act = (
  sections: string | readonly string[],
  why: string,
  lean?: PolicyAct['lean'],
  of?: string,
): PolicyAct => ({
  sections: typeof sections === 'string' ? [sections] : sections,
  why,
  ...(lean ? { lean, must: Object.keys(lean).filter((f) => lean[f] !== 'unrelated' && lean[f] !== 'scope') } : {}),
  ...(of ? { of } : {}),
});
