import { countWord, escapeRegex, figureNumber, wholeNumber } from '../../../schema/text.js';
import { factPattern, isNumber, numberVariants } from '../../kit/money.js';
import { type Rule, selects, sparedByException } from '../../rules/rule.js';
import type { Rec } from '../parts.js';
import type { Program } from './records.js';

// The wrong figures the task itself sets up, each one an agent may hedge with beside the right one ("66 combined;
// 65 if you exclude staging"): the figure without the section's exception, under the version of the section its
// History quotes, or over every record in the list. A reply that states the right figure and one of these has not
// decided which is right: the figure's check fails it. Not the figure before the user's change nor the other
// groups' counts: a careful reply may well say them ("60 before Amara's update, 66 now"; "2 are live blogs, the
// other 3 features"), and a grade must not fail right work written another way.

const COUNTS = new Set(['count', 'count_excepted']);

// the figure over a set of records, by the task's own computation; a count under a further condition keeps its
// line (the field and the value the question names), whatever records it is read over
function figureOver(p: Program): (recs: Rec[]) => string | undefined {
  const c = p.recipe.computation;
  if (c.name === 'count_where') {
    const field = c.by?.(p.selected, p.src);
    if (!field) return () => undefined;
    const flag = p.src.fields.find((m) => m.field === field)?.kind === 'flag';
    const v = flag ? true : p.selected[0]?.[field];
    return (recs) => String(recs.filter((r) => r[field] === v).length);
  }
  return (recs) => (recs.length ? c.value(recs, p.src, p.w) : undefined);
}

/**
 * The plausible wrong values of the asked figure, written as the figure is (never the right one, nor the number
 * of records handled or listed, which a correct reply gives beside it).
 */
export function wrongFigures(p: Program): string[] {
  const over = figureOver(p);
  const { rule, selected, distractors } = p;
  const today = p.w.today;
  const all = [...selected, ...distractors];
  const out: (string | undefined)[] = [];
  const spared = distractors.filter((r) => sparedByException(rule, r, today));
  if (spared.length) out.push(over([...selected, ...spared]));
  const old = p.policy?.old;
  if (old) out.push(over(all.filter((r) => selects(old, r, today))));
  // (a count over every record is the length of the list, which a reply may well say)
  if (!COUNTS.has(p.recipe.computation.name)) out.push(over(all));
  // (nor, for a count of the handled records that meet a further condition, the count of those that do not: "1 is on
  // TikTok, the other two on Instagram" is a right reply, review 45: 34 of 225 such tasks failed it)
  const split = p.recipe.computation.name === 'count_where' || p.recipe.computation.name === 'count_beyond';
  const natural = new Set([
    Number(p.fact),
    selected.length,
    all.length,
    ...(split ? [selected.length - Number(p.fact)] : []),
  ]);
  return [...new Set(out.filter((x): x is string => x !== undefined && isNumber(x) && !natural.has(Number(x))))];
}

// a number standing on its own in a text (not inside an id, a longer number or a date's digits)
const STANDALONE = /(?<![\w.,:/-])\d[\d,]*(?:\.\d+)?(?![\w:/-]|[.,]\d)/g;

/**
 * The `none` clause of the figure's check: each wrong figure the task sets up, written as the figure is, where no
 * text of the task states that number (the request, its documents, the user's messages, the reference's own
 * words and deliverables: a correct reply may repeat any of them). A larger figure is matched in digits anywhere in
 * the reply, a small count only beside the question's words (an incidental "2" or "one" is no figure). Returns the
 * clause and the wrong figures it guards against.
 */
