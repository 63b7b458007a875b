import { ParseBudget, ParseLimitError } from './budget.js';
import { inflateWithin } from './zip.js';

// a PDF text extractor for the grader and fs_read: it walks the page tree in order and reads the text
// operators of each page's content streams (compressed or not, object streams included), decoding strings
// through the font's ToUnicode map when there is one and WinAnsi otherwise. Text in images is not read.
// Every scan moves forward (linear time), decoded streams are kept per object (a stream shared by many pages is
// inflated once), and objects, tokens, nesting and inflated bytes are charged to the read's budget.

type Val = number | boolean | null | { name: string } | { str: string } | { ref: number } | Val[] | Dict;
interface Dict {
  [key: string]: Val;
}
interface Obj {
  value: Val;
  stream?: string;
}

// character classes by code (Latin-1: the lexer reads bytes as latin1 text)
const WS = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WS[c] = 1;
const WORD_END = Uint8Array.from(WS);
for (const c of '()<>[]{}/%') WORD_END[c.charCodeAt(0)] = 1;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

// a word longer than this is never a number (the number pattern is then not tried on it)
const MAX_NUMBER_CHARS = 64;

class Lexer {
  constructor(
    readonly s: string,
    readonly budget: ParseBudget,
    public i = 0,
  ) {}
  skip(): void {
    const s = this.s;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (WS[c & 0xff]) this.i++;
      else if (c === 0x25) while (this.i < s.length && s[this.i] !== '\n' && s[this.i] !== '\r') this.i++;
      else break;
    }
  }
  word(): string {
    const start = this.i;
    const s = this.s;
    while (this.i < s.length && !WORD_END[s.charCodeAt(this.i) & 0xff]) this.i++;
    return this.s.slice(start, this.i);
  }
  literal(): string {
    let depth = 1;
    let out = '';
    const s = this.s;
    this.i++;
    while (this.i < s.length) {
      const c = s[this.i++] as string;
      if (c === '\\') {
        const n = s[this.i++] as string;
        const esc: Record<string, string> = {
          n: '\n',
          r: '\r',
          t: '\t',
          b: '\b',
          f: '\f',
          '(': '(',
          ')': ')',
          '\\': '\\',
        };
        if (n in esc) out += esc[n];
        else if (/[0-7]/.test(n)) {
          let oct = n;
          while (oct.length < 3 && /[0-7]/.test(s[this.i] ?? '')) oct += s[this.i++];
          out += String.fromCharCode(parseInt(oct, 8) & 0xff);
        } else if (n === '\r') {
          if (s[this.i] === '\n') this.i++;
        } else if (n !== '\n') out += n;
      } else if (c === '(') {
        depth++;
        out += c;
      } else if (c === ')') {
        if (--depth === 0) break;
        out += c;
      } else out += c;
    }
    return out;
  }
  hex(): string {
    const end = this.s.indexOf('>', this.i);
    const h = this.s.slice(this.i + 1, end < 0 ? this.s.length : end).replace(/[^0-9a-fA-F]/g, '');
    this.i = end < 0 ? this.s.length : end + 1;
    let out = '';
    for (let k = 0; k < h.length; k += 2)
      out += String.fromCharCode(parseInt((h.slice(k, k + 2) + '0').slice(0, 2), 16));
    return out;
  }
  /** the next value, or an operator word as {op} (content streams) */
  value(depth = 0): Val | { op: string } | undefined {
    this.budget.tokens();
    this.skip();
    const s = this.s;
    const c = s[this.i];
    if (c === undefined) return undefined;
    if (c === '/') {
      this.i++;
      return {
        name: this.word().replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      };
    }
    if (c === '(') return { str: this.literal() };
    if (c === '<' && s[this.i + 1] === '<') {
      this.i += 2;
      this.budget.depth(depth + 1);
      const d: Dict = {};
      for (;;) {
        this.skip();
        if (s.startsWith('>>', this.i) || this.i >= s.length) {
          this.i += 2;
          return d;
        }
        const k = this.value(depth + 1);
        const v = this.value(depth + 1);
        if (
          k &&
          typeof k === 'object' &&
          !Array.isArray(k) &&
          'name' in k &&
          typeof k.name === 'string' &&
          k.name !== '__proto__'
        )
          d[k.name] = v && typeof v === 'object' && 'op' in v ? null : (v as Val);
      }
    }
    if (c === '<') return { str: this.hex() };
    if (c === '[') {
      this.i++;
      this.budget.depth(depth + 1);
      const a: Val[] = [];
      for (;;) {
        this.skip();
        if (s[this.i] === ']' || this.i >= s.length) {
          this.i++;
          return a;
        }
        const v = this.value(depth + 1);
        if (v === undefined) return a;
        if (!(v && typeof v === 'object' && 'op' in v)) a.push(v);
      }
    }
    if (c === ']' || c === ')' || c === '>' || c === '{' || c === '}') {
      this.i++;
      return { op: c };
    }
    const w = this.word();
    if (w === '') {
      this.i++;
      return { op: c };
    }
    if (w.length <= MAX_NUMBER_CHARS && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(w)) {
      // "n g R" is a reference (looked for only when a digit follows the blank after an integer)
      let j = this.i;
      while (j < s.length && WS[s.charCodeAt(j) & 0xff]) j++;
      if (j > this.i && isDigit(s.charCodeAt(j)) && /^\d+$/.test(w)) {
        const m = /^\s+(\d+)\s+R(?![A-Za-z])/.exec(s.slice(this.i, this.i + 24));
        if (m) {
          this.i += m[0].length;
          return { ref: Number(w) };
        }
      }
      return Number(w);
    }
    if (w === 'true' || w === 'false') return w === 'true';
    if (w === 'null') return null;
    return { op: w };
  }
}

