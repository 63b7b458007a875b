// the languages and matters of partners' messages (multilingual-text.ts writes them, multilingual-english.ts
// says what they say in English)

export const LANGS = ['Spanish', 'German', 'French', 'Chinese', 'Japanese'] as const;
export type Lang = (typeof LANGS)[number];
export const TOPICS = ['invoice', 'delivery', 'price', 'complaint'] as const;
export type Topic = (typeof TOPICS)[number];

/** ISO 639-1 code of each language (what a `language` matcher names). */
export const ISO: Readonly<Record<Lang, 'es' | 'de' | 'fr' | 'zh' | 'ja'>> = {
  Spanish: 'es',
  German: 'de',
  French: 'fr',
  Chinese: 'zh',
  Japanese: 'ja',
};

/** What a message is about: its order reference, a figure and a day it names, and how many units the order is for. */
export interface Matter {
  ref: string;
  amount: string;
  day: string;
  units?: number;
}
