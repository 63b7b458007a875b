import type { Rng } from '../../../env/rng.js';
import { capitalise } from '../../kit/text.js';
import { goesPublic } from '../audience.js';
import { figureUse } from '../figure-uses.js';
import type { Program } from './records.js';

// where the computed figure is asked for. It is the reply's, always; a deliverable states it too only where it
// belongs there: the count of the list or its total, in a mail, a note, a notification or the
// team's page — in a sentence of its own, not tacked onto the list's description. A highest, lowest or average is
// a question for the reply (nobody appends an unrelated maximum to a status list), and a public page or feed never
// carries a figure (the company's own figures stay in the company).

const PLAIN = new Set(['count', 'sum']);

/** Whether the deliverable states the figure too (a draw of the task's stream, where it may). */
export function figureGoes(p: Program): boolean {
  const agg = p.recipe.aggregate;
  if (!agg?.figure || !agg.figureIn || !p.dest || goesPublic(p)) return false;
  if (!PLAIN.has(p.recipe.computation.name)) return false;
  return p.w.rng.chance(0.5);
}

// why it goes in too: who in the team reads the figure and what they do with it (figure-uses.ts), so that the
// figure is one the team has a use for, said in the team's own words
function whyOf(p: Program, rng: Rng, question: string): string {
  const { reader, use } = figureUse(
    p.src,
    p.recipe.computation.name,
    rng,
    p.recipe.computation.by?.(p.selected, p.src),
    p.tag,
  );
  return rng.pick([
    ` — the ${reader} needs it ${use}`,
    `; the ${reader} wants it ${use}`,
    `, as the ${reader} needs it ${use}`,
    // no bracket straight after a question's own "(in ha)"
    ...(question.endsWith(')') ? [] : [` (the ${reader} uses it ${use})`]),
  ]);
}

/**
 * The sentence asking for the figure in the deliverable (no final stop): "Add a line to the email with their
 * combined amount claimed (GBP)". `question` is the computation's ("the number of referrals you handled"); `where`
 * is the deliverable as the sentence names it, for the reply to refer back to ("the total from the email").
 */
export function figureAsk(p: Program, question: string, rng: Rng): { text: string; where: string } {
  const names = p.recipe.aggregate?.figureIn?.names ?? ['it'];
  const the = rng.pick(names);
  const count = p.recipe.computation.name === 'count';
  const q = count ? rng.pick(['how many there are', 'the count', question]) : question;
  const bare = q === 'how many there are';
  // on a page, in a mail
  const at = /\bpage$/.test(the) ? 'on' : 'in';
  const shapes = [
    `${capitalise(at)} ${the}, also give ${q}`,
    `${capitalise(the)} should also say ${q}`,
    ...(bare
      ? [`Say ${at} ${the} ${q}`]
      : [
          `Add a line to ${the} with ${q}`,
          `Include ${q} ${at} ${the} as well`,
          `Put ${q} at the end of ${the}`,
          `Mention ${q} ${at} ${the} too`,
        ]),
  ];
  const shape = rng.pick(shapes);
  return { text: `${shape}${whyOf(p, rng, shape)}`, where: the };
}
