import { base, en, Faker, generateMersenne53Randomizer } from '@faker-js/faker';
import type { Rng } from '../../env/rng.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import type { Difficulty } from '../../schema/taxonomy.js';

// shared building blocks for procedural families: seeded fake data, times relative to the mock clock,
// distinct ids, and the difficulty knobs of CoworkEnv App. D.

/** Per-difficulty knobs: CE's D1.5 ≈ medium (3 services, 8–12 steps, distractors), D2.5 ≈ hard (4–5 services, 12–20 steps, temporal dependencies). */
export const LEVEL: Record<Difficulty, { targets: number; distractors: number; filler: number }> = {
  easy: { targets: 1, distractors: 1, filler: 1 },
  medium: { targets: 2, distractors: 2, filler: 2 },
  hard: { targets: 3, distractors: 4, filler: 3 },
};

// building a Faker (its locale tables) costs more than generating a task: one instance, reseeded per task;
// families generate synchronously, so no two tasks ever share it at once
let shared: Faker | undefined;

export function makeFaker(seed: number, mockToday: string): Faker {
  shared ??= new Faker({ locale: [en, base], randomizer: generateMersenne53Randomizer(seed) });
  shared.seed(seed);
  shared.setDefaultRefDate(mockToday);
  return shared;
}

/** ISO time (seconds precision, Z) `offset` before (negative) or after mockToday. */
export function at(mockToday: string, offset: { days?: number; hours?: number; minutes?: number }): string {
  const ms =
    Date.parse(mockToday) + ((offset.days ?? 0) * 24 * 60 + (offset.hours ?? 0) * 60 + (offset.minutes ?? 0)) * 60_000;
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

export function dateOf(iso: string): string {
  return iso.slice(0, 10);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Human date for requests and messages: "6 March". */
export function dayMonth(iso: string): string {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

export function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

/** `n` distinct values from `make`, retrying collisions (bounded). */
export function distinct<T>(n: number, make: () => T, key: (t: T) => string = String): T[] {
  const out: T[] = [];
  const seen = new Set<string>();
  for (let tries = 0; out.length < n && tries < n * 50; tries++) {
    const v = make();
    const k = key(v);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(v);
    }
  }
  if (out.length < n) throw new Error(`could not make ${n} distinct values`);
  return out;
}

/** Sequential ids from a random start: TK-1042, TK-1043 … in a shuffled order. */
export function ids(rng: Rng, prefix: string, n: number, width = 4): string[] {
  const start = rng.int(10 ** (width - 1), 10 ** width - n - 1);
  return shuffle(
    rng,
    Array.from({ length: n }, (_, i) => `${prefix}${String(start + i).padStart(width, '0')}`),
  );
}

export interface Person {
  name: string;
  first: string;
  email: string;
}

/** A crm customer account as the support families seed it (hard levels may keep the manager's address in contacts only). */
export interface CrmCustomer {
  customer_id: string;
  name: string;
  tier: string;
  status: string;
  industry: string;
  contact_person: string;
  account_manager: string;
  account_manager_email?: string;
}

/** A helpdesk ticket as the support families seed it. */
export interface HelpdeskTicket {
  ticket_id: string;
  title: string;
  status: string;
  priority: string;
  customer_id: string;
  reporter: string;
  created_at: string;
  description: string;
  resolution?: string;
}

/** Distinct people with addresses at `domain`. */
export function people(f: Faker, n: number, domain: string): Person[] {
  return distinct(
    n,
    () => {
      const first = f.person.firstName();
      const last = f.person.lastName();
      const local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
      return { name: `${first} ${last}`, first, email: `${local}@${domain}` };
    },
    (p) => p.email,
  );
}

/** Distinct company names with a slug usable as a mail domain. */
export function companies(f: Faker, n: number): { name: string; domain: string }[] {
  return distinct(
    n,
    () => {
      const name = `${f.word.adjective({ length: { min: 4, max: 9 } })} ${f.helpers.arrayElement(['Logistics', 'Foods', 'Health', 'Labs', 'Retail', 'Systems', 'Partners', 'Media', 'Energy', 'Works'])}`;
      const cap = name.replace(/\b\w/g, (c) => c.toUpperCase());
      return { name: cap, domain: `${cap.toLowerCase().replace(/[^a-z]+/g, '')}.example` };
    },
    (c) => c.domain,
  );
}

/** Weights that sum to exactly 1 after rounding to 4 decimals (the last entry absorbs the remainder). */
export function weights<K extends string>(shares: readonly (readonly [K, number])[]): Record<K, number> {
  const total = shares.reduce((s, [, w]) => s + w, 0);
  const out = {} as Record<K, number>;
  let used = 0;
  shares.forEach(([k, w], i) => {
    const v = i === shares.length - 1 ? Math.round((1 - used) * 1e4) / 1e4 : Math.round((w / total) * 1e4) / 1e4;
    out[k] = v;
    used += v;
  });
  return out;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "09:30" from minutes after midnight */
export const hm = (min: number): string =>
  `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;

const plusDays = (day: string, n: number) => dateOf(at(`${day}T12:00:00Z`, { days: n }));

/** the day `n` ≥ 1 working days (Monday–Friday) after `day` */
export function addWorkdays(day: string, n: number): string {
  let d = day;
  for (let left = n; left > 0; ) {
    d = plusDays(d, 1);
    const wd = new Date(`${d}T12:00:00Z`).getUTCDay();
    if (wd !== 0 && wd !== 6) left--;
  }
  return d;
}

/** "Thursday 12 March" */
export function longDay(day: string): string {
  return `${WEEKDAYS[new Date(`${day}T12:00:00Z`).getUTCDay()]} ${dayMonth(`${day}T12:00:00Z`)}`;
}

/** the exact minute, however the agent spells seconds and the UTC offset */
export function timeRegex(day: string, min: number): string {
  return `^${day}T${hm(min)}(:00(\\.0+)?)?(Z|\\+00:00)?$`;
}

/** `k` people none of whose addresses contains another (a `contains` matcher would confuse them) */
export function separable(pool: readonly Person[], taken: readonly string[], k: number): Person[] {
  const used = [...taken];
  const out: Person[] = [];
  for (const p of pool) {
    if (out.length === k) break;
    if (used.some((e) => e.includes(p.email) || p.email.includes(e))) continue;
    used.push(p.email);
    out.push(p);
  }
  if (out.length < k) throw new Error(`could not find ${k} separable people`);
  return out;
}

type SpecCheck = NonNullable<TaskSpecInput['checks']>[number];

/** Check kinds that test what the agent achieved (state, audit records, files, the answer) rather than what it read. */
export const OUTCOME_KINDS: ReadonlySet<string> = new Set([
  'audit_present',
  'audit_absent',
  'audit_count',
  'audit_sequence',
  'state_equals',
  'file_exists',
  'file_matches',
  'file_unchanged',
  'response_contains',
  'response_matches',
]);
/** Completion when any outcome check fails: 0.8 · 0.6 + 0.2 robustness = 0.68 < the 0.75 pass threshold. */
export const OUTCOME_CAP = 0.6;

/**
 * Every outcome check without its own cap caps completion at OUTCOME_CAP when it fails, so reading
 * everything, claiming success, or acting with one wrong value can never pass; read checks keep partial credit.
 */
export function outcomesGate(spec: TaskSpecInput): TaskSpecInput {
  const capped = (c: SpecCheck): SpecCheck =>
    OUTCOME_KINDS.has(c.kind) && !c.cap ? { ...c, cap: { completion_at_most: OUTCOME_CAP } } : c;
  return spec.checks ? { ...spec, checks: spec.checks.map(capped) } : spec;
}

/**
 * An outcome check against spraying: every entry of an audit list (e.g. helpdesk updated_tickets) concerns one of
 * `targets` (and matches `also`) and each target has one. Acting on any other record as well fails it (and caps completion).
 */
export function onlyOn(
  id: string,
  service: string,
  record: string,
  field: string,
  targets: readonly string[],
  weight: number,
  also: Record<string, unknown> = {},
): SpecCheck {
  return {
    id,
    kind: 'audit_present',
    service,
    record,
    where: { [field]: { in: [...targets] }, ...also } as never,
    min: targets.length,
    exclusive: true,
    weight,
  };
}

/** A record id as a check-id fragment: "TK-1042" → "tk_1042". */
export const slug = (id: string): string => id.toLowerCase().replace(/[^a-z0-9]+/g, '_');

/** Checks drafted with weight shares, given weights that sum to exactly 1 (see `weights`), in draft order. */
export function weighted(draft: readonly { share: number; check: SpecCheck }[]): SpecCheck[] {
  const w = weights(draft.map((d) => [d.check.id, d.share] as const));
  return draft.map((d) => ({ ...d.check, weight: w[d.check.id] as number }));
}
