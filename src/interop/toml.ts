import { CoworkError } from '../schema/errors.js';

// The TOML that Harbor's task.toml uses: tables, arrays of tables, dotted table names, bare and quoted
// keys, strings (basic, literal, multi-line), numbers, booleans, arrays and inline tables. No dates.
// The input is untrusted (a downloaded task folder): every table is a null-prototype object, the key
// `__proto__` is refused, and arrays, inline tables and dotted names nest at most TOML_MAX_DEPTH levels, so
// no document reaches Object.prototype or the parser's stack.

type Table = Record<string, unknown>;

/** Deepest nesting of arrays and inline tables, and most parts of a dotted key or table name. */
export const TOML_MAX_DEPTH = 100;

const table = (): Table => Object.create(null) as Table;
const isPlainTable = (v: unknown): v is Table =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === null;

/** Parses TOML text; errors name the file and the line. Tables come back as null-prototype objects. */
export function parseToml(text: string, where: string): Table {
  const root: Table = table();
  let current = root;
  let i = 0;
  let line = 1;
  const fail = (msg: string): never => {
    throw new CoworkError('bad_input', `${where}:${line}: ${msg}`);
  };
  const peek = () => text[i] ?? '';
  const skipSpace = (newlines: boolean) => {
    for (;;) {
      const c = peek();
      if (c === ' ' || c === '\t' || c === '\r') i++;
      else if (c === '#') while (i < text.length && text[i] !== '\n') i++;
      else if (newlines && c === '\n') {
        i++;
        line++;
      } else return;
    }
  };
  const key = (): string => {
    const c = peek();
    let k: string;
    if (c === '"' || c === "'") k = str();
    else {
      const m = /^[A-Za-z0-9_-]+/.exec(text.slice(i));
      if (!m) fail(`expected a key, found ${JSON.stringify(c || 'end of file')}`);
      k = (m as RegExpExecArray)[0];
      i += k.length;
    }
    if (k === '__proto__') fail('the key __proto__ is not allowed (it names the object prototype, not data)');
    return k;
  };
  const dotted = (): string[] => {
    const parts = [key()];
    for (;;) {
      skipSpace(false);
      if (peek() !== '.') return parts;
      if (parts.length >= TOML_MAX_DEPTH) fail(`a dotted key has more than ${TOML_MAX_DEPTH} parts`);
      i++;
      skipSpace(false);
      parts.push(key());
    }
  };
  /** the table at `p` in `node`, created when absent; anything else there is an error naming `path` */
  const child = (node: Table, p: string, path: readonly string[]): Table => {
    const next = Object.hasOwn(node, p) ? node[p] : (node[p] = table());
    const t = Array.isArray(next) ? next.at(-1) : next;
    if (!isPlainTable(t)) fail(`${path.join('.')} is a value, not a table`);
    return t as Table;
  };
  const str = (): string => {
    const q = peek();
    const triple = text.startsWith(q.repeat(3), i);
    i += triple ? 3 : 1;
    if (triple && peek() === '\n') {
      i++;
      line++;
    }
    let out = '';
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      if (triple ? text.startsWith(q.repeat(3), i) : peek() === q) {
        i += triple ? 3 : 1;
        return out;
      }
      const c = text[i++] as string;
      if (c === '\n') {
        if (!triple) fail('newline in a single-line string');
        line++;
      }
      if (c === '\\' && q === '"') {
        const e = text[i++] ?? '';
        const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', '\\': '\\' };
        if (e in simple) out += simple[e];
        else if (e === 'u' || e === 'U') {
          const n = e === 'u' ? 4 : 8;
          const hex = text.slice(i, i + n);
          if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== n) fail(`bad \\${e} escape`);
          out += String.fromCodePoint(Number.parseInt(hex, 16));
          i += n;
        } else if (triple && e === '\n') {
          line++;
          while (/\s/.test(peek())) if (text[i++] === '\n') line++;
        } else fail(`unknown escape \\${e}`);
      } else out += c;
    }
  };
  const value = (depth: number): unknown => {
    const c = peek();
    if (c === '"' || c === "'") return str();
    if ((c === '[' || c === '{') && depth >= TOML_MAX_DEPTH)
      fail(`arrays and inline tables nest deeper than ${TOML_MAX_DEPTH} levels`);
    if (c === '[') {
      i++;
      const arr: unknown[] = [];
      for (;;) {
        skipSpace(true);
        if (peek() === ']') {
          i++;
          return arr;
        }
        arr.push(value(depth + 1));
        skipSpace(true);
        if (peek() === ',') i++;
        else if (peek() !== ']') fail('expected , or ] in an array');
      }
    }
    if (c === '{') {
      i++;
      const t: Table = table();
      skipSpace(false);
      if (peek() === '}') {
        i++;
        return t;
      }
      for (;;) {
        skipSpace(false);
        const k = dotted();
        skipSpace(false);
        if (peek() !== '=') fail('expected = in an inline table');
        i++;
        skipSpace(false);
        assign(t, k, value(depth + 1));
        skipSpace(false);
        if (peek() === ',') i++;
        else if (peek() === '}') {
          i++;
          return t;
        } else fail('expected , or } in an inline table');
      }
    }
    const m = /^(true|false|[+-]?(inf|nan)|[+-]?[0-9_]+(\.[0-9_]+)?([eE][+-]?[0-9_]+)?)/.exec(text.slice(i));
    if (!m) fail(`expected a value, found ${JSON.stringify(text.slice(i, i + 12))}`);
    i += (m as RegExpExecArray)[0].length;
    const tok = (m as RegExpExecArray)[0];
    if (tok === 'true' || tok === 'false') return tok === 'true';
    if (/inf|nan/.test(tok)) fail(`${tok} is not supported`);
    return Number(tok.replace(/_/g, ''));
  };
  const assign = (t: Table, path: string[], v: unknown) => {
    let node = t;
    for (const [k, p] of path.slice(0, -1).entries()) node = child(node, p, path.slice(0, k + 1));
    const last = path.at(-1) as string;
    if (Object.hasOwn(node, last)) fail(`key ${path.join('.')} is defined twice`);
    node[last] = v;
  };
  for (;;) {
    skipSpace(true);
    if (i >= text.length) return root;
    if (peek() === '[') {
      const arrayTable = text.startsWith('[[', i);
      i += arrayTable ? 2 : 1;
      skipSpace(false);
      const path = dotted();
      skipSpace(false);
      if (!text.startsWith(arrayTable ? ']]' : ']', i)) fail('expected ] after a table name');
      i += arrayTable ? 2 : 1;
      let node = root;
      for (const [k, p] of path.slice(0, -1).entries()) node = child(node, p, path.slice(0, k + 1));
      const last = path.at(-1) as string;
      if (arrayTable) {
        const arr = (Object.hasOwn(node, last) ? node[last] : (node[last] = [])) as Table[];
        if (!Array.isArray(arr)) fail(`${path.join('.')} is a table, not an array of tables`);
        arr.push(table());
        current = arr.at(-1) as Table;
      } else {
        const t = Object.hasOwn(node, last) ? node[last] : (node[last] = table());
        if (!isPlainTable(t)) fail(`${path.join('.')} is ${Array.isArray(t) ? 'an array' : 'a value'}, not a table`);
        current = t as Table;
      }
    } else {
      const k = dotted();
      skipSpace(false);
      if (peek() !== '=') fail(`expected = after key ${k.join('.')}`);
      i++;
      skipSpace(false);
      assign(current, k, value(0));
    }
    skipSpace(false);
    if (i < text.length && peek() !== '\n') fail(`unexpected ${JSON.stringify(peek())} after a value`);
  }
}

