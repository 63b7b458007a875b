import type { Rng } from '../../env/rng.js';
import { cadence, cadenceFloor, leadTime } from '../kit/lead-time.js';
import type { Lean } from '../rules/draw.js';
import type { FieldModel, Nouns } from '../rules/fields.js';
import { modifier, ownLabel } from '../rules/prose.js';
import { hasPerLine, perModifier } from '../rules/per-category.js';
import { type Atom, modelOf, type Rule } from '../rules/rule.js';
import { narrowReason } from './act-narrowings.js';
import type { PolicyAct } from './policy-act.js';

// A section's purpose speaks of the whole work ("a court deadline not in the diary is a missed date waiting to
// happen"); its drawn rule may take only part of it (one court's list, the next few days, claims above a line).
// Left unsaid, the rule reads as contradicting its own purpose and the diligent action looks forbidden. So the
// purpose line is followed by what this section's rule narrows the work to and why the rest is not lost: derived
// from the drawn rule, one clause per narrowing condition, so every narrowing is stated by construction.

/** How a condition narrows the work its purpose names, or undefined where it is the purpose's own reason. */
export type Narrowing = 'list' | 'part' | 'flag' | 'above' | 'below' | 'ahead' | 'waited' | 'recent' | 'note';

export function narrowingOf(a: Atom, lean: Readonly<Record<string, Lean>>): Narrowing | undefined {
  const l = lean[a.field];
  switch (a.kind) {
    case 'in':
      if (Array.isArray(l)) return l.every((v) => a.values.includes(v)) ? undefined : 'part';
      return typeof l === 'string' && l !== 'scope' && l !== 'unrelated' ? undefined : 'list';
    case 'not_in':
      return Array.isArray(l) ? undefined : 'list';
    case 'flag':
      return l === a.value ? undefined : 'flag';
    // a line on a measure the purpose leans on says what its words mean ("a bed with oxygen and suction"): only a
    // line on a measure it says nothing of narrows it
    case 'at_least':
      return l === 'high' ? undefined : 'above';
    case 'at_most':
      return l === 'low' ? undefined : 'below';
    // a window on a date the purpose itself leans on says what its words mean ("falling due", "left open for
    // weeks", the claim window): it is the purpose's own reason, not a narrowing of it
    case 'due_within':
      return l === 'ahead' ? undefined : 'ahead';
    case 'older':
      return l === 'stale' ? undefined : 'waited';
    case 'recent':
      return l === 'recent' ? undefined : 'recent';
    case 'mentions':
      return Array.isArray(l) ? undefined : 'note';
    default:
      return undefined;
  }
}

// a category narrows the work only as one of its real scopes, with the reason it has (act-scopes.ts), whether it
// takes a field the purpose says nothing of or part of one it names (one supplier's claims)
const scopeOf = (a: Atom, act?: PolicyAct) =>
  act?.scopes?.find((s) => s.field === a.field && a.kind === 'in' && s.values.every((v) => a.values.includes(v)));

function why(k: Narrowing, a: Atom, rng: Rng, act?: PolicyAct, source?: string): string | undefined {
  const own = scopeOf(a, act);
  if (own) return own.why;
  switch (k) {
    // a stage of the work, or a category with no real scope: said plainly (the other stages are not ready for the
    // step or past it, which the reader sees; a batch nobody works in is no reason)
    case 'list':
      return undefined;
    // (only where a wait per value sets how long each may wait: the others have longer, PolicyAct.waits)
    case 'part':
      return rng.pick([
        'those may wait least; the others have longer before they are due, and come in when that runs out',
        'those are on the shortest clock; the others are chased when their own, longer wait is up',
      ]);
    // a line, a flag or a window: the reason the work has for it (act-narrowings.ts), else none is made up
    default:
      return narrowReason(source, act?.sections[0], a);
  }
}

/**
 * What a section's rule narrows its purpose to, as sentences after the purpose line ("This round takes only the
 * deadlines whose court is County Court: each court has a round of its own …"), or undefined where the rule takes
 * the work whole. `lean`: the sides of the fields the section's purpose calls for; `act`: the work, whose real
 * scopes give a category's reason; `source`: the record type, whose lines, flags and windows may have theirs.
 */
