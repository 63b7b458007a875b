import { BoundedMap } from '../schema/bounded-map.js';
import { franc } from 'franc-min';
import type { LANGUAGES } from '../schema/matchers.js';

// which language a text is written in (franc, trigram statistics over 82 languages, restricted here to the ones a
// `language` matcher may name so that a short reply is not read as a near neighbour). Ids, numbers, addresses and
// quoted text do not count: a Spanish reply quoting an English order line is still Spanish.

type Lang = (typeof LANGUAGES)[number];

// the scripts written without spaces between words (Chinese, Japanese, Thai), as a character-class body
const UNSPACED_SCRIPTS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Thai}';

/** A character of a script written without spaces between words (Chinese, Japanese, Thai). */
export const UNSPACED = new RegExp(`[${UNSPACED_SCRIPTS}]`, 'u');

/** A letter of a script written with spaces ("Q" in "Q1", not "月" in "3月1日"). */
export const SPACED_LETTER = new RegExp(`[^\\P{L}${UNSPACED_SCRIPTS}]`, 'u');

/**
 * RegExp source (u flag) of a character that continues a word beside a short one: a letter or digit, but not one
 * of those scripts, so "CRM" stands as a word in "CRM系统" and not in "CRMs".
 */
export const WORD_CHAR = `(?:${SPACED_LETTER.source}|\\p{N})`;

const ISO3: Readonly<Record<Lang, string>> = {
  en: 'eng',
  es: 'spa',
  de: 'deu',
  fr: 'fra',
  it: 'ita',
  pt: 'por',
  nl: 'nld',
  zh: 'cmn',
  ja: 'jpn',
  ko: 'kor',
  ru: 'rus',
};
const ONLY = Object.values(ISO3);
const BY3 = new Map(Object.entries(ISO3).map(([k, v]) => [v, k as Lang]));

// the words of a text: no quoted lines, addresses, URLs, ids or numbers
function prose(text: string): string {
  return text
    .split('\n')
    .filter((l) => !/^\s*>/.test(l))
    .join('\n')
    .replace(/\S+@\S+|https?:\/\/\S+/g, ' ')
    .replace(/\b[A-Z]{1,5}-?\d[\w-]*\b/g, ' ')
    .replace(/[\d.,:/%€$£¥-]+/g, ' ');
}

// a grader asks again and again of the same drafts (the gate grades one spec a few dozen times): the last few
// texts' answers, a pure function of the text
const SEEN = new BoundedMap<string, Lang | undefined>(256);

/** The language of a text (ISO 639-1), or undefined when it is too short to tell (under 20 letters). */
export function languageOf(text: string): Lang | undefined {
  if (SEEN.has(text)) return SEEN.get(text);
  const lang = identify(text);
  SEEN.set(text, lang);
  return lang;
}

function identify(text: string): Lang | undefined {
  const words = prose(text);
  if (
    (words.match(/\p{L}/gu) ?? []).length < 20 &&
    !/[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]{6}/u.test(words)
  )
    return undefined;
  return BY3.get(franc(words, { only: ONLY, minLength: 6 }));
}

/** A sentence in each language (the consistency gate's synthetic text for a `language` matcher). */
export const SAMPLE: Readonly<Record<Lang, string>> = {
  en: 'Thank you for your message; we will look into it and reply tomorrow.',
  es: 'Gracias por su mensaje; lo revisaremos y le responderemos mañana.',
  de: 'Vielen Dank für Ihre Nachricht; wir prüfen das und antworten Ihnen morgen.',
  fr: 'Merci pour votre message ; nous allons vérifier et vous répondrons demain.',
  it: 'Grazie per il suo messaggio; lo verificheremo e le risponderemo domani.',
  pt: 'Obrigado pela sua mensagem; vamos verificar e responderemos amanhã.',
  nl: 'Bedankt voor uw bericht; we kijken ernaar en antwoorden u morgen.',
  zh: '感谢您的来信，我们会尽快核实并于明天答复您。',
  ja: 'ご連絡ありがとうございます。確認のうえ、明日ご返信いたします。',
  ko: '메시지 감사합니다. 확인 후 내일 답변 드리겠습니다.',
  ru: 'Спасибо за ваше сообщение; мы всё проверим и ответим завтра.',
};
