import { escapeRegex } from '../../schema/text.js';
import type { Rng } from '../../env/rng.js';
import { agree, capitalise, inRunningText } from '../kit/text.js';
import { stories } from './occasion-stories.js';
import { type OccasionFacts, occasion } from './occasions.js';
import { figureUse } from './figure-uses.js';
import type { SourcePart, World } from './parts.js';
import { placeOf } from './places.js';
import { mailRuleClause, sectionClause, situationClause } from './section-pointers.js';
import { actionSentences, workSentences } from './request-seams.js';
import {
  chatHello,
  forwardIntro,
  GREET,
  greetingOf,
  handOff,
  registerOf,
  signOffOf,
  VERBS,
} from './request-openers.js';

// The request as a coworker writes it: a plan (who asks, why, what to select, what to do, what to deliver
// where, what to answer) written out in one of several shapes — goal first, context first, a numbered list, a
// forwarded note, a chat line, a mail with a subject, a short story — in the asker's register. Every clause a
// check traces to is placed verbatim, so the gate can find it.

/** What the request must say. */
export interface RequestPlan {
  w: World;
  plural: string;
  /** the record type asked about: what a reason for asking may say of it (who owns the records, where they are) */
  src?: SourcePart;
  /** how the records are picked: stated, or the section of a document the request names */
  select:
    | { kind: 'inline'; criteria: string }
    /**
     * `from`: the rule is a colleague's mail (the sender's first name), not a document with sections;
     * `situation`: the request says what the work is for instead of the section's heading (act-situations.ts)
     */
    | { kind: 'policy'; pointer: string; section: string; from?: string; situation?: string };
  action?: string;
  aggregate?: string;
  /** the figure the deliverable states too, asked for in a sentence of its own (no final stop) */
  figure?: string;
  constraint?: string;
  /** where the records are seen when no tool lists them (a sentence: "The desks are on the floor plan, …") */
  where?: string;
  /** what to answer ("how many referrals that makes") */
  question: string;
  /** the user holds a fact the agent must ask for ("the file path") */
  askFirst?: string;
  /** the deliverable already states the figure the question asks for: the reply refers back to it */
  figureShown?: boolean;
  /** the deliverable that states it, as the request names it ("the email", "the summary") */
  figureIn?: string;
  /** the computation the question asks for (computations.ts name): who wants the figure and what for */
  computation?: string;
  /** the field a count of those meeting a further condition splits by (its own reader and use) */
  figureBy?: string;
  /** the heading of the work the task is (its act's section), named in the request or not: the motives and the
   * figure's use that fit that work (no sprayer booked for a watering round) */
  work?: string;
  /** the section's rule takes part of that work for a reason of its own: the work's motives are left out */
  narrowed?: boolean;
}

/** The request text and the clauses the checks trace to (each a verbatim part of the text). */
export interface RenderedRequest {
  text: string;
  clauses: {
    select: string;
    action?: string;
    aggregate?: string;
    figure?: string;
    constraint?: string;
    question: string;
    ask?: string;
  };
}

// whether a clause says the ask's verb ("pick out", "find"), in any form
const said = (clause: string, ask: string): boolean => {
  const v = ask.replace(/^(?:please|could you|can you)\s+/i, '').toLowerCase();
  const [head, ...rest] = v.split(' ');
  return new RegExp(`\\b${head}(?:s|es)?${rest.map((w) => ` ${w}`).join('')}\\b`, 'i').test(clause);
};

function selectClause(p: RequestPlan, rng: Rng): string {
  if (p.select.kind === 'inline')
    return rng.pick([`the ${p.select.criteria}`, `all ${p.select.criteria}`, `every one of the ${p.select.criteria}`]);
  const { pointer, section, from, situation } = p.select;
  // (a verb the work says is not the selection's too: "the checks flag and flag a postmortem")
  const avoid = p.action ?? '';
  // a colleague's mail has no sections: its rule is the one they sent round for that work
  if (from) return mailRuleClause(p.plural, pointer, section, from, rng, avoid);
  if (situation) return situationClause(p.plural, pointer, situation, rng, avoid);
  return sectionClause(p.plural, pointer, section, rng, avoid);
}