export function narrowingNote(
  r: Rule,
  models: readonly FieldModel[],
  n: Nouns,
  rng: Rng,
  lean: Readonly<Record<string, Lean>>,
  act?: PolicyAct,
  source?: string,
  /** what is narrowed: a document's "section", or the "rule" a colleague's mail sends round (policy-mail.ts) */
  of: 'section' | 'rule' = 'section',
): string | undefined {
  const items: { mod: string; reason?: string }[] = [];
  for (const a of r.all) {
    const k = narrowingOf(a, lean);
    if (!k) continue;
    // (a line per category is named without its table here: the rule's own line lists it)
    const mod = hasPerLine(a)
      ? perModifier(a, models, ownLabel(modelOf(models, a).label, n), n, false)
      : modifier(a, models, null, rng, n);
    items.push({ mod, reason: why(k, a, rng, act, source) });
  }
  // a clause is said once: two reasons ending on one consequence ("so a wrong entry strands them") keep it on the
  // first, the second says its own cause alone
  const clauses = new Set<string>();
  for (const item of items) item.reason = unrepeated(item.reason, clauses);
  // (a narrowing with no reason of its own is said plainly, so the reader still learns the work is narrowed; plain
  // ones in a row go in one sentence: "the ones requiring a CAPA and raised 30 or more days ago")
  const said: string[] = [];
  for (let i = 0; i < items.length; i++) {
    const { reason } = items[i] as { mod: string; reason?: string };
    let mod = (items[i] as { mod: string }).mod;
    while (!reason && i + 1 < items.length && !items[i + 1]?.reason) mod += ` and ${items[++i]?.mod}`;
    const what = `${n.plural} ${mod}`;
    // each shape with the mark its reason follows
    const [shape, mark] = rng.pick<readonly [string, string]>(
      said.length === 0
        ? ([
            [`This ${of} takes only the ${what}`, ':'],
            [`Here the work is confined to the ${what}`, ';'],
            [`The ${of} covers just the ${what}`, ':'],
          ] as const)
        : ([
            [`Of those, it takes only the ones ${mod}`, ':'],
            [`It is narrowed further to the ones ${mod}`, ':'],
          ] as const),
    );
    said.push(reason ? `${shape}${mark} ${reason}.` : `${shape}.`);
  }
  return said.length ? said.join(' ') : undefined;
}

/**
 * A section's lines without those its narrowing note already states (`shown`): "This section takes only the web page
 * builds whose template is event page: …" read twice beside the line "The web page build is an event page." (review
 * 46: 437 of 1000 tasks). `said`: the note's conditions (`narrated`); a line per category stays (its table of lines is
 * in the line only), and every line stays where none of the rule's own conditions would be left for its list. The
 * version a section replaced drops the same conditions where it had them as they are, so the two lists differ only
 * where the rule changed. `read`: every line, a condition only the note states read in the note's words (what the
 * definitions go by).
 */
export function spoken(
  lines: readonly string[],
  r: Rule,
  said: readonly Atom[],
  note: string | undefined,
): { shown: string[]; read: string[] } {
  const at = saidAt(r, said);
  return { shown: lines.filter((_, i) => !at.has(i)), read: lines.map((l, i) => (at.has(i) && note ? note : l)) };
}

/** A shown section: its rule as its list states it, its lines, the conditions its note states and the note. */
export interface Said {
  rule: Rule;
  lines: readonly string[];
  said: readonly Atom[];
  note: string | undefined;
}

/**
 * Every shown section's lines (`spoken`), with one more rule: a section keeps the conditions its note states where,
 * without them, its list would read as another section's. "Pre-publication review" confined to sector deep dives
 * listed what "Review" listed, word for word (review 47). `said`: the conditions each section's list left out.
 */
export function spokenApart(sections: readonly Said[]): { shown: string[]; read: string[]; said: readonly Atom[] }[] {
  const key = (s: Said) => {
    const at = saidAt(s.rule, s.said);
    return s.rule.all
      .filter((_, i) => !at.has(i))
      .map((a) => JSON.stringify(a))
      .sort()
      .join('|');
  };
  const keys = sections.map(key);
  return sections.map((s, i) => {
    const said = keys.some((k, j) => j !== i && k === keys[i]) ? [] : s.said;
    return { ...spoken(s.lines, s.rule, said, s.note), said };
  });
}

// which of a rule's lines its note states (none where no condition of its own would be left for its list)
function saidAt(r: Rule, said: readonly Atom[]): Set<number> {
  const same = new Set(said.map((a) => JSON.stringify(a)));
  const at = new Set(r.all.flatMap((a, i) => (same.has(JSON.stringify(a)) ? [i] : [])));
  return r.all.length - at.size + (r.any ? 1 : 0) < 1 ? new Set() : at;
}

/** The conditions of a rule its narrowing note states in full (a line per category is named there without its table). */
export const narrated = (r: Rule, lean: Readonly<Record<string, Lean>>): Atom[] =>
  r.all.filter((a) => narrowingOf(a, lean) && !hasPerLine(a));

// a reason without the clauses already said in its note, and its clauses noted; nothing left: said plainly
function unrepeated(reason: string | undefined, clauses: Set<string>): string | undefined {
  if (!reason) return reason;
  const parts = reason.split(/(?=, so |; )/);
  const kept = parts.filter((p) => !clauses.has(p.replace(/^(, so |; )/, '')));
  for (const p of parts) clauses.add(p.replace(/^(, so |; )/, ''));
  if (!kept.length) return undefined;
  return kept.join('').replace(/^(, so |; )/, '');
}

/**
 * How many of a rule's conditions would read as contradicting its section's purpose: a narrowing with no reason
 * (said plainly, it reads as arbitrary beside a purpose about the whole work) or a window shorter than the lead
 * time the purpose names. The task's rule is drawn so that it has none where it can (compile/records.ts).
 */