const bare = (k: string) => (/^[A-Za-z0-9_-]+$/.test(k) ? k : JSON.stringify(k));

function scalar(v: unknown, where: string): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new CoworkError('internal', `${where}: ${v} cannot be written as TOML`);
    return Number.isInteger(v) ? String(v) : String(v);
  }
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map((x, i) => scalar(x, `${where}[${i}]`)).join(', ')}]`;
  if (v && typeof v === 'object')
    return `{ ${Object.entries(v)
      .filter(([, x]) => x !== undefined && x !== null)
      .map(([k, x]) => `${bare(k)} = ${scalar(x, `${where}.${k}`)}`)
      .join(', ')} }`;
  throw new CoworkError('internal', `${where}: ${String(v)} cannot be written as TOML`);
}

const isTable = (v: unknown): v is Table => !!v && typeof v === 'object' && !Array.isArray(v);
const isTableArray = (v: unknown): v is Table[] => Array.isArray(v) && v.length > 0 && v.every(isTable);

/** Writes a nested object as TOML: plain keys first, then tables and arrays of tables (null/undefined skipped). */
export function stringifyToml(value: Table, prefix: string[] = []): string {
  const lines: string[] = [];
  const entries = Object.entries(value).filter(([, v]) => v !== undefined && v !== null);
  for (const [k, v] of entries)
    if (!isTable(v) && !isTableArray(v)) lines.push(`${bare(k)} = ${scalar(v, [...prefix, k].join('.'))}`);
  for (const [k, v] of entries) {
    const path = [...prefix, k];
    if (isTable(v)) {
      const body = stringifyToml(v, path);
      lines.push('', `[${path.map(bare).join('.')}]`, ...(body ? [body] : []));
    } else if (isTableArray(v)) {
      for (const t of v) {
        const body = stringifyToml(t, path);
        lines.push('', `[[${path.map(bare).join('.')}]]`, ...(body ? [body] : []));
      }
    }
  }
  return lines.join('\n').replace(/^\n+/, '');
}