const isDict = (v: unknown): boolean =>
  !!v && typeof v === 'object' && !Array.isArray(v) && !('name' in v) && !('str' in v) && !('ref' in v) && !('op' in v);
const asDict = (v: unknown): Dict | undefined => (isDict(v) ? (v as Dict) : undefined);
// the one-key wrappers of names, strings and references (a Dict's index signature defeats `in` narrowing)
const wrapped = <K extends 'name' | 'str' | 'ref'>(v: unknown, key: K): unknown =>
  v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1 && key in v
    ? (v as Record<K, unknown>)[key]
    : undefined;
const nameOf = (v: unknown): string | undefined => wrapped(v, 'name') as string | undefined;
const strOf = (v: unknown): string | undefined => wrapped(v, 'str') as string | undefined;
const refNo = (v: unknown): number | undefined => wrapped(v, 'ref') as number | undefined;

// "12 0 obj": the object number and generation written before an "obj" keyword (looked for backwards, a few
// characters only, so that a long run of digits costs nothing)
const OBJ_HEAD = /(\d{1,10})\s+\d{1,5}\s+$/;

class PdfFile {
  readonly objs = new Map<number, Obj>();
  readonly #decoded = new Map<Obj, string | undefined>();
  constructor(
    readonly s: string,
    readonly budget: ParseBudget,
  ) {
    for (let at = s.indexOf('obj'); at >= 0; at = s.indexOf('obj', at + 3)) {
      budget.work(64);
      if (/\w/.test(s[at + 3] ?? '')) continue;
      const m = OBJ_HEAD.exec(s.slice(Math.max(0, at - 24), at));
      if (!m) continue;
      budget.count('pdfObjects', this.objs.size + 1, 'objects');
      const lx = new Lexer(s, budget, at + 3);
      const value = lx.value() as Val;
      lx.skip();
      let stream: string | undefined;
      let next = lx.i;
      if (s.startsWith('stream', lx.i)) {
        let start = lx.i + 6;
        if (s[start] === '\r') start++;
        if (s[start] === '\n') start++;
        const len = asDict(value)?.Length;
        const byLength = typeof len === 'number' && /^\s*endstream/.test(s.slice(start + len, start + len + 16));
        const end = byLength ? start + (len as number) : s.indexOf('endstream', start);
        stream = s.slice(start, end < 0 ? s.length : end);
        next = end < 0 ? s.length : end;
      }
      this.objs.set(Number(m[1]), { value, ...(stream !== undefined ? { stream } : {}) });
      // the next object starts after this one's stream (whose bytes may hold "obj")
      at = Math.max(at, next - 3);
    }
    // objects packed in object streams (PDF 1.5)
    for (const o of [...this.objs.values()]) {
      const d = asDict(o.value);
      if (!d || nameOf(d.Type) !== 'ObjStm' || o.stream === undefined) continue;
      const data = this.decode(o);
      if (data === undefined) continue;
      // a count beyond what the stream can hold is a lie: at most one object per two bytes
      const n = Math.min(Number(this.get(d.N)) || 0, Math.ceil(data.length / 2));
      budget.count('pdfObjects', this.objs.size + n, 'objects');
      const first = Number(this.get(d.First));
      const head = new Lexer(data, budget);
      const pairs: [number, number][] = [];
      for (let k = 0; k < n && head.i < data.length; k++)
        pairs.push([Number(head.value() as number), Number(head.value() as number)]);
      for (const [num, off] of pairs)
        if (!this.objs.has(num)) this.objs.set(num, { value: new Lexer(data, budget, first + off).value() as Val });
    }
  }
  get(v: Val | undefined): Val | undefined {
    for (let k = 0; k < 32 && refNo(v) !== undefined; k++) v = this.objs.get(refNo(v) as number)?.value;
    return v;
  }
  obj(v: Val | undefined): Obj | undefined {
    const n = refNo(v);
    return n === undefined ? undefined : this.objs.get(n);
  }
  /** The stream's bytes after its filters, once per object however many pages share it. */
  decode(o: Obj): string | undefined {
    if (this.#decoded.has(o)) return this.#decoded.get(o);
    const out = this.#decode(o);
    this.#decoded.set(o, out);
    return out;
  }
  #decode(o: Obj): string | undefined {
    if (o.stream === undefined) return undefined;
    const f = this.get(asDict(o.value)?.Filter);
    const filters = (Array.isArray(f) ? f : f ? [f] : []).map((x) => nameOf(this.get(x)));
    let bytes: Uint8Array = Buffer.from(o.stream, 'latin1');
    for (const name of filters) {
      if (name !== 'FlateDecode') return undefined;
      try {
        bytes = inflateWithin(bytes, this.budget);
      } catch (e) {
        // a damaged stream is skipped, as readers do; a limit stops the whole read
        if (e instanceof ParseLimitError) throw e;
        return undefined;
      }
    }
    return Buffer.from(bytes).toString('latin1');
  }
  root(): Dict | undefined {
    const t = this.s.lastIndexOf('trailer');
    const trailer = t >= 0 ? new Lexer(this.s, this.budget, t + 7).value() : undefined;
    const fromTrailer = asDict(this.get(asDict(trailer)?.Root));
    if (fromTrailer) return fromTrailer;
    for (const o of this.objs.values()) if (nameOf(asDict(o.value)?.Type) === 'Catalog') return asDict(o.value);
    return undefined;
  }
}

