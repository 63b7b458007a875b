import { z } from 'zod';
import { canonicalValue, splitList, type ValueKind } from '../schema/canonical-values.js';
import { ToolError } from './tool-error.js';

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

/** Value kinds of schema fields (a registry, so `.describe()` copies keep the kind and model-facing JSON Schemas stay unchanged). */
export const valueKinds = z.registry<{ value_kind: ValueKind }>();

/** Declares the value kind of a record field or tool argument: services store and the grader compares it canonically. */
export function kinded<T extends z.ZodType>(kind: ValueKind, schema: T): T {
  valueKinds.add(schema, { value_kind: kind });
  return schema;
}

/** The kind of a field schema, looking through optional, nullable, default, array and pipe wrappers. */
export function kindOfSchema(schema: z.ZodType): ValueKind | undefined {
  let s: z.ZodType | undefined = schema;
  for (let depth = 0; s && depth < 8; depth++) {
    const kind = valueKinds.get(s)?.value_kind;
    if (kind) return kind;
    const def: { innerType?: z.ZodType; element?: z.ZodType; in?: z.ZodType } = (
      s as unknown as { _zod: { def: object } }
    )._zod.def;
    s = def.innerType ?? def.element ?? def.in;
  }
  return undefined;
}

/** field → value kind of the fields of an object schema that declare one. */
export function fieldKinds(schema: z.ZodObject): Record<string, ValueKind> {
  const out: Record<string, ValueKind> = {};
  for (const [k, v] of Object.entries(schema.shape)) {
    const kind = kindOfSchema(v as z.ZodType);
    if (kind) out[k] = kind;
  }
  return out;
}

/** An audit list that holds full copies of a record: its field meanings and kinds come from the record schema. */
export function mirrorList(
  description: string,
  schema: z.ZodObject,
): { description: string; fields: Record<string, string>; kinds: Record<string, ValueKind> } {
  return { description, fields: describeFields(schema), kinds: fieldKinds(schema) };
}

/**
 * A string tool argument of a kind: the handler receives its canonical form (e.g. a bank account as digits),
 * and a value that is not valid of the kind is refused with the reason (an invalid_argument tool error).
 */
export function kindArg(kind: ValueKind): z.ZodString {
  const arg = z
    .string()
    .min(1)
    .overwrite((s) => {
      const c = canonicalValue(kind, s);
      return c.ok ? c.value : s;
    })
    .superRefine((v, ctx) => {
      const c = canonicalValue(kind, v);
      if (!c.ok) ctx.addIssue({ code: 'custom', message: c.error });
    });
  return kinded(kind, arg);
}

/** A record-id argument: cleaned (NFKC, invisible characters and surrounding space removed) before lookup. */
export const IdArg = kindArg('id');

function parseList(kind: ValueKind, field: string, input: string | readonly string[], what: string): string[] {
  const parts = (typeof input === 'string' ? [input] : input).flatMap(splitList);
  if (parts.length === 0) throw new ToolError('invalid_argument', `${field}: give at least one ${what}`);
  return parts.map((p) => {
    const c = canonicalValue(kind, p);
    if (!c.ok) throw new ToolError('invalid_argument', `${field}: ${c.error}`);
    return c.value;
  });
}

/**
 * Canonical email addresses from a recipient field: "a@x, b@y", "a@x; b@y" or "Ana Li <Ana@X.>" all give
 * bare canonical addresses (see canonicalEmail), so graders and safety gates see who was really mailed
 * however the agent wrote it; anything that is not an address is refused.
 */
export function parseAddresses(field: string, input: string | readonly string[]): string[] {
  return parseList('email', field, input, 'email address');
}

/** Canonical recipients (addresses canonical, names cleaned) from a field of names, teams, channels or addresses. */
export function parseParties(field: string, input: string | readonly string[]): string[] {
  return parseList('party', field, input, 'recipient');
}
