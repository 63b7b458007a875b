import type { TaskSpecInput } from '../../../schema/task-spec.js';
import { longDay } from '../../kit/dates.js';
import { lintText } from '../../kit/lint.js';
import { agree, capitalise, isPlural } from '../../kit/text.js';
import { type FieldModel, sayValue } from '../../rules/fields.js';
import { atomsOf } from '../../rules/rule.js';
import { isOnLine } from './coherence.js';
import { flagClause } from '../../rules/flag-words.js';
import { deskAnswer, deskChange, deskWrapUp } from '../foreign-desk.js';
import { type AuditRef, citeOf, type Rec } from '../parts.js';
import type { Lang } from '../sources/multilingual-kinds.js';
import { askTopics } from '../../kit/ask-topics.js';
import { openDestination } from './undecided.js';
import { NEWS_CLOSERS } from './news-closers.js';
import { registerOf } from '../request-openers.js';
import type { Unweighted } from './checks.js';
import type { Program } from './records.js';

// phase 5, user: the simulated user of an interaction — the one who has not decided the destination yet (the
// agent must ask about it, and only that question is answered), or who passes on news about a record after the
// first action, so that a further record qualifies. The news is told as a coworker hears it: the record by what
// people call it (a patient, a counterparty, a title), never by its id, and what happened to it, never that it
// now falls under the rule — the agent finds the record and checks it again.

type UserInput = NonNullable<TaskSpecInput['user']>;
type Signal = NonNullable<UserInput['signals']>[number];

// a changed value the checks want written (the new sender a reply goes to) is said, not only set: the agent
// may act before re-reading the record
function toldOf(set: Rec, outcomes: readonly Unweighted[], fields: readonly FieldModel[]): string {
  const wanted = JSON.stringify(outcomes);
  const told = Object.entries(set).filter(([, v]) => typeof v === 'string' && wanted.includes(JSON.stringify(v)));
  const label = (k: string) => fields.find((f) => f.field === k)?.label ?? k.replace(/_/g, ' ');
  return told.length ? ` (the ${told.map(([k, v]) => `${label(k)} is ${v}`).join(', the ')})` : '';
}

// people's names, said with a possessive ("Maria Lopez's referral"); titles quoted; codes and organisations in
// front of the noun ("the Acme contract", "the AAPL position")
const PERSON = /patient|student|candidate|custodian|requester|visitor|user account|pet's name/;
const TITLED = /title|headline|subject|(?:job|skill|workflow|experiment|integration|product|matter|field) name/;

/**
 * How a coworker points at a record without its id: by its name, told apart from a namesake by a feature. `teller`:
 * the first name of whoever brings the news, who is "they" if they hold the record ("Oscar stopped by … (the one they
 * look after)", never "(the one Oscar looks after)", review 57).
 */