export function hedgeGuard(
  wrong: readonly string[],
  texts: readonly string[],
  f: {
    money: boolean;
    names: readonly string[];
    keys: readonly string[];
    nouns: readonly string[];
    comma: boolean;
    right: string;
  },
): { none: string[]; wrong: string[] } | undefined {
  const said = new Set(texts.flatMap((t) => (t.match(STANDALONE) ?? []).map((x) => Number(x.replace(/,/g, '')))));
  const guarded = wrong.filter((x) => !said.has(Number(x)));
  if (!guarded.length) return undefined;
  const explained = committedAfter(f.right, f.money, f.comma);
  const none = guarded.flatMap((x) => {
    // (a small number turns up in a right reply for many reasons, "2 of them were excluded": only beside the
    // question's words)
    const small = /^\d{1,2}$/.test(x) && Number(x) <= 20;
    const pattern = small
      ? factPattern(x, f.money, f.names, f.keys, f.nouns, f.comma)
      : figureNumber(numberVariants(x, f.money, f.comma), f.names, { digits: true });
    return [`${DENIED}(?:${pattern})${explained}`];
  });
  return { none, wrong: guarded };
}

// a wrong figure the reply says is not the answer commits to the right one: "2,746 (not 4849)", "rather than 4,849"
// (review 56: such a reply failed the figure's check)
const DENIED = '(?<!\\b(?:not|rather[ \\t]+than|instead[ \\t]+of)[ \\t]+(?:[$€£¥][ \\t]?)?)';

// A wrong figure that the same sentence goes on to take something from and settle on the right one is reasoning
// shown, not a hedge: "6 beds have a hoist, but 2 of them are in Bay 3, so I handled 4" (review 40: such a reply
// failed the figure's check). A hedge sets the wrong figure beside the right one without that ("4, or 6 depending
// on how they are counted") and still fails.
const SETTLES = '(?:but|minus|less|excluding|except|leaving|leaves|so|which leaves|that leaves)';
function committedAfter(right: string, money: boolean, comma: boolean): string {
  const word = countWord(right);
  const spelled = [...numberVariants(right, money, comma).map(wholeNumber), ...(word ? [`\\b${word}\\b`] : [])];
  return `(?![^.!?\\n]{0,200}?\\b${SETTLES}\\b[^.!?\\n]{0,200}?(?:${spelled.join('|')}))`;
}

/**
 * The figure given as one of two: "2 or 3", "either two or three", "2, or maybe 3 if you count JOB-1589", "3267, or
 * 4947 with Timesheet Filler", "5.0, or 6.5" — a hedge whatever the other number is, also where the task sets up no
 * wrong figure to guard by name (review 54: "Either 2 or 3 of those entries mention medical evidence" passed a check
 * with no `none`; review 55: a comma before the "or", or a figure over twenty, passed every check). "2 or more" is
 * no hedge, and neither is the figure written twice ("3 (or three)", "1250, or 1,250.00").
 */
export function orHedge(right: string, money = false, comma = false): string | undefined {
  if (!isNumber(right)) return undefined;
  const word = countWord(right);
  const me = `(?:${[...numberVariants(right, money, comma).map(escapeRegex), ...(word ? [`\\b${word}\\b`] : [])].join('|')})`;
  // (not the figure again, whichever way it is written, nor a share of something: "3 of the 9, or 33%")
  const other = `(?!${me}${AFTER})${ANY_NUMBER}`;
  return [`${BEFORE}${me}${UNIT}${OR}${other}${AFTER}(?![ \\t]*%)`, `${BEFORE}${other}${UNIT}${OR}${me}${AFTER}`].join(
    '|',
  );
}

// a number standing on its own (not inside an id, a date or a longer number), in digits or as a word up to twenty,
// after an optional currency sign
const BEFORE = '(?<![\\w.,/:-])(?:[$€£¥][ \\t]?)?';
const AFTER = '(?![\\w/:-]|[.,]\\d)';
const ANY_NUMBER = `(?:\\d(?:[\\d.,]*\\d)?|\\b(?:${Array.from({ length: 21 }, (_, i) => countWord(String(i))).join('|')})\\b)`;
// a unit the first number may carry ("60 minutes, or 100"), then the "or" with what softens it ("or maybe", "(or
// about"), then the second number's currency sign
const UNIT = '(?:[ \\t]*%|[ \\t]+[a-z]+)?';
const OR = `[ \\t]*[,;]?[ \\t]*\\(?[ \\t]*or[ \\t]+(?:(?:maybe|perhaps|possibly|else|even|rather|just|about|around|roughly|approximately|nearly|up[ \\t]+to)[ \\t]+)?(?:[$€£¥][ \\t]?)?`;
