import type { Lang } from '../sources/multilingual-kinds.js';
import { CHINESE } from './chinese.js';
import { FRENCH } from './french.js';
import { GERMAN } from './german.js';
import { JAPANESE } from './japanese.js';
import { SPANISH } from './spanish.js';
import type { DeskText } from './types.js';

export type { DeskAction, DeskDeliverable, DeskFigure, DeskText, Destination, PointerKind } from './types.js';

/** What a colleague on each partner-language desk writes (one file per language). */
export const DESK: Readonly<Record<Lang, DeskText>> = {
  Spanish: SPANISH,
  German: GERMAN,
  French: FRENCH,
  Chinese: CHINESE,
  Japanese: JAPANESE,
};
