import type { z } from 'zod';

/** The listed fields of a record that are set, in the listed order (summary views). */
export function pick(rec: Readonly<Record<string, unknown>>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (rec[k] !== undefined) out[k] = rec[k];
  return out;
}

/** Drops undefined members: "absent" stays distinct from an empty string or null. */
export function defined<T extends Record<string, unknown>>(obj: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) if (v !== undefined) out[k] = v;
  return out as Partial<T>;
}

/** field → description of an object schema (for audit list docs that mirror a record). */
export function describeFields(schema: z.ZodObject): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(schema.shape)) out[k] = (v as z.ZodType).description ?? '';
  return out;
}

/** YYYY-MM-DD of an ISO date-time (or date). */
export function dateOf(iso: string): string {
  return iso.slice(0, 10);
}
