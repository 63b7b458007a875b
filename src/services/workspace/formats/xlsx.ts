import { type CellValue, parseRef, refOf } from './cells.js';
import { coreXml, type OoxmlMeta } from './meta.js';
import { attr, esc, findAll, findOne, local, parseXml, textUnder, XML_HEAD, type XNode } from './xml.js';
import { unzipText, zipEntries } from './zip.js';
import { ParseBudget } from './budget.js';

/** A cell as written: a value, or a formula with its cached value (what a reader without a calculator sees). */
export type CellInput = CellValue | { formula: string; value: CellValue };

export interface SheetInput {
  name: string;
  rows: readonly (readonly CellInput[])[];
}

/** A sheet as read: a dense grid from A1 (rows[0] is row 1) and the formulas by address. */
export interface Sheet {
  name: string;
  rows: CellValue[][];
  formulas: Record<string, string>;
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function cellXml(v: CellInput, ref: string): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    const val = v.value;
    const f = `<f>${esc(v.formula.replace(/^=/, ''))}</f>`;
    if (typeof val === 'number') return `<c r="${ref}">${f}<v>${val}</v></c>`;
    if (typeof val === 'boolean') return `<c r="${ref}" t="b">${f}<v>${val ? 1 : 0}</v></c>`;
    return `<c r="${ref}" t="str">${f}<v>${esc(String(val ?? ''))}</v></c>`;
  }
  if (typeof v === 'number') return Number.isFinite(v) ? `<c r="${ref}"><v>${v}</v></c>` : '';
  if (typeof v === 'boolean') return `<c r="${ref}" t="b"><v>${v ? 1 : 0}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${esc(v)}</t></is></c>`;
}

function sheetXml(s: SheetInput): string {
  const rows = s.rows
    .map((r, i) => `<row r="${i + 1}">${r.map((v, j) => cellXml(v, refOf(j, i))).join('')}</row>`)
    .join('');
  return `${XML_HEAD}<worksheet xmlns="${NS}" xmlns:r="${REL}"><sheetData>${rows}</sheetData></worksheet>`;
}

const STYLES = `${XML_HEAD}<styleSheet xmlns="${NS}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** Renders a workbook; same sheets and meta ⇒ the same bytes. */
export function writeXlsx(sheets: readonly SheetInput[], meta: OoxmlMeta): Uint8Array {
  const ct = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`;
  const rels = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`;
  const wb = `${XML_HEAD}<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets>${sheets.map((s, i) => `<sheet name="${esc(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`;
  const wbRels = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}<Relationship Id="rId${sheets.length + 1}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`;
  return zipEntries(
    [
      ['[Content_Types].xml', ct],
      ['_rels/.rels', rels],
      ['docProps/core.xml', coreXml(meta)],
      ['xl/workbook.xml', wb],
      ['xl/_rels/workbook.xml.rels', wbRels],
      ['xl/styles.xml', STYLES],
      ...sheets.map((s, i) => [`xl/worksheets/sheet${i + 1}.xml`, sheetXml(s)] as const),
    ],
    meta.modified,
  );
}

// a relationship target relative to xl/ ("worksheets/sheet1.xml", "/xl/worksheets/sheet1.xml")
const partPath = (target: string) =>
  (target.startsWith('/') ? target.slice(1) : `xl/${target}`).replace(/\/\.\//g, '/');

function cellValue(c: XNode, shared: readonly string[]): CellValue {
  const t = attr(c, 't');
  if (t === 'inlineStr') return textUnder(findOne(c.children, 'is') ?? c);
  const v = findOne(c.children, 'v');
  const raw = v ? v.children.map((x) => x.text ?? '').join('') : undefined;
  if (raw === undefined) return null;
  if (t === 's') return shared[Number(raw)] ?? '';
  if (t === 'b') return raw === '1' || raw === 'true';
  if (t === 'str' || t === 'e' || t === 'd') return raw;
  const n = Number(raw);
  return raw.trim() !== '' && Number.isFinite(n) ? n : raw;
}

/** Reads every sheet of a workbook (cached formula values, shared and inline strings); throws on a broken file. */
export function readXlsx(bytes: Uint8Array, budget = new ParseBudget()): Sheet[] {
  const parts = unzipText(bytes, (n) => (n.startsWith('xl/') && n.endsWith('.xml')) || n.endsWith('.rels'), budget);
  const xml = (text: string | undefined) => parseXml(text ?? '', budget);
  const wb = parts.get('xl/workbook.xml');
  if (!wb) throw new Error('not a spreadsheet: xl/workbook.xml is missing');
  const rels = new Map(
    findAll(xml(parts.get('xl/_rels/workbook.xml.rels')), 'Relationship').map((r) => [
      attr(r, 'Id') ?? '',
      attr(r, 'Target') ?? '',
    ]),
  );
  const shared = findAll(xml(parts.get('xl/sharedStrings.xml')), 'si').map((si) => textUnder(si));
  const sheets = findAll(xml(wb), 'sheet');
  budget.count('parts', sheets.length, 'sheets');
  return sheets.map((s, i) => {
    const name = attr(s, 'name') ?? `Sheet${i + 1}`;
    const target = rels.get(attr(s, 'r:id') ?? attr(s, 'id') ?? '');
    const rows: CellValue[][] = [];
    const formulas: Record<string, string> = {};
    let width = 0;
    for (const row of findAll(xml(parts.get(target ? partPath(target) : `xl/worksheets/sheet${i + 1}.xml`)), 'row')) {
      const rowNo = Number(attr(row, 'r') ?? rows.length + 1) - 1;
      let next = 0;
      for (const c of row.children.filter((x) => local(x.tag) === 'c')) {
        const at = parseRef(attr(c, 'r') ?? '') ?? { col: next, row: rowNo };
        next = at.col + 1;
        // the dense grid spans A1 to the farthest cell: one cell at XFD1048576 would make it 17 billion cells
        const cells = Math.max(rows.length, at.row + 1) * Math.max(width, next);
        if (cells > budget.limits.cells) budget.cells(cells, `sheet "${name.slice(0, 60)}"`);
        width = Math.max(width, next);
        const grid = (rows[at.row] ??= []);
        grid[at.col] = cellValue(c, shared);
        const f = findOne(c.children, 'f');
        if (f && f.children.length) formulas[refOf(at.col, at.row)] = f.children.map((x) => x.text ?? '').join('');
      }
    }
    // dense: holes are empty cells (every sheet's grid counts against the read's cells)
    budget.cells(rows.length * width, `sheet "${name.slice(0, 60)}"`);
    const dense = Array.from({ length: rows.length }, (_, r) =>
      Array.from({ length: width }, (_, c) => rows[r]?.[c] ?? null),
    );
    return { name, rows: dense, formulas };
  });
}
