import { dayMonth } from '../kit/dates.js';
import type { World } from './parts.js';
import type { Recipe } from './recipe.js';

// rendering: the request as a coworker writes it. several openings, bodies and closings per intent;
// criteria are stated or left to the policy document; answer ids are never named.

export interface RenderInput {
  recipe: Recipe;
  w: World;
  criteria: string;
  pointer: string;
  action?: string;
  aggregate?: string;
  constraint?: string;
  computation: string;
  ask?: string;
}

const OPEN = ['', 'Hi — ', 'Morning! ', 'Quick one: ', 'When you have a moment: ', 'Hey, '];
const CLOSE = ['Thanks!', 'Thanks a lot.', 'Cheers.', 'Much appreciated.', ''];

export function renderRequest(x: RenderInput): string {
  const { recipe, w } = x;
  const [, plural] = recipe.source.noun;
  let k = recipe.phrasing;
  const pick = <T>(xs: readonly T[]): T => {
    const v = xs[k % xs.length] as T;
    k = Math.floor(k / xs.length) + 7;
    return v;
  };
  const scope = x.pointer
    ? pick([
        `the ${plural} that qualify ${x.pointer}`,
        `whichever ${plural} fall under the rule (${x.pointer.replace(/^as |^per |^following |^using /, '')})`,
      ])
    : `the ${plural} ${x.criteria}`;
  const todo = [x.action, x.aggregate].filter(Boolean).join(', and then ');
  const body = pick([
    `Please find ${scope} and ${todo}.`,
    `Could you go through ${scope}? For those, ${todo}.`,
    `I need ${scope} handled today: ${todo}.`,
    `Before the ${pick(w.vocab.topics)} on ${dayMonth(w.today)}, look up ${scope} and ${todo}.`,
  ]);
  const report = pick([
    `Afterwards, tell me ${x.computation}.`,
    `When you're done, let me know ${x.computation}.`,
    `In your reply, include ${x.computation}.`,
  ]);
  const parts = [
    pick(OPEN) + body,
    x.ask ?? '',
    x.constraint ?? '',
    report,
    `${pick(CLOSE)} ${pick(['— ', '', '- '])}${w.me.name}`.trim(),
  ];
  return parts.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
}
