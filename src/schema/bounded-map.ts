/**
 * A Map holding at most `limit` keys: setting a new key when it is full drops the key set longest ago. The
 * memories of pure work (a parsed spec, a decoded picture, a pattern's answer on a text) are these, so that a
 * corpus-sized run keeps only the last few.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  readonly #limit: number;

  constructor(limit: number) {
    super();
    this.#limit = limit;
  }

  override set(key: K, value: V): this {
    if (this.size >= this.#limit && !this.has(key)) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
