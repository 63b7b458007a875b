import type { Rng } from '../../env/rng.js';
import { aOrAn, capitalise, isAre } from '../kit/text.js';
import { countedOf, isState } from '../rules/field-words.js';
import type { FieldModel } from '../rules/fields.js';
import { atomsOf, type Rule } from '../rules/rule.js';
import type { SourcePart } from './parts.js';
import { placeOf } from './places.js';
import { workdayDefinitions } from './working-days.js';

// A policy's Definitions: what a reader must know of the fields its shown sections read (policy-doc.ts), each in
// words for its kind and the place it is read from, and how its day counts run.

// (rounding is a question only for a field with fractions: whole counts are just as recorded, review 56)
const recorded = (p: { kind: string }, m: { step: number }) =>
  p.kind === 'picture' ? 'shows them' : Number.isInteger(m.step) ? 'recorded them' : 'recorded them, without rounding';
// what a reader must know about one field the rule uses, in words for its kind and the place it is read from; nothing
// about a value that cannot change (a record's type, a trade's executed shares): "today" means something for a state
function defineField(m: FieldModel, src: SourcePart, rng: Rng, reads: readonly string[]): string | undefined {
  const singular = src.noun[0];
  const be = isAre(m.label);
  const place = placeOf(src);
  const fixed = src.fixed?.includes(m.field) ?? false;
  switch (m.kind) {
    case 'flag':
      if (fixed) return undefined;
      return rng.pick(
        place.kind === 'picture'
          ? [`- ${capitalise(aOrAn(singular))} ${singular} counts as "${m.yes}" only when ${place.name} shows it so.`]
          : [
              `- ${capitalise(aOrAn(singular))} ${singular} counts as "${m.yes}" only when ${place.name} says so today.`,
              `- "${capitalise(m.yes)}" is read from ${place.name} as it stands today.`,
            ],
      );
    case 'number': {
      const counted = countedOf(m);
      if (m.currency)
        return rng.pick([
          `- Amounts are read as recorded, in ${m.currency}; do not convert them.`,
          `- The ${m.label} ${be} compared in ${m.currency} exactly as recorded, without rounding.`,
        ]);
      if (m.percent) return `- The ${m.label} ${be} stored as a fraction and written here as a percentage.`;
      // the limit is said to include itself only where a line reading this field words it so ("4 or more"),
      // never beside "at least 4", which says it already
      const said = [...new Set(reads.flatMap((l) => l.match(/\bor (?:more|less|fewer)\b/g) ?? []))];
      const what = counted ? `${counted.noun[1]}${counted.tail}` : `the ${m.label}`;
      const options = [
        ...(fixed && counted ? [`- ${capitalise(what)} are counted as ${place.name} ${recorded(place, m)}.`] : []),
        ...(fixed
          ? []
          : [
              counted
                ? `- ${capitalise(what)} are counted as ${place.name} shows them today.`
                : `- The ${m.label} ${be} the figure ${place.name} shows today.`,
            ]),
        ...(said.length
          ? [
              `- Limits on ${what} include the limit itself where a line says ${said.map((x) => `"${x}"`).join(' or ')}.`,
            ]
          : []),
      ];
      return options.length ? rng.pick(options) : undefined;
    }
    case 'date':
      return rng.pick([
        place.kind === 'system'
          ? `- The ${m.label} ${be} the date on the record, not the day the record was last edited.`
          : place.kind === 'mailbox'
            ? `- The ${m.label} ${be} the date the mailbox shows for the message.`
            : `- The ${m.label} ${be} the date ${place.name} shows, not the day the file was saved.`,
        // (in the policy's own words for the field: one line in every fifth policy read as boilerplate, review 69)
        rng.pick([
          `- Dates are compared by day; the time of day does not matter.`,
          `- Only the day of the ${m.label} counts, not the time on it.`,
          `- Ignore the time on the ${m.label}: the calendar day decides.`,
        ]),
      ]);
    case 'text':
      return `- A term counts as mentioned in the ${m.label} whatever its letter case.`;
    case 'enum':
      if (m.means) return `- ${m.means}`;
      if (fixed || !isState(m)) return undefined;
      return rng.pick(
        place.kind === 'picture'
          ? [
              // a plan is redrawn as places change; a screenshot is what it was when taken
              place.name.endsWith('plan')
                ? `- Go by the ${m.label} ${place.name} shows; it is redrawn whenever ${aOrAn(singular)} ${singular} changes.`
                : `- Go by the ${m.label} ${place.name} shows.`,
              `- The ${m.label} ${be} the one ${place.name} shows, whatever it was before.`,
            ]
          : [
              `- The ${m.label} ${be} the one ${place.name} shows now, not an earlier value.`,
              `- Use the ${m.label} as it stands in ${place.name} today.`,
              `- ${capitalise(aOrAn(m.label))} ${m.label} changed since the last review counts as it is now.`,
            ],
      );
  }
}

