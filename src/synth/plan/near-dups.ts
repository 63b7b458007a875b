// near-duplicate tasks at corpus scale (issue 32): MinHash signatures of what a task asks (its request with names,
// numbers, ids, dates, quotes and the record type masked: word 3-grams) and what it does (its reference's tool
// sequence: call pairs); the request's signature is banded into an LSH index so each new task is compared only
// with the earlier tasks that share a band. Tasks come in plan order, so the clusters and which task each keeps are the same on any machine.

// the request's signature is banded (BANDS × ROWS hashes); the program's is compared once a band matched
const BANDS = 10;
const ROWS = 5;
const REQUEST_HASHES = BANDS * ROWS;
const PROGRAM_HASHES = 20;
const HASHES = REQUEST_HASHES + PROGRAM_HASHES;
/** Estimated Jaccard similarity from which two tasks are near-duplicates. */
export const NEAR_DUP_SIMILARITY = 0.8;
// earlier tasks kept per LSH bucket: members of one cluster share their buckets, the first few are enough
const PER_BUCKET = 4;

// murmur3's finaliser: a 32-bit avalanche, so one seed per hash function gives independent permutations
function mix32(h: number): number {
  let x = h >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const SEEDS = Array.from({ length: HASHES }, (_, i) => mix32(0x9e3779b9 + i * 0x632be5ab));

/** What a task asks (word 3-grams of its masked request) and what it does (pairs of consecutive reference calls). */
export interface TaskFeatures {
  request: string[];
  program: string[];
}

// a run of Chinese or Japanese script has no spaces between its words: each character is a token of its own, so a
// request in one is compared by what it says, not only by the English names and terms it quotes
const UNSPACED_RUN = /([\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff])/g;

export function taskFeatures(maskedRequest: string, calls: readonly string[]): TaskFeatures {
  const words = maskedRequest.toLowerCase().replace(UNSPACED_RUN, ' $1 ').split(/\s+/).filter(Boolean);
  const request = new Set<string>();
  for (let i = 0; i + 2 < words.length; i++) request.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  if (words.length < 3 && words.length) request.add(words.join(' '));
  const seq = ['^', ...calls, '$'];
  const program = new Set<string>();
  for (let i = 0; i + 1 < seq.length; i++) program.add(`${seq[i]}>${seq[i + 1]}`);
  return { request: [...request], program: [...program] };
}

// the minimum of each hash function over a feature set, into sig[from, to)
function fill(sig: Uint32Array, features: readonly string[], from: number, to: number): void {
  for (const f of features) {
    const base = fnv1a(f);
    for (let i = from; i < to; i++) {
      const v = mix32(base ^ (SEEDS[i] as number));
      if (v < (sig[i] as number)) sig[i] = v;
    }
  }
}

/** A task's MinHash signature: its request's hashes, then its program's. */
export function minhash(f: TaskFeatures): Uint32Array {
  const sig = new Uint32Array(HASHES).fill(0xffffffff);
  fill(sig, f.request, 0, REQUEST_HASHES);
  fill(sig, f.program, REQUEST_HASHES, HASHES);
  return sig;
}

const agreement = (a: Uint32Array, b: Uint32Array, from: number, to: number): number => {
  let same = 0;
  for (let i = from; i < to; i++) if (a[i] === b[i]) same++;
  return same / (to - from);
};

/**
 * The estimated similarity of two tasks: the lower of their requests' and their programs' estimated Jaccard
 * similarity — a near-duplicate asks nearly the same and does nearly the same.
 */
export function similarity(a: Uint32Array, b: Uint32Array): number {
  return Math.min(agreement(a, b, 0, REQUEST_HASHES), agreement(a, b, REQUEST_HASHES, HASHES));
}

export interface NearDupReport {
  /** estimated similarity from which two tasks count as near-duplicates */
  threshold: number;
  /** clusters of two or more tasks */
  clusters: number;
  /** tasks that belong to a cluster (the first of each included) */
  tasks_in_clusters: number;
  largest: number;
  /** the first clusters (by their first task), up to 10, with up to 5 ids each */
  examples: { first: string; size: number; ids: string[] }[];
  /** tasks --dedupe dropped (the later members of each cluster) */
  dropped: number;
}

/** The LSH index of a corpus, fed task by task in plan order. */
export class NearDupIndex {
  readonly #sigs: Uint32Array[] = [];
  readonly #ids: string[] = [];
  readonly #parent: number[] = [];
  readonly #buckets = new Map<number, number[]>();
  #dropped = 0;

  /**
   * Adds a task; returns the earlier task it nearly repeats (the most similar, the first on a tie) with the
   * similarity, or undefined.
   */
  add(id: string, features: TaskFeatures): { id: string; similarity: number } | undefined {
    const sig = minhash(features);
    const n = this.#sigs.length;
    this.#sigs.push(sig);
    this.#ids.push(id);
    this.#parent.push(n);
    const seen = new Set<number>();
    let best: { at: number; similarity: number } | undefined;
    for (let b = 0; b < BANDS; b++) {
      let h = b + 1;
      for (let r = 0; r < ROWS; r++) h = mix32(Math.imul(h, 31) ^ (sig[b * ROWS + r] as number));
      const key = b * 2 ** 32 + h;
      const members = this.#buckets.get(key);
      if (!members) {
        this.#buckets.set(key, [n]);
        continue;
      }
      for (const m of members) {
        if (seen.has(m)) continue;
        seen.add(m);
        const s = similarity(sig, this.#sigs[m] as Uint32Array);
        if (s >= NEAR_DUP_SIMILARITY && (!best || s > best.similarity || (s === best.similarity && m < best.at)))
          best = { at: m, similarity: s };
      }
      if (members.length < PER_BUCKET) members.push(n);
    }
    if (!best) return undefined;
    this.#union(best.at, n);
    return { id: this.#ids[best.at] as string, similarity: best.similarity };
  }

  /** Counts a task --dedupe dropped (it stays in the clusters it formed). */
  dropped(): void {
    this.#dropped++;
  }

  #root(i: number): number {
    let r = i;
    while (this.#parent[r] !== r) r = this.#parent[r] as number;
    // path halving keeps later finds short
    for (let x = i; this.#parent[x] !== r; ) {
      const next = this.#parent[x] as number;
      this.#parent[x] = r;
      x = next;
    }
    return r;
  }

  #union(a: number, b: number): void {
    const ra = this.#root(a);
    const rb = this.#root(b);
    // the earlier task is the root: a cluster is named by its first task
    if (ra !== rb) this.#parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }

  report(): NearDupReport {
    const members = new Map<number, number[]>();
    for (let i = 0; i < this.#ids.length; i++) {
      const r = this.#root(i);
      const list = members.get(r);
      if (list) list.push(i);
      else members.set(r, [i]);
    }
    const clusters = [...members].filter(([, l]) => l.length > 1).sort((a, b) => a[0] - b[0]);
    return {
      threshold: NEAR_DUP_SIMILARITY,
      clusters: clusters.length,
      tasks_in_clusters: clusters.reduce((a, [, l]) => a + l.length, 0),
      largest: clusters.reduce((a, [, l]) => Math.max(a, l.length), 0),
      examples: clusters.slice(0, 10).map(([r, l]) => ({
        first: this.#ids[r] as string,
        size: l.length,
        ids: l.slice(0, 5).map((i) => this.#ids[i] as string),
      })),
      dropped: this.#dropped,
    };
  }
}
