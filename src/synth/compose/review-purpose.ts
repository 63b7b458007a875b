import { escapeRegex } from '../../schema/text.js';
import type { FieldModel } from '../rules/fields.js';
import type { Rule } from '../rules/rule.js';
import { PURPOSE_FIELDS, type Side, sideOf } from './review-purpose-fields.js';
import { purposeAt, REVIEW_PURPOSES, STATE_PURPOSES } from './review-purposes-data.js';
import { PLAIN_PURPOSES } from './review-purposes-plain.js';

// A review's purpose line is its record type's (review-purposes-data.ts), but only over a rule that tests every
// field the line speaks of (review-purpose-fields.ts): "no finding left open" over a due window alone promises a
// state the criteria ignore. And a line that names a record state ("so published views are current") over
// criteria that pick another ("it is marked draft") says the section is about records it leaves out. Such a
// section takes the line written for the state it picks, else none (the caller then gives the reason its rule
// says, review-reasons.ts).

const said = (m: FieldModel, v: string) => (m.kind === 'enum' && m.say?.[v]) || v.replace(/_/g, ' ');
const names = (line: string, words: string) => new RegExp(`\\b${escapeRegex(words)}\\b`, 'i').test(line);

/** The states (field, value) a rule's conditions rule out, and those it keeps to. */
function statesOf(rule: Rule, models: readonly FieldModel[]): { out: [FieldModel, string][]; kept: string[] } {
  const out: [FieldModel, string][] = [];
  const kept: string[] = [];
  for (const a of rule.all) {
    if (a.kind !== 'in' && a.kind !== 'not_in') continue;
    const m = models.find((x) => x.field === a.field);
    if (m?.kind !== 'enum') continue;
    for (const v of m.values) {
      const picked = a.kind === 'in' ? a.values.includes(v) : !a.values.includes(v);
      if (picked) kept.push(v);
      else out.push([m, v]);
    }
  }
  return { out, kept };
}

/** The fields a rule's conditions (and its exception) test. */
function testedBy(rule: Rule): Set<string> {
  return new Set([...rule.all, ...(rule.any ?? []), ...(rule.unless ? [rule.unless] : [])].map((a) => a.field));
}

const LOW = new Set(['at_most', 'older']);
const HIGH = new Set(['at_least', 'recent']);
const sideOfAtom = (kind: string): Side | undefined => (LOW.has(kind) ? 'low' : HIGH.has(kind) ? 'high' : undefined);
const flip = (s: Side | undefined): Side | undefined => (s === 'low' ? 'high' : s === 'high' ? 'low' : undefined);

/** The sides of a field a rule picks: its conditions' own, and the opposite of its exception's ("unless used by 20"
 * keeps the little-used ones). */
function sidesPicked(rule: Rule, field: string): Set<Side | undefined> {
  const sides = new Set<Side | undefined>();
  for (const a of [...rule.all, ...(rule.any ?? [])]) if (a.field === field) sides.add(sideOfAtom(a.kind));
  if (rule.unless?.field === field) sides.add(flip(sideOfAtom(rule.unless.kind)));
  return sides;
}

/** Whether a record type's own purpose line fits a rule: every field it speaks of is one the rule tests, on the
 * side the line speaks of where it names one. */
function speaksOfTested(source: string, at: 0 | 1, rule: Rule): boolean {
  const named = PURPOSE_FIELDS[source]?.[at];
  if (!named) return false;
  const tested = testedBy(rule);
  return named.map(sideOf).every(({ field, side }) => {
    if (!tested.has(field)) return false;
    if (!side) return true;
    const picked = sidesPicked(rule, field);
    return picked.has(side) && !picked.has(side === 'low' ? 'high' : 'low');
  });
}

/** The purpose line of a review or audit-sample section for its rule, or none where its record type's line does not fit. */
export function reviewPurpose(
  source: string,
  section: string,
  rule: Rule,
  models: readonly FieldModel[],
): string | undefined {
  const at = purposeAt(section);
  const line = REVIEW_PURPOSES[source]?.[at];
  if (!line) return undefined;
  const { out, kept } = statesOf(rule, models);
  if (speaksOfTested(source, at, rule) && !out.some(([m, v]) => names(line, said(m, v)))) return line;
  const own = kept.map((v) => STATE_PURPOSES[source]?.[v]?.[at]).find(Boolean);
  return own && !out.some(([m, v]) => names(own, said(m, v))) ? own : undefined;
}

/**
 * Whether a review or audit-sample section opens with its record type's own purpose line, so a request may say
 * that work in its own words (act-situations-data.ts paraphrases that line); over any other purpose it names the
 * section.
 */
export function ownPurposeFits(source: string, section: string, rule: Rule, models: readonly FieldModel[]): boolean {
  const line = REVIEW_PURPOSES[source]?.[purposeAt(section)];
  return line !== undefined && reviewPurpose(source, section, rule, models) === line;
}

/**
 * The record type's plain purpose for a review or audit-sample section (review-purposes-plain.ts), for a section
 * neither its own line nor its rule gives a reason: every section says why the work is done. None where it would
 * name a state the rule leaves out.
 */
export function plainPurpose(
  source: string,
  section: string,
  rule: Rule,
  models: readonly FieldModel[],
): string | undefined {
  const line = PLAIN_PURPOSES[source]?.[purposeAt(section)];
  return line && !statesOf(rule, models).out.some(([m, v]) => names(line, said(m, v))) ? line : undefined;
}
