import { z } from 'zod';
import type { ValueKind } from '../schema/canonical-values.js';
import { getService, resolveTool, SERVICES } from './registry.js';
import type { ServiceDef, ToolDef } from './types.js';
import { fieldKinds } from './util.js';

export type JsonSchema = Record<string, unknown>;

const schemaCache = new WeakMap<ToolDef, JsonSchema>();

/** The JSON Schema (input view: defaulted fields optional) a model sees for a tool's parameters. */
export function toolJsonSchema(tool: ToolDef): JsonSchema {
  let s = schemaCache.get(tool);
  if (!s) {
    const { $schema: _, ...rest } = z.toJSONSchema(tool.params, { io: 'input', target: 'draft-2020-12' }) as JsonSchema;
    s = rest;
    schemaCache.set(tool, s);
  }
  return s;
}

/** OpenAI function-tool shape: {type: "function", function: {name, description, parameters}}. */
export function openAiTool(tool: ToolDef): {
  type: 'function';
  function: { name: string; description: string; parameters: JsonSchema };
} {
  return {
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: toolJsonSchema(tool) },
  };
}

export interface FieldInfo {
  name: string;
  type: string;
  required: boolean;
  description: string;
  /** value kind: stored and compared canonically (src/schema/canonical-values.ts) */
  kind?: ValueKind;
}

/** field → value kind. */
export type FieldKinds = Readonly<Record<string, ValueKind>>;

export interface ServiceCatalog {
  name: string;
  description: string;
  tools: { name: string; description: string; parameters: JsonSchema; mutates: boolean; aliases?: readonly string[] }[];
  collections: { name: string; description: string; id: string; fields: FieldInfo[] }[];
  audit: { name: string; description: string; fields: Record<string, string>; kinds?: FieldKinds }[];
}

/** The catalogue entry of one service: tools, record fields (with meanings) and audit keys. */
export function describeService(service: ServiceDef): ServiceCatalog {
  return {
    name: service.name,
    description: service.description,
    tools: service.tools.map((t) => ({
      name: t.name,
      description: t.description,
      parameters: toolJsonSchema(t),
      mutates: t.mutates,
      ...(t.aliases?.length ? { aliases: t.aliases } : {}),
    })),
    collections: Object.entries(service.collections).map(([name, c]) => ({
      name,
      description: c.description,
      id: c.id,
      fields: recordFields(c.record),
    })),
    audit: Object.entries(service.audit).map(([name, a]) => ({
      name,
      description: a.description,
      fields: { ...a.fields },
      ...(a.kinds && Object.keys(a.kinds).length ? { kinds: { ...a.kinds } } : {}),
    })),
  };
}

export function describeCatalog(names?: readonly string[]): ServiceCatalog[] {
  const list = names ? names.map((n) => getService(n)).filter((s): s is ServiceDef => !!s) : SERVICES;
  return list.map(describeService);
}

