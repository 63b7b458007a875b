import { coreXml, type OoxmlMeta } from './meta.js';
import { attr, esc, findAll, findOne, local, parseXml, textUnder, XML_HEAD, type XNode } from './xml.js';
import { unzipText, zipEntries } from './zip.js';
import { ParseBudget } from './budget.js';

/** A block of a word-processing document, in reading order. */
export type Block =
  | { type: 'heading'; level: number; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'bullet'; text: string }
  | { type: 'table'; rows: string[][] };

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

const run = (text: string) =>
  text
    .split('\n')
    .map((line, i) => `${i ? '<w:r><w:br/></w:r>' : ''}<w:r><w:t xml:space="preserve">${esc(line)}</w:t></w:r>`)
    .join('');
const para = (text: string, style?: string) =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}${run(text)}</w:p>`;

function blockXml(b: Block): string {
  switch (b.type) {
    case 'heading':
      return para(b.text, `Heading${Math.min(Math.max(b.level, 1), 6)}`);
    case 'paragraph':
      return para(b.text);
    case 'bullet':
      return para(b.text, 'ListBullet');
    case 'table': {
      const width = Math.max(1, ...b.rows.map((r) => r.length));
      const grid = `<w:tblGrid>${'<w:gridCol w:w="2000"/>'.repeat(width)}</w:tblGrid>`;
      const rows = b.rows
        .map(
          (r) =>
            `<w:tr>${Array.from({ length: width }, (_, i) => `<w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"/></w:tcPr>${para(r[i] ?? '')}</w:tc>`).join('')}</w:tr>`,
        )
        .join('');
      return `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/></w:tblPr>${grid}${rows}</w:tbl>`;
    }
  }
}

const style = (id: string, name: string, extra = '') =>
  `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/><w:basedOn w:val="Normal"/>${extra}</w:style>`;
const STYLES = `${XML_HEAD}<w:styles xmlns:w="${W}"><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>${[
  1, 2, 3, 4, 5, 6,
]
  .map((l) =>
    style(
      `Heading${l}`,
      `heading ${l}`,
      `<w:pPr><w:outlineLvl w:val="${l - 1}"/></w:pPr><w:rPr><w:b/><w:sz w:val="${36 - l * 3}"/></w:rPr>`,
    ),
  )
  .join(
    '',
  )}${style('ListBullet', 'List Bullet', '<w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr>')}<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:tblPr><w:tblBorders><w:top w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:left w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:bottom w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:right w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideH w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideV w:val="single" w:sz="4" w:space="0" w:color="auto"/></w:tblBorders></w:tblPr></w:style></w:styles>`;

/** Renders a document; same blocks and meta ⇒ the same bytes. */
export function writeDocx(blocks: readonly Block[], meta: OoxmlMeta): Uint8Array {
  const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const ct = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`;
  const rels = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`;
  const docRels = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/styles" Target="styles.xml"/></Relationships>`;
  const body = `${XML_HEAD}<w:document xmlns:w="${W}" xmlns:r="${REL}"><w:body>${blocks.map(blockXml).join('')}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`;
  return zipEntries(
    [
      ['[Content_Types].xml', ct],
      ['_rels/.rels', rels],
      ['docProps/core.xml', coreXml(meta)],
      ['word/document.xml', body],
      ['word/_rels/document.xml.rels', docRels],
      ['word/styles.xml', STYLES],
    ],
    meta.modified,
  );
}

// style id → heading level / bullet, from the style's name or outline level (ids are localised in real files)
function styleKinds(xml: string | undefined, budget: ParseBudget): Map<string, { heading?: number; bullet?: boolean }> {
  const out = new Map<string, { heading?: number; bullet?: boolean }>();
  for (const s of findAll(parseXml(xml ?? '', budget), 'style')) {
    const id = attr(s, 'w:styleId') ?? attr(s, 'styleId');
    const name = (attr(findOne(s.children, 'name') ?? s, 'w:val') ?? '').toLowerCase();
    const lvl = findOne(s.children, 'outlineLvl');
    const m = /^heading (\d)$/.exec(name);
    if (!id) continue;
    if (m) out.set(id, { heading: Number(m[1]) });
    else if (name === 'title') out.set(id, { heading: 1 });
    else if (lvl) out.set(id, { heading: Number(attr(lvl, 'w:val') ?? 0) + 1 });
    else if (/^list (bullet|number|paragraph)/.test(name)) out.set(id, { bullet: true });
  }
  return out;
}

function paragraphBlock(p: XNode, kinds: ReturnType<typeof styleKinds>): Block | undefined {
  const text = textUnder(p).trim();
  if (!text) return undefined;
  const pPr = p.children.find((c) => local(c.tag) === 'pPr');
  const styleNode = pPr && findOne(pPr.children, 'pStyle');
  const id = styleNode ? (attr(styleNode, 'w:val') ?? '') : '';
  const kind = kinds.get(id) ?? (/^heading(\d)$/i.test(id) ? { heading: Number(id.slice(7)) } : undefined);
  if (kind?.heading) return { type: 'heading', level: kind.heading, text };
  if (kind?.bullet || (pPr && findOne(pPr.children, 'numPr'))) return { type: 'bullet', text };
  return { type: 'paragraph', text };
}

/** Reads headings, paragraphs, list items and tables in order; throws on a broken file. */
export function readDocx(bytes: Uint8Array, budget = new ParseBudget()): Block[] {
  const parts = unzipText(bytes, (n) => n === 'word/document.xml' || n === 'word/styles.xml', budget);
  const doc = parts.get('word/document.xml');
  if (!doc) throw new Error('not a word-processing document: word/document.xml is missing');
  const kinds = styleKinds(parts.get('word/styles.xml'), budget);
  const body = findOne(parseXml(doc, budget), 'body');
  const out: Block[] = [];
  const walk = (nodes: readonly XNode[]) => {
    for (const n of nodes) {
      const name = local(n.tag);
      if (name === 'p') {
        const b = paragraphBlock(n, kinds);
        if (b) out.push(b);
      } else if (name === 'tbl') {
        const rows = n.children
          .filter((r) => local(r.tag) === 'tr')
          .map((tr) =>
            tr.children
              .filter((c) => local(c.tag) === 'tc')
              .map((tc) =>
                findAll(tc.children, 'p')
                  .map((p) => textUnder(p).trim())
                  .filter(Boolean)
                  .join(' '),
              ),
          );
        out.push({ type: 'table', rows });
      } else if (name !== 'sectPr') walk(n.children);
    }
  };
  walk(body?.children ?? []);
  return out;
}
