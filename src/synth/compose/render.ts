import type { Rng } from '../../env/rng.js';
import { WEEKDAYS } from '../../schema/dates.js';
import { type Register } from '../kit/content.js';
import { at } from '../kit/dates.js';
import { capitalise } from '../kit/text.js';
import type { World } from './parts.js';

// The request as a coworker writes it: a plan (who asks, why, what to select, what to do, what to deliver
// where, what to answer) written out in one of several shapes — goal first, context first, a numbered list, a
// forwarded note, a chat line, a mail with a subject, a short story — in the asker's register. Every clause a
// check traces to is placed verbatim, so the gate can find it.

/** What the request must say. */
export interface RequestPlan {
  w: World;
  plural: string;
  /** how the records are picked: stated, or the section of a document the request names */
  select: { kind: 'inline'; criteria: string } | { kind: 'policy'; pointer: string; section: string };
  action?: string;
  aggregate?: string;
  constraint?: string;
  /** what to answer ("how many referrals that makes") */
  question: string;
  /** the user holds a fact the agent must ask for ("the file path") */
  askFirst?: string;
}

/** The request text and the clauses the checks trace to (each a verbatim part of the text). */
export interface RenderedRequest {
  text: string;
  clauses: { select: string; action?: string; aggregate?: string; constraint?: string; question: string; ask?: string };
}

const GREET: Record<Register, readonly string[]> = {
  terse: ['', 'Hi.', 'Quick one:', 'FYI —', 'Heads up:'],
  plain: ['Hi,', 'Hello,', 'Morning,', 'Hi there,', 'Hi again,'],
  chatty: ['Hey!', 'Hiya —', 'Morning! Hope the week is treating you well.', 'Hey, quick favour:', 'Hi hi,'],
  formal: ['Good morning,', 'Dear colleague,', 'Hello,', 'Good afternoon,'],
};
const SIGN: Record<Register, readonly string[]> = {
  terse: ['', 'Thx.', 'Ta.'],
  plain: ['Thanks,', 'Thanks!', 'Cheers,', 'Thank you,'],
  chatty: ['Thanks a million!', 'You are a star, thanks!', 'Owe you a coffee.', 'Cheers!'],
  formal: ['Kind regards,', 'Many thanks,', 'Best regards,', 'With thanks,'],
};

function contexts(w: World, plural: string, rng: Rng): string[] {
  const topic = rng.pick(w.vocab.topics);
  const company = rng.pick(w.vocab.companies);
  const boss = w.staff[rng.int(3, Math.min(8, w.staff.length - 1))]?.first ?? 'Our manager';
  const weekday = WEEKDAYS[new Date(at(w.today, { days: rng.int(1, 4) })).getUTCDay()] as string;
  return [
    `The ${topic} is on ${weekday} and I want the ${plural} sorted before then`,
    `${boss} asked me to get the ${plural} in order before the ${topic}`,
    `We are behind on the ${plural} again`,
    `An audit is coming up, so the ${plural} need to be right`,
    `I'm out tomorrow and would like this off my list`,
    `${company} called this morning and it reminded me the ${plural} need a look`,
    `Since last week's system change the ${plural} have piled up`,
    `The month is nearly over and the ${plural} have to be tidy for the report`,
    `${boss} flagged the ${plural} in this morning's stand-up`,
    `Nobody has looked at the ${plural} since the ${topic}`,
    `I promised ${boss} an update on the ${plural} today`,
    `We are handing the ${plural} over to a new team next week`,
  ];
}

function selectClause(p: RequestPlan, rng: Rng): string {
  if (p.select.kind === 'inline')
    return rng.pick([`the ${p.select.criteria}`, `all ${p.select.criteria}`, `every one of the ${p.select.criteria}`]);
  const { pointer, section } = p.select;
  return rng.pick([
    `the ${p.plural} that fall under the "${section}" section of ${pointer}`,
    `whichever ${p.plural} the "${section}" rules in ${pointer} cover`,
    `the ${p.plural} that ${pointer} puts under "${section}"`,
  ]);
}

const VERBS = [
  'Please go through',
  'Could you go through',
  'Can you pick out',
  'Please find',
  'I need you to work through',
  'Could you look at',
  'Please pull up',
];

