import type { Rng } from '../../../env/rng.js';
import { capitalise } from '../../kit/text.js';
import { goesPublic } from '../audience.js';
import { teamOf } from '../occasions.js';
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
  if (!agg?.figure || !agg.figureIn || !p.dest || goesPublic(agg, p.src)) return false;
  if (!PLAIN.has(p.recipe.computation.name)) return false;
  return p.w.rng.chance(0.5);
}

// why it goes in too, where a reason helps (mostly none is given): what the figure is for in the team's own world —
// the meeting it is read at, the lead who looks for it — so the reason is the task's, not a line any request carries
function whyOf(p: Program, rng: Rng): string {
  if (rng.chance(0.45)) return '';
  const team = teamOf(p.src);
  const role = rng.pick(team.leads);
  const event = rng.pick(team.events);
  return rng.pick([
    ` — the ${role} looks for it first`,
    `, since the ${role} will want it for ${event}`,
    `, as it goes into the figures for ${event}`,
    ` — it is the number ${event} tracks`,
    `, so the ${role} has it to hand at ${event}`,
    `, so it is there when ${event} comes round`,
    ` — we quote it at ${event}`,
    `, because the ${role} asks for it every time`,
  ]);
}

/**
 * The sentence asking for the figure in the deliverable (no final stop): "Add a line to the email with their
 * combined amount claimed (GBP)". `question` is the computation's ("the number of referrals you handled").
 */
export function figureAsk(p: Program, question: string, rng: Rng): string {
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
  return `${rng.pick(shapes)}${whyOf(p, rng)}`;
}
