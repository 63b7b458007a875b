// A small JSON Schema (draft 2020-12) checker for the keywords our interchange schemas use: type, const,
// enum, properties, required, additionalProperties, items, minItems, minimum, pattern, anyOf, oneOf, not,
// if/then/else and local $ref. Enough to validate every file we write without a schema library.

export type Schema = boolean | { [k: string]: unknown };

export interface SchemaProblem {
  /** JSON pointer-ish path, e.g. steps[2].tool_calls[0].arguments */
  path: string;
  message: string;
}

/** Every place `value` breaks `schema` (empty when it conforms). */
export function checkSchema(schema: Schema, value: unknown, root: Schema = schema): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  walk(schema, value, '$', root, out);
  return out;
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

const matchesType = (t: string, v: unknown) => {
  const actual = typeOf(v);
  return actual === t || (t === 'number' && actual === 'integer');
};

function resolve(ref: string, root: Schema): Schema {
  if (!ref.startsWith('#/')) throw new Error(`unsupported $ref ${ref}`);
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) node = (node as Record<string, unknown>)[part];
  if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
  return node as Schema;
}

function walk(schema: Schema, v: unknown, path: string, root: Schema, out: SchemaProblem[]): void {
  if (schema === true) return;
  if (schema === false) {
    out.push({ path, message: 'no value is allowed here' });
    return;
  }
  const s = schema;
  if (typeof s.$ref === 'string') walk(resolve(s.$ref, root), v, path, root, out);
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    if (!types.some((t) => matchesType(t, v))) {
      out.push({ path, message: `expected ${types.join(' or ')}, got ${typeOf(v)}` });
      return;
    }
  }
  if ('const' in s && JSON.stringify(s.const) !== JSON.stringify(v))
    out.push({ path, message: `expected ${JSON.stringify(s.const)}` });
  if (Array.isArray(s.enum) && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(v)))
    out.push({ path, message: `expected one of ${s.enum.map((e) => JSON.stringify(e)).join(', ')}` });
  if (typeof v === 'number' && typeof s.minimum === 'number' && v < s.minimum)
    out.push({ path, message: `expected ≥ ${s.minimum}` });
  if (typeof v === 'string' && typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(v))
    out.push({ path, message: `does not match ${s.pattern}` });
  if (Array.isArray(v)) {
    if (typeof s.minItems === 'number' && v.length < s.minItems)
      out.push({ path, message: `expected at least ${s.minItems} item(s)` });
    if (s.items !== undefined) v.forEach((item, i) => walk(s.items as Schema, item, `${path}[${i}]`, root, out));
  }
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    const obj = v as Record<string, unknown>;
    const props = (s.properties ?? {}) as Record<string, Schema>;
    for (const k of (s.required ?? []) as string[])
      if (!(k in obj)) out.push({ path, message: `missing required field "${k}"` });
    for (const [k, val] of Object.entries(obj)) {
      if (k in props) walk(props[k] as Schema, val, `${path}.${k}`, root, out);
      else if (s.additionalProperties === false) out.push({ path: `${path}.${k}`, message: 'unknown field' });
      else if (s.additionalProperties !== undefined && s.additionalProperties !== true)
        walk(s.additionalProperties as Schema, val, `${path}.${k}`, root, out);
    }
  }
  const passes = (sub: Schema) => checkSchema(sub, v, root).length === 0;
  if (Array.isArray(s.anyOf) && !(s.anyOf as Schema[]).some(passes))
    out.push({ path, message: 'matches none of the allowed forms' });
  if (Array.isArray(s.oneOf) && (s.oneOf as Schema[]).filter(passes).length !== 1)
    out.push({ path, message: 'must match exactly one allowed form' });
  if (s.not !== undefined && passes(s.not as Schema))
    out.push({ path, message: (s.description as string | undefined) ?? 'matches a forbidden form' });
  if (s.if !== undefined) {
    const branch = passes(s.if as Schema) ? s.then : s.else;
    if (branch !== undefined) walk(branch as Schema, v, path, root, out);
  }
}
