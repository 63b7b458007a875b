import { MONTHS, WEEKDAYS } from '../../schema/dates.js';

// A linter for the glitches templates leave in text a coworker would never write: unfilled slots, leaked
// code values, doubled words, "a" before a vowel, weekday and date pairs the calendar contradicts, a date
// named as upcoming that has passed, a promise to give something later that the task never gives.

/** One glitch: what it is and the words it was found in. */
export interface Lint {
  rule: 'slot' | 'code_value' | 'doubled_word' | 'article' | 'weekday' | 'past_date' | 'dangling' | 'punctuation';
  at: string;
}

const MONTH = new Map(MONTHS.map((m, i) => [m.toLowerCase(), i]));

/** Glitches in `text`, a text of a task whose clock starts at `today` (ISO). */
export function lintText(text: string, today: string): Lint[] {
  const out: Lint[] = [];
  // the glitch with a few words around it, so that it can be found
  const find = (rule: Lint['rule'], re: RegExp) => {
    for (const m of text.matchAll(re))
      out.push({ rule, at: text.slice(Math.max(0, (m.index ?? 0) - 30), (m.index ?? 0) + m[0].length + 30) });
  };
  find('slot', /\{[a-z_]+\}|\$\{|\[object Object\]/g);
  find('code_value', /\b(undefined|NaN|null)\b/g);
  find('doubled_word', /\b(the|a|an|to|of|and|in|for|is|that|with)\s+\1\b/gi);
  find('article', /\b[Aa] (?!uni|use|usu|eu|one|once)[aeiouAEIOU]\w*/g);
  find('punctuation', /[,;:]{2,}|\.\.(?!\.)|\s[,.;:](?!\d)/g);
  // "Thursday 12 March": the calendar of the task's year must agree
  const year = Number(today.slice(0, 4));
  for (const m of text.matchAll(
    /\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),? (\d{1,2}) ([A-Z][a-z]+)\b/g,
  )) {
    const month = MONTH.get((m[3] as string).toLowerCase());
    if (month === undefined) continue;
    const wd = WEEKDAYS[new Date(Date.UTC(year, month, Number(m[2]))).getUTCDay()];
    if (wd !== m[1]) out.push({ rule: 'weekday', at: m[0] });
  }
  // "before the review on 10 March" when 10 March is today or past
  const t = Date.parse(`${today.slice(0, 10)}T00:00:00Z`);
  for (const m of text.matchAll(/\b(?:before|by|until|on) the [a-z ]+ on (\d{1,2}) ([A-Z][a-z]+)\b/gi)) {
    const month = MONTH.get((m[2] as string).toLowerCase());
    if (month === undefined) continue;
    if (Date.UTC(year, month, Number(m[1])) <= t) out.push({ rule: 'past_date', at: m[0] });
  }
  find('dangling', /\b(?:the (?:file path|title|recipient|channel) I'll give you|as described below|see attached)\b/gi);
  return out;
}
