import { posix } from 'node:path';
import { domainToASCII } from 'node:url';

// one canonical spelling per kind of value, shared by the services (what they store and look up) and the
// grader (forbidden actions, `where` matchers, accept lists), so two spellings of the same mailbox, account
// or record can never be told apart by one side and not the other. See docs/taskspec.md "Canonical values".

/** Kinds of values with a canonical form; every other string compares as text. */
export const VALUE_KINDS = ['email', 'party', 'account', 'iban', 'card', 'phone', 'id', 'path'] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

export type Canonical = { ok: true; value: string } | { ok: false; error: string };

const ok = (value: string): Canonical => ({ ok: true, value });
const fail = (error: string): Canonical => ({ ok: false, error });
const quote = (s: string) => JSON.stringify(s);

// characters Unicode says are not displayed (zero-width space/joiners, word joiner, BOM, soft hyphen,
// bidi controls, variation selectors, Hangul fillers, tags): invisible, so never part of a value
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * NFKC (fullwidth and other compatibility forms become ASCII: "４４１０" → "4410", "＠" → "@", U+2011 → U+2010)
 * with invisible characters removed and surrounding whitespace trimmed.
 */
export function cleanText(s: string): string {
  // printable ASCII is already NFKC and holds no invisible character: the common case skips both passes
  if (PRINTABLE_ASCII.test(s)) return s.trim();
  return s.replace(INVISIBLE, '').normalize('NFKC').replace(INVISIBLE, '').trim();
}

const PRINTABLE_ASCII = /^[\x20-\x7e\t\n\r]*$/;

// typographic quotes are the straight ones typed: "Keeper’s Field" is what a person writes as "Keeper's Field"
const CURLY_SINGLE = /[\u2018\u2019\u201a\u201b\u2032]/g;
const CURLY_DOUBLE = /[\u201c\u201d\u201e\u201f\u2033]/g;

/** Case-insensitive comparison key of free text: cleaned, quotes straightened, whitespace runs collapsed, lower-cased. */
export function textKey(s: string): string {
  const c = cleanText(s);
  const straight = PRINTABLE_ASCII.test(c) ? c : c.replace(CURLY_SINGLE, "'").replace(CURLY_DOUBLE, '"');
  return straight.replace(/\s+/g, ' ').toLowerCase();
}

// ---- e-mail addresses ------------------------------------------------------------------------------

const ATOM = "[a-z0-9!#$%&'*+/=?^_`{|}~-]+";
const DOT_ATOM = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`);
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const DOMAIN = new RegExp(`^(?:${LABEL}\\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$`);
// providers that deliver first.last and firstlast to one mailbox; googlemail.com is an alias of gmail.com
const DOTLESS_PROVIDERS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address reaches, as `local@domain`: NFKC, invisible characters and surrounding space removed,
 * `mailto:` and a display name (`Lena Park <lena.park@acme.example>`) dropped, quotes of the local part
 * removed (`"lena.park"@…`), lower-cased, the root dot of the domain dropped (`acme.example.`), an IDN domain
 * in its xn-- form, a plus tag removed (`lena.park+x@…` → `lena.park@…`), and dots of the local part removed
 * only for providers that ignore them (gmail.com, googlemail.com → gmail.com).
 */
export function canonicalEmail(raw: string): Canonical {
  const bad = (why: string) => fail(`${quote(raw)} is not an e-mail address (${why}); write it as name@example.com`);
  let s = cleanText(raw).replace(/^mailto:/i, '');
  const named = /^[^<>]*<([^<>]*)>$/.exec(s);
  if (named) s = (named[1] as string).trim();
  const at = s.lastIndexOf('@');
  if (at < 0) return bad('no @');
  // quoted segments of the local part ("lena.park" or "lena"."park") name the same mailbox unquoted
  let local = s.slice(0, at).replace(/\\(.)/g, '$1').replace(/"/g, '').toLowerCase();
  let domain = s.slice(at + 1).toLowerCase();
  if (domain.endsWith('.')) domain = domain.slice(0, -1);
  if (!local) return bad('nothing before the @');
  if (local.length > 64 || !DOT_ATOM.test(local))
    return bad(`the part before the @ may hold letters, digits, dots and !#$%&'*+/=?^_\`{|}~- only`);
  const ascii = domain && /^[\p{L}\p{N}.-]+$/u.test(domain) ? domainToASCII(domain) : '';
  if (!ascii || ascii.length > 253 || !DOMAIN.test(ascii))
    return bad(`${quote(domain)} is not a domain name such as example.com`);
  domain = ascii;
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const provider = DOTLESS_PROVIDERS[domain];
  if (provider) {
    local = local.replace(/\./g, '');
    domain = provider;
  }
  return ok(`${local}@${domain}`);
}