/**
 * The forwarded note is the manager's words about the forwarder's things: "ask me", "my to-do list", "the colleague
 * I will name" all mean the one forwarding it, so they are said of them by name; the mail the rule is in is "in your
 * inbox", the note's reader's.
 */
export const forwarded = (s: string, me: string): string =>
  s
    .replace(/\b(?:I will|I'll)\b/g, `${me} will`)
    // ("slots in Rosa's calendar … so I can go through them" in Mei's note: the slots are Rosa's, review 53)
    .replace(/\bI can\b/g, `${me} can`)
    // (the mail the rule is in is in the mailbox of the one the note was written to: "in your inbox", not "in Grace's
    // inbox" in a request Grace signs, reviews 60 and 64)
    .replace(/\bin my inbox\b/g, 'in your inbox')
    .replace(/\bmy\b/g, `${me}'s`)
    .replace(/\bme\b/g, me);

// what the request's reasons may say of its records (none when the request does not say which they are)
function factsOf(
  src: SourcePart | undefined,
  section?: string,
  work?: string,
  narrowed?: boolean,
  acts?: boolean,
): OccasionFacts | undefined {
  if (!src) return undefined;
  const place = placeOf(src);
  return {
    service: src.service,
    name: src.name,
    ...(src.ownerRole ? { ownerRole: src.ownerRole } : {}),
    owned: Boolean(src.owner || src.ownerRole),
    due: src.fields.some((f) => f.kind === 'date' && f.verb === 'due'),
    ...(section ? { section } : {}),
    ...(work ? { work } : {}),
    ...(narrowed ? { narrowed } : {}),
    ...(acts ? { acts } : {}),
    place: place.kind,
    where: place.name,
  };
}

// what to answer: the question itself, or — when the deliverable already states the figure — a pointer back to
// it, so that the figure is asked for once (the clause the answer check traces to is then the pointer)
function tellLine(p: RequestPlan, clauses: RenderedRequest['clauses'], rng: Rng): string {
  const q = p.question;
  if (p.figureShown) {
    // the figure named as a coworker names it (the total, the count) and where it goes besides the deliverable that
    // states it: "put the total in your reply as well", never "repeat the same figure"
    const noun = rng.pick(p.computation === 'sum' ? ['the total', 'that total'] : ['the count', 'that number']);
    const from = p.figureIn && rng.chance(0.5) ? ` from ${p.figureIn}` : '';
    const clause = rng.pick([
      `put ${noun}${from} in your reply as well`,
      `give me ${noun}${from} in your reply too`,
      `give me ${noun}${from} when you report back`,
      `tell me ${noun} when you answer, too`,
      `quote ${noun} back to me in your reply`,
      `let me have ${noun}${from} in your answer as well`,
      `include ${noun} in your last message to me`,
    ]);
    const lead = rng.pick(['', 'And ', 'Also ', 'Please ']);
    // ("Also … as well" says it twice)
    const asked = lead === 'Also ' ? clause.replace(/,? (?:as well|too)$/, '') : clause;
    clauses.question = asked;
    return `${capitalise(`${lead}${asked}`)}.`;
  }
  // who wants the figure and what for (figure-uses.ts): the record type's own reader and use, never a meeting that
  // "always asks" for whatever was counted
  const { reader, use } = p.src
    ? figureUse(p.src, p.computation ?? 'count', rng, p.figureBy, p.work)
    : { reader: 'team lead', use: 'for the weekly review' };
  const says = /^for\b/.test(use);
  // a question that ends in an aside of its own ("…, to two decimals") takes a comma before what follows it
  const qc = /, [^,]+$/.test(q) ? `${q},` : q;
  // a third of the time the figure is simply asked for: who needs it and why closed every other request (review 40:
  // "the X needs it for Y" in 536 of 978)
  if (rng.int(0, 2) === 0)
    return rng.pick([
      // (a count "comes to" nothing, and a bare noun phrase with a question mark has no verb: review 47)
      /^the number\b/.test(q) ? `And what is ${q}?` : `And what does ${qc} come to?`,
      `Let me know ${q} too.`,
      // (not "send me": a mail is then as good a reading as the reply, review 65)
      `Also let me have ${q} when you're done.`,
      `One more thing: what is ${q}?`,
      `I'd like ${qc} as well.`,
    ]);
  return rng.pick([
    `Then tell me ${q}; the ${reader} needs it ${use}.`,
    `When you're done, let me know ${q} — the ${reader} needs it ${use}.`,
    `In your reply, give me ${q}: the ${reader} wants it ${use}.`,
    `I'll also need ${qc} ${use}.`,
    `Finally, what is ${q}? The ${reader} needs it ${use}.`,
    `The ${reader} needs ${qc} ${use}, so put it in your reply.`,
    `Reply with ${qc} once it's done; the ${reader} wants it ${use}.`,
    says ? `And tell me ${q}. It's ${use}.` : `And tell me ${q}, please: the ${reader} needs it ${use}.`,
    says
      ? `Close your reply with ${q}, please; it's ${use}.`
      : `Close your reply with ${q}, please: the ${reader} needs it ${use}.`,
  ]);
}

// the length of a story and the selection after it past which the story is a sentence of its own
const STORY_SEAM = 220;

// how a chat line asks for the work (a quick question, never a formal request)
const CHAT_ASKS = ['can you take', 'could you go through', 'mind taking', 'can you pick up', 'could you handle'];

/** Writes the request out in a shape and register drawn from the task's stream. */

export function renderRequest(p: RequestPlan): RenderedRequest {
  const { w } = p;
  const rng = w.rng;
  // the asker writes as they always do: their register is theirs, not the request's
  const register = registerOf(w.me);
  const select = agree(selectClause(p, rng));
  const question = p.question;
  const clauses: RenderedRequest['clauses'] = {
    select,
    question,
    ...(p.action ? { action: p.action } : {}),
    ...(p.aggregate ? { aggregate: p.aggregate } : {}),
    ...(p.figure ? { figure: p.figure } : {}),
    ...(p.constraint ? { constraint: p.constraint } : {}),
    ...(p.askFirst ? { ask: p.askFirst } : {}),
  };
  const shape = rng.int(0, 6);
  // the forwarder is drawn first so that the quoted note never names them as a third person
  const boss = shape === 3 ? w.staff[rng.int(3, Math.min(8, w.staff.length - 1))] : undefined;
  // the section's heading, where the request may say it (never beside a situation the agent must match to it)
  const heading = p.select.kind === 'policy' && !p.select.situation ? p.select.section : undefined;
  const facts = factsOf(p.src, heading, p.work, p.narrowed, Boolean(p.action));
  const occ = occasion(w, p.plural, rng, boss, facts);
  const ctx = occ.text;
  // a greeting of the time of day only at that time of day (the task's clock, UTC as the records keep it)
  const clock = new Date(w.today);
  const hour = clock.getUTCHours();
  // an opener that announces news ("Heads up:") only where what follows it is the news, the reason for asking, not
  // the ask; none that says no action is needed ("FYI") before one; a "quick one" only over a one-step job
  const informs = shape === 1 || shape === 2 || shape === 6;
  // (a read and a report in a mail of its own: not a forwarded note, nor work on each record, nor more to ask)
  const small = shape !== 2 && shape !== 3 && !p.action && !p.figure && !p.askFirst && !p.constraint && !p.where;
  const greet = greetingOf({ register, small, informs, hour, weekday: clock.getUTCDay() }, rng);
  const sign = `${signOffOf(register, rng)} ${register === 'terse' ? w.me.first : w.me.name}`.trim();
  const ask = p.askFirst ? ` ${capitalise(p.askFirst)}.` : '';
  const rule = `${p.where ? ` ${p.where}` : ''}${p.constraint ? ` ${capitalise(p.constraint)}` : ''}`;
  const tell = tellLine(p, clauses, rng);
  // (nor the ask's verb: "pick out the plots the rules … pick out")
  const verbs = VERBS[register].filter(([v]) => !said(select, v));
  const [verb, asks] = rng.pick(verbs.length ? verbs : VERBS[register]);
  const stop = asks ? '?' : '.';
  const todo = { ...(p.action ? { action: p.action } : {}), ...(p.aggregate ? { aggregate: p.aggregate } : {}) };
  const fig = p.figure ? ` ${p.figure}.` : '';
  // after an exception ("…, unless X") a plain "and" would read as part of it: the work starts its own clause
  const excepts = /\b(?:unless|except where)\b/.test(select);
  // nor after a selection with an "and" or a comma of its own ("due before 3 May and not before today and mark …"),
  // or one that ends in the work said as a phrase ("… for booking a subeditor onto the copy due soon and mark …")
  const situated = p.select.kind === 'policy' && Boolean(p.select.situation);
  const then = excepts ? '; then' : situated || /,| and /.test(select) ? ', and' : ' and';
  let text: string;
  switch (shape) {
    case 0: // goal first, then why; the asks after it, the sign-off last
      text = `${greet} ${workSentences({ head: `${verb} ${select}`, join: then, stop, ...todo })}${fig} ${ctx}.${ask}${rule} ${tell}\n\n${sign}`;
      break;
    case 1: // context first
      text = p.action
        ? `${greet} ${ctx}. ${verb} ${select}${stop} ${actionSentences(p.action, p.aggregate)}${fig}${ask}${rule} ${tell}\n\n${sign}`
        : `${greet} ${ctx}. ${workSentences({ head: `${verb} ${select}`, join: then, stop, ...todo })}${fig}${ask}${rule} ${tell}\n\n${sign}`;
      break;
    case 2: {
      // a numbered list of asks
      const todo = [p.action, p.aggregate].filter(Boolean) as string[];
      const items = [
        `Find ${select}.`,
        ...todo.map((t) => `${capitalise(t)}.`),
        ...(p.figure ? [`${p.figure}.`] : []),
        ...(p.askFirst ? [`${capitalise(p.askFirst)}.`] : []),
        `${capitalise(tell.replace(/^(?:Then|And) /, ''))}`,
      ];
      text = `${greet} ${ctx}. ${rng.pick(['Could you', 'Can you please', 'Please'])}:\n${items.map((x, i) => `${i + 1}. ${x}`).join('\n')}${rule ? `\n${rule.trim()}` : ''}\n\n${sign}`;
      break;
    }
    case 3: {
      // a note forwarded from a manager: their "ask me", "my inbox" mean the one forwarding it
      // and the one who wrote the note, where it sends something to them, says "me" ("email me (ana@…)")
      const own = (t: string) =>
        boss
          ? t
              .replaceAll(`${boss.name} (${boss.email}`, `me (${boss.email}`)
              .replaceAll(`${boss.name}, ${boss.email}`, `me, ${boss.email}`)
          : t;
      const action = p.action && own(forwarded(p.action, w.me.first));
      const aggregate = p.aggregate && own(forwarded(p.aggregate, w.me.first));
      const quoted = forwarded(select, w.me.first);
      if (action) clauses.action = action;
      if (aggregate) clauses.aggregate = aggregate;
      clauses.select = quoted;
      const needs = /^every one of\b/i.test(select) ? 'needs' : 'need';
      // the greeting heads the mail, above the note it forwards (never between the quote and the ask). A selection
      // by what a part of the document is about is too long a subject for "…, need attention" (review 38): the
      // note asks for it to be gone through instead
      const note = workSentences({
        head: situated
          ? `${rng.pick(['Please go through', 'We need someone to go through', 'Someone needs to go through'])} ${quoted}`
          : `${capitalise(quoted)}${excepts ? ',' : ''} ${needs} attention`,
        join: ':',
        stop: '.',
        ...(action ? { action } : {}),
        ...(aggregate ? { aggregate } : {}),
      });
      text = `${greet ? `${greet}\n\n` : ''}${forwardIntro(boss?.name ?? 'our manager', rng)}\n> ${ctx}. ${note}${fig}\n\n${handOff(rng)}${ask}${rule} ${tell}\n\n${sign}`;
      break;
    }
    case 4: {
      // a chat line: a quick ask, or now and then the records as a topic and what to do with them (review 35: a
      // topic line opening one request in ten read as a fragment)
      const hello = ((h) => (h ? `${h} — ` : ''))(chatHello(register, hour, rng));
      // (never a selection by what a part of the document is about as the topic: too long a fragment to open with)
      // (nor a selection long enough to lose its verb: "morning — the video edits that the "…" rules in the "…" page
      // in our notes apply to." read as a fragment, review 45)
      const line =
        rng.chance(0.25) && !situated && select.length < 70
          ? { head: `${hello}${select}`, join: ':', stop: '.' }
          : { head: `${hello}${rng.pick(CHAT_ASKS)} ${select}`, join: ', and', stop: '?' };
      text =
        `${workSentences({ ...line, ...todo })}${fig}${ask}${rule} ${tell} ${rng.pick(['thx', 'ty!', 'cheers', ''])}`.trim();
      break;
    }
    case 5: {
      // a mail with a subject line
      const subject = rng.pick([
        `${capitalise(p.plural)} — ${heading ? inRunningText(heading) : 'clean-up'}`,
        `Action needed: ${p.plural}`,
        `${capitalise(p.plural)}`,
      ]);
      text = `Subject: ${subject}\n\n${greet ? `${greet}\n\n` : ''}${ctx}. ${workSentences({ head: `${verb} ${select}`, join: then, stop, ...todo })}${fig}${ask}${rule}\n\n${tell}\n\n${sign}`;
      break;
    }
    default: {
      // a short story is the context: one reason, not two stacked
      // (a policy document covers one record type: its section's round is over these records alone)
      // (a near miss names the colleague who caught it: anyone on the team but the asker)
      const who = rng.pick(w.staff.filter((s) => s.first !== w.me.first)).first;
      const story = rng.pick(stories(p.plural, facts, rng, heading, 1, who));
      const take = `${select.startsWith('the') ? 'take' : 'go through'} ${select}`;
      // a long story is a sentence of its own, the ask after it
      const head = `${story}, so ${take}`.length > STORY_SEAM ? `${story}. Please ${take}` : `${story}, so ${take}`;
      text = `${greet} ${workSentences({ head, join: then, stop: '.', ...todo })}${fig}${ask}${rule} ${tell}\n\n${sign}`;
    }
  }
  return { text: tidy(text), clauses };
}

// the greetings that end in a comma: a sentence after one starts a new paragraph ("Good afternoon,\n\nThe …"),
// never "Good afternoon, The …"
const COMMA_GREETING = new RegExp(
  `^(${[
    ...new Set(
      Object.values(GREET)
        .flat()
        .filter((g) => g.endsWith(',')),
    ),
  ]
    .map(escapeRegex)
    .join('|')}) ([A-Z])`,
);

// spacing a template can leave (the linter refuses what is worse); after a greeting ending in a comma a new paragraph
function tidy(s: string): string {
  return s
    .replace(COMMA_GREETING, (_, g: string, c: string) => `${g}\n\n${c}`)
    .replace(/[ \t]+/g, ' ')
    .replace(/ ([,.;:?!])/g, '$1')
    .replace(/\n /g, '\n')
    .replace(/^\s+/, '');
}
