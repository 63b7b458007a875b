// ordered XML trees for the OOXML readers: document order matters (paragraphs, rows, runs)
import { ParseBudget } from './budget.js';

/** One element of an ordered tree: its tag, attributes and children (text nodes have tag "#text"). */
export interface XNode {
  tag: string;
  attrs: Record<string, string>;
  children: XNode[];
  text?: string;
}

const ENTITIES = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
]);
const unescape = (s: string) =>
  s.includes('&')
    ? s.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (m, e: string) => {
        if (e[0] !== '#') return ENTITIES.get(e) ?? m;
        const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : m;
      })
    : s;
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
// a name ends at white space, "/", ">" or "="
const nameEnd = (xml: string, i: number) => {
  while (i < xml.length) {
    const c = xml.charCodeAt(i);
    if (isSpace(c) || c === 0x2f || c === 0x3e || c === 0x3d) break;
    i++;
  }
  return i;
};
const skipSpace = (xml: string, i: number) => {
  while (i < xml.length && isSpace(xml.charCodeAt(i))) i++;
  return i;
};
const malformed = (what: string) => new Error(`malformed XML: ${what}`);

/**
 * Parses XML into ordered nodes (the root's siblings: declaration excluded); throws on unbalanced tags. One
 * forward scan (every search starts where the last ended), so the time is linear in the input whatever it
 * holds; elements, text nodes and nesting are counted against the read's budget. Entities other than the
 * five predefined ones and character references are left as written: nothing is ever expanded.
 */
export function parseXml(xml: string, budget = new ParseBudget()): XNode[] {
  const root: XNode = { tag: '#root', attrs: {}, children: [] };
  const stack: XNode[] = [root];
  const top = () => stack[stack.length - 1] as XNode;
  const text = (t: string) => {
    if (!t) return;
    budget.nodes();
    top().children.push({ tag: '#text', attrs: {}, children: [], text: unescape(t) });
  };
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) break;
    text(xml.slice(i, lt));
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      if (end < 0) throw malformed('a comment is not closed');
      i = end + 3;
    } else if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt + 9);
      if (end < 0) throw malformed('a CDATA section is not closed');
      budget.nodes();
      top().children.push({ tag: '#text', attrs: {}, children: [], text: xml.slice(lt + 9, end) });
      i = end + 3;
    } else if (xml[lt + 1] === '?' || xml[lt + 1] === '!') {
      const end = xml.indexOf('>', lt + 2);
      if (end < 0) throw malformed('a declaration is not closed');
      i = end + 1;
    } else if (xml[lt + 1] === '/') {
      const end = xml.indexOf('>', lt + 2);
      if (end < 0) throw malformed('an end tag is not closed');
      const close = xml.slice(lt + 2, end).trim();
      const open = stack.pop();
      if (!open || open.tag !== close || stack.length === 0)
        throw malformed(`</${close.slice(0, 80)}> does not close <${open?.tag.slice(0, 80) ?? ''}>`);
      i = end + 1;
    } else {
      const tagEnd = nameEnd(xml, lt + 1);
      const tag = xml.slice(lt + 1, tagEnd);
      if (!tag) {
        // a bare "<" in text (not well-formed, but seen in the wild) stays text, as it always did
        text('<');
        i = lt + 1;
        continue;
      }
      const attrs: Record<string, string> = {};
      let j = skipSpace(xml, tagEnd);
      let selfClose = false;
      for (;;) {
        if (j >= xml.length) throw malformed(`<${tag.slice(0, 80)}> is not closed`);
        if (xml[j] === '>') break;
        if (xml.startsWith('/>', j)) {
          selfClose = true;
          j++;
          break;
        }
        const kEnd = nameEnd(xml, j);
        const key = xml.slice(j, kEnd);
        j = skipSpace(xml, kEnd);
        if (!key || xml[j] !== '=') throw malformed(`an attribute of <${tag.slice(0, 80)}> has no value`);
        j = skipSpace(xml, j + 1);
        const quote = xml[j];
        if (quote !== '"' && quote !== "'") throw malformed(`an attribute of <${tag.slice(0, 80)}> is not quoted`);
        const vEnd = xml.indexOf(quote, j + 1);
        if (vEnd < 0) throw malformed(`an attribute of <${tag.slice(0, 80)}> is not closed`);
        // "__proto__" would set the object's prototype instead of a key
        if (key !== '__proto__') attrs[key] = unescape(xml.slice(j + 1, vEnd));
        j = skipSpace(xml, vEnd + 1);
      }
      budget.nodes();
      const node: XNode = { tag, attrs, children: [] };
      top().children.push(node);
      if (!selfClose) {
        stack.push(node);
        budget.depth(stack.length - 1);
      }
      i = j + 1;
    }
  }
  text(xml.slice(i));
  if (stack.length !== 1) throw malformed(`<${top().tag.slice(0, 80)}> is not closed`);
  // whitespace between top-level items is not content
  return root.children.filter((n) => n.tag !== '#text' || (n.text ?? '').trim() !== '');
}

/** Local name of a tag: "w:p" → "p". */
export const local = (tag: string): string => tag.slice(tag.indexOf(':') + 1);

/** Every descendant (depth-first, document order) with local name `name`, not descending into matches. */
export function findAll(nodes: readonly XNode[], name: string): XNode[] {
  const out: XNode[] = [];
  const walk = (ns: readonly XNode[]) => {
    for (const n of ns) {
      if (local(n.tag) === name) out.push(n);
      else walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

/** The first descendant with local name `name`. */
export const findOne = (nodes: readonly XNode[], name: string): XNode | undefined => findAll(nodes, name)[0];

/** Attribute by local name ("r:id" and "id" both answer "id" when asked by full name first). */
export function attr(n: XNode, name: string): string | undefined {
  if (name in n.attrs) return n.attrs[name];
  const key = Object.keys(n.attrs).find((k) => local(k) === name);
  return key === undefined ? undefined : n.attrs[key];
}

/** Concatenated text of the `t` elements under a node (runs of w:t, a:t, or an inline string's t). */
export function textUnder(n: XNode, textTag = 't'): string {
  let s = '';
  const walk = (x: XNode) => {
    if (local(x.tag) === textTag) s += x.children.map((c) => c.text ?? '').join('');
    else if (local(x.tag) === 'tab') s += '\t';
    else if (local(x.tag) === 'br') s += '\n';
    else x.children.forEach(walk);
  };
  walk(n);
  return s;
}

/** XML-escapes text for element content and attribute values. */
export const esc = (s: string): string =>
  s
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
