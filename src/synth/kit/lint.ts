import { MONTHS, WEEKDAYS } from '../../schema/dates.js';
import { contradicted, dayOf } from './date-phrases.js';
import { cadence, leadDays, leadTime, windowsAhead } from './lead-time.js';
import { aOrAn, isPlural, PLURAL_IS } from './text.js';

// A linter for the glitches templates leave in text a coworker would never write: unfilled slots, leaked
// code values, doubled words, "a" before a vowel, weekday and date pairs the calendar contradicts, a date
// named as upcoming that has passed, a promise to give something later that the task never gives; and the
// seams of joined templates: an imperative asked as a question, a plural subject with a singular verb, a
// forwarded note whose writer asks to be asked, the same figure asked for twice, a line repeated under its
// heading, a date phrase ("the month is nearly over", "it's Friday") the task's day contradicts; and a policy
// section whose window ahead is shorter than the lead time its own words give the work, or longer than the rhythm
// they say it keeps.

/** One glitch: what it is and the words it was found in. */
export interface Lint {
  rule:
    | 'slot'
    | 'code_value'
    | 'doubled_word'
    | 'article'
    | 'weekday'
    | 'past_date'
    | 'dangling'
    | 'punctuation'
    | 'mood'
    | 'agreement'
    | 'forwarded'
    | 'doubled_ask'
    | 'repeated_line'
    | 'date_phrase'
    | 'history_date'
    | 'greeting'
    | 'lead_time'
    | 'cadence';
  at: string;
}

const MONTH = new Map(MONTHS.map((m, i) => [m.toLowerCase(), i]));

/**
 * Glitches in `text`, a text of a task whose clock starts at `today` (ISO), written in `lang` (ISO 639-1): a text in
 * another language than English is checked only for what no language writes (an unfilled slot, a leaked code
 * value, doubled punctuation), French keeping its space before ; : ? !.
 */
