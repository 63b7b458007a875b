/** The closest candidate by edit distance, when it is close enough to be a plausible typo. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDist = Number.POSITIVE_INFINITY;
  const w = word.toLowerCase();
  for (const c of candidates) {
    const lc = c.toLowerCase();
    let d = distance(w, lc);
    // a candidate that extends or is extended by the word is a strong hint (gmail_send → gmail_send_message)
    if (lc.startsWith(w) || w.startsWith(lc)) d = Math.min(d, 1);
    // a long shared stem (assignee → assigned_to) is a typo too
    else if (commonPrefix(w, lc) >= Math.max(5, Math.ceil(Math.min(w.length, lc.length) * 0.6))) d = Math.min(d, 2);
    if (d < bestDist) {
      bestDist = d;
      best = c;
    }
  }
  if (best === undefined) return undefined;
  return bestDist <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

/** "; did you mean x?" or "". */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const c = closest(word, candidates);
  return c ? `; did you mean ${c}?` : '';
}

function distance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
    }
    prev = cur;
  }
  return prev[b.length] ?? 0;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
