import type { Step } from '../../kit/checks.js';
import { countWord } from '../../../schema/text.js';
import { capitalise } from '../../kit/text.js';
import type { Rec } from '../parts.js';
import { actionContext, actionFor, step } from './context.js';
import { routeSaid, routeStep } from './figure-route.js';
import type { Program } from './records.js';
import { REVIEW_TAGS } from '../purposes.js';
import { goesPublic } from '../audience.js';
import { dayMonthYear } from '../../kit/dates.js';
import { deskClosing, deskFigureLabel, deskQuestion } from '../foreign-desk.js';
import { PRECISION } from '../computations.js';
import type { Lang } from '../sources/multilingual-kinds.js';

// phase 2, reference: the program executed — find and read the rule, list the candidates, open each selected
// record (and what it joins to), act on it, act on the selection, answer with the computed fact.

/** Phase 2: the reference solution. */
export function referenceOf(p: Program, lang?: Lang): Step[] {
  const { recipe, src, w } = p;
  const ref: Step[] = [];
  for (const s of recipe.policy.reads(p.policyTitle)) ref.push(step(s));
  // (the closure days its working-day count skips, in the list the policy points to)
  for (const s of p.policy?.closures?.reads ?? []) ref.push(step(s));
  for (const s of src.list(w)) ref.push(step(s));
  const handle = (rec: Rec) => {
    if (src.get) ref.push(step(src.get(rec)));
    if (recipe.join) ref.push(step(recipe.join.get(rec, p.ownerOf(rec))));
    // over the section's cap on the batch's total, none of the work is done: the list goes for sign-off
    const action = p.route?.over ? undefined : actionFor(p, rec);
    if (action) ref.push({ call: action.tool, args: action.args(actionContext(p, rec)) });
  };
  if (recipe.interaction === 'ask' && recipe.aggregate)
    ref.push({
      ask: lang
        ? deskQuestion(lang, recipe.aggregate.destination)
        : `Which ${recipe.aggregate.destination} should I use for the summary?`,
    });
  for (const rec of p.selected) handle(rec);
  const held = routeStep(p);
  if (held) ref.push(held);
  if (recipe.aggregate && p.dest)
    ref.push({
      call: recipe.aggregate.tool,
      args: recipe.aggregate.args(
        p.selected,
        src,
        p.dest.value,
        // the figure only where the request asks for it there
        p.figured ? figureLine(p, lang) : '',
        w,
        // what the list is for, as the policy files it ("Follow-up: orders"); a desk's stays "Summary"
        lang ? undefined : heading(p),
      ),
    });
  // the answer states the fact alone: it does not list every record it looked at
  ref.push({ say: lang ? deskClosing(p, lang) : closing(p) });
  return ref;
}

// the deliverable's heading: what the list is for where the request says it (the section of the policy it names,
// the work it asks for), otherwise — and always on a public page, which shows no internal work — the records and
// the day ("Boosters, 1 September 2026")
function heading(p: Program): string {
  const noun = p.src.noun[1];
  const outward = goesPublic(p);
  if (!outward && (p.policy || !REVIEW_TAGS.includes(p.tag))) return `${p.tag}: ${noun}`;
  return p.w.rng.pick([capitalise(noun), `${capitalise(noun)}, ${dayMonthYear(p.w.today)}`]);
}

// the deliverable's closing line: the figure with what it is, as the request asked for it ("Average order value
// (USD): 7955.00", "Number of field plots: 4"), a desk's in its language; the list it closes is the selection itself
function figureLine(p: Program, lang?: Lang): string {
  if (lang) return `${deskFigureLabel(p, lang)}: ${p.fact}`;
  return `${capitalise(figureAsked(p))}: ${shown(p)}`;
}

// the figure as written for a reader: an amount of money with its cents (258.30, not 258.3); the checks accept both
function shown(p: Program): string {
  const money = /^[A-Z]{3}$/.test(p.src.measure?.unit ?? '') && p.recipe.computation.needsMeasure;
  return money && /^-?\d+\.\d$/.test(p.fact) ? `${p.fact}0` : p.fact;
}

// what the figure is, as the request asked for it, for a line of its own ("average order value (USD)")
function figureAsked(p: Program): string {
  return p.recipe.computation
    .ask(p.src, p.selected)
    .replace(PRECISION, '')
    .replace(/ you handled\b/, '')
    .replace(/ you (?=ruled|checked|looked)/, ' ')
    .replace(/^(?:the|their) /, '');
}

// small counts as a person writes them in a reply: "three", "both", "no"; from thirteen on in figures
const inWords = (n: number) => (n === 0 ? 'no' : n <= 12 ? (countWord(String(n)) ?? String(n)) : String(n));

// the closing reply in one of several wordings, in the agent's voice ("you handled" becomes "I handled"); the
// records it worked through are counted as a person would ("both market reports", "all five", "the one referral")
function closing(p: Program): string {
  const { src, w } = p;
  const n = p.selected.length;
  const [one, many] = src.noun;
  const group = n === 1 ? `the one ${one}` : n === 2 ? `both ${many}` : `all ${inWords(n)} ${many}`;
  const these = n === 1 ? `the ${one}` : `the ${inWords(n)} ${many}`;
  const are = n === 1 ? 'is' : 'are';
  const q = p.recipe.computation.ask(src, p.selected).replace(/\byou (?=handled|ruled|checked|looked)/, 'I ');
  // "their average fee, to two decimals comes to" reads wrong: the precision belongs to the ask, not the answer
  const bare = q.replace(PRECISION, '');
  const fact = shown(p);
  const rng = w.rng;
  const Bare = capitalise(bare);
  // what was done, said as a person reports it (no more than "handled": the reply never claims work it did not do);
  // records only looked at and written up were not "done" or "sorted"
  const looked = [
    `I've been through ${group}.`,
    `I've gone through ${group}.`,
    ...(p.recipe.aggregate ? [`${capitalise(these)} ${are} written up.`] : [`I've looked at ${group}.`]),
    '',
  ];
  const done = rng.pick(
    p.recipe.action && !p.route?.over
      ? [
          `Done — ${group} ${are} handled.`,
          `I've worked through ${group}.`,
          `That's ${group} dealt with.`,
          `${capitalise(these)} you asked about ${are} done.`,
          `${n === 1 ? 'That one is' : n === 2 ? 'Both are' : `All ${inWords(n)} are`} done now.`,
          `I've been through ${group}.`,
          `Finished with the ${n === 1 ? one : many}.`,
          `Right, ${group} ${are} sorted.`,
          `${capitalise(group)}: done.`,
          '',
        ]
      : looked,
  );
  // the figure, in one of several ways of giving a number back (never right after "at": a record named "… at 17"
  // makes the answer's pattern refuse a number read after that word)
  const figure = rng.pick([
    `${capitalise(q)}: ${fact}.`,
    `${Bare} comes to ${fact}.`,
    `${Bare} is ${fact}.`,
    `For your notes, ${bare} is ${fact}.`,
    `You asked for ${bare}: it's ${fact}.`,
    `${Bare} works out to ${fact}.`,
    `On the figure: ${bare} is ${fact}.`,
  ]);
  // and what the figure decided, where the section caps it (figure-route.ts)
  const said = (done && rng.chance(0.75) ? `${done} ${figure}` : done ? `${figure} ${done}` : figure).trim();
  return p.route ? `${said} ${routeSaid(p)}` : said;
}
