import { zlibSync } from 'fflate';

// a small PDF 1.4 writer: text pages in Helvetica (WinAnsi), one compressed content stream per page. The
// dates come from the caller and the file id from the content, so the same pages give the same bytes.

const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/** WinAnsi byte of a character; characters outside it become "?". */
function winAnsi(ch: string): number {
  const c = ch.codePointAt(0) as number;
  if ((c >= 0x20 && c < 0x7f) || (c >= 0xa0 && c <= 0xff)) return c;
  return WIN_ANSI_EXTRA[ch] ?? 0x3f;
}

function literal(text: string): string {
  let s = '(';
  for (const ch of text) {
    const b = winAnsi(ch);
    if (b === 0x28 || b === 0x29 || b === 0x5c) s += `\\${String.fromCharCode(b)}`;
    else if (b < 0x80) s += String.fromCharCode(b);
    else s += `\\${b.toString(8).padStart(3, '0')}`;
  }
  return `${s})`;
}

const MAX_CHARS = 95;

// long lines wrap at word boundaries so the text stays on the page
function wrap(line: string): string[] {
  if (line.length <= MAX_CHARS) return [line];
  const out: string[] = [];
  let cur = '';
  for (const word of line.split(' ')) {
    if (cur && cur.length + 1 + word.length > MAX_CHARS) {
      out.push(cur);
      cur = word;
    } else cur = cur ? `${cur} ${word}` : word;
  }
  out.push(cur);
  return out;
}

const pdfDate = (iso: string) => `D:${new Date(iso).toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

function fnv(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  let g = 0x01000193;
  for (const b of bytes) {
    h = Math.imul(h ^ b, 0x01000193) >>> 0;
    g = Math.imul(g ^ b, 0x811c9dc5) >>> 0;
  }
  return (h.toString(16).padStart(8, '0') + g.toString(16).padStart(8, '0')).repeat(2).toUpperCase();
}

/** Renders pages of text lines (a page given as one string is split at newlines). */
export function writePdf(
  pages: readonly (string | readonly string[])[],
  meta: { modified: string; title?: string },
): Uint8Array {
  const enc = new TextEncoder();
  const chunks: Uint8Array[] = [];
  const offsets: number[] = [];
  let pos = 0;
  const put = (b: Uint8Array | string) => {
    const u = typeof b === 'string' ? Uint8Array.from(b, (c) => c.charCodeAt(0) & 0xff) : b;
    chunks.push(u);
    pos += u.length;
  };
  const obj = (n: number, body: string, stream?: Uint8Array) => {
    offsets[n] = pos;
    put(`${n} 0 obj\n${body}\n`);
    if (stream) {
      put('stream\n');
      put(stream);
      put('\nendstream\n');
    }
    put('endobj\n');
  };
  const list = pages.length ? pages : [''];
  const pageObj = (i: number) => 5 + i * 2;
  put('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  obj(1, '<< /Type /Catalog /Pages 2 0 R >>');
  obj(2, `<< /Type /Pages /Kids [${list.map((_, i) => `${pageObj(i)} 0 R`).join(' ')}] /Count ${list.length} >>`);
  obj(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const date = pdfDate(meta.modified);
  obj(
    4,
    `<< ${meta.title ? `/Title ${literal(meta.title)} ` : ''}/Producer (coworkenv) /CreationDate (${date}) /ModDate (${date}) >>`,
  );
  list.forEach((page, i) => {
    const lines = (typeof page === 'string' ? page.split('\n') : page).flatMap(wrap);
    const ops = [
      'BT',
      '/F1 11 Tf',
      '14 TL',
      '56 790 Td',
      ...lines.map((l, j) => `${j ? 'T* ' : ''}${literal(l)} Tj`),
      'ET',
    ].join('\n');
    const data = zlibSync(enc.encode(ops), { level: 6 });
    obj(
      pageObj(i),
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageObj(i) + 1} 0 R >>`,
    );
    obj(pageObj(i) + 1, `<< /Length ${data.length} /Filter /FlateDecode >>`, data);
  });
  const size = 5 + list.length * 2;
  const xref = pos;
  put(`xref\n0 ${size}\n0000000000 65535 f \n`);
  for (let n = 1; n < size; n++) put(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  const body = new Uint8Array(pos);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.length;
  }
  const id = fnv(body);
  put(`trailer\n<< /Size ${size} /Root 1 0 R /Info 4 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(pos);
  at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
