import { languageOf } from '../grade/language.js';
import type { TaskSpec } from '../schema/task-spec.js';

// the languages a task's text is written in besides English (issue 28's multilingual share): the request and
// every fixture text of 40 characters or more. Only text with a letter beyond ASCII is read (an English note with
// a dash or a café's name is not given to the identifier; every other language the generator writes has accents
// or its own script).

function texts(x: unknown, out: string[]): string[] {
  if (typeof x === 'string') {
    if (x.length >= 40 && /(?![\x00-\x7f])\p{L}/u.test(x)) out.push(x);
  } else if (Array.isArray(x)) for (const v of x) texts(v, out);
  else if (x && typeof x === 'object')
    for (const [k, v] of Object.entries(x)) if (k !== 'png' && k !== 'wav') texts(v, out);
  return out;
}

/** The non-English languages (ISO 639-1) of a spec's request and fixtures, sorted. */
export function taskLanguages(spec: Pick<TaskSpec, 'request' | 'fixtures'>): string[] {
  const found = new Set<string>();
  for (const t of texts([spec.request, spec.fixtures], [])) {
    const lang = languageOf(t);
    if (lang && lang !== 'en') found.add(lang);
  }
  return [...found].sort();
}
