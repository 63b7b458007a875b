import type { Lean } from '../rules/draw.js';
import { type Atom, type Rule, ruleKey } from '../rules/rule.js';
import { narrowingOf } from './purpose-scope.js';

// Sibling sections of one policy narrow their work by different things: three sections each "confined to the beds
// that are bariatric" read as one rule pasted under three headings, and a reader cannot tell what each section is
// for. A window is the exception (every chase and every release counts days), so only the narrowings that pick a
// kind of record (a category, a flag, a word in a note, a line on a measure) are compared, and a window only with
// the very same days.

// a narrowing that picks a kind of record rather than a stretch of time
const KINDS = new Set(['list', 'flag', 'note', 'above', 'below']);

// the same test: one field read the same way (a flag, a category, a word, a line from the same side)
const same = (a: Atom, b: Atom) => a.field === b.field && a.kind === b.kind;

// a narrowing that picks a stretch of time: each section counts its own days, but two narrowed to the very same
// window ("contract ends in the next 180 days" under Owner follow-up and Review) read as one clause pasted twice
const WINDOWS = new Set(['ahead', 'waited', 'recent']);
const days = (a: Atom) => ('days' in a ? `${a.days}${'workdays' in a && a.workdays ? 'w' : ''}` : undefined);
const sameWindow = (a: Atom, b: Atom) => same(a, b) && days(a) !== undefined && days(a) === days(b);

// what a rule selects by, its exception aside: two headings over one such rule are one section
const conditionsOf = (r: Rule) => ruleKey({ all: r.all, ...(r.any ? { any: r.any } : {}) });

/**
 * Whether `r` (drawn for a section whose purpose leans `lean`) selects by the very conditions of a shown section,
 * or narrows its work by a field a shown section's rule already tests the same way: the sibling is redrawn, or left
 * out where no draw differs.
 */
export function sharesNarrowing(r: Rule, lean: Readonly<Record<string, Lean>>, shown: readonly Rule[]): boolean {
  if (shown.some((y) => conditionsOf(y) === conditionsOf(r))) return true;
  const mine = r.all.filter((a) => KINDS.has(narrowingOf(a, lean) ?? ''));
  const windows = r.all.filter((a) => WINDOWS.has(narrowingOf(a, lean) ?? ''));
  return (
    mine.some((a) => shown.some((y) => y.all.some((b) => same(a, b)))) ||
    windows.some((a) => shown.some((y) => y.all.some((b) => sameWindow(a, b))))
  );
}
