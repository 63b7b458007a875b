import type { Rec, SourcePart, World } from '../parts.js';

// two records of a task never carry one note word for word (a desk writes each one): a repeated text is written
// again, mentioning exactly the terms it did, so no condition on it changes; a few tries, else it stays
export function distinctTexts(
  records: Rec[],
  src: SourcePart,
  x: { rng: World['rng']; today: string; vocab: World['vocab'] },
) {
  for (const m of src.fields) {
    if (m.kind !== 'text') continue;
    const says = (text: string) => m.terms.filter((t) => text.toLowerCase().includes(t.toLowerCase()));
    const seen = new Set<string>();
    for (const rec of records) {
      const text = rec[m.field];
      if (typeof text !== 'string') continue;
      if (seen.has(text)) {
        const terms = says(text);
        const want = terms.join('\u0000');
        for (let k = 0; k < 6; k++) {
          const alt = m.write(x.rng, terms[0], x.vocab, m.ofRecord ? rec : undefined);
          if (!seen.has(alt) && says(alt).join('\u0000') === want) {
            rec[m.field] = alt;
            break;
          }
        }
      }
      seen.add(rec[m.field] as string);
    }
  }
}

const TITLES =
  /title|headline|finding|\bitem\b|(?:job|skill|workflow|experiment|table|integration|product|matter) name/;

// two records of one task never share a name: a list a check reads by name would credit the wrong one. A name the
// rule reads is left as drawn; another repeat is told apart as a system shows one ("Home feed latency spike (2)")
export function distinctNames(records: Rec[], src: SourcePart): void {
  const f = src.nameField?.field;
  if (!f || src.fields.some((m) => m.field === f && m.rule !== false)) return;
  // titles only: two referrals for one patient, two trades with one broker are real
  if (!TITLES.test(src.nameField?.label ?? '')) return;
  const seen = new Map<string, number>();
  for (const rec of records) {
    const v = rec[f];
    if (typeof v !== 'string') continue;
    const n = (seen.get(v) ?? 0) + 1;
    seen.set(v, n);
    if (n > 1) rec[f] = `${v} (${n})`;
  }
}

/**
 * Once a task's records hold their final rule fields, each text written about its record (TextModel.ofRecord) is
 * written again for it, after `src.settle` fits its title: a ticket's description is about its own title and
 * category, an article's body about its own headline. The new text mentions exactly the terms the old one did
 * (no condition on it changes) and repeats no other record's; a few tries, else the text stays.
 */
export function aboutTheirRecords(records: Rec[], src: SourcePart, w: World, settle = true): void {
  if (settle) for (const rec of records) src.settle?.(rec, w);
  for (const m of src.fields) {
    if (m.kind !== 'text' || !m.ofRecord) continue;
    const says = (text: string) => m.terms.filter((t) => text.toLowerCase().includes(t.toLowerCase()));
    const seen = new Set<string>();
    for (const rec of records) {
      const text = rec[m.field];
      if (typeof text !== 'string') continue;
      const terms = says(text);
      const want = terms.join('\u0000');
      if (terms.length <= 1)
        for (let k = 0; k < 8; k++) {
          const alt = m.write(w.rng, terms[0], w.vocab, rec);
          if (!seen.has(alt) && says(alt).join('\u0000') === want) {
            rec[m.field] = alt;
            break;
          }
        }
      seen.add(rec[m.field] as string);
    }
  }
}