/** Field list of a record schema: name, JSON type, required, meaning. */
export function recordFields(schema: z.ZodObject): FieldInfo[] {
  const js = z.toJSONSchema(schema, { io: 'input' }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  const required = new Set(js.required ?? []);
  const kinds = fieldKinds(schema);
  return Object.entries(js.properties ?? {}).map(([name, p]) => ({
    name,
    type: typeName(p),
    required: required.has(name),
    description: typeof p.description === 'string' ? p.description : '',
    ...(kinds[name] ? { kind: kinds[name] } : {}),
  }));
}

// value kinds the grader consults: declared once, on the services' schemas and audit lists
const NO_KINDS: FieldKinds = Object.freeze({});
// two-level (space → name) so the per-call lookup builds no key string
const kindCache = {
  audit: new Map<string, Map<string, FieldKinds>>(),
  collection: new Map<string, Map<string, FieldKinds>>(),
  tool: new Map<string, Map<string, FieldKinds>>(),
};
function cachedKinds(
  space: keyof typeof kindCache,
  a: string,
  b: string,
  compute: () => FieldKinds | undefined,
): FieldKinds {
  let inner = kindCache[space].get(a);
  if (!inner) kindCache[space].set(a, (inner = new Map()));
  let k = inner.get(b);
  if (!k) inner.set(b, (k = compute() ?? NO_KINDS));
  return k;
}

/** field → value kind of the entries of an audit record list (`service.list`); {} when unknown. */
export function auditKinds(service: string, list: string): FieldKinds {
  return cachedKinds('audit', service, list, () => getService(service)?.audit[list]?.kinds);
}

/** field → value kind of the records of a collection (`service.collection`); {} when unknown. */
export function collectionKinds(service: string, collection: string): FieldKinds {
  return cachedKinds('collection', service, collection, () => {
    const c = getService(service)?.collections[collection];
    return c ? fieldKinds(c.record) : undefined;
  });
}

/** argument → value kind of a tool (name or alias); {} when unknown. */
export function argKinds(tool: string): FieldKinds {
  return cachedKinds('tool', tool, '', () => {
    const t = resolveTool(tool)?.tool;
    return t ? fieldKinds(t.params) : undefined;
  });
}

function typeName(p: JsonSchema): string {
  if (Array.isArray(p.enum)) return p.enum.map((v) => JSON.stringify(v)).join('|');
  if (p.type === 'array') {
    const item = typeName((p.items as JsonSchema) ?? {});
    return item.includes('|') ? `(${item})[]` : `${item}[]`;
  }
  if (typeof p.type === 'string') return p.type;
  if (Array.isArray(p.type)) return p.type.join('|');
  if (Array.isArray(p.anyOf)) return [...new Set((p.anyOf as JsonSchema[]).map(typeName))].join('|');
  return 'any';
}

/** Plain-text catalogue for generator prompts (from the registry, never hand-written). */
export function catalogText(names: readonly string[]): string {
  const lines: string[] = [];
  for (const c of describeCatalog(names)) {
    lines.push(`## ${c.name}: ${c.description}`, 'Tools:');
    for (const t of c.tools) {
      const props = (t.parameters.properties ?? {}) as Record<string, JsonSchema>;
      const req = new Set((t.parameters.required as string[] | undefined) ?? []);
      const args = Object.entries(props).map(([k, p]) => `${k}${req.has(k) ? '*' : '?'}: ${typeName(p)}`);
      lines.push(`- ${t.name}(${args.join(', ')})${t.mutates ? ' [mutates]' : ''}: ${t.description}`);
    }
    for (const col of c.collections) {
      lines.push(`Collection ${col.name} (id: ${col.id}): ${col.description}`);
      for (const f of col.fields)
        lines.push(`  - ${f.name}${f.required ? '*' : ''}: ${f.type}${f.description ? ` — ${f.description}` : ''}`);
    }
    for (const a of c.audit)
      lines.push(`Audit list ${a.name}: ${a.description}; fields: ${Object.keys(a.fields).join(', ')}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** The catalogue as Markdown (docs/services.md is generated from this). */
export function catalogMarkdown(): string {
  const lines = [
    '# Service catalogue',
    '',
    'Generated by `coworkenv services --markdown > docs/services.md`; a test keeps it in sync with the registry.',
    'A field marked `[email]`, `[party]`, `[account]`, `[phone]` or `[id]` is stored and compared in its canonical form',
    '(see "Canonical values" in [taskspec.md](taskspec.md)).',
    '',
  ];
  for (const c of describeCatalog()) {
    lines.push(`## ${c.name}`, '', c.description, '', '| tool | arguments | mutates |', '|---|---|---|');
    for (const t of c.tools) {
      const props = (t.parameters.properties ?? {}) as Record<string, JsonSchema>;
      const req = new Set((t.parameters.required as string[] | undefined) ?? []);
      const args = Object.entries(props).map(
        ([k, p]) =>
          `${k}${req.has(k) ? '*' : ''}: ${typeName(p)}${p.default !== undefined ? ` = ${JSON.stringify(p.default)}` : ''}`,
      );
      const alias = t.aliases?.length ? ` (alias ${t.aliases.map((a) => `\`${a}\``).join(', ')})` : '';
      lines.push(
        `| \`${t.name}\`${alias} — ${t.description.replace(/\|/g, '\\|')} | ${args.join(', ').replace(/\|/g, '\\|') || '–'} | ${t.mutates ? 'yes' : ''} |`,
      );
    }
    lines.push('');
    for (const col of c.collections) {
      lines.push(`Collection \`${col.name}\` (id \`${col.id}\`): ${col.description}`, '');
      for (const f of col.fields)
        lines.push(
          `- \`${f.name}\`${f.required ? ' (required)' : ''}: ${f.type}${f.kind ? ` [${f.kind}]` : ''}${f.description ? ` — ${f.description}` : ''}`,
        );
      lines.push('');
    }
    for (const a of c.audit) {
      const fields = Object.keys(a.fields).map((f) => `\`${f}\`${a.kinds?.[f] ? ` [${a.kinds[f]}]` : ''}`);
      lines.push(
        `Audit list \`${a.name}\`: ${a.description}. Fields: ${fields.join(', ')}, plus \`timestamp\`, \`seq\`.`,
        '',
      );
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
