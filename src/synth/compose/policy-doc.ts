import type { Rng } from '../../env/rng.js';
import { at, dayMonth } from '../kit/dates.js';
import { aOrAn, capitalise } from '../kit/text.js';
import { drawRule } from '../rules/draw.js';
import type { FieldModel } from '../rules/fields.js';
import { type Nouns, ruleBullets } from '../rules/prose.js';
import { type Atom, atomsOf, type Rule } from '../rules/rule.js';
import type { SourcePart, World } from './parts.js';

// A policy is a document, not a sentence: several sections (only the one the request names applies), the
// definitions it relies on, an effective date, and sometimes the superseded version of the section with other
// limits. The section the task needs is rendered from the task's rule; the others from rules drawn for other
// purposes over the same record type.

/** A rendered policy document and the words of the section the task applies. */
export interface PolicyDoc {
  title: string;
  /** the heading of the section that applies ("Escalation") */
  section: string;
  /** the document text (Markdown-like: a title line, headed sections, bullets) */
  text: string;
  /** the section's rule lines, as written in the text (what the checks trace to) */
  clause: string;
}

const SECTIONS = [
  'Escalation',
  'Follow-up',
  'Review',
  'Priority handling',
  'Chasing',
  'Clean-up',
  'Hold',
  'Audit sample',
  'Sign-off',
];
const KINDS = ['policy', 'procedure', 'rulebook', 'working instructions', 'operating guideline'];
const OWNERS = ['Operations', 'the service desk', 'Finance operations', 'Quality', 'the practice office', 'Compliance'];

function definitions(r: Rule, models: readonly FieldModel[], rng: Rng): string[] {
  const out: string[] = [];
  const atoms = atomsOf(r);
  if (atoms.some((a) => a.kind === 'older' && a.workdays))
    out.push(
      '- Working days are Monday to Friday; count from the day after the date in the record, up to and including today.',
    );
  if (atoms.some((a) => a.kind === 'older' || a.kind === 'recent' || a.kind === 'due_within'))
    out.push(
      rng.pick([
        '- "Today" is the day you apply this section.',
        '- Day counts use calendar days unless a line says working days.',
      ]),
    );
  const used = new Set(atoms.map((a) => a.field));
  for (const m of models.filter((x) => used.has(x.field)).slice(0, 2))
    out.push(
      rng.pick([
        `- The ${m.label} is the value recorded in the system, not what a message says about it.`,
        `- Use the ${m.label} as it stands in the system today.`,
        `- Where a note and the system disagree about the ${m.label}, the system wins.`,
      ]),
    );
  return out;
}

// the same rule with one limit moved: what the previous version said
function superseded(r: Rule, rng: Rng): Rule | undefined {
  const i = r.all.findIndex(
    (a) =>
      a.kind === 'at_least' ||
      a.kind === 'at_most' ||
      a.kind === 'older' ||
      a.kind === 'recent' ||
      a.kind === 'due_within',
  );
  if (i < 0) return undefined;
  const a = r.all[i] as Atom;
  const moved: Atom =
    a.kind === 'at_least' || a.kind === 'at_most'
      ? { ...a, value: Math.round(a.value * rng.pick([0.5, 0.75, 1.5, 2]) * 100) / 100 }
      : 'days' in a
        ? { ...a, days: a.days + rng.pick([-2, 3, 5, 7]) }
        : a;
  return { ...r, all: r.all.map((x, k) => (k === i ? moved : x)) };
}

/** The policy document for a task's rule: the task's section among others, definitions, and perhaps history. */
export function policyDoc(rule: Rule, src: SourcePart, w: World, title: string, section: string): PolicyDoc {
  const { rng, today } = w;
  const n: Nouns = { singular: src.noun[0], plural: src.noun[1] };
  const effective = dayMonth(at(today, { days: -rng.int(10, 120) }));
  const head = `${title}\n${rng.pick(['Version', 'Revision', 'Issue'])} ${rng.int(2, 7)}, effective ${effective}. Owner: ${rng.pick(OWNERS)}.`;
  const purpose = rng.pick([
    `This ${rng.pick(KINDS)} says which ${n.plural} get which treatment.`,
    `Use it whenever ${n.plural} are worked through in bulk.`,
    `It applies to every ${n.singular} in the system, whoever raised it.`,
  ]);
  const mine = ruleBullets(rule, src.fields, n, today, rng);
  const clause = mine.join('\n');
  const others = SECTIONS.filter((s) => s !== section);
  const sections: [string, string[]][] = [[section, mine]];
  for (let k = rng.int(1, 2); k > 0; k--) {
    const other = others.splice(rng.int(0, others.length - 1), 1)[0] as string;
    sections.push([other, ruleBullets(drawRule(src.fields, rng, w.difficulty), src.fields, n, today, rng)]);
  }
  // the task's section is not always first
  if (rng.chance(0.6)) sections.push(sections.shift() as [string, string[]]);
  const lead = (s: string) =>
    rng.pick([
      `${capitalise(aOrAn(n.singular))} ${n.singular} falls under ${s.toLowerCase()} when:`,
      `Apply ${s.toLowerCase()} to every ${n.singular} where all of the following hold:`,
      `${capitalise(n.plural)} qualify for ${s.toLowerCase()} if:`,
    ]);
  const body = sections.map(([s, lines]) => `## ${s}\n${lead(s)}\n${lines.join('\n')}`);
  const defs = definitions(rule, src.fields, rng);
  const old = rng.chance(0.45) ? superseded(rule, rng) : undefined;
  const history = old
    ? [
        `## History\nUntil ${effective} the ${section.toLowerCase()} section read:\n${ruleBullets(old, src.fields, n, today, rng).join('\n')}\nThat version no longer applies.`,
      ]
    : [];
  const text = [
    head,
    purpose,
    ...(defs.length ? [`## Definitions\n${defs.join('\n')}`] : []),
    ...body,
    ...history,
  ].join('\n\n');
  return { title, section, text, clause };
}

/** A policy title for a record type: "Referral handling policy". */
export function policyTitle(src: SourcePart, rng: Rng): string {
  return capitalise(
    `${src.noun[0]} ${rng.pick(['handling', 'review', 'triage', 'management', 'work'])} ${rng.pick(KINDS)}`,
  );
}
