import { CHECK_KINDS, type CheckKind } from '../../schema/check-kinds.js';
import { taskSpecJsonSchema } from '../../schema/json-schema.js';

// a compact TaskSpec reference for prompts, generated from the same JSON Schema `coworkenv schema` prints (so it
// cannot drift from the zod schema), at a fraction of its size: one line per field, one signature per check kind.

type Node = Record<string, unknown>;

// `trace` and `provenance` are what the compositional generator records of itself; a model writing a spec has
// no use for them, and they would only lengthen the prompt
const BASE_CHECK_FIELDS = new Set(['id', 'weight', 'description', 'tiers', 'cap', 'kind', 'trace']);

// the recursive matcher is the schema's one $def; a record of matchers is a `where` clause
const isWhere = (n: Node) =>
  n.type === 'object' && !n.properties && typeof (n.additionalProperties as Node | undefined)?.$ref === 'string';

/** A one-line type of a JSON Schema node; objects deeper than `depth` show their keys only. */
export function typeText(node: unknown, depth = 1): string {
  const n = (node ?? {}) as Node;
  if (typeof n.$ref === 'string') return 'Matcher';
  if (n.const !== undefined) return JSON.stringify(n.const);
  if (Array.isArray(n.enum)) {
    // a long list (the 17 capabilities) shows its first values: the prompt names the ones to use
    const vals = n.enum.map((v) => JSON.stringify(v));
    return vals.length > 8 ? `${vals.slice(0, 3).join('|')}|… (${vals.length} names)` : vals.join('|');
  }
  const alts = (n.anyOf ?? n.oneOf) as Node[] | undefined;
  if (alts) return alts.map((a) => typeText(a, depth)).join(' | ');
  if (Array.isArray(n.type)) return n.type.join('|');
  if (n.type === 'array') {
    const item = typeText(n.items, depth);
    return topLevelUnion(item) ? `(${item})[]` : `${item}[]`;
  }
  if (n.type === 'object') {
    if (isWhere(n)) return 'Where';
    const props = n.properties as Record<string, Node> | undefined;
    if (!props) return 'object';
    const req = new Set((n.required as string[] | undefined) ?? []);
    const keys = Object.entries(props).map(([k, v]) =>
      depth > 0 ? `${k}${req.has(k) ? '' : '?'}: ${typeText(v, depth - 1)}` : `${k}${req.has(k) ? '' : '?'}`,
    );
    return `{${keys.join(', ')}}`;
  }
  return typeof n.type === 'string' ? n.type : 'any';
}

// "a | b" or "a|b" outside any braces: an array of it needs parentheses
function topLevelUnion(t: string): boolean {
  let level = 0;
  for (const ch of t) {
    if (ch === '{' || ch === '(') level++;
    else if (ch === '}' || ch === ')') level--;
    else if (ch === '|' && level === 0) return true;
  }
  return false;
}

const fieldLine = (name: string, node: Node, required: boolean, depth: number) => {
  const desc = typeof node.description === 'string' ? ` — ${node.description}` : '';
  return `- ${name}${required ? '' : '?'}: ${typeText(node, depth)}${desc}`;
};

const objectLines = (node: Node, depth: number, skip: ReadonlySet<string> = new Set()) => {
  const req = new Set((node.required as string[] | undefined) ?? []);
  return Object.entries((node.properties ?? {}) as Record<string, Node>)
    .filter(([k]) => !skip.has(k))
    .map(([k, v]) => fieldLine(k, v, req.has(k), depth));
};

// top-level fields whose shape gets its own section below
const OWN_SECTION = new Set(['checks', 'user', 'reference', 'forbidden', 'provenance']);

let cached: string | undefined;

/** The compact TaskSpec reference (fields, check kinds as one-line signatures, matchers, forbidden, reference, user plan). */
export function formatReference(): string {
  cached ??= build();
  return cached;
}

function build(): string {
  const schema = taskSpecJsonSchema() as Node;
  const props = schema.properties as Record<string, Node>;
  const matcher = ((schema.$defs as Record<string, Node> | undefined)?.__schema0 ?? {}) as Node;
  const kinds = ((props.checks?.items as Node | undefined)?.oneOf ?? []) as Node[];
  const kindLines = kinds.map((k) => {
    const p = k.properties as Record<string, Node>;
    const name = (p.kind as Node).const as CheckKind;
    const req = new Set((k.required as string[] | undefined) ?? []);
    const args = Object.entries(p)
      .filter(([f]) => !BASE_CHECK_FIELDS.has(f))
      .map(([f, v]) => `${f}${req.has(f) ? '' : '?'}: ${typeText(v, 0)}`);
    return `- ${name}(${args.join(', ')}) — ${CHECK_KINDS[name]?.description ?? ''}`;
  });
  const base = (kinds[0]?.properties ?? {}) as Record<string, Node>;
  const baseLine = ['id', 'weight', 'description', 'tiers', 'cap']
    .filter((f) => base[f])
    .map((f) => `${f}${f === 'id' || f === 'weight' ? '' : '?'}: ${typeText(base[f], 1)}`)
    .join(', ');
  const matcherForms = ((matcher.anyOf ?? []) as Node[]).map((a) => typeText(a, 1)).join(' · ');
  const user = ((props.user?.anyOf as Node[] | undefined)?.find((a) => a.type === 'object') ?? {}) as Node;
  const signal = ((user.properties as Record<string, Node> | undefined)?.signals?.items ?? {}) as Node;
  const signalProps = (signal.properties ?? {}) as Record<string, Node>;
  return [
    '## TaskSpec fields (`name?`: optional; every other field is required)',
    ...objectLines(schema, 1, OWN_SECTION),
    fieldLine('forbidden', props.forbidden ?? {}, false, 2),
    '## checks: a list; every check has ' + `{${baseLine}}` + ' plus its kind’s fields:',
    ...kindLines,
    '## Where and Matcher',
    '- Where = {field: Matcher}: every named field (of an audit entry, a record or tool arguments) must match.',
    `- Matcher = ${matcherForms}`,
    '- a date in before/after/within: an ISO date-time, "mock_today", "mock_today-2d" (±N m|h|d) or {field, offset?}',
    '## reference: a list of steps',
    `- ${typeText(props.reference?.items, 1)}`,
    '## user: the simulated user (null: none)',
    ...objectLines(user, 0, new Set(['signals'])),
    `- signals?: {${Object.keys(signalProps).join(', ')}}[]`,
    `  - trigger: ${typeText(signalProps.trigger, 1)}`,
    `  - effect: ${typeText(signalProps.effect, 1)}`,
  ]
    .join('\n')
    .replace(/ — undefined/g, '');
}
