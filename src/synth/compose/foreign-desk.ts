import type { Program } from './compile/records.js';
import {
  DESK,
  type DeskAction,
  type DeskDeliverable,
  type DeskFigure,
  type Destination,
  type PointerKind,
} from './desks/index.js';
import { answerBy, desks, GLOSSARY } from './language-actions.js';
import type { Rec } from './parts.js';
import type { RenderedRequest } from './render.js';
import { type Lang, LANGS } from './sources/multilingual-kinds.js';

// A request from a colleague on one of the partner-language desks, written in that desk's language (issue 28):
// the messages a section of a document covers, one piece of language work on each (a reply in the sender's
// language, an English translation, routing to the language's desk), and a figure. The colleague is also the
// simulated user, and writes in the same language when a message changes mid-task or when asked where the
// deliverable goes. Only tasks whose every part the desk texts cover are written this way: one action, perhaps a
// deliverable, no second action, join or trap, a rule in a document.

const ACTIONS: readonly string[] = [
  'reply_in_language',
  'translate_message',
  'route_by_language',
] satisfies DeskAction[];
const FIGURES: readonly string[] = ['count', 'sum', 'max', 'min', 'mean'] satisfies DeskFigure[];
const POINTERS: readonly string[] = ['kb', 'gmail', 'notes', 'workspace', 'web'] satisfies PointerKind[];
const DELIVERABLES: readonly string[] = [
  'report_table',
  'report_doc',
  'web_page',
  'summary_mail',
  'ops_notification',
  'digest_post',
] satisfies DeskDeliverable[];
// of the tasks a desk could write, the share it does: the others stay with the English-writing requester
const SHARE = 0.6;

/** The language the request of `p` is written in when a desk colleague writes it (drawn only for one it can). */
export function deskLanguage(p: Program): Lang | undefined {
  const { recipe, w } = p;
  const fits =
    recipe.source.name === 'partner_mails' &&
    (recipe.action ? ACTIONS.includes(recipe.action.name) : !!recipe.aggregate) &&
    !recipe.branch &&
    !recipe.join &&
    !recipe.trap &&
    (!recipe.aggregate || (DELIVERABLES.includes(recipe.aggregate.name) && !!p.dest)) &&
    !!p.policy &&
    POINTERS.includes(recipe.policy.service ?? '') &&
    FIGURES.includes(recipe.computation.name) &&
    // the desks ask an average to two decimals: only one the size that is asked so (computations.ts)
    (recipe.computation.name !== 'mean' || /\.\d\d$/.test(p.fact));
  if (!fits || !w.rng.chance(SHARE)) return undefined;
  return w.rng.pick(LANGS);
}

/**
 * The request in the desk's language, with the clauses the checks trace to (each verbatim in the text); `figure`:
 * the deliverable states the figure, and the reply is asked to repeat it.
 */
export function deskRequest(p: Program, lang: Lang, figure: boolean): RenderedRequest {
  const { w, recipe } = p;
  const t = DESK[lang];
  const rng = w.rng;
  const title = p.policyTitle;
  // where the policy part reads it: a workspace file's path, an intranet page's URL
  const read = recipe.policy.reads(title).at(-1)?.args ?? {};
  const pointer = t.pointer[recipe.policy.service as PointerKind](title, String(read.path ?? read.url ?? ''));
  const select = rng.pick(t.select)(p.policy?.section ?? '', pointer);
  const fill: Record<string, string> = {
    by: t.day(answerBy(w)),
    glossary: GLOSSARY,
    desks: desks(w)
      .map(([l, person]) => `${t.languages[l]}: ${person.name}, ${person.email}`)
      .join('; '),
  };
  const action = recipe.action
    ? rng.pick(t.actions[recipe.action.name as DeskAction]).replace(/\{(\w+)\}/g, (m, k: string) => fill[k] ?? m)
    : undefined;
  const name = recipe.computation.name as DeskFigure;
  const asked = t.ask[name];
  const made = deliverable(p, t, figure ? t.ending(name === 'count' ? t.count : asked) : '');
  // a deliverable that is the only work has nothing to follow: "然后" / "そのうえで、" (then) go
  const aggregate = action ? made : made?.replace(/^(?:然后|そのうえで、)/, '');
  // the figure is asked for once: in the deliverable, and then the reply refers back to it
  const question = aggregate && figure ? rng.pick(t.repeat) : asked;
  const hour = new Date(w.today).getUTCHours();
  const greet = rng.pick([...t.greet, ...(hour < 12 ? t.morning : [])]);
  const work = [action, aggregate].filter(Boolean).join(t.then);
  const tell = aggregate && figure ? question : rng.pick(t.tell)(question);
  // the colleague alone knows where the deliverable goes: the request says to ask first
  const destination = recipe.interaction === 'ask' ? recipe.aggregate?.destination : undefined;
  const ask = destination ? t.asking.first[destination as Destination] : undefined;
  const body = [rng.pick(t.why), rng.pick(t.body)(select, work), ...(ask ? [ask] : []), rng.pick(t.where), tell];
  const text = `${greet}\n\n${body.join(t.space)}\n\n${rng.pick(t.sign)}\n${w.me.name}`;
  return {
    text,
    clauses: {
      select,
      question,
      ...(action ? { action } : {}),
      ...(aggregate ? { aggregate } : {}),
      ...(ask ? { ask } : {}),
    },
  };
}

/** How the agent asks the desk colleague where the deliverable goes (the reference's question). */
export const deskQuestion = (lang: Lang, destination: string): string =>
  DESK[lang].asking.question[destination as Destination];

/** What the colleague answers to it, and the words that tell them it was asked. */
export function deskAnswer(lang: Lang, value: string): { say: string; keywords: readonly string[] } {
  return { say: DESK[lang].asking.use(value), keywords: DESK[lang].asking.keywords };
}

// the deliverable clause, its destination written as the language has it (`tail`: it ends with the figure)
function deliverable(p: Program, t: (typeof DESK)[Lang], tail: string): string | undefined {
  const agg = p.recipe.aggregate;
  if (!agg || !p.dest) return undefined;
  const d = t.deliver[agg.name as DeskDeliverable];
  const value = p.dest.value;
  const who = p.w.staff.find((s) => s.email === value)?.name ?? value;
  const dest = p.recipe.interaction === 'ask' ? t.asking.unnamed[agg.name as DeskDeliverable] : d.dest(value, who);
  return `${p.w.rng.pick(d.phrases).replace('{dest}', dest).replace('{name}', t.company)}${tail}`;
}

/** The reply the reference ends with, in the desk's language: the figure, labelled. */
export function deskClosing(p: Program, lang: Lang): string {
  const t = DESK[lang];
  return p.w.rng.pick(t.closing)(deskFigureLabel(p, lang), p.fact);
}

/** The figure's label in the desk's language ("Total de unidades pedidas"). */
export const deskFigureLabel = (p: Program, lang: Lang): string =>
  DESK[lang].label[p.recipe.computation.name as DeskFigure];

/**
 * What the colleague says when a message changed mid-task (`ref`: the order it is about, as they name it): what
 * happened to it, never that it now qualifies.
 */
export function deskChange(p: Program, lang: Lang, ref: string, set: Rec): string {
  const { change } = DESK[lang];
  const what = Object.entries(set).map(([k, v]) =>
    k === 'is_read' ? change.read(v === true) : change.received(String(v).slice(0, 10)),
  );
  return change.note(p.w.rng.pick(change.opener), ref, p.w.rng.pick(change.how), what.join(change.join));
}

/** The colleague's last word. */
export const deskWrapUp = (lang: Lang): string => DESK[lang].wrapUp;
