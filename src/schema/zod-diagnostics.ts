import type { z } from 'zod';
import { type Diagnostic, formatPath, type PathSegment } from './diagnostics.js';
import { didYouMean } from './suggest.js';

type Issue = z.core.$ZodIssue;
type AnySchema = z.core.$ZodType;

/** Turns zod issues into path-precise diagnostics with stable codes and fix hints. */
export function zodDiagnostics(
  issues: readonly Issue[],
  raw: unknown,
  schema: AnySchema,
  prefix: readonly PathSegment[] = [],
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const issue of issues) collect(issue, [], raw, schema, out);
  if (prefix.length === 0) return out;
  const head = formatPath(prefix);
  return out.map((d) => ({
    ...d,
    path: d.path === '(root)' ? head : d.path.startsWith('[') ? head + d.path : `${head}.${d.path}`,
  }));
}

function collect(issue: Issue, prefix: PathSegment[], raw: unknown, schema: AnySchema, out: Diagnostic[]): void {
  const path = [...prefix, ...(issue.path as PathSegment[])];
  const at = formatPath(path);
  const value = valueAt(raw, path);
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) {
        // an any-value field (z.unknown()) reports zod's internal "nonoptional": nothing to say about its type
        out.push({
          code: 'missing_field',
          path: at,
          message:
            issue.expected === 'nonoptional'
              ? 'required field is missing'
              : `required field is missing (expected ${issue.expected})`,
        });
      } else {
        out.push({ code: 'invalid_type', path: at, message: `expected ${issue.expected}, got ${describe(value)}` });
      }
      return;
    case 'unrecognized_keys': {
      const known = keysAt(schema, path, raw);
      for (const key of issue.keys) {
        out.push({
          code: 'unknown_field',
          path: formatPath([...path, key]),
          message: `unknown field${known.length ? didYouMean(key, known) : ''}${
            known.length ? ` (allowed: ${known.join(', ')})` : ''
          }`,
        });
      }
      return;
    }
    case 'invalid_value': {
      const opts = issue.values.map((v) => JSON.stringify(v));
      if (value === undefined) {
        out.push({
          code: 'missing_field',
          path: at,
          message: `required field is missing (${opts.length === 1 ? `expected ${opts[0]}` : `one of ${opts.join(', ')}`})`,
        });
        return;
      }
      const hint = typeof value === 'string' ? didYouMean(value, issue.values.map(String)) : '';
      out.push({
        code: 'invalid_value',
        path: at,
        message: `${JSON.stringify(value)} is not allowed; expected ${opts.length === 1 ? opts[0] : `one of ${opts.join(', ')}`}${hint}`,
      });
      return;
    }
    case 'invalid_union': {
      if (issue.discriminator) {
        const options = (issue as { options?: unknown[] }).options ?? [];
        const got = valueAt(raw, path);
        if (got === undefined) {
          out.push({
            code: 'missing_field',
            path: at,
            message: `required field is missing (one of ${options.join(', ')})`,
          });
          return;
        }
        const hint = typeof got === 'string' ? didYouMean(got, options.map(String)) : '';
        out.push({
          code: issue.discriminator === 'kind' ? 'unknown_check_kind' : 'invalid_value',
          path: at,
          message: `${JSON.stringify(got)} is not a known ${issue.discriminator}${hint} (known: ${options.join(', ')})`,
        });
        return;
      }
      // report the branch that got furthest, else the union's own message
      const best = bestBranch(issue.errors);
      if (best) {
        for (const sub of best) collect(sub, path, raw, schema, out);
        return;
      }
      // an object no branch accepts: name its unknown keys against every branch's keys
      const allowed =
        value !== null && typeof value === 'object' && !Array.isArray(value) ? keysAt(schema, path, raw) : [];
      const unknown = Object.keys(value ?? {}).filter((k) => allowed.length && !allowed.includes(k));
      if (unknown.length) {
        for (const key of unknown) {
          out.push({
            code: 'unknown_field',
            path: formatPath([...path, key]),
            message: `unknown field${didYouMean(key, allowed)} (allowed: ${allowed.join(', ')}); ${issue.message}`,
          });
        }
        return;
      }
      out.push({ code: 'invalid_value', path: at, message: issue.message });
      return;
    }
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? `at least ${issue.minimum}` : `at most ${issue.maximum}`;
      const what = issue.origin === 'array' ? 'items' : issue.origin === 'string' ? 'characters' : '';
      out.push({
        code: 'out_of_range',
        path: at,
        message: `must be ${bound}${what ? ` ${what}` : ''} (got ${describe(value)})`,
      });
      return;
    }
    case 'invalid_format':
      out.push({ code: 'invalid_format', path: at, message: `${JSON.stringify(value)}: ${issue.message}` });
      return;
    default:
      out.push({ code: 'invalid_value', path: at, message: issue.message });
  }
}