export function pointer(p: Program, rec: Rec, changed: readonly string[], teller?: string): string {
  const { src } = p;
  const { field, label } = src.nameField;
  const name = String(rec[field] ?? '').trim();
  const noun = src.noun[0];
  const others = [...p.targets, ...p.distractors].filter((r) => r !== rec);
  // the feature that tells the record apart from `from`
  const apart = (from: readonly Rec[], base: string) => {
    const tell = src.fields.find(
      (m) =>
        (m.kind === 'enum' || m.kind === 'flag') &&
        m.field !== field &&
        !changed.includes(m.field) &&
        from.every((r) => r[m.field] !== rec[m.field]),
    );
    if (tell?.kind === 'enum') return `${base} (the ${sayValue(tell, String(rec[tell.field]))} one)`;
    if (tell?.kind === 'flag') return `${base} (the one ${rec[tell.field] ? tell.yes : tell.no})`;
    // else whose it is, where each has its own holder
    const holder = src.owner?.(rec, p.w);
    if (holder && from.every((r) => src.owner?.(r, p.w)?.email !== holder.email))
      return `${base} (the one ${holder.first === teller ? 'they look' : `${holder.first} looks`} after)`;
    // else a date it alone holds, as a coworker reads it off the screen (review 30: "liam.doyle's access review" where
    // that user had two); the news never names an id
    const day = src.fields.find(
      (m) =>
        m.kind === 'date' &&
        !changed.includes(m.field) &&
        typeof rec[m.field] === 'string' &&
        from.every((r) => String(r[m.field] ?? '').slice(0, 10) !== String(rec[m.field]).slice(0, 10)),
    );
    if (day) return `${base} (the one with ${day.label} ${longDay(String(rec[day.field]).slice(0, 10))})`;
    const num = src.fields.find(
      (m): m is Extract<FieldModel, { kind: 'number' }> =>
        m.kind === 'number' &&
        !changed.includes(m.field) &&
        typeof rec[m.field] === 'number' &&
        from.every((r) => r[m.field] !== rec[m.field]),
    );
    if (num)
      return `${base} (the one whose ${num.label} ${isPlural(num.label) ? 'are' : 'is'} ${numberSaid(num, rec[num.field])})`;
    // or a short value the list shows (its channel, its campaign), or two together where each alone is shared
    const said = (k: string, v: unknown) => {
      const m = src.fields.find((f) => f.field === k);
      return m?.kind === 'enum' ? sayValue(m, String(v)) : String(v);
    };
    const shown = Object.entries(rec).filter(
      ([k, v]) =>
        typeof v === 'string' &&
        v.length <= 24 &&
        k !== field &&
        k !== src.idField &&
        !k.endsWith('_id') &&
        !changed.includes(k) &&
        !/^\d|@/.test(v) &&
        // (a name or a label, never a sentence: "the Pores found at X-ray. one", review 49)
        !/[.!?;:]$/.test(v.trim()),
    );
    const own = shown.find(([k, v]) => from.every((r) => r[k] !== v));
    if (own) return `${base} (the ${said(own[0], own[1])} one)`;
    for (const [a, va] of shown)
      for (const [b, vb] of shown)
        if (a < b && from.every((r) => r[a] !== va || r[b] !== vb))
          return `${base} (the ${said(a, va)}, ${said(b, vb)} one)`;
    // or a day the list shows that no namesake holds (the one due on Monday 9 February)
    const dated = Object.entries(rec).find(
      ([k, v]) =>
        typeof v === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(v) &&
        !changed.includes(k) &&
        from.every((r) => String(r[k] ?? '').slice(0, 10) !== v),
    );
    return dated ? `${base} (the one ${dated[0].replace(/_/g, ' ')} ${longDay(String(dated[1]))})` : base;
  };
  // a name a coworker would not say as it is written ("A and E" reads as a slip): the record by a feature
  if (!name || lintText(name, p.w.today).length) return apart(others, `the ${noun}`);
  const base = PERSON.test(label)
    ? `${name}'s ${noun}`
    : TITLED.test(label)
      ? `the ${noun} "${name}"`
      : `the ${name} ${noun}`;
  // another record of the task under the same name: the feature that tells this one apart
  const namesakes = others.filter((r) => String(r[field] ?? '') === name);
  return namesakes.length ? apart(namesakes, base) : base;
}

// a number with its unit, as the field shows it (one approval, one night: a unit after 1 in the singular)
function numberSaid(m: Extract<FieldModel, { kind: 'number' }>, v: unknown): string {
  const one = Number(v) === 1 && m.unit?.endsWith('s') ? m.unit.slice(0, -1) : m.unit;
  const unit = m.currency ? ` ${m.currency}` : m.percent ? '' : one ? ` ${one}` : '';
  return m.percent ? `${Math.round(Number(v) * 1000) / 10}%` : `${v}${unit}`;
}

/**
 * How the user says a record moved to a state: a state said with its own preposition ("with requester") is one it
 * is in now, never one it "went to".
 */
