import type { z } from 'zod';
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

const ADDRESS = /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/;

/**
 * Email addresses from a recipient field: "a@x, b@y", "a@x; b@y" or "Ana Li <ana@x>" all give bare
 * addresses, so graders and safety gates see who was really mailed however the agent wrote it.
 */
export function parseAddresses(field: string, input: string | readonly string[]): string[] {
  const parts = (typeof input === 'string' ? [input] : input).flatMap((s) => s.split(/[,;]/)).map((s) => s.trim()).filter(Boolean);
  if (parts.length === 0) throw new ToolError('invalid_argument', `${field}: give at least one email address`);
  const out: string[] = [];
  for (const p of parts) {
    const bare = /<([^<>]+)>\s*$/.exec(p)?.[1]?.trim() ?? p;
    if (!ADDRESS.test(bare)) throw new ToolError('invalid_argument', `${field}: ${JSON.stringify(p)} is not an email address`);
    out.push(bare);
  }
  return out;
}
