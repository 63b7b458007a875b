import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { documentText, readDocument, renderRecipe, tableOf } from './index.js';

// every format is opened by a reader that shares no code with ours: Python's zipfile + ElementTree for the
// OOXML packages, poppler's pdftotext for PDF (.ci/run installs poppler-utils)

const dir = mkdtempSync(join(tmpdir(), 'coworkenv-formats-'));
after(() => rmSync(dir, { recursive: true, force: true }));
// the reader beside this file's source (the test may run compiled from .test-build/)
const PY = fileURLToPath(new URL('../../../../src/services/workspace/formats/ooxml-reader.py', import.meta.url));
const has = (cmd: string, arg: string) => spawnSync(cmd, [arg], { stdio: 'ignore' }).status === 0;
const noPython = !has('python3', '--version') && 'python3 is not installed';
const noPdftotext = !has('pdftotext', '-v') && 'pdftotext is not installed (apt-get install poppler-utils)';

function independent(name: string, bytes: Uint8Array): Record<string, unknown> {
  const p = join(dir, name);
  writeFileSync(p, bytes);
  return JSON.parse(execFileSync('python3', [PY, p], { encoding: 'utf8' })) as Record<string, unknown>;
}
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
const read = (path: string, b: Uint8Array) => {
  const r = readDocument({ path, content: b64(b), encoding: 'base64' });
  assert.ok(r.doc, r.error);
  return r.doc;
};

const XLSX = {
  sheets: [
    {
      name: 'Sales',
      rows: [
        ['Region', 'Q1', 'Q2'],
        ['North', 1200.5, 300],
        ['South & Co', 800, true],
        ['Total', { formula: 'SUM(B2:B3)', value: 2000.5 }, null],
      ],
    },
    { name: 'Notes', rows: [['ok']] },
  ],
  modified: '2026-03-10T09:30:00Z',
};
const DOCX = {
  blocks: [
    { heading: 'Master Services Agreement' },
    { paragraph: 'Between Acme <Ltd> and Beta.' },
    { heading: 'Termination', level: 2 },
    { paragraph: 'Either party may terminate with 30 days notice.' },
    { bullet: 'Renewal: automatic' },
    {
      table: [
        ['Item', 'Fee'],
        ['Support', 1500],
      ],
    },
  ],
  modified: '2026-03-10',
};
const PDF = {
  pages: ['Invoice INV-2041\nTotal due: €1,234.50', ['Page two (terms)', 'Paid by 2026-04-01 \\ net 30']],
  modified: '2026-03-10',
};
const PPTX = {
  slides: [
    { title: 'Weekly sync', bullets: ['Ana: send the Q1 report by Friday', 'Bo: book the offsite'] },
    { title: 'Risks', bullets: [] },
  ],
  modified: '2026-03-10',
};

