import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level and `undefined` members dropped: same value ⇒ same bytes. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : sortKeys(v)));
  if (value !== null && typeof value === 'object') {
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
      return sortKeys((value as { toJSON(): unknown }).toJSON());
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** sha256 of the canonical JSON of `value`. */
export function hashValue(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

const specHashes = new WeakMap<object, string>();

/** sha256 of a spec's canonical JSON, memoised per spec object (specs are not mutated once parsed). */
export function specHash(spec: object): string {
  let h = specHashes.get(spec);
  if (!h) {
    h = hashValue(spec);
    specHashes.set(spec, h);
  }
  return h;
}