export function unsaid(r: Rule, act: PolicyAct, source: string): number {
  return r.all.filter((a) => unsaidAtom(a, act, source)).length + glued(r, act, source).length;
}

/**
 * The narrowings of a rule that serve someone else than its first reasoned one does. A real scope is a party's own
 * demand (the notified body asks for the weld defects' root causes, the boarding kennels for the dogs' boosters);
 * beside another narrowing with a reason of its own ("a reminder sent further out is forgotten"), each for a
 * different party, the rule reads as two policies glued together. The work's own reasons for its lines, flags and
 * windows (act-narrowings.ts) and waits serve its one purpose together. Counted as unsaid, so the draw takes
 * another rule (policy-doc.ts; the task's own in its first draws, beside its floor), or the rule drops them where it
 * keeps its floor (compile/task-rule.ts).
 */
export function glued(r: Rule, act: PolicyAct, source: string): Atom[] {
  let first: string | undefined;
  const out: Atom[] = [];
  for (const a of r.all) {
    const k = narrowingOf(a, act.lean ?? {});
    const scope = k && scopeOf(a, act);
    // (a stage of the work, or a narrowing said plainly, serves nobody in particular)
    if (!k || (!scope && (k === 'list' || (k !== 'part' && narrowReason(source, act.sections[0], a) === undefined))))
      continue;
    // (whose need it serves: a scope's party, else the work's own)
    const whose = scope ? `${a.field}=${scope.values.join()}` : 'work';
    if (first === undefined) first = whose;
    else if (whose !== first) out.push(a);
  }
  return out;
}

// a purpose about every record of its kind ("removed from every piece that cites them"), not a rhythm ("every week")
const WHOLE = /\b(every|all|any|each)\b(?! (?:week|day|month|quarter|year|run|time|shift)s?\b)/i;

/**
 * Whether a condition contradicts its section's purpose outright: a window shorter than the lead time the purpose
 * names, or a narrowing with no reason where the purpose speaks of every record of its kind.
 */
export function contradicts(a: Atom, act: PolicyAct, source: string): boolean {
  return tooShort(a, act, source) || tooLong(a, act, source) || (WHOLE.test(act.why) && unsaidAtom(a, act, source));
}

// a window shorter than the lead time (kit/lead-time.ts) the section's words say the work needs: its purpose, the
// reason given for the window, or one of its scopes' ("counsel needs those in the bundle a week before the date")
// — or a window of recent records shorter than the rhythm its reason takes them since ("a skill added since the
// last quarterly review" over 14 days leaves out the weeks before, equally unreviewed)
const tooShort = (a: Atom, act: PolicyAct, source: string) =>
  (a.kind === 'due_within' &&
    a.days <
      leadTime(
        [act.why, narrowReason(source, act.sections[0], a), ...(act.scopes ?? []).map((s) => s.why)].join(' '),
      )) ||
  (a.kind === 'recent' && a.days < cadenceFloor(narrowReason(source, act.sections[0], a) ?? ''));

// a window longer than the rhythm the reason given for it names ("the docketing team's weekly run": a date past
// the next run is entered by that run, so a 28-day window takes records nobody is late for)
const tooLong = (a: Atom, act: PolicyAct, source: string) =>
  (a.kind === 'due_within' || a.kind === 'recent') && a.days > cadence(narrowReason(source, act.sections[0], a) ?? '');

/**
 * Whether the policy can state a selecting condition of the work's rule: with the reason the work has for it, or as
 * the purpose's own reason (what the rule draw keeps, rules/draw.ts `said`).
 */
export const saidOf =
  (act: PolicyAct | undefined, source: string) =>
  (a: Atom): boolean =>
    !act || !unsaidAtom(a, act, source);

/**
 * Whether a section's rule takes part of its work for a reason of its own (a scope's, or a line's, flag's or
 * window's: "only the vaccinations: the vaccine delivery failed its cold-chain check"). That reason is why the
 * work is done now; a motive for the whole work beside it ("the phlebotomy clinic is short-staffed") competes with
 * it, so the request gives none of the work's own (occasions.ts).
 */
export function narrowedFor(r: Rule, act: PolicyAct | undefined, source: string): boolean {
  if (!act) return false;
  return r.all.some((a) => {
    const k = narrowingOf(a, act.lean ?? {});
    return k !== undefined && (scopeOf(a, act) !== undefined || narrowReason(source, act.sections[0], a) !== undefined);
  });
}

/** Whether one condition would be said plainly, or contradicts its section's purpose (see `unsaid`). */
export function unsaidAtom(a: Atom, act: PolicyAct, source: string): boolean {
  if (tooShort(a, act, source) || tooLong(a, act, source)) return true;
  const k = narrowingOf(a, act.lean ?? {});
  if (!k || k === 'part' || scopeOf(a, act)) return false;
  return k === 'list' || narrowReason(source, act.sections[0], a) === undefined;
}
