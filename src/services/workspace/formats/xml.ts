// ordered XML trees for the OOXML readers: document order matters (paragraphs, rows, runs)

/** One element of an ordered tree: its tag, attributes and children (text nodes have tag "#text"). */
export interface XNode {
  tag: string;
  attrs: Record<string, string>;
  children: XNode[];
  text?: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescape = (s: string) =>
  s.includes('&')
    ? s.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (m, e: string) => {
        if (e[0] !== '#') return ENTITIES[e] ?? m;
        const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : m;
      })
    : s;
const ATTR = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
// one markup item: comment, CDATA, processing instruction / declaration, end tag, or start tag
const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<[?!][\s\S]*?>|<\/\s*([^\s>]+)\s*>|<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;

/** Parses XML into ordered nodes (the root's siblings: declaration excluded); throws on unbalanced tags. */
export function parseXml(xml: string): XNode[] {
  const root: XNode = { tag: '#root', attrs: {}, children: [] };
  const stack: XNode[] = [root];
  let last = 0;
  const text = (t: string) => {
    if (t)
      (stack[stack.length - 1] as XNode).children.push({ tag: '#text', attrs: {}, children: [], text: unescape(t) });
  };
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(xml); m; m = TOKEN.exec(xml)) {
    text(xml.slice(last, m.index));
    last = TOKEN.lastIndex;
    const [, cdata, close, open, rawAttrs, selfClose] = m;
    if (cdata !== undefined)
      (stack[stack.length - 1] as XNode).children.push({ tag: '#text', attrs: {}, children: [], text: cdata });
    else if (close !== undefined) {
      const top = stack.pop();
      if (!top || top.tag !== close || stack.length === 0)
        throw new Error(`malformed XML: </${close}> does not close <${top?.tag ?? ''}>`);
    } else if (open !== undefined) {
      const attrs: Record<string, string> = {};
      if (rawAttrs) for (const a of rawAttrs.matchAll(ATTR)) attrs[a[1] as string] = unescape(a[2] ?? a[3] ?? '');
      const node: XNode = { tag: open, attrs, children: [] };
      (stack[stack.length - 1] as XNode).children.push(node);
      if (!selfClose) stack.push(node);
    }
  }
  text(xml.slice(last));
  if (stack.length !== 1) throw new Error(`malformed XML: <${(stack[stack.length - 1] as XNode).tag}> is not closed`);
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