// a branch whose problems are all below its root matched the shape; prefer the fewest such problems
function bestBranch(branches: readonly (readonly Issue[])[]): readonly Issue[] | undefined {
  let best: readonly Issue[] | undefined;
  for (const b of branches) {
    const rootMiss = b.some(
      (i) =>
        i.path.length === 0 || i.code === 'unrecognized_keys' || (i.code === 'invalid_type' && i.path.length === 1),
    );
    if (rootMiss) continue;
    if (!best || b.length < best.length) best = b;
  }
  return best;
}

function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === 'object') return 'an object';
  const s = JSON.stringify(v);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}

export function valueAt(raw: unknown, path: readonly PathSegment[]): unknown {
  let cur = raw;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[seg];
  }
  return cur;
}

type Def = {
  type: string;
  shape?: Record<string, AnySchema>;
  innerType?: AnySchema;
  element?: AnySchema;
  valueType?: AnySchema;
  options?: AnySchema[];
  discriminator?: string;
  in?: AnySchema;
};

/** The field names an object schema allows at `path` (best effort through wrappers and unions). */
export function keysAt(schema: AnySchema, path: readonly PathSegment[], raw: unknown): string[] {
  const target = schemaAt(schema, path, raw);
  return target ? objectKeys(target, valueAt(raw, path)) : [];
}

function def(s: AnySchema): Def {
  return (s as unknown as { _zod: { def: Def } })._zod.def;
}

function unwrap(s: AnySchema): AnySchema {
  let cur = s;
  for (;;) {
    const d = def(cur);
    if (
      d.innerType &&
      ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(d.type)
    )
      cur = d.innerType;
    else if (d.type === 'pipe' && d.in) cur = d.in;
    else return cur;
  }
}

function objectKeys(s: AnySchema, value: unknown): string[] {
  const u = unwrap(s);
  const d = def(u);
  if (d.type === 'object') return Object.keys(d.shape ?? {});
  if (d.type === 'union') {
    const branch = pickBranch(d, value);
    if (branch) return objectKeys(branch, value);
    return [...new Set((d.options ?? []).flatMap((o) => objectKeys(o, value)))];
  }
  return [];
}

function pickBranch(d: Def, value: unknown): AnySchema | undefined {
  if (!d.discriminator || value === null || typeof value !== 'object') return undefined;
  const tag = (value as Record<string, unknown>)[d.discriminator];
  return (d.options ?? []).find((o) => {
    const shape = def(unwrap(o)).shape;
    const lit = shape?.[d.discriminator as string];
    const values = lit ? (def(lit) as unknown as { values?: unknown[] }).values : undefined;
    return values?.includes(tag);
  });
}

function schemaAt(schema: AnySchema, path: readonly PathSegment[], raw: unknown): AnySchema | undefined {
  let cur: AnySchema | undefined = schema;
  let value = raw;
  for (const seg of path) {
    if (!cur) return undefined;
    const u = unwrap(cur);
    const d = def(u);
    if (d.type === 'object') cur = d.shape?.[String(seg)];
    else if (d.type === 'array') cur = d.element;
    else if (d.type === 'record') cur = d.valueType;
    else if (d.type === 'union') {
      const branch = pickBranch(d, value);
      const candidates = branch ? [branch] : (d.options ?? []);
      cur = candidates.map((o) => def(unwrap(o))).find((od) => od.type === 'object' && od.shape?.[String(seg)])
        ?.shape?.[String(seg)];
    } else return undefined;
    value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[seg] : undefined;
  }
  return cur;
}
