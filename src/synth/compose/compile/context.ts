import type { ActionContext, ActionPart, AuditRef, Call, Rec } from '../parts.js';
import type { Program } from './records.js';

/**
 * What the action sees of `rec`: its owner, the task's tag, and its place among the selected records its action
 * takes (-1: not selected) — after a branch, the reviews one action books run back to back among themselves.
 */
export function actionContext(p: Program, rec: Rec): ActionContext {
  const action = actionFor(p, rec);
  const mine = p.selected.filter((r) => actionFor(p, r) === action);
  return {
    rec,
    src: p.src,
    w: p.w,
    owner: p.ownerOf(rec),
    tag: p.tag,
    slot: mine.indexOf(rec),
    slots: mine.length,
    rule: p.rule,
  };
}

/** A read or write step as the reference writes it (call, args; nothing else). */
export const step = (s: Call) => ({ call: s.call, args: s.args });

/** The action the program takes on a selected record: the branch's when the record meets its condition. */
export const actionFor = (p: Program, rec: Rec): ActionPart<string> | undefined =>
  p.branch && p.recipe.branch && p.branch.meets(rec) ? p.recipe.branch : p.recipe.action;

/** `action` on `rec` as its own audit entry, to the record's own recipient where the action has one. */
export function workOnRecord(p: Program, action: ActionPart<string>, rec: Rec): AuditRef {
  const x = actionContext(p, rec);
  const proof = action.proof(x);
  const to = action.exact?.(x).to;
  return to === undefined ? proof : { ...proof, where: { ...proof.where, to } };
}
