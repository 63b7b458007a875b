import type { Rng } from '../../env/rng.js';
import type { Person } from '../kit/people.js';
import { capitalise, inRunningText } from '../kit/text.js';
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
  /** the records are a household's: the mail goes round a home, not a team (no audit, no new starter) */
  home?: boolean;
  rng: Rng;
}

/**
 * Why the rule is being written down: a new joiner, an audit finding, a change of system, a mix-up, a handover; a
 * changed rule only where the mail replaces one. Many causes, so no opening is one a reader of many mails spots.
 * Nothing says "from now on": the mail may be months old by the task's day.
 */
export function opening(p: Pick<MailParts, 'n' | 'old' | 'home' | 'rng'>, work: string): string {
  const pl = p.n.plural;
  const Work = capitalise(work);
  const changed = p.old
    ? [
        `We changed how ${work} picks its ${pl} after the last review; here is the rule as it stands.`,
        `The ${work} rule has changed, so here it is again in full.`,
        `Heads-up: the rule for ${work} changed. The current version is below.`,
      ]
    : [];
  if (p.home)
    return p.rng.pick([
      ...changed,
      `So we stop both paying the same ${pl}, here is how ${work} works.`,
      `We argued about ${work} last month, so here it is written down.`,
      `For when I'm away: this is how we pick the ${pl} for ${work}.`,
      `Writing down how we handle ${work}, so neither of us has to guess.`,
      `We paid one of the ${pl} twice last year, so here is how ${work} goes.`,
    ]);
  return p.rng.pick([
    ...changed,
    `Writing down how we pick the ${pl} for ${work}, so nobody has to ask again.`,
    `As promised, here is how ${work} works for ${pl}.`,
    `A few of you asked which ${pl} go through ${work}. Here it is in writing.`,
    `Quick note on ${work}: the rule below is the one to go by.`,
    `With new starters joining the team, here is how we pick the ${pl} for ${work}.`,
    `${Work} came up in the last audit, so I'm putting how we pick the ${pl} in writing.`,
    `The auditors asked to see how we choose the ${pl} for ${work}, so here it is.`,
    `Following the internal audit, here is the agreed rule for picking ${pl} for ${work}.`,
    `Since the move to the new system, a few of you have asked how ${work} picks its ${pl}.`,
    `After last quarter's mix-up over ${work}, here is the rule we go by for the ${pl}.`,
    `Two of us picked different ${pl} for ${work} last month, so here is the rule written down.`,
    `I'm away for two weeks soon, and whoever covers ${work} will need this.`,
    `Ahead of the handover, this is how the ${pl} for ${work} are chosen.`,
    `The review after the last incident asked us to write down how ${work} picks its ${pl}, so here it is.`,
    `This only lived in people's heads, so here is how the ${pl} for ${work} are picked.`,
    `The process review found three versions of the ${work} rule in use; this is the one we go by.`,
    `To save everyone digging through old threads, here is how ${work} picks the ${pl}.`,
    `The new team members asked for the ${work} rule in one place, so here it is.`,
    `${Work} moved to us in the reorganisation, so here is how we pick the ${pl}.`,
    `I got asked about ${work} twice in one week, so here it is in writing.`,
    `For anyone new to ${work}: this is how we decide which ${pl} it covers.`,
    `The ${work} checklist never said which ${pl} it covers, so here it is.`,
    `The last ${work} round missed a few ${pl}, so here is the rule spelt out.`,
    `The training notes for ${work} were out of date, so here is the rule as we apply it.`,
    `Our new lead asked for the ${work} rule in writing, so here it is.`,
    `After the tool change the old ${work} notes stopped making sense, so here is the rule again.`,
    `We had a near miss on ${work} recently, so here is the rule we pick the ${pl} by.`,
    `Before the next audit I want the ${work} rule written down where everyone can find it.`,
    `Putting this in one mail so new starters have it: how ${work} picks its ${pl}.`,
    `More people touch ${work} since the restructure, so here is the rule for the ${pl}.`,
    `${Work} stalled while I was off sick, so here is the rule for whoever covers it.`,
    `Last month's spot check found ${pl} picked two different ways for ${work}; this is the way.`,
    `Our runbook for ${work} only said "use judgement", so here is the actual rule.`,
    `Before our next annual review, I want the ${work} rule on record.`,
    `The handover notes for ${work} were thin, so here is how we pick the ${pl}.`,
    `Our manager asked me to put the ${work} rule in writing after the last team meeting.`,
    `A couple of ${pl} went through ${work} last month that should not have, so here is the rule.`,
    `Since the team split in two, both halves need the same ${work} rule, so here it is.`,
    `New joiners keep learning ${work} from whoever sits next to them; here is the rule itself.`,
  ]);
}

/** The body of a colleague's mail that sets out how one piece of work picks its records. */
export function instructionMail(p: MailParts): string {
  const { rng, n } = p;
  const work = inRunningText(p.section);
  const greet = rng.pick([`Hi ${p.me.first},`, 'Hi all,', 'Hello everyone,', `${p.me.first} —`]);
  const open = opening(p, work);
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
  const subjects = [
    `${section}: which ${n.plural}`,
    `How we pick ${n.plural} for ${work}`,
    `${section} — the rule we go by`,
    `Re: ${work} for ${n.plural}`,
    `Which ${n.plural} go through ${work}`,
    `${section} rule for ${n.plural}`,
    `${section}: which ones qualify`,
    `Picking ${n.plural} for ${work}`,
    `Fwd: ${work} criteria`,
  ];
  // work named by a word of the records' own noun ("page build" of web page builds) is said without the noun:
  // "How we pick web page builds for page build" says it twice
  const stem = (w: string) => w.toLowerCase().replace(/s$/, '');
  const nounWords = new Set(
    n.plural
      .split(/\s+/)
      .filter((w) => w.length >= 4)
      .map(stem),
  );
  const echoes = work.split(/\s+/).some((w) => nounWords.has(stem(w)));
  return rng.pick(echoes ? subjects.filter((x) => !x.includes(n.plural)) : subjects);
}
