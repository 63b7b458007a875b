import type { Trajectory } from '../schema/trajectory.js';

// who is who, for the claims check: "I emailed Dana Lee" is checked against the addresses mailed only when
// "Dana Lee" can be tied to an address. pairs come from fixtures (contacts, crm, …), the observations the
// agent saw and the audit; an address whose local part holds the name ("dana.lee@…") also resolves it.

// an address starts where no address character precedes it: without that the regex retries from every
// position of a long word run (a padded observation) and goes quadratic
export const EMAIL_SRC = String.raw`(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+`;
export const ADDRESS = new RegExp(EMAIL_SRC, 'g');
const NAMED_ADDRESS = new RegExp(
  String.raw`(?<![\w'’.-])([A-Z][\w'’.-]*(?:[ \t]+[A-Z][\w'’.-]*){0,3})[ \t]*[<(](${EMAIL_SRC})[>)]`,
  'g',
);
const WHOLE_ADDRESS = new RegExp(`^${EMAIL_SRC}$`);

const tokens = (s: string): string[] =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2);

/** Whether an address's local part holds every word of a name ("dana.lee@x.example" names "Dana Lee"). */
export function localPartNames(address: string, name: string): boolean {
  const want = tokens(name);
  const local = new Set(tokens(address.split('@')[0] ?? ''));
  return want.length > 0 && want.every((w) => local.has(w));
}

/** Names ↔ addresses known in one record. */
export class People {
  readonly #names = new Map<string, Set<string>>();
  readonly #addresses = new Set<string>();

  addPair(name: string, address: string): void {
    const n = name.trim().toLowerCase();
    const a = address.trim().toLowerCase();
    if (!n || !isAddress(a) || isAddress(n)) return;
    const set = this.#names.get(n) ?? new Set<string>();
    set.add(a);
    this.#names.set(n, set);
    this.#addresses.add(a);
  }

  addAddress(address: string): void {
    const a = address.trim().toLowerCase();
    if (isAddress(a)) this.#addresses.add(a);
  }

  /** Every address of everyone a mention ("Dana", "Dana Lee", "dana@x.example") can mean; empty when unknown. */
  resolve(mention: string): string[] {
    const m = mention.trim().toLowerCase();
    if (isAddress(m)) return [m];
    const want = tokens(m);
    if (!want.length) return [];
    const out = new Set<string>();
    for (const [name, addrs] of this.#names) {
      const have = new Set(tokens(name));
      if (want.every((w) => have.has(w))) for (const a of addrs) out.add(a);
    }
    for (const a of this.#addresses) if (localPartNames(a, m)) out.add(a);
    return [...out].sort();
  }

  /** Collects pairs and addresses from any JSON value (fixtures, observations, audit records). */
  collect(value: unknown, depth = 0): void {
    if (depth > 12) return;
    if (typeof value === 'string') {
      this.#fromText(value);
      return;
    }
    if (Array.isArray(value)) {
      for (const v of value) this.collect(v, depth + 1);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const o = value as Record<string, unknown>;
    const str = (k: string) => (typeof o[k] === 'string' ? (o[k] as string) : undefined);
    // crm customers: `name` is the company, `email` belongs to `contact_person`
    const person = str('contact_person') ?? str('name');
    const email = str('email');
    if (person && email) this.addPair(person, email);
    for (const [k, v] of Object.entries(o)) {
      const base = /^(.+?)_?(?:email|address)$/i.exec(k)?.[1];
      if (base && typeof v === 'string' && base !== k) {
        const name = str(base) ?? str(`${base}_name`);
        if (name) this.addPair(name, v);
      }
      this.collect(v, depth + 1);
    }
  }

  #fromText(s: string): void {
    if (!s.includes('@')) return;
    for (const m of s.matchAll(NAMED_ADDRESS)) this.addPair(m[1] as string, m[2] as string);
    for (const m of s.matchAll(ADDRESS)) this.addAddress(m[0]);
  }
}

function isAddress(s: string): boolean {
  return WHOLE_ADDRESS.test(s);
}

/** The people a record knows of: spec fixtures (when known), what the agent was shown, and the audit. */
export function peopleOf(t: Trajectory, fixtures?: unknown): People {
  const p = new People();
  if (fixtures !== undefined) p.collect(fixtures);
  for (const e of t.events) {
    if (e.type === 'user') p.collect(e.text);
    // an observation without an '@' holds no address: not worth parsing
    else if (e.type === 'tool' && e.content.includes('@')) p.collect(parseMaybe(e.content));
  }
  p.collect(t.audit.records);
  return p;
}

function parseMaybe(s: string): unknown {
  const c = s.trimStart()[0];
  if (c !== '{' && c !== '[') return s;
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return s;
  }
}