export const stateMoves = (value: string): string[] =>
  /^(?:with|in|on|at|under|awaiting)\b/.test(value)
    ? [`it is ${value} now`, `it is now ${value}`]
    : [`it has moved to ${value}`, `it is ${value} now`, `it went to ${value}`];

// what happened to the record, field by field, in the words of someone who heard about it
function happened(p: Program, rec: Rec, k: string, v: unknown): string {
  const { src, w } = p;
  const m = src.fields.find((f) => f.field === k);
  const label = m?.label ?? k.replace(/_/g, ' ');
  const its = `its ${label}`;
  switch (m?.kind) {
    case 'text':
      return w.rng.pick(['someone added a note to it', `${its} was rewritten`, 'there is a new note on it']);
    case 'flag':
      // (a change is news: a job switched on "is enabled now", not "still enabled now", review 59)
      return agree(`${flagClause('it', (v ? m.yes : m.no).replace(/^still /, ''))} now`);
    case 'date': {
      const day = longDay(String(v).slice(0, 10));
      const earlier = String(v) < String(rec[k]);
      return w.rng.pick([
        `${its} has been ${earlier ? 'brought forward' : 'pushed back'} to ${day}`,
        `${its} moved to ${day}`,
        `${its} ${isPlural(label) ? 'are' : 'is'} ${day} now`,
      ]);
    }
    case 'number': {
      const up = Number(v) > Number(rec[k]);
      const value = numberSaid(m, v);
      return w.rng.pick([
        `${its} went ${up ? 'up' : 'down'} to ${value}`,
        `${its} ${isPlural(label) ? 'are' : 'is'} ${value} now`,
      ]);
    }
    case 'enum': {
      const value = sayValue(m, String(v));
      const raised = m.ranks && m.ranks.indexOf(String(v)) > m.ranks.indexOf(String(rec[k]));
      if (raised) return w.rng.pick([`${its} has been raised to ${value}`, `it was upgraded to ${value}`]);
      // the record's own state ("it is on hold now"); a named status reads as the field ("its CI status is failing now")
      return /^(?:status|state|\w+ status)$/.test(label) &&
        !/^(?:CI|payment|settlement|verification|reading) /.test(label)
        ? w.rng.pick(stateMoves(value))
        : w.rng.pick([`${its} was changed to ${value}`, `${its} is ${value} now`]);
    }
    default:
      return `${its} changed`;
  }
}

// how a coworker passes on what a colleague told them mid-task, as a chat line would: who, how and when (four stock
// openers, "Quick one from …" among them, each opened a fifth of these messages)
export const toldBy = (from: string, which: string): string[] => [
  `${from} just told me about ${which}: `,
  `Just heard from ${from} about ${which} — `,
  `${from} rang about ${which}: `,
  `${from} has just been on the phone about ${which}: `,
  `${from} messaged me a minute ago about ${which}: `,
  `Update from ${from} on ${which}: `,
  `${from} emailed just now about ${which}: `,
  `${from} stopped by my desk about ${which}: `,
  `Just off a call with ${from} about ${which}: `,
  `${from} says ${which} has changed: `,
  `Sorry, one more: ${from} tells me ${which} has changed — `,
  `${from} caught me after the stand-up about ${which}: `,
  `News from ${from} on ${which}: `,
];

