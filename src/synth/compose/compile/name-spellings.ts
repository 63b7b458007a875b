import { escapeRegex } from '../../../schema/text.js';
import type { Matcher } from '../../../schema/matchers.js';
import { lenient } from '../list-lines.js';
import { PARTNERS } from '../sources/multilingual-text.js';
import type { CheckDraft } from '../parts.js';

type Unweighted = CheckDraft & { id: string };

// the other spellings of a name in another script, by the name as written (a partner's romanised company name)
const LATIN = new Map(
  Object.values(PARTNERS).flatMap((ps) => ps.flatMap((x) => (x.latin?.length ? [[x.company, x.latin] as const] : []))),
);

// a spelling as a pattern in any case ("HUAXIN", "Huaxin Trading Co.")
const anyCase = (x: string) =>
  [...escapeRegex(x)]
    .map((c) => (c.toLowerCase() !== c.toUpperCase() ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c))
    .join('');

/**
 * A check that a deliverable names a record by its name, widened to the name's other spellings where it is written
 * in another script: a colleague listing Chinese and Japanese partners in an English CSV writes "Huaxin Trading" as
 * readily as 华信贸易有限公司, and both name the partner. Any other check is returned as it is.
 */
export function spelledEither(c: Unweighted, names: readonly string[]): Unweighted {
  for (const name of names) {
    const latin = LATIN.get(name);
    if (!latin) continue;
    // (a name alone, or beside its id on its line or item: list-lines.ts pairedLine)
    if (c.kind === 'file_matches' && c.text?.regex.includes(lenient(name))) {
      const either = `(?:${lenient(name)}|${latin.map(anyCase).join('|')})`;
      return { ...c, text: { ...c.text, regex: c.text.regex.split(lenient(name)).join(either) } };
    }
    if (c.kind === 'audit_present' && c.where)
      for (const [field, m] of Object.entries(c.where))
        if (m && typeof m === 'object' && 'contains' in m && m.contains === name)
          return {
            ...c,
            where: { ...c.where, [field]: { any_of: [m, ...latin.map((x): Matcher => ({ contains: x }))] } },
          } as Unweighted;
  }
  return c;
}