describe('office formats', () => {
  it('xlsx: cells, formulas (cached values), sheets; an independent reader sees the same cells', {
    skip: noPython,
  }, () => {
    const bytes = renderRecipe('xlsx', XLSX);
    const doc = read('s.xlsx', bytes);
    assert.deepEqual(tableOf(doc), [
      ['Region', 'Q1', 'Q2'],
      ['North', 1200.5, 300],
      ['South & Co', 800, true],
      ['Total', 2000.5, null],
    ]);
    assert.deepEqual(tableOf(doc, { sheet: 'notes' }), [['ok']]);
    const text = documentText(doc);
    assert.match(text, /## Sheet "Sales" \(A1:C4\)/);
    assert.match(text, /\| 4 \| Total \| 2000\.5 \(=SUM\(B2:B3\)\) \|/);
    const py = independent('s.xlsx', bytes) as { sheets: Record<string, Record<string, unknown>>; dates: string[] };
    assert.deepEqual(py.sheets.Sales, {
      A1: 'Region',
      B1: 'Q1',
      C1: 'Q2',
      A2: 'North',
      B2: 1200.5,
      C2: 300,
      A3: 'South & Co',
      B3: 800,
      C3: true,
      A4: 'Total',
      B4: 2000.5,
    });
    assert.deepEqual(py.dates, ['2026-03-10T09:30:00']);
  });

  it('docx: headings, paragraphs, bullets and tables in order; an independent reader sees them', {
    skip: noPython,
  }, () => {
    const bytes = renderRecipe('docx', DOCX);
    const text = documentText(read('c.docx', bytes));
    assert.equal(
      text,
      '# Master Services Agreement\n\nBetween Acme <Ltd> and Beta.\n\n## Termination\n\nEither party may terminate with 30 days notice.\n\n- Renewal: automatic\n\n| Item | Fee |\n| --- | --- |\n| Support | 1500 |',
    );
    const py = independent('c.docx', bytes) as { paragraphs: string[]; tables: string[][][] };
    assert.deepEqual(py.paragraphs, [
      'Master Services Agreement',
      'Between Acme <Ltd> and Beta.',
      'Termination',
      'Either party may terminate with 30 days notice.',
      'Renewal: automatic',
    ]);
    assert.deepEqual(py.tables, [
      [
        ['Item', 'Fee'],
        ['Support', '1500'],
      ],
    ]);
  });

  it('pptx: slides in order with titles and bullets; an independent reader sees them', { skip: noPython }, () => {
    const bytes = renderRecipe('pptx', PPTX);
    const doc = read('d.pptx', bytes);
    assert.deepEqual(doc.kind === 'pptx' && doc.slides, [
      { title: 'Weekly sync', bullets: ['Ana: send the Q1 report by Friday', 'Bo: book the offsite'] },
      { title: 'Risks', bullets: [] },
    ]);
    const py = independent('d.pptx', bytes) as { slides: string[][] };
    assert.deepEqual(
      py.slides.map((s) => s.filter(Boolean)),
      [['Weekly sync', 'Ana: send the Q1 report by Friday', 'Bo: book the offsite'], ['Risks']],
    );
  });

  it('pdf: text per page; pdftotext extracts the same text', { skip: noPdftotext }, () => {
    const bytes = renderRecipe('pdf', PDF);
    const doc = read('i.pdf', bytes);
    assert.deepEqual(doc.kind === 'pdf' && doc.pages, [
      'Invoice INV-2041\nTotal due: €1,234.50',
      'Page two (terms)\nPaid by 2026-04-01 \\ net 30',
    ]);
    const p = join(dir, 'i.pdf');
    writeFileSync(p, bytes);
    const pages = execFileSync('pdftotext', ['-enc', 'UTF-8', p, '-'], { encoding: 'utf8' })
      .split('\f')
      .map((t) => t.trim())
      .filter(Boolean);
    assert.deepEqual(pages, [
      'Invoice INV-2041\nTotal due: €1,234.50',
      'Page two (terms)\nPaid by 2026-04-01 \\ net 30',
    ]);
    const info = execFileSync('pdfinfo', [p], { encoding: 'utf8' });
    assert.match(info, /Pages:\s+2/);
  });

  it('same recipe ⇒ byte-identical files, whatever the time zone; another date ⇒ other bytes', () => {
    const tz = process.env.TZ;
    try {
      for (const [kind, recipe] of [
        ['xlsx', XLSX],
        ['docx', DOCX],
        ['pdf', PDF],
        ['pptx', PPTX],
      ] as const) {
        process.env.TZ = 'UTC';
        const a = renderRecipe(kind, recipe);
        process.env.TZ = 'America/Los_Angeles';
        const b = renderRecipe(kind, recipe);
        assert.deepEqual(Buffer.from(a), Buffer.from(b), kind);
        assert.notDeepEqual(
          Buffer.from(renderRecipe(kind, { ...recipe, modified: '2027-01-01' })),
          Buffer.from(a),
          kind,
        );
      }
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  it('damaged or mislabelled files are errors, never empty documents', () => {
    for (const path of ['x.xlsx', 'x.docx', 'x.pptx', 'x.pdf']) {
      const r = readDocument({
        path,
        content: Buffer.from('plain text, not a document').toString('base64'),
        encoding: 'base64',
      });
      assert.match(
        r.error ?? '',
        new RegExp(`^${path.replace('.', '\\.')} is not a readable ${path.slice(2).toUpperCase()} file`),
      );
    }
    const docxAsXlsx = readDocument({ path: 'x.xlsx', content: b64(renderRecipe('docx', DOCX)), encoding: 'base64' });
    assert.match(docxAsXlsx.error ?? '', /xl\/workbook\.xml is missing/);
  });

  it('csv and tsv read as tables', () => {
    const csv = read('a.csv', Buffer.from('name,amount\n"Smith, J",12.5\n'));
    assert.deepEqual(tableOf(csv), [
      ['name', 'amount'],
      ['Smith, J', '12.5'],
    ]);
    assert.deepEqual(tableOf(read('a.tsv', Buffer.from('a\tb\n1\t2\n'))), [
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});
