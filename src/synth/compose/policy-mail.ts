import type { Rng } from '../../env/rng.js';
import type { Person } from '../kit/people.js';
import { inRunningText } from '../kit/text.js';
import type { Nouns } from '../rules/fields.js';

// A rule a colleague sent round is a mail, not a policy document: a greeting, why the work is done, the rule as a
// list under the same lead a document's section has (its lines are the words the checks trace to), what it
// replaces, a sign-off. It is about one piece of work: no other sections, no version line, no owner.

/**
 * What an instruction mail says: the rule's lead and lines, the reason (its narrowing said of the rule, not of a
 * section: purpose-scope.ts `of`), definitions, the version it replaces.
 */
export interface MailParts {
  me: Person;
  from: Person;
  n: Nouns;
  section: string;
  why?: string;
  lead: string;
  lines: readonly string[];
  defs: readonly string[];
  /** the lines of the version it replaces, and the day it stopped applying */
  old?: { lines: readonly string[]; until: string };
  rng: Rng;
}

/** The body of a colleague's mail that sets out how one piece of work picks its records. */
export function instructionMail(p: MailParts): string {
  const { rng, n } = p;
  const work = inRunningText(p.section);
  const greet = rng.pick([`Hi ${p.me.first},`, 'Hi all,', 'Hello everyone,', `${p.me.first} —`]);
  const open = rng.pick([
    `Writing down how we pick the ${n.plural} for ${work}, so nobody has to ask again.`,
    `As promised, here is how ${work} works for ${n.plural}.`,
    `A few of you asked which ${n.plural} go through ${work}. Here it is in writing.`,
    `Quick note on ${work}, since it keeps coming up.`,
  ]);
  const defs = p.defs.length
    ? [
        `${rng.pick(['To be clear on the terms:', 'So we all read it the same way:', 'A few words on the terms:'])}\n${p.defs.join('\n')}`,
      ]
    : [];
  const old = p.old
    ? [
        `${rng.pick([
          `This replaces what I sent round before ${p.old.until}, which said:`,
          `Until ${p.old.until} we went by this instead:`,
        ])}\n${p.old.lines.join('\n')}\n${rng.pick(['Please stop using that version.', 'That no longer applies.'])}`,
      ]
    : [];
  const sign = rng.pick([`Thanks,\n${p.from.first}`, `Cheers,\n${p.from.first}`, `Thanks all\n${p.from.first}`]);
  return [greet, `${open}${p.why ? ` ${p.why}` : ''}`, `${p.lead}\n${p.lines.join('\n')}`, ...defs, ...old, sign].join(
    '\n\n',
  );
}

/**
 * A mail's subject line for the rule of one piece of work over a record type. Nothing in it or the mail's opening
 * says "from now on": the mail may be months old by the task's day, and the version it replaced ended long before.
 */
export function mailSubject(n: Nouns, section: string, rng: Rng): string {
  const work = inRunningText(section);
  return rng.pick([
    `${section}: which ${n.plural}`,
    `How we pick ${n.plural} for ${work}`,
    `${section} — the rule we go by`,
    `Re: ${work} for ${n.plural}`,
  ]);
}
