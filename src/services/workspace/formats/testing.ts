import { strToU8, zipSync, zlibSync } from 'fflate';

// Hostile documents for the reader tests and the server attack tests: each small on disk, each one of the
// findings of issue #29 (a freeze, a bomb, a fatal abort) against the readers as they were.

/** A raw DEFLATE stream that inflates to `bytes` zero bytes (fixed Huffman: one literal, then length-258 copies). */
export function zeroBomb(bytes: number): Uint8Array {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  const put = (value: number, n: number) => {
    acc |= value << bits;
    bits += n;
    while (bits >= 8) {
      out.push(acc & 0xff);
      acc >>>= 8;
      bits -= 8;
    }
  };
  // Huffman codes are written most significant bit first
  const code = (value: number, n: number) => {
    let r = 0;
    for (let i = 0; i < n; i++) r |= ((value >> i) & 1) << (n - 1 - i);
    put(r, n);
  };
  put(1, 1); // final block
  put(1, 2); // fixed Huffman
  code(0x30, 8); // literal 0
  for (let left = bytes - 1; left >= 258; left -= 258) {
    code(0xc5, 8); // length symbol 285: 258 bytes
    code(0, 5); // distance 1
  }
  code(0, 7); // end of block
  if (bits) out.push(acc & 0xff);
  return Uint8Array.from(out);
}

// a zip with one raw-deflated entry whose sizes we choose (a real bomb declares a small size and lies)
function zipWithEntry(
  name: string,
  deflated: Uint8Array,
  declared: number,
  others: Record<string, string>,
): Uint8Array {
  const base = zipSync(Object.fromEntries(Object.entries(others).map(([k, v]) => [k, strToU8(v)])), { level: 0 });
  const nameBytes = strToU8(name);
  const local = new Uint8Array(30 + nameBytes.length);
  const lv = new DataView(local.buffer);
  lv.setUint32(0, 0x04034b50, true);
  lv.setUint16(4, 20, true);
  lv.setUint16(8, 8, true);
  lv.setUint32(18, deflated.length, true);
  lv.setUint32(22, declared, true);
  lv.setUint16(26, nameBytes.length, true);
  local.set(nameBytes, 30);
  // the base archive's central directory starts where its end record says
  const bv = new DataView(base.buffer, base.byteOffset, base.byteLength);
  const eocd = base.length - 22;
  const cdOffset = bv.getUint32(eocd + 16, true);
  const cdSize = bv.getUint32(eocd + 12, true);
  const count = bv.getUint16(eocd + 10, true);
  const entryAt = cdOffset;
  const central = new Uint8Array(46 + nameBytes.length);
  const cv = new DataView(central.buffer);
  cv.setUint32(0, 0x02014b50, true);
  cv.setUint16(4, 20, true);
  cv.setUint16(6, 20, true);
  cv.setUint16(10, 8, true);
  cv.setUint32(20, deflated.length, true);
  cv.setUint32(24, declared, true);
  cv.setUint16(28, nameBytes.length, true);
  cv.setUint32(42, entryAt, true);
  central.set(nameBytes, 46);
  const head = base.subarray(0, cdOffset);
  const oldCd = base.subarray(cdOffset, cdOffset + cdSize);
  const newCdOffset = head.length + local.length + deflated.length;
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, count + 1, true);
  ev.setUint16(10, count + 1, true);
  ev.setUint32(12, cdSize + central.length, true);
  ev.setUint32(16, newCdOffset, true);
  const parts = [head, local, deflated, oldCd, central, end];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const zip = (entries: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, strToU8(v)])), { level: 9 });

const WORKBOOK = {
  'xl/workbook.xml': '<workbook><sheets><sheet name="S" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels':
    '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
};

/** One hostile file: where an agent would write it, its bytes, and what the old readers did with it. */
export interface Hostile {
  name: string;
  path: string;
  bytes: Uint8Array;
  /** what it did to the readers before the parse budget and isolation */
  was: string;
}

function pdf(objects: string[], trailer = 'trailer << /Root 1 0 R >>'): Uint8Array {
  return strToU8(
    `%PDF-1.7\n${objects.map((o, i) => `${i + 1} 0 obj\n${o}\nendobj\n`).join('')}${trailer}\n%%EOF\n`,
    true,
  );
}
const stream = (dict: string, data: Uint8Array) =>
  `<< ${dict} /Length ${data.length} >>\nstream\n${Buffer.from(data).toString('latin1')}\nendstream`;

/** The hostile documents, each well under 2 MB. */
export function hostileFiles(): Hostile[] {
  const pageContent = zlibSync(strToU8('BT /F1 12 Tf (x) Tj ET\n'.repeat(200_000)), { level: 9 });
  const pages = 2000;
  return [
    {
      name: 'docx-unclosed-comments',
      path: 'in/comments.docx',
      bytes: zip({ 'word/document.xml': `<w:document><w:body>${'<!--'.repeat(40_000)}` }),
      was: 'a regex scanned to the end of the part for every "<!--": quadratic, a 591-byte file froze the server 41 s',
    },
    {
      name: 'pptx-unclosed-declarations',
      path: 'in/decl.pptx',
      bytes: zip({ 'ppt/presentation.xml': `<p:presentation>${'<!'.repeat(60_000)}` }),
      was: 'the same quadratic scan for every "<!"',
    },
    {
      name: 'xlsx-far-cell',
      path: 'in/far.xlsx',
      bytes: zip({
        ...WORKBOOK,
        'xl/worksheets/sheet1.xml': `<worksheet><sheetData><row><c r="XFD1"><v>1</v></c></row>${'<row><c><v>1</v></c></row>'.repeat(20_000)}</sheetData></worksheet>`,
      }),
      was: 'one far cell made the dense grid 20,001 × 16,384 cells: a 548-byte file froze the server 30 s',
    },
    {
      name: 'xlsx-zip-bomb-lying-size',
      path: 'in/bomb.xlsx',
      bytes: zipWithEntry('xl/worksheets/sheet1.xml', zeroBomb(10_000_000), 1000, WORKBOOK),
      was: 'fflate inflated every byte of the stream whatever the entry declared',
    },
    {
      name: 'xlsx-zip-bomb-declared',
      path: 'in/bomb2.xlsx',
      bytes: zipWithEntry('xl/worksheets/sheet1.xml', zeroBomb(10_000_000), 2_000_000_000, WORKBOOK),
      was: 'an entry declaring 2 GB was given a 2 GB buffer and inflated in full: 15 s at 2 GB peak',
    },
    {
      name: 'pdf-objstm-count',
      path: 'in/count.pdf',
      bytes: pdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [] >>',
        stream('/Type /ObjStm /N 100000000 /First 4', strToU8('1 0 ')),
      ]),
      was: 'a 257-byte PDF with /N 100000000 looped 83 s and then aborted the process',
    },
    {
      name: 'pdf-shared-content',
      path: 'in/pages.pdf',
      bytes: pdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(' ')}] >>`,
        stream('/Filter /FlateDecode', pageContent),
        ...Array.from({ length: pages }, () => '<< /Type /Page /Contents 3 0 R >>'),
      ]),
      was: 'every page inflated and lexed the shared stream again: a 98 KB PDF took 18 s and 330 MB',
    },
    {
      name: 'pdf-deep-nesting',
      path: 'in/deep.pdf',
      bytes: pdf([`<< /Type /Catalog /Pages ${'['.repeat(100_000)} >>`]),
      was: 'arrays nested 100,000 deep recursed past the stack',
    },
  ];
}