// what the user says about the change: who told them, which record (by name), what happened to it
function changeNote(p: Program, late: Rec, set: Rec, outcomes: readonly Unweighted[]): string {
  const { src, w } = p;
  const owner = src.owner?.(late, w);
  const from = owner && owner.email !== w.me.email ? owner.first : undefined;
  const which = pointer(p, late, Object.keys(set), from);
  const what = Object.entries(set)
    .map(([k, v]) => happened(p, late, k, v))
    .join(' and ');
  const opener = from
    ? w.rng.pick(toldBy(from, which))
    : w.rng.pick([
        `Heads-up on ${which}: `,
        `Something changed on ${which} — `,
        `One more thing about ${which}: `,
        `I've just seen that on ${which}, `,
        `Just noticed an update on ${which}: `,
        `Sorry, late news on ${which}: `,
        `Looking at ${which} again just now: `,
        `Before you finish: ${which} has changed — `,
      ]);
  const close = w.rng.pick(NEWS_CLOSERS[registerOf(w.me)]);
  return `${capitalise(opener)}${what}${toldOf(set, outcomes, src.fields)}.${close}`;
}

// a colleague's address, said with their name ("Ana Li (ana.li@…)"); any other destination as it is
const named = (p: Program, value: string) => {
  const who = p.w.staff.find((s) => s.email === value);
  return who ? `${who.name} (${value})` : value;
};

// whether a record's value sits exactly on a line of the rule (the 21st day of "in the last 21 days")
const onAnyLine = (p: Program, rec: Rec | undefined) =>
  rec !== undefined && atomsOf(p.rule).some((a) => isOnLine(a, rec, p.w.today));

/** Phase 5: the user plan (none when the task has no interaction). */
export function userOf(
  p: Program,
  proofs: readonly AuditRef[],
  outcomes: readonly Unweighted[],
  lang?: Lang,
): UserInput | undefined {
  const { recipe, src, dest, late, lateSet, w } = p;
  const signals: Signal[] = [];
  const destination = recipe.aggregate?.destination;
  if (recipe.interaction === 'ask' && destination && dest) {
    // a desk colleague answers in their language, to a question asked in it or in English
    const desk = lang ? deskAnswer(lang, dest.value) : undefined;
    // the answer settles the reason the request gave for asking
    const answer = openDestination(p)?.answer ?? ((v: string) => `Use ${v}.`);
    signals.push({
      id: 'destination',
      // only a question about the open destination: "where should I save it?", "who should get it?"
      trigger: { asks_about: askTopics(destination, lang) },
      effect: { say: desk?.say ?? answer(named(p, dest.value)) },
    });
  }
  // the news comes once the agent has acted on a record well inside the rule's lines: an agent that misreads a
  // boundary (the record due on the window's last day) would otherwise never hear it, losing two records for one
  // mistake (keys review of seed 131)
  const inside = p.targets.findIndex((rec, i) => proofs[i] && !onAnyLine(p, rec));
  const first = proofs[inside < 0 ? 0 : inside];
  if (late && lateSet && first) {
    const id = String(late[src.idField]);
    // the user says what changed on the fields the rule reads; what follows from it goes along unsaid
    const told = Object.fromEntries(Object.entries(lateSet).filter(([k]) => src.fields.some((m) => m.field === k)));
    signals.push({
      id: 'record_changed',
      trigger: { record_exists: { service: first.service, record: first.record, where: first.where } },
      effect: {
        update_record: { service: src.service, collection: src.collection ?? '', record_id: id, set: lateSet },
        say: lang ? deskChange(p, lang, citeOf(late, src), told) : changeNote(p, late, told, outcomes),
      },
    });
  }
  if (!signals.length) return undefined;
  signals.push({
    id: 'wrap_up',
    trigger: { claims_done: true },
    effect: {
      say: lang ? deskWrapUp(lang) : w.rng.pick(['Great, thanks.', 'Perfect, thank you.', 'Thanks, that helps.']),
      end: true,
    },
  });
  return {
    persona: `${w.me.name}, who asked for this${lang ? `, writes in ${lang}` : ''} and answers briefly`,
    goal: `Get the ${src.noun[1]} handled correctly.`,
    knowledge: dest ? [`The ${destination} to use is ${dest.value}.`] : [],
    boundary: 'Does not know record ids by heart.',
    signals,
    max_rounds: 6,
    end: 'claims_done',
  };
}