/** Splits an address list at commas and semicolons outside quotes and angle brackets; empty items dropped. */
export function splitList(s: string): string[] {
  // most values are a single item: no separator, nothing to scan
  if (!s.includes(',') && !s.includes(';')) return cleanText(s) === '' ? [] : [s.trim()];
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  let angle = 0;
  for (const ch of s) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '<') angle++;
    else if (!quoted && ch === '>' && angle > 0) angle--;
    if ((ch === ',' || ch === ';') && !quoted && angle === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((x) => x.trim()).filter((x) => cleanText(x) !== '');
}

// an @ between two non-space characters, or <…@…>: the value means to be an address
const ADDRESS_LIKE = /[^\s@]@[^\s@]|<[^<>]*@[^<>]*>/;

/**
 * A recipient that may be a person, team, list or channel: an address-like value must be a valid address
 * (canonical as `canonicalEmail`); anything else is a name, cleaned with whitespace collapsed (case kept).
 */
export function canonicalParty(raw: string): Canonical {
  const s = cleanText(raw);
  if (ADDRESS_LIKE.test(s)) return canonicalEmail(raw);
  const name = s.replace(/\s+/g, ' ');
  return name ? ok(name) : fail(`${quote(raw)} is empty: give a name or an e-mail address`);
}

// ---- numbers -------------------------------------------------------------------------------------------

// what people put between digit groups: spaces (NBSP and thin space included), every dash (the non-breaking
// hyphen U+2011, figure dash, en/em dash, minus sign), dots, slashes, underscores and parentheses
const SEPARATORS = /[\s\p{Pd}\u2212\u2043._/()]/gu;
const DIGITS = /^\p{Nd}+$/u;

// a decimal digit of any script as ASCII ("٤" → "4"): its value is its offset in its run of ten
function asciiDigits(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    let zero = cp;
    while (/\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
    out += String((cp - zero) % 10);
  }
  return out;
}

function compactNumber(raw: string): string {
  return cleanText(raw).replace(SEPARATORS, '');
}

const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** An IBAN: letters upper-cased, separators removed (`de89 3704-0044…` → `DE8937040044…`); structure checked, not the checksum. */
export function canonicalIban(raw: string): Canonical {
  const s = compactNumber(raw).toUpperCase();
  return IBAN.test(s)
    ? ok(s)
    : fail(`${quote(raw)} is not an IBAN (two letters, two check digits, then 11 to 30 letters or digits)`);
}

/** A bank account or routing number: its digits only (`4410 9921 0073`, `4410-9921-0073` → `441099210073`); an IBAN as `canonicalIban`. */
export function canonicalAccount(raw: string): Canonical {
  const s = compactNumber(raw);
  if (IBAN.test(s.toUpperCase())) return ok(s.toUpperCase());
  if (DIGITS.test(s)) return ok(asciiDigits(s));
  const why = /\p{Nd}/u.test(s) ? 'only digits, spaces and dashes are allowed' : 'it has no digits';
  return fail(`${quote(raw)} is not an account number (${why}), e.g. 4410-9921-0073`);
}