export function lintText(text: string, today: string, lang = 'en'): Lint[] {
  const out: Lint[] = [];
  // the glitch with a few words around it, so that it can be found
  const find = (rule: Lint['rule'], re: RegExp) => {
    for (const m of text.matchAll(re))
      out.push({ rule, at: text.slice(Math.max(0, (m.index ?? 0) - 30), (m.index ?? 0) + m[0].length + 30) });
  };
  find('slot', /\{[a-z_]+\}|\$\{|\[object Object\]/g);
  find('code_value', /\b(undefined|NaN|null)\b/g);
  if (lang !== 'en') {
    find('punctuation', lang === 'fr' ? /[,;:]{2,}|\.\.(?!\.)|\s[,.](?!\d)/g : /[,;:]{2,}|\.\.(?!\.)|\s[,.;:](?!\d)/g);
    return out;
  }
  find('doubled_word', /\b(the|a|an|to|of|and|in|for|is|that|with)\s+\1\b/gi);
  // a word doubled across a space or hyphen in a name or path ("Access review review procedure",
  // "legal-review-review.csv"); a record's id after its noun ("NCR NCR-9213", "job JOB-1250") is not one
  find('doubled_word', /\b(?!(?:the|and|for|that|with)\b)([A-Za-z]{3,})[ -]\1\b(?!-\d)/gi);
  // "For each of them, put each of those referrals on hold": the per-record wording given twice
  find('doubled_word', /\bfor each of them, [^.!?\n]*\beach of (?:those|them)\b/gi);
  // "a" before a word said with a vowel, plain or quoted ('a "Audit sample" pass'); an initialism by its letters.
  // A capital A inside a sentence is a letter, not the article ("the night shift at A and E")
  for (const m of text.matchAll(/\b[Aa] ["“‘']?([A-Za-z][\w-]*)/g))
    if (aOrAn(m[1] as string) === 'an' && !(m[0].startsWith('A') && /[a-z,] $/.test(text.slice(0, m.index))))
      out.push({ rule: 'article', at: m[0] });
  find('punctuation', /[,;:]{2,}|\.\.(?!\.)|\s[,.;:](?!\d)/g);
  // "Good afternoon, The claims were skipped": a greeting's comma runs into a sentence (a name may follow one)
  find(
    'greeting',
    /^(?:Hi|Hello|Hey|Hey there|Hi there|Hi again|Morning|Good (?:morning|afternoon|evening)|Dear [a-z]+), (?:The|We|Could|Can|Please|Let|Following|A|An|Our|I|This|Our)\b/gm,
  );
  // "Thursday 12 March": the calendar must agree, read in the year that puts the day nearest today (in early
  // January, "Wednesday 24 December" is last year's)
  const year = Number(today.slice(0, 4));
  const now = Date.parse(today);
  for (const m of text.matchAll(
    /\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),? (\d{1,2}) ([A-Z][a-z]+)\b/g,
  )) {
    const month = MONTH.get((m[3] as string).toLowerCase());
    if (month === undefined) continue;
    const near = [year - 1, year, year + 1]
      .map((y) => Date.UTC(y, month, Number(m[2])))
      .reduce((a, b) => (Math.abs(b - now) < Math.abs(a - now) ? b : a));
    const wd = WEEKDAYS[new Date(near).getUTCDay()];
    if (wd !== m[1]) out.push({ rule: 'weekday', at: m[0] });
  }
  // "before the review on 10 March" when 10 March is today or past
  const t = Date.parse(`${today.slice(0, 10)}T00:00:00Z`);
  for (const m of text.matchAll(/\b(?:before|by|until|on) the [a-z ]+ on (\d{1,2}) ([A-Z][a-z]+)\b/gi)) {
    const month = MONTH.get((m[2] as string).toLowerCase());
    if (month === undefined) continue;
    if (Date.UTC(year, month, Number(m[1])) <= t) out.push({ rule: 'past_date', at: m[0] });
  }
  // "Please go through the claims? For each of them, …": an imperative is not a question
  find('mood', /(?:^|[.!?:]\s+|\n)(?:Please|I need you to|Go through)\b[^.!?\n]*\?/g);
  // "This working instructions says", "its desk notes mentions", "every one of the claims … need attention"
  for (const m of text.matchAll(/\b(?:This|That) ((?:[a-z]+ )?[a-z]+) (?:says|is|has|applies|covers)\b/g))
    if (isPlural(m[1] as string)) out.push({ rule: 'agreement', at: m[0] });
  for (const m of text.matchAll(/\b[Ii]ts ((?:[a-z]+ )?[a-z]+) mentions\b/g))
    if (isPlural(m[1] as string)) out.push({ rule: 'agreement', at: m[0] });
  for (const m of text.matchAll(PLURAL_IS))
    if (m[2] !== 'of ' && isPlural(m[3] as string)) out.push({ rule: 'agreement', at: m[0] });
  find('agreement', /\b[Ee]very one of [^:.;?!\n]* need attention\b|\bis with(?:out)? (?:a|an|the|no)\b/g);
  // a quoted (forwarded) line asking the reader to ask its writer, who is not the one answering
  find('forwarded', /^>.*\bask me\b/gm);
  // a line repeated right under itself ("# Title" then "Title")
  find('repeated_line', /^(?:#+ )?(.+)\n\n?(?:#+ )?\1$/gm);
  // the same computed figure asked for twice
  const asks = [
    ...text.matchAll(
      /\b(?:their (?:average|combined) [a-z]+(?: [a-z]+)?|the (?:highest|lowest) [a-z]+(?: [a-z]+)? among them)\b/g,
    ),
  ].map((m) => m[0]);
  for (const a of new Set(asks.filter((a, i) => asks.indexOf(a) !== i))) out.push({ rule: 'doubled_ask', at: a });
  // the user asked to be asked for a destination twice: "(ask me where it goes) … so ask me before that step"
  const aside = /\((?:ask|check with) me\b[^)]*\)/.exec(text);
  if (aside && /\b(?:ask|ping|check with) me\b/.test(text.replace(aside[0], '')))
    out.push({ rule: 'doubled_ask', at: aside[0] });
  // a superseded version of a rule dated after it stopped applying: "Until 19 August … between 4 September and today"
  for (const m of text.matchAll(/\bUntil (\d{1,2}) ([A-Z][a-z]+),? the [^\n]*\bread:\n([\s\S]*?)(?:\n\n|$)/g)) {
    const month = MONTH.get((m[2] as string).toLowerCase());
    if (month === undefined) continue;
    let until = Date.UTC(year, month, Number(m[1]));
    if (until > t) until = Date.UTC(year - 1, month, Number(m[1]));
    for (const d of (m[3] as string).matchAll(/\b(\d{1,2}) ([A-Z][a-z]+)\b/g)) {
      const dm = MONTH.get((d[2] as string).toLowerCase());
      if (dm === undefined) continue;
      let when = Date.UTC(new Date(until).getUTCFullYear(), dm, Number(d[1]));
      if (when < until - 183 * 86_400_000) when = Date.UTC(new Date(until).getUTCFullYear() + 1, dm, Number(d[1]));
      if (when > until) out.push({ rule: 'history_date', at: `Until ${m[1]} ${m[2]} … ${d[0]}` });
    }
  }
  for (const phrase of contradicted(text, dayOf(today))) out.push({ rule: 'date_phrase', at: phrase });
  // a section of a policy (or a mail's one rule) that says its work needs weeks of notice and takes only what falls
  // due in the next 3 days: every record it takes is already too late for the reason it gives
  for (const section of text.split(/^## /m)) {
    const lead = leadTime(section, false);
    for (const days of windowsAhead(section))
      if (days < lead) out.push({ rule: 'lead_time', at: `${lead} days' lead time, a ${days}-day window` });
    // (a lead time in days is stated with its own window, in its paragraph: a mail's superseded version below it
    // had a window of its own)
    for (const para of section.split(/\n\s*\n/)) {
      const days = leadDays(para);
      for (const window of windowsAhead(para))
        if (window < days) out.push({ rule: 'lead_time', at: `${days} days' lead time, a ${window}-day window` });
    }
    // and one whose reason names a rhythm the window overruns ("the weekly run" beside the next 28 days)
    const every = cadence(section);
    for (const days of windowsAhead(section))
      if (days > every) out.push({ rule: 'cadence', at: `a ${every}-day cadence, a ${days}-day window` });
  }
  find('dangling', /\b(?:the (?:file path|title|recipient|channel) I'll give you|as described below|see attached)\b/gi);
  // "Above this amount …" with no amount stated before it in its section (the section's figure sits in a bullet
  // below, or nowhere): a line compared against must have been given
  for (const m of text.matchAll(/\b(?:[Aa]bove|[Bb]elow|[Oo]ver|[Uu]nder) this (?:amount|threshold|figure|limit)\b/g)) {
    const before = text.slice(0, m.index);
    const heading = before.lastIndexOf('\n#');
    const section = heading < 0 ? before : before.slice(before.indexOf('\n', heading + 1) + 1);
    if (!/\d/.test(section)) out.push({ rule: 'dangling', at: m[0] });
  }
  return out;
}

// a dated, one-off event ("the refit starts on Monday", "on leave that fortnight", "the survey next week"): true on
// one day, false in a standing policy that stays in force for months
const ONE_OFF =
  /\b(?:next (?:week|month|quarter)|(?:on|by|from|until) (?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)|that (?:fortnight|week)(?![’']s)|this (?:week|month|quarter|fortnight)|from now on|on the 1st|newly|is being (?:re|replaced|refitted)|under way|off sick|on leave|(?:the|this) (?:spring|summer|autumn|winter)\b(?! (?:barley|wheat|oats|beans|series|term)))/gi;

/** The words in `text` that tie it to one dated event, so it cannot stand as a standing policy's reason. */
export const oneOffEvents = (text: string): string[] => [...text.matchAll(ONE_OFF)].map((m) => m[0]);