// ToUnicode CMap: code (as a byte string) → text
function cmapOf(text: string, budget: ParseBudget): { width: number; map: Map<string, string> } {
  const map = new Map<string, string>();
  const utf16 = (h: string) => {
    let out = '';
    for (let k = 0; k + 1 < h.length; k += 2) out += String.fromCharCode((h.charCodeAt(k) << 8) | h.charCodeAt(k + 1));
    return out;
  };
  const space = /begincodespacerange\s*<([0-9a-fA-F]+)>/.exec(text);
  const width = space ? Math.max(1, Math.ceil((space[1] as string).length / 2)) : 2;
  const lx = new Lexer(text, budget);
  let mode = '';
  const buf: Val[] = [];
  for (let v = lx.value(); v !== undefined; v = lx.value()) {
    if (v && typeof v === 'object' && 'op' in v) {
      if (v.op === 'beginbfchar' || v.op === 'beginbfrange') mode = v.op;
      else if (v.op === 'endbfchar' || v.op === 'endbfrange') mode = '';
      buf.length = 0;
      continue;
    }
    if (!mode) continue;
    buf.push(v);
    if (mode === 'beginbfchar' && buf.length === 2) {
      const [src, dst] = [strOf(buf[0]), strOf(buf[1])];
      if (src !== undefined && dst !== undefined) map.set(src, utf16(dst));
      buf.length = 0;
    } else if (mode === 'beginbfrange' && buf.length === 3) {
      const [lo, hi, dst] = [{ str: strOf(buf[0]) ?? '' }, { str: strOf(buf[1]) ?? '' }, buf[2]];
      const n0 = [...lo.str].reduce((n, c) => n * 256 + c.charCodeAt(0), 0);
      const n1 = [...hi.str].reduce((n, c) => n * 256 + c.charCodeAt(0), 0);
      for (let n = n0; n <= n1 && n - n0 < 65536; n++) {
        budget.tokens();
        let code = '';
        for (let k = lo.str.length - 1, x = n; k >= 0; k--, x = Math.floor(x / 256))
          code = String.fromCharCode(x % 256) + code;
        if (Array.isArray(dst)) {
          const d = strOf(dst[n - n0]);
          if (d !== undefined) map.set(code, utf16(d));
        } else if (strOf(dst) !== undefined) {
          const base = utf16(strOf(dst) as string);
          map.set(code, base.slice(0, -1) + String.fromCharCode(base.charCodeAt(base.length - 1) + n - n0));
        }
      }
      buf.length = 0;
    }
  }
  return { width, map };
}

const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = (s: string) => s.replace(/[\x80-\x9f]/g, (c) => WIN_ANSI_HIGH[c.charCodeAt(0) - 0x80] as string);

type Decoder = (s: string) => string;

// one decoder per font object, however many pages use the font
const fontDecoders = new WeakMap<PdfFile, Map<Dict, Decoder>>();

function fontDecoder(pdf: PdfFile, font: Val | undefined): Decoder {
  const f = asDict(pdf.get(font));
  if (!f) return winAnsi;
  let known = fontDecoders.get(pdf);
  if (!known) fontDecoders.set(pdf, (known = new Map()));
  let d = known.get(f);
  if (!d) known.set(f, (d = newDecoder(pdf, f)));
  return d;
}

