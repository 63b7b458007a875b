// What a section's reason says its records need ("long appointments need the treatment room", "heavy checks need
// parts and a hangar slot"): two sections of one procedure that each claim the same resource for a different set of
// records tell two stories of what it is for (review 25: "Treatment room closure" cancels the long appointments for
// the room, "Cancellation" the minor procedures for it). One resource is one section's reason.

// (words that name no resource: a need phrase is read as the pairs of words left once they are gone)
const SLIGHT = new Set(
  'a an the and or of to for its their his her our your it them they before after while so that this those these is are be been by in on at up out as then than weeks days week day ahead booked'.split(
    ' ',
  ),
);

/** The pairs of content words a text's "need(s) …" clauses name ("treatment room", "hangar slot"). */
export function resourcesNamed(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.toLowerCase().matchAll(/\bneeds? ([^.;:,]+)/g)) {
    const words = (m[1] ?? '').split(/\s+/);
    for (let i = 0; i + 1 < words.length; i++) {
      const [a, b] = [words[i] as string, words[i + 1] as string];
      if (!SLIGHT.has(a) && !SLIGHT.has(b)) out.add(`${a} ${b}`);
    }
  }
  return out;
}

/** Whether `reason` claims a resource one of the `shown` reasons already claims. */
export function claimsShownResource(reason: string | undefined, shown: readonly (string | undefined)[]): boolean {
  const mine = resourcesNamed(reason ?? '');
  if (!mine.size) return false;
  return shown.some((s) => [...resourcesNamed(s ?? '')].some((p) => mine.has(p)));
}
