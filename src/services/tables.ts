import { z } from 'zod';
import { ToolError } from './tool-error.js';
import { defineTool, type CollectionDef, type ServiceDef, type ToolDef } from './types.js';
import { IdArg, kinded, mirrorList } from './util.js';

// A line-of-business system as declarative tables (a clinic's referral queue, a firm's matter list, a plant's
// work orders): each table's fields are typed once here, and the service's tools — list with filters, get,
// update — follow from them. A domain system is one file of tables plus one line in the service registry; the
// synthesis packs read the same field types to draw records and rules.

/** One field of a table record. `about` is its meaning: the field's description and what a coworker calls it. */
export type Field =
  | { kind: 'text'; about: string; search?: true }
  | { kind: 'enum'; about: string; values: readonly string[]; filter?: true; update?: true }
  | { kind: 'number'; about: string; unit?: string; int?: true; update?: true }
  | { kind: 'money'; about: string; currency: string; update?: true }
  | { kind: 'date'; about: string; update?: true }
  | { kind: 'email'; about: string; update?: true }
  | { kind: 'person'; about: string }
  | { kind: 'flag'; about: string; update?: true }
  | { kind: 'ref'; about: string; table: string };

/** A noun as it names a collection or a tool: snake_case, lower case ("FX exposures" → "fx_exposures"). */
export const tableKey = (noun: string): string => noun.toLowerCase().replace(/ /g, '_');

// the article of a noun in a tool's description: an initialism by the sound of its first letter ("an FX
// exposure", "a BI dashboard"), a word by its first letter
function articleOf(noun: string): 'a' | 'an' {
  const initialism = /^[A-Z]{2,}\b/.exec(noun)?.[0];
  if (initialism) return /^[AEFHILMNORSX]/.test(initialism) ? 'an' : 'a';
  return /^[aeiou]/i.test(noun) ? 'an' : 'a';
}

/** A table: its id field and prefix, the nouns for messages and tool names, and its fields (id first). */
export interface Table {
  /** singular and plural nouns, snake_case in tool names: ["referral", "referrals"] */
  noun: readonly [singular: string, plural: string];
  id: string;
  /** id prefix, e.g. "REF-" */
  prefix: string;
  about: string;
  fields: Readonly<Record<string, Field>>;
}

const DAY = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(s)) && new Date(s).toISOString().startsWith(s), 'not a real calendar date');

function fieldSchema(f: Field): z.ZodType {
  switch (f.kind) {
    case 'text':
    case 'person':
      return z.string().describe(f.about);
    case 'enum':
      return z.enum(f.values as [string, ...string[]]).describe(`${f.about}: ${f.values.join(' | ')}`);
    case 'number':
      return (f.int ? z.number().int() : z.number()).describe(f.unit ? `${f.about} (${f.unit})` : f.about);
    case 'money':
      return z.number().describe(`${f.about} (${f.currency})`);
    case 'date':
      return DAY.describe(`${f.about}, YYYY-MM-DD`);
    case 'email':
      return kinded('email', z.string().min(3)).describe(`${f.about} (e-mail address)`);
    case 'flag':
      return z.boolean().describe(f.about);
    case 'ref':
      return kinded('id', z.string().min(1)).describe(`${f.about} (a ${f.table} id)`);
  }
}

/** The strict record schema of a table (every field required: a table row always has every column). */
export function recordSchema(t: Table): z.ZodObject {
  const shape: Record<string, z.ZodType> = {
    [t.id]: kinded('id', z.string().min(1)).describe(`${t.noun[0]} id, e.g. ${t.prefix}1042`),
  };
  for (const [name, f] of Object.entries(t.fields)) shape[name] = fieldSchema(f);
  return z.strictObject(shape);
}

const updatable = (f: Field) => 'update' in f && f.update === true;
const optionalArg = (f: Field) => fieldSchema(f).optional();

