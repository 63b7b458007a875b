import type { Rng } from '../../env/rng.js';
import type { Lean } from '../rules/draw.js';
import { isState } from '../rules/field-words.js';
import type { FieldModel, Nouns } from '../rules/fields.js';
import { modifier } from '../rules/prose.js';
import { type Atom, modelOf, type Rule } from '../rules/rule.js';
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
    case 'due_within':
      return 'ahead';
    case 'older':
      return 'waited';
    // a window the purpose itself names (the claim window) is its own reason, not a narrowing of it
    case 'recent':
      return l === 'recent' ? undefined : 'recent';
    case 'mentions':
      return Array.isArray(l) ? undefined : 'note';
    default:
      return undefined;
  }
}

function why(k: Narrowing, a: Atom, m: FieldModel, n: Nouns, rng: Rng, act?: PolicyAct): string {
  // a category narrows the work only as one of its real scopes, with the reason it has (act-scopes.ts), whether it
  // takes a field the purpose says nothing of or part of one it names (one supplier's claims)
  const own = act?.scopes?.find(
    (s) => s.field === a.field && a.kind === 'in' && s.values.every((v) => a.values.includes(v)),
  );
  if (own) return own.why;
  switch (k) {
    case 'list': {
      // a state is a stage of the work, not a batch of it: the others are not ready for the step or past it
      if (m.kind === 'enum' && isState(m))
        return rng.pick([
          `at the other stages the step does not apply yet, or no longer does`,
          `${n.plural} at other stages come back in when they reach that one`,
        ]);
      // (a rule drawn without the work's scopes: the condition is said, with no invented batch to excuse it)
      return `the others are outside what this section is for`;
    }
    // (only where a wait per value sets how long each may wait: the others have longer, PolicyAct.waits)
    case 'part':
      return rng.pick([
        'those may wait least; the others have longer before they are due, and come in when that runs out',
        'those are on the shortest clock; the others are chased when their own, longer wait is up',
      ]);
    case 'flag':
      return rng.pick([
        `until that holds there is nothing for this step to act on, and the ${n.plural} come back in when it does`,
        'the others wait until that is the case, and are picked up then',
      ]);
    case 'above':
      return rng.pick([
        'under that line the routine end-of-month sweep covers them',
        'below that, they wait for the periodic sweep rather than being taken one by one',
      ]);
    case 'below':
      return rng.pick([
        'larger ones go through the fuller review with the lead first',
        'bigger ones need a closer look before this step, which they get in the lead’s review',
      ]);
    case 'ahead':
      return rng.pick([
        'anything further out comes in on a later round, once it is that close',
        'later ones are picked up as they come into that window, on the next round',
      ]);
    case 'waited':
      return rng.pick([
        'newer ones are given that long before anyone acts, so they are not chased too early',
        'more recent ones get that much time first, and come in once it has passed',
      ]);
    case 'recent':
      return rng.pick(['older ones were dealt with on earlier rounds', 'earlier ones were covered when they were new']);
    case 'note':
      return rng.pick([
        'that note is what marks one for this step; without it there is nothing to act on',
        'the note is what tells the team this step is needed',
      ]);
  }
  return a.kind;
}

/**
 * What a section's rule narrows its purpose to, as sentences after the purpose line ("This round takes only the
 * deadlines whose court is County Court: each court has a round of its own …"), or undefined where the rule takes
 * the work whole. `lean`: the sides of the fields the section's purpose calls for; `act`: the work, whose real
 * scopes give a category's reason.
 */
export function narrowingNote(
  r: Rule,
  models: readonly FieldModel[],
  n: Nouns,
  rng: Rng,
  lean: Readonly<Record<string, Lean>>,
  act?: PolicyAct,
): string | undefined {
  const said: string[] = [];
  for (const a of r.all) {
    const k = narrowingOf(a, lean);
    if (!k) continue;
    const m = modelOf(models, a);
    const mod = modifier(a, models, null, rng, n);
    const what = `${n.plural} ${mod}`;
    const reason = why(k, a, m, n, rng, act);
    said.push(
      said.length === 0
        ? rng.pick([
            `This section takes only the ${what}: ${reason}.`,
            `Here the work is confined to the ${what}; ${reason}.`,
            `The section covers just the ${what}: ${reason}.`,
          ])
        : rng.pick([
            `Of those, it takes only the ones ${mod}: ${reason}.`,
            `It is narrowed further to the ones ${mod}: ${reason}.`,
          ]),
    );
  }
  return said.length ? said.join(' ') : undefined;
}
