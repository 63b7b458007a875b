import { escapeRegex } from '../../schema/text.js';

// How a deliverable's list is read for one record: its name spelled as a file may spell it, and its id beside its
// name on the record's own line (a bullet, a CSV row) or, in an HTML page, its own item or row.

/**
 * A name as a file may spell it (a pattern): an HTML page escapes "&" and may write an apostrophe as an entity; a typed
 * straight quote is as good as a curly one, and a hyphen as an en or em dash. A short name (a ticker: "UL", "NEE") is
 * found only as a word of its own, as `contains` finds one (grade/match.ts `textHas`): never inside "rulebook",
 * "needs" or an HTML tag's `<ul>`.
 */
export const lenient = (x: string) => {
  const p = escapeRegex(x)
    .replace(/&/g, '&(?:amp;)?')
    .replace(/['\u2018\u2019]/g, "(?:['\u2018\u2019]|&#0?39;|&#x27;|&apos;|&[lr]squo;|&#821[67];)")
    // (a dash as any dash: "Fenwick Biotech – trade mark infringement" typed with a hyphen is the same name, review 49)
    .replace(/[-\u2013\u2014]/g, '(?:[-\u2013\u2014]|&[nm]dash;|&#821[12];)')
    .replace(/["\u201c\u201d]/g, '(?:["\u201c\u201d]|&quot;|&[lr]dquo;)');
  return SHORT_NAME.test(x) ? `(?<![0-9A-Za-z\u00c0-\u024f</])${p}(?![0-9A-Za-z\u00c0-\u024f>])` : p;
};
const SHORT_NAME = /^[A-Za-z]{1,4}$/;
/**
 * A pattern for one record's line of a list: its id and its name on one line (a bullet, a CSV row, a list item), in
 * either order. A list that holds every id and every name but pairs them wrongly is not the list asked for, though
 * each would be found somewhere in it. The id stands alone ("T-1" is not the start of "T-12"). In an HTML page a
 * record's item or row may span lines (`<tr>` with a `<td>` on each): the name may follow its id on later lines, up
 * to the end of that item or row and never past another record's id (`others`); review 39 found a correct page
 * laid out that way failing every such check.
 */
export const pairedLine = (id: string, name: string, page?: { others: readonly string[] }) => {
  // (an id as written: "PR-4326" is no name a typist spells with another dash)
  const alone = (x: string) => `(?<![0-9A-Za-z])${escapeRegex(x)}(?![0-9A-Za-z])`;
  const i = alone(id);
  const n = lenient(name);
  if (!page) return `${i}[^\\n]*${n}|${n}[^\\n]*${i}`;
  // (the other ids under one pair of guards, as one alternation: the same matches as a guarded pattern per id, in a
  // pattern a third the size, which every character of a page tests)
  const others = page.others.filter((o) => o !== id).map(escapeRegex);
  const stop = [
    '<\\/?(?:li|tr)\\b',
    ...(others.length ? [`(?<![0-9A-Za-z])(?:${others.join('|')})(?![0-9A-Za-z])`] : []),
  ].join('|');
  // (a name before its id, a row's cells each on a line, stays inside one block too: a card's heading names its id)
  const block = `${stop}|<\\/?(?:div|p|h[1-6]|dt|dd|section|article)\\b`;
  return `${i}(?:(?!${stop})[\\s\\S]){0,600}?${n}|${n}(?:(?!${block})[\\s\\S]){0,600}?${i}`;
};
/** What pairedLine needs of a deliverable at `path`: the other records' ids where it is an HTML page. */
export const pageOf = (path: string, others: readonly string[]) => (/\.html?$/i.test(path) ? { others } : undefined);