function listTool(service: string, t: Table): ToolDef {
  const [, plural] = t.noun;
  const filters = Object.entries(t.fields).filter(([, f]) => f.kind === 'enum' && f.filter);
  const searchable = Object.entries(t.fields)
    .filter(([, f]) => f.kind === 'text' && f.search)
    .map(([k]) => k);
  const params: Record<string, z.ZodType> = {};
  for (const [k, f] of filters) params[k] = optionalArg(f);
  if (searchable.length)
    params.query = z
      .string()
      .min(1)
      .optional()
      .describe(`text to look for (case-insensitive) in ${searchable.join(', ')}`);
  return defineTool({
    name: `${service}_list_${tableKey(plural)}`,
    description: `List ${plural} (full records)${filters.length ? `; filter by ${filters.map(([k]) => k).join(', ')}` : ''}${searchable.length ? ' or search their text' : ''}.`,
    params: z.strictObject(params),
    mutates: false,
    handler(ctx, a: Record<string, unknown>) {
      const q = typeof a.query === 'string' ? a.query.toLowerCase() : undefined;
      const rows = ctx.list(tableKey(plural)).filter(
        (r) =>
          filters.every(([k]) => a[k] === undefined || r[k] === a[k]) &&
          (q === undefined ||
            searchable.some((k) =>
              String(r[k] ?? '')
                .toLowerCase()
                .includes(q),
            )),
      );
      return { [tableKey(plural)]: rows, total: rows.length };
    },
  });
}

function getTool(service: string, t: Table): ToolDef {
  const [singular, plural] = t.noun;
  return defineTool({
    name: `${service}_get_${tableKey(singular)}`,
    description: `Get one ${singular} by ${t.id}.`,
    params: z.strictObject({ [t.id]: IdArg }),
    mutates: false,
    handler: (ctx, a: Record<string, unknown>) => ctx.get(tableKey(plural), String(a[t.id])),
  });
}

function updateTool(service: string, t: Table): ToolDef | undefined {
  const [singular, plural] = t.noun;
  const fields = Object.entries(t.fields).filter(([, f]) => updatable(f));
  if (!fields.length) return undefined;
  const params: Record<string, z.ZodType> = { [t.id]: IdArg };
  for (const [k, f] of fields) params[k] = optionalArg(f);
  const table = tableKey(plural);
  return defineTool({
    name: `${service}_update_${tableKey(singular)}`,
    description: `Update ${articleOf(singular)} ${singular}: ${fields.map(([k]) => k).join(', ')}.`,
    params: z.strictObject(params),
    mutates: true,
    handler(ctx, a: Record<string, unknown>) {
      const id = String(a[t.id]);
      ctx.get(table, id);
      const patch: Record<string, unknown> = {};
      for (const [k] of fields) if (a[k] !== undefined) patch[k] = a[k];
      if (!Object.keys(patch).length)
        throw new ToolError(
          'invalid_argument',
          `nothing to update: give at least one of ${fields.map(([k]) => k).join(', ')}`,
        );
      const rec = ctx.update(table, id, patch);
      ctx.record(`updated_${table}`, rec);
      return { status: 'updated', [tableKey(singular)]: rec };
    },
  });
}

/** A service of tables, with the tables it was made from (the synthesis packs read their field types). */
export type TableService = ServiceDef & { readonly tables: readonly Table[] };

/**
 * A service of tables: per table a collection, `<service>_list_<plural>` (enum filters, text search),
 * `<service>_get_<singular>` and, when a field may change, `<service>_update_<singular>` with the audit list
 * `updated_<plural>` (full records after each update).
 */
export function defineTableService(s: { name: string; description: string; tables: readonly Table[] }): TableService {
  const collections: Record<string, CollectionDef> = {};
  const audit: ServiceDef['audit'] = {};
  const tools: ToolDef[] = [];
  for (const t of s.tables) {
    const key = tableKey(t.noun[1]);
    const record = recordSchema(t);
    const refs = Object.fromEntries(
      Object.entries(t.fields).flatMap(([k, f]) => (f.kind === 'ref' ? [[k, { to: `${s.name}.${f.table}` }]] : [])),
    );
    collections[key] = {
      description: t.about,
      id: t.id,
      label: t.noun[0].replace(/^./, (c) => c.toUpperCase()),
      record,
      ...(Object.keys(refs).length ? { refs } : {}),
    };
    tools.push(listTool(s.name, t), getTool(s.name, t));
    const update = updateTool(s.name, t);
    if (update) {
      tools.push(update);
      (audit as Record<string, unknown>)[`updated_${key}`] = mirrorList(`full ${t.noun[0]} after each update`, record);
    }
  }
  return { name: s.name, description: s.description, collections, audit, tools, tables: s.tables };
}