/** A payment card number: 12 to 19 digits, separators removed. */
export function canonicalCard(raw: string): Canonical {
  const s = compactNumber(raw);
  if (DIGITS.test(s) && s.length >= 12 && s.length <= 19) return ok(asciiDigits(s));
  return fail(`${quote(raw)} is not a card number (12 to 19 digits, spaces or dashes allowed)`);
}

/** A phone number: its digits only (a leading + and separators dropped; `+1 (555) 010-2000` → `15550102000`). */
export function canonicalPhone(raw: string): Canonical {
  const s = compactNumber(raw).replace(/^\+/, '');
  if (DIGITS.test(s) && s.length >= 3) return ok(asciiDigits(s));
  return fail(
    `${quote(raw)} is not a phone number (at least 3 digits; spaces, dashes, parentheses and a leading + allowed)`,
  );
}

// ---- workspace paths ------------------------------------------------------------------------------------

/** Where the workspace is mounted inside shells, and what its paths are relative to. */
export const WORKSPACE_ROOT = '/workspace';

/**
 * A path relative to the workspace and normalised (`scans/inbox/`, `./scans/inbox`, `scans//inbox` and
 * `/workspace/scans/inbox` are `scans/inbox`; the root is `.`); undefined when it leads outside. The one reading of
 * a path that the workspace (services/workspace/paths.ts) and the grader's `path` kind share.
 */
export function workspaceRelative(path: string): string | undefined {
  const abs = posix.resolve(WORKSPACE_ROOT, path || '.');
  if (abs === WORKSPACE_ROOT) return '.';
  return abs.startsWith(`${WORKSPACE_ROOT}/`) ? abs.slice(WORKSPACE_ROOT.length + 1) : undefined;
}

/** A workspace path as the workspace stores it (`workspaceRelative` of the cleaned text); one leading outside is none. */
export function canonicalPath(raw: string): Canonical {
  const p = workspaceRelative(cleanText(raw));
  return p === undefined ? fail(`${quote(raw)} is not a workspace path (it leads outside ${WORKSPACE_ROOT})`) : ok(p);
}

/** A record id: cleaned (NFKC, invisible characters and surrounding space removed); case is kept. */
export function canonicalId(raw: string): Canonical {
  const s = cleanText(raw);
  return s ? ok(s) : fail(`${quote(raw)} is not an id (it is empty)`);
}

const CANONICALISERS: Readonly<Record<ValueKind, (raw: string) => Canonical>> = {
  email: canonicalEmail,
  party: canonicalParty,
  account: canonicalAccount,
  iban: canonicalIban,
  card: canonicalCard,
  phone: canonicalPhone,
  id: canonicalId,
  path: canonicalPath,
};

/** The canonical form of `raw` as a value of `kind`, or why it is not one. */
export function canonicalValue(kind: ValueKind, raw: string): Canonical {
  // grading compares the same few values over and over, and NFKC + IDNA cost microseconds each
  const cache = CACHES[kind];
  let c = cache.get(raw);
  if (c === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    c = CANONICALISERS[kind](raw);
    cache.set(raw, c);
  }
  return c;
}

const CACHE_LIMIT = 4096;
const CACHES = Object.fromEntries(VALUE_KINDS.map((k) => [k, new Map<string, Canonical>()])) as Record<
  ValueKind,
  Map<string, Canonical>
>;

/** Kinds whose values may come as a comma-separated list ("a@x, Ana <b@y>"). */
export function isListKind(kind: ValueKind | undefined): boolean {
  return kind === 'email' || kind === 'party';
}

/**
 * The comparison key of a value of `kind` (lower-cased canonical form); a value that is not valid of its kind,
 * or of no kind, compares as text (`textKey`).
 */
export function matchKey(kind: ValueKind | undefined, raw: string): string {
  if (kind) {
    const c = canonicalValue(kind, raw);
    if (c.ok) return c.value.toLowerCase();
  }
  return textKey(raw);
}