/** Writes the request out in a shape and register drawn from the task's stream. */
export function renderRequest(p: RequestPlan): RenderedRequest {
  const { w } = p;
  const rng = w.rng;
  const register = rng.pick<Register>(['terse', 'plain', 'plain', 'chatty', 'formal']);
  const select = selectClause(p, rng);
  const question = p.question;
  const clauses: RenderedRequest['clauses'] = {
    select,
    question,
    ...(p.action ? { action: p.action } : {}),
    ...(p.aggregate ? { aggregate: p.aggregate } : {}),
    ...(p.constraint ? { constraint: p.constraint } : {}),
    ...(p.askFirst ? { ask: p.askFirst } : {}),
  };
  const todo = [p.action, p.aggregate].filter(Boolean) as string[];
  const ctx = rng.pick(contexts(w, p.plural, rng));
  const greet = rng.pick(GREET[register]);
  const sign = `${rng.pick(SIGN[register])} ${register === 'terse' ? w.me.first : w.me.name}`.trim();
  const ask = p.askFirst ? ` ${capitalise(p.askFirst)}.` : '';
  const rule = p.constraint ? ` ${capitalise(p.constraint)}` : '';
  const tell = rng.pick([
    `Then tell me ${question}.`,
    `When you're done, let me know ${question}.`,
    `In your reply, give me ${question}.`,
    `And tell me ${question}.`,
    `I'll also need ${question} for my notes.`,
    `Finally, what is ${question}? Put it in your reply.`,
    `Close with ${question}, please.`,
    `My manager will ask for ${question}, so include it when you answer.`,
  ]);
  const does = todo.length === 2 ? `${todo[0]}, and then ${todo[1]}` : (todo[0] ?? 'note them');
  const shape = rng.int(0, 6);
  let text: string;
  switch (shape) {
    case 0: // goal first
      text = `${greet} ${rng.pick(VERBS)} ${select} and ${does}.${ask}${rule} ${tell} ${ctx}.\n\n${sign}`;
      break;
    case 1: // context first
      text = p.action
        ? `${greet} ${ctx}. ${rng.pick(VERBS)} ${select}? For each of them, ${does}.${ask}${rule} ${tell}\n\n${sign}`
        : `${greet} ${ctx}. ${rng.pick(VERBS)} ${select} and ${does}.${ask}${rule} ${tell}\n\n${sign}`;
      break;
    case 2: {
      // a numbered list of asks
      const items = [
        `Find ${select}.`,
        ...todo.map((t) => `${capitalise(t)}.`),
        ...(p.askFirst ? [`${capitalise(p.askFirst)}.`] : []),
        `Tell me ${question}.`,
      ];
      text = `${greet} ${ctx}. ${rng.pick(['Could you', 'Can you please', 'Please'])}:\n${items.map((x, i) => `${i + 1}. ${x}`).join('\n')}${rule ? `\n${rule.trim()}` : ''}\n\n${sign}`;
      break;
    }
    case 3: {
      // a note forwarded from a manager
      const boss = w.staff[rng.int(3, Math.min(8, w.staff.length - 1))]?.name ?? 'our manager';
      text = `Forwarding this from ${boss}:\n> ${ctx}. ${capitalise(select)} need attention: ${does}.\n\n${greet ? `${greet} ` : ''}${rng.pick(['Can you take this one?', 'Could you handle it?', 'This one is yours if you have time.'])}${ask}${rule} ${tell}\n\n${sign}`;
      break;
    }
    case 4: // a chat line
      text =
        `${rng.pick(['hey', 'hi', 'yo', 'morning'])} — ${select}: ${does}.${ask}${rule} ${tell} ${rng.pick(['thx', 'ty!', 'cheers', ''])}`.trim();
      break;
    case 5: {
      // a mail with a subject line
      const subject = rng.pick([
        `${capitalise(p.plural)} — ${p.select.kind === 'policy' ? p.select.section.toLowerCase() : 'clean-up'}`,
        `Action needed: ${p.plural}`,
        `Re: ${rng.pick(w.vocab.topics)}`,
      ]);
      text = `Subject: ${subject}\n\n${greet}\n\n${ctx}. ${rng.pick(VERBS)} ${select} and ${does}.${ask}${rule}\n\n${tell}\n\n${sign}`;
      break;
    }
    default: {
      // a short story first
      const story = rng.pick([
        `Last week we found out the hard way that nobody owns the ${p.plural}`,
        `Yesterday's review showed the ${p.plural} are a mess`,
        `We had a near miss with the ${p.plural} on Friday`,
        `The new system went live and nobody checked the ${p.plural} afterwards`,
      ]);
      text = `${greet} ${story}. ${ctx}, so ${select.startsWith('the') ? 'take' : 'go through'} ${select} and ${does}.${ask}${rule} ${tell}\n\n${sign}`;
    }
  }
  return { text: tidy(text), clauses };
}

// spacing a template can leave (the linter refuses what is worse); after a greeting ending in a comma a new paragraph
function tidy(s: string): string {
  return s
    .replace(/^((?:Hi|Hello|Morning|Hi there|Hi again|Hi hi),) ([A-Z])/, (_, g: string, c: string) => `${g}\n\n${c}`)
    .replace(/[ \t]+/g, ' ')
    .replace(/ ([,.;:?!])/g, '$1')
    .replace(/\n /g, '\n')
    .replace(/^\s+/, '');
}
