import type { TaskSpecInput } from '../../../schema/task-spec.js';
import { sayValue } from '../../rules/fields.js';
import { agree, isAre } from '../../kit/text.js';
import { flagClause } from '../../rules/prose.js';
import type { AuditRef, Rec } from '../parts.js';
import type { Unweighted } from './checks.js';
import type { Program } from './records.js';
import { deskAnswer, deskChange, deskWrapUp } from '../foreign-desk.js';
import type { Lang } from '../sources/multilingual-kinds.js';

// phase 5, user: the simulated user of an interaction — the one who knows the destination (the agent must
// ask), or who updates a record after the first action so that a further record qualifies.

type UserInput = NonNullable<TaskSpecInput['user']>;
type Signal = NonNullable<UserInput['signals']>[number];

// a changed value the checks want written (the new sender a reply goes to) is said, not only set: the agent
// may act before re-reading the record
function toldOf(set: Rec, outcomes: readonly Unweighted[]): string {
  const wanted = JSON.stringify(outcomes);
  const told = Object.entries(set).filter(([, v]) => typeof v === 'string' && wanted.includes(JSON.stringify(v)));
  return told.length ? ` (${told.map(([k, v]) => `${k.replace(/_/g, ' ')} is now ${v}`).join(', ')})` : '';
}

// what the user says about the change: what happened to the record, in the record type's words — never that it
// now falls under the rule (the agent must check that itself)
function changeNote(p: Program, id: string, set: Rec, outcomes: readonly Unweighted[]): string {
  const { src, w } = p;
  const what = Object.entries(set)
    .map(([k, v]) => {
      const m = src.fields.find((f) => f.field === k);
      const label = m?.label ?? k.replace(/_/g, ' ');
      if (m?.kind === 'text') return agree(`its ${label} was edited`);
      if (m?.kind === 'flag') return agree(`${flagClause('it', v ? m.yes : m.no)} now`);
      const value =
        m?.kind === 'enum' ? sayValue(m, String(v)) : m?.kind === 'date' ? String(v).slice(0, 10) : String(v);
      return `its ${label} ${isAre(label)} now ${value}`;
    })
    .join(' and ');
  const opener = w.rng.pick(['Heads-up:', 'FYI,', 'One more thing —', 'Just so you know:', 'Update:']);
  const how = w.rng.pick([
    'was just changed in the system',
    'got updated a minute ago',
    'was edited after my first message',
    'changed while you were working',
  ]);
  return `${opener} ${src.noun[0]} ${id} ${how} — ${what}${toldOf(set, outcomes)}.`;
}

/** Phase 5: the user plan (none when the task has no interaction). */
export function userOf(
  p: Program,
  proofs: readonly AuditRef[],
  outcomes: readonly Unweighted[],
  lang?: Lang,
): UserInput | undefined {
  const { recipe, src, dest, late, lateSet } = p;
  const signals: Signal[] = [];
  const destination = recipe.aggregate?.destination;
  if (recipe.interaction === 'ask' && destination && dest) {
    // a desk colleague answers in their language, to a question asked in it or in English
    const desk = lang ? deskAnswer(lang, dest.value) : undefined;
    signals.push({
      id: 'destination',
      // any way of asking for it: "who should I send it to?", "what should I name the file?", "which channel?"
      trigger: {
        asks_about: [
          ...new Set([
            destination,
            destination.split(' ').pop() as string,
            'where',
            'which',
            'who',
            'whom',
            'what should',
            'name',
            'send',
            'address',
            'path',
            'file',
            'channel',
            'title',
            ...(desk?.keywords ?? []),
          ]),
        ],
      },
      effect: { say: desk?.say ?? `Use ${dest.value}.` },
    });
  }
  const first = proofs[0];
  if (late && lateSet && first) {
    const id = String(late[src.idField]);
    signals.push({
      id: 'record_changed',
      trigger: { record_exists: { service: first.service, record: first.record, where: first.where } },
      effect: {
        update_record: { service: src.service, collection: src.collection ?? '', record_id: id, set: lateSet },
        say: lang ? deskChange(p, lang, id, lateSet) : changeNote(p, id, lateSet, outcomes),
      },
    });
  }
  if (!signals.length) return undefined;
  signals.push({
    id: 'wrap_up',
    trigger: { claims_done: true },
    effect: { say: lang ? deskWrapUp(lang) : 'Great, thanks.', end: true },
  });
  return {
    persona: `${p.w.me.name}, who asked for this${lang ? `, writes in ${lang}` : ''} and answers briefly`,
    goal: `Get the ${src.noun[1]} handled correctly.`,
    knowledge: dest ? [`The ${destination} to use is ${dest.value}.`] : [],
    boundary: 'Does not know record ids by heart.',
    signals,
    max_rounds: 6,
    end: 'claims_done',
  };
}
