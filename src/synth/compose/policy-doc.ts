import type { Rng } from '../../env/rng.js';
import { at, dayMonth } from '../kit/dates.js';
import { aOrAn, agree, capitalise, inRunningText, isAre } from '../kit/text.js';
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
// a kind of document and whether its name is plural ("these working instructions say")
const KINDS: readonly [string, boolean][] = [
  ['policy', false],
  ['procedure', false],
  ['rulebook', false],
  ['working instructions', true],
  ['operating guideline', false],
];

// who owns a document about a service's records: the team that runs that service, not a random office
const OWNERS: Readonly<Record<string, readonly string[]>> = {
  analytics: ['the data platform team', 'BI operations', 'Analytics'],
  automations: ['Automation operations', 'the platform team'],
  clinic: ['the practice manager', 'Clinical governance', 'the clinic office'],
  cms: ['the newsdesk', 'Editorial operations', 'the content desk'],
  config: ['IT operations', 'the platform team', 'Information security'],
  crm: ['Sales operations', 'Customer success'],
  devops: ['Engineering operations', 'Release management', 'the platform team'],
  facilities: ['Facilities', 'the workplace team'],
  finance: ['Finance operations', 'the finance office', 'Accounts payable'],
  grc: ['Compliance', 'Risk and compliance', 'Information security'],
  helpdesk: ['the service desk', 'Support operations'],
  inventory: ['Stock control', 'Warehouse operations', 'Supply chain'],
  matters: ['Legal operations', "the general counsel's office", 'Practice support'],
  plant: ['Quality', 'Plant operations', 'Manufacturing engineering'],
  portfolio: ['Investment operations', 'the risk desk', 'Portfolio management'],
  research: ['the research desk', 'the library team', 'Research operations'],
  rss: ['the research desk', 'Editorial operations'],
  scheduler: ['Platform operations', 'Site reliability'],
  school: ['the exams office', 'Academic administration', 'the registry'],
  studio: ['the studio office', 'Creative operations', 'Production'],
  travel: ['the travel desk', 'Travel and expenses'],
};
const ownerOf = (src: SourcePart, rng: Rng) => rng.pick(OWNERS[src.service] ?? ['Operations', 'the team lead']);

// what a reader must know about one field the rule uses, in words that fit its kind (a flag, an amount, a
// plural label); nothing about messages or notes the task may not hold
function defineField(m: FieldModel, singular: string, rng: Rng): string {
  const be = isAre(m.label);
  switch (m.kind) {
    case 'flag':
      return rng.pick([
        `- ${capitalise(aOrAn(singular))} ${singular} counts as "${m.yes}" only when its record says so today.`,
        `- "${capitalise(m.yes)}" and "${m.no}" mean what the record shows, not what someone plans to do.`,
      ]);
    case 'number':
      if (m.currency)
        return rng.pick([
          `- Amounts are read as recorded, in ${m.currency}; do not convert them.`,
          `- The ${m.label} ${be} compared in ${m.currency} exactly as recorded, without rounding.`,
        ]);
      if (m.percent) return `- The ${m.label} ${be} stored as a fraction and written here as a percentage.`;
      return rng.pick([
        `- The ${m.label} ${be} the figure on the record today.`,
        `- Limits on the ${m.label} include the limit itself where a line says "or more" or "or less".`,
      ]);
    case 'date':
      return rng.pick([
        `- The ${m.label} ${be} the date on the record, not the day the record was last edited.`,
        `- Dates are compared by day; the time of day does not matter.`,
      ]);
    case 'text':
      return `- A term counts as mentioned in the ${m.label} whatever its letter case.`;
    default:
      return rng.pick([
        `- The ${m.label} ${be} the one the record shows now, not an earlier value.`,
        `- Use the ${m.label} as it stands in the system today.`,
      ]);
  }
}

function definitions(r: Rule, models: readonly FieldModel[], singular: string, rng: Rng): string[] {
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
  const lines = models.filter((x) => used.has(x.field)).map((m) => defineField(m, singular, rng));
  for (const line of lines.slice(0, 2)) if (!out.includes(line)) out.push(line);
  return out;
}

// a day limit moved by `by`, never below one day (a shorter window that would vanish grows instead)
const moveDays = (days: number, by: number) => (days + by >= 1 ? days + by : days + 3);

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
        ? { ...a, days: moveDays(a.days, rng.pick([-2, 3, 5, 7])) }
        : a;
  return { ...r, all: r.all.map((x, k) => (k === i ? moved : x)) };
}

/** The policy document for a task's rule: the task's section among others, definitions, and perhaps history. */
export function policyDoc(rule: Rule, src: SourcePart, w: World, title: string, section: string): PolicyDoc {
  const { rng, today } = w;
  const n: Nouns = { singular: src.noun[0], plural: src.noun[1] };
  const effective = dayMonth(at(today, { days: -rng.int(10, 120) }));
  const head = `${title}\n${rng.pick(['Version', 'Revision', 'Issue'])} ${rng.int(2, 7)}, effective ${effective}. Owner: ${ownerOf(src, rng)}.`;
  // the purpose line names the kind of document its title does
  const [kind, many] = KINDS.find(([k]) => title.toLowerCase().endsWith(k)) ?? ['document', false];
  const purpose = rng.pick([
    `${many ? 'These' : 'This'} ${kind} ${many ? 'say' : 'says'} which ${n.plural} get which treatment.`,
    `Use it whenever ${n.plural} are worked through in bulk.`,
    `It applies to every ${n.singular} in the system, whoever raised it.`,
    `Read the section you were pointed to; the others cover different work on the same ${n.plural}.`,
    `Each section below stands on its own and names the ${n.plural} it covers.`,
  ]);
  const bullets = (r: Rule, now: string | null = today) => ruleBullets(r, src.fields, n, now, rng).map(agree);
  const mine = bullets(rule);
  const clause = mine.join('\n');
  const others = SECTIONS.filter((s) => s !== section);
  const sections: [string, string[]][] = [[section, mine]];
  for (let k = rng.int(1, 2); k > 0; k--) {
    const other = others.splice(rng.int(0, others.length - 1), 1)[0] as string;
    sections.push([other, bullets(drawRule(src.fields, rng, w.difficulty))]);
  }
  // the task's section is not always first
  if (rng.chance(0.6)) sections.push(sections.shift() as [string, string[]]);
  const lead = (s: string) =>
    rng.pick([
      `${capitalise(aOrAn(n.singular))} ${n.singular} falls under ${inRunningText(s)} when:`,
      `Apply ${inRunningText(s)} to every ${n.singular} where all of the following hold:`,
      `${capitalise(n.plural)} qualify for ${inRunningText(s)} if:`,
    ]);
  const body = sections.map(([s, lines]) => `## ${s}\n${lead(s)}\n${lines.join('\n')}`);
  const defs = definitions(rule, src.fields, n.singular, rng);
  const old = rng.chance(0.45) ? superseded(rule, rng) : undefined;
  const history = old
    ? [
        `## History\nUntil ${effective} the ${inRunningText(section)} section read:\n${bullets(old, null).join('\n')}\nThat version no longer applies.`,
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
  // "access review review procedure": the noun's own last word is not repeated
  const last = src.noun[0].split(/[\s-]/).pop()?.toLowerCase();
  const doing = ['handling', 'review', 'triage', 'management', 'work'].filter((x) => x !== last);
  return capitalise(`${src.noun[0]} ${rng.pick(doing)} ${rng.pick(KINDS)[0]}`);
}