// how a day count runs, said for the way the policy's windows count: back from today to a date behind it, or
// forward from today to a date ahead; a policy with windows both ways says each, the same way (from the day after
// one, up to and including the other: "from today" read as counting today, review 41)
const BACK = [
  '- Count days back from the day you do the work to the date on the record: a date yesterday is 1 day ago.',
  '- Day counts for dates behind us run from the day after the date on the record up to and including today.',
];
const AHEAD = [
  '- Count days forward from today to the date on the record: a date tomorrow is 1 day away, today is 0.',
  '- Day counts for dates ahead run from the day after today up to and including the date on the record.',
];
const EITHER = [
  '- Day counts use calendar days unless a line says working days.',
  '- "In the next N days" means the day you do the work and the N days after it; "in the N days before", that day and the N days before it.',
];

/**
 * The definitions a reader needs for the rules the text shows (each with the lines it is written as): only the
 * fields those lines read, and a day-count line in the direction they count; never a field of a section the text
 * leaves out (a mail carries one section), which reads as a criterion the rule forgot.
 */
export function definitions(
  shown: readonly (readonly [Rule, readonly string[]])[],
  src: SourcePart,
  rng: Rng,
): string[] {
  const out: string[] = [];
  const rules = shown.map(([r]) => r);
  const text = shown.flatMap(([, lines]) => lines).join('\n');
  const atoms = rules.flatMap(atomsOf);
  out.push(...workdayDefinitions(atoms));
  const back = atoms.some((a) => a.kind === 'older' || a.kind === 'recent');
  const ahead = atoms.some((a) => a.kind === 'due_within');
  // "in the next N days" is defined only where a line says it
  const either = text.includes('in the next') ? EITHER : EITHER.slice(0, 1);
  const k = rng.int(0, 1);
  if (back && ahead) out.push(either.length > 1 && rng.chance(0.5) ? (EITHER[1] as string) : `${BACK[1]}\n${AHEAD[1]}`);
  else if (back || ahead) out.push(rng.pick([...(back ? [BACK[k] as string] : [AHEAD[k] as string]), ...either]));
  const reads = new Map<string, string[]>();
  for (const [r, lines] of shown)
    for (const [field, line] of fieldLines(r, lines)) reads.set(field, [...(reads.get(field) ?? []), line]);
  // (a field read from free text says first how its values are told apart: enum `means`; then whether a mention
  // counts whatever its case, which a count over the mentions turns on, review 54)
  const first = (x: FieldModel) => (x.kind === 'enum' && !!x.means ? 2 : x.kind === 'text' ? 1 : 0);
  const read = src.fields.filter((x) => reads.has(x.field)).sort((x, y) => first(y) - first(x));
  const lines = read.flatMap((m) => defineField(m, src, rng, reads.get(m.field) ?? []) ?? []);
  for (const line of lines.slice(0, 2)) if (!out.includes(line)) out.push(line);
  return out;
}

// which written line reads which field: one line per `all` condition, one for `any`, one for `unless` (ruleBullets)
function fieldLines(r: Rule, lines: readonly string[]): [string, string][] {
  const out: [string, string][] = r.all.map((a, i) => [a.field, lines[i] ?? '']);
  let at = r.all.length;
  if (r.any) {
    for (const a of r.any) out.push([a.field, lines[at] ?? '']);
    at++;
  }
  if (r.unless) out.push([r.unless.field, lines[at] ?? '']);
  return out;
}
