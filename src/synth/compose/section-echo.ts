import type { FieldModel } from '../rules/fields.js';
import { modelOf, type Rule } from '../rules/rule.js';

// A section whose one condition is the fact its heading names ("Rating change: it is a rating change") says
// nothing a reader did not know from the heading: a practitioner's section says which of those records the work
// is for. Such a rule is drawn again, and a section that cannot be given more is left out (policy-doc.ts).

// words of a heading or a label, lower case and without a plural s ("changes" is "change")
const wordsOf = (s: string) => (s.toLowerCase().match(/[a-z]+/g) ?? []).map((w) => w.replace(/(?<=[^s])s$/, ''));

/** Whether a section's rule is one category or flag whose label and values hold every word of the heading. */
export function restatesHeading(heading: string, r: Rule, models: readonly FieldModel[]): boolean {
  const [a] = r.all;
  if (!a || r.all.length !== 1 || r.any?.length || r.unless) return false;
  if (a.kind !== 'in' && a.kind !== 'not_in' && a.kind !== 'flag') return false;
  const m = modelOf(models, a);
  const said = [m.label, ...(a.kind === 'flag' ? [m.kind === 'flag' ? (a.value ? m.yes : m.no) : ''] : a.values)];
  const words = new Set(wordsOf(said.join(' ')));
  return wordsOf(heading).every((w) => words.has(w));
}
