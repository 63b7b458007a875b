import type { Lang } from '../sources/multilingual-kinds.js';

// what a colleague on a partner-language desk writes, in that language: the request's parts (greeting, why now,
// which messages under which section of which document, what to do with each, the question), the reply the work
// ends with, and what they say when a message changes. Written as a native colleague would write them; the English
// document titles, sections and glossary terms stay English, as names do in an international office.

/** The kinds of document a rule is written in (policies.ts), by service. */
export type PointerKind = 'kb' | 'gmail' | 'notes' | 'workspace' | 'web';
/** The figures a desk request asks for (computations.ts names). */
export type DeskFigure = 'count' | 'sum' | 'max' | 'min' | 'mean';
/** The per-message work a desk request asks for (language-actions.ts names). */
export type DeskAction = 'reply_in_language' | 'translate_message' | 'route_by_language';
/** The deliverables over the whole selection a desk request asks for (aggregates.ts names). */
export type DeskDeliverable =
  | 'report_table'
  | 'report_doc'
  | 'web_page'
  | 'summary_mail'
  | 'ops_notification'
  | 'digest_post';

/** What a deliverable's destination is (aggregates.ts `destination`). */
export type Destination = 'file path' | 'recipient' | 'channel' | 'title';

/** A deliverable in one language: where it goes (from the destination's value) and what to put in it. */
interface Deliver {
  dest: (value: string, person: string) => string;
  /** {dest}, {name}: the destination and the label of the partner's name */
  phrases: readonly string[];
}

export interface DeskText {
  /** a day (ISO) as the desk writes it in running text ("el viernes 4 de diciembre") */
  day: (iso: string) => string;
  greet: readonly string[];
  /** greetings that belong to the morning */
  morning: readonly string[];
  sign: readonly string[];
  why: readonly string[];
  where: readonly string[];
  /** the document that holds the rule, from its title and where it is read (a file's path, a page's URL) */
  pointer: Record<PointerKind, (title: string, at: string) => string>;
  select: readonly ((section: string, pointer: string) => string)[];
  actions: Record<DeskAction, readonly string[]>;
  /** the languages as the desk names them, for the routing list */
  languages: Record<Lang, string>;
  ask: Record<DeskFigure, string>;
  /** a count, as a deliverable ends with it ("ending with the count") */
  count: string;
  /** words a reply puts beside the figure ("Total de unidades: 1.360"), for the answer check */
  figureWords: readonly string[];
  /** whether the language writes 1.360,50 (a comma before the decimals) */
  decimalComma: boolean;
  deliver: Record<DeskDeliverable, Deliver>;
  /** what the partner's name is called in a deliverable */
  company: string;
  /** the action and the deliverable in one clause */
  then: string;
  /** a deliverable that ends with the figure */
  ending: (figure: string) => string;
  /** asking for the figure again in the reply, when the deliverable states it */
  repeat: readonly string[];
  /** when the colleague alone knows where the deliverable goes: the agent must ask (aggregates.ts destinations) */
  asking: {
    /** the deliverable without its destination, in the form its phrase takes */
    unnamed: Record<DeskDeliverable, string>;
    /** the request's line: ask me for it first */
    first: Record<Destination, string>;
    /** how an agent asks for it (the reference's question) */
    question: Record<Destination, string>;
    /** words of any such question, for the simulated colleague to recognise it */
    keywords: readonly string[];
    /** the colleague's answer */
    use: (value: string) => string;
  };
  /** the request's body: the select clause and the action in one sentence */
  body: readonly ((select: string, action: string) => string)[];
  tell: readonly ((question: string) => string)[];
  /** the agent's closing reply: the figure's label and the figure */
  label: Record<DeskFigure, string>;
  closing: readonly ((label: string, fact: string) => string)[];
  change: {
    opener: readonly string[];
    how: readonly string[];
    /** `ref`: the order the message is about, as the colleague names it */
    note: (opener: string, ref: string, how: string, what: string) => string;
    read: (yes: boolean) => string;
    received: (day: string) => string;
    /** between two things that changed */
    join: string;
  };
  wrapUp: string;
  /** the language's sentence end, and what joins two sentences */
  space: string;
}

/** A day's weekday, day and month in `locale` ("viernes, 4 de diciembre", "12月4日金曜日"). */
export const weekdayDay = (locale: string, iso: string): string =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T12:00:00Z`),
  );