function newDecoder(pdf: PdfFile, f: Dict): Decoder {
  const tu = pdf.obj(f.ToUnicode);
  const cmapText = tu ? pdf.decode(tu) : undefined;
  if (cmapText) {
    const { width, map } = cmapOf(cmapText, pdf.budget);
    return (s) => {
      let out = '';
      for (let k = 0; k < s.length; k += width) {
        const code = s.slice(k, k + width);
        out += map.get(code) ?? (width === 1 ? winAnsi(code) : '');
      }
      return out;
    };
  }
  // a composite font without a map: its codes are glyph ids, not text
  if (nameOf(pdf.get(f.Subtype)) === 'Type0') return () => '';
  return winAnsi;
}

function pageText(pdf: PdfFile, page: Dict, resources: Dict | undefined): string {
  const c = page.Contents;
  const refs = Array.isArray(pdf.get(c)) ? (pdf.get(c) as Val[]) : [c];
  const content = refs
    .map((r) => {
      const o = pdf.obj(r);
      return o ? (pdf.decode(o) ?? '') : '';
    })
    .join('\n');
  const fonts = pdf.get(resources?.Font);
  const decoders = new Map<string, Decoder>();
  let decode: Decoder = winAnsi;
  let out = '';
  let lastY: number | undefined;
  const newline = () => {
    if (out && !out.endsWith('\n')) out += '\n';
  };
  const lx = new Lexer(content, pdf.budget);
  const ops: Val[] = [];
  for (let v = lx.value(); v !== undefined; v = lx.value()) {
    if (!(v && typeof v === 'object' && 'op' in v)) {
      ops.push(v);
      continue;
    }
    const op = v.op;
    const str = (x: Val | undefined) => {
      const raw = strOf(x);
      return raw === undefined ? '' : decode(raw);
    };
    if (op === 'Tf') {
      const name = nameOf(ops[0]) ?? '';
      if (!decoders.has(name)) decoders.set(name, fontDecoder(pdf, asDict(fonts)?.[name]));
      decode = decoders.get(name) as Decoder;
    } else if (op === 'Tj') out += str(ops[0]);
    else if (op === "'" || op === '"') {
      newline();
      out += str(ops.at(-1));
    } else if (op === 'TJ') {
      for (const x of Array.isArray(ops[0]) ? ops[0] : []) {
        if (typeof x === 'number') {
          if (x < -250 && !out.endsWith(' ')) out += ' ';
        } else out += str(x);
      }
    } else if (op === 'T*') newline();
    else if (op === 'Td' || op === 'TD') {
      if (Number(ops[1]) !== 0) newline();
      else if (Number(ops[0]) > 0 && out && !/\s/.test(out.at(-1) as string)) out += ' ';
    } else if (op === 'Tm') {
      const y = Number(ops[5]);
      if (lastY !== undefined && y !== lastY) newline();
      lastY = y;
    } else if (op === 'BI') {
      // inline image data is not text: skip to EI
      const end = content.indexOf('EI', lx.i);
      lx.i = end < 0 ? content.length : end + 2;
    }
    ops.length = 0;
  }
  // trimEnd and the loops below are linear; an end-anchored regex would rescan every run of blanks
  const lines = out.split('\n').map((l) => l.trimEnd());
  let a = 0;
  let b = lines.length;
  while (a < b && lines[a] === '') a++;
  while (b > a && lines[b - 1] === '') b--;
  return lines.slice(a, b).join('\n');
}

/** Text of every page, in page order; throws when the bytes are not a PDF. */
export function readPdf(bytes: Uint8Array, budget = new ParseBudget()): string[] {
  const s = Buffer.from(bytes).toString('latin1');
  if (!s.startsWith('%PDF-')) throw new Error('not a PDF: the file does not start with %PDF-');
  const pdf = new PdfFile(s, budget);
  const root = pdf.root();
  if (!root) throw new Error('not a readable PDF: no document catalog');
  const pages: string[] = [];
  const seen = new Set<Dict>();
  const walk = (node: Val | undefined, inherited: Dict | undefined, depth: number) => {
    const n = asDict(pdf.get(node));
    if (!n || seen.has(n) || depth > 64) return;
    seen.add(n);
    const resources = asDict(pdf.get(n.Resources)) ?? inherited;
    if (nameOf(n.Type) === 'Page' || (n.Contents !== undefined && n.Kids === undefined)) {
      budget.count('parts', pages.length + 1, 'pages');
      pages.push(pageText(pdf, n, resources));
    } else for (const k of (pdf.get(n.Kids) as Val[] | undefined) ?? []) walk(k, resources, depth + 1);
  };
  walk(root.Pages, undefined, 0);
  return pages;
}
