import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { strToU8, zipSync } from 'fflate';
import { createRng } from '../../../env/rng.js';
import { IsolationPool } from '../isolation-pool.js';
import { type DocRead, readDocument, renderRecipe, type StoredFile } from './index.js';
import { ParseBudget } from './budget.js';
import { parseXml } from './xml.js';
import { hostileFiles, zeroBomb } from './testing.js';
import { unzipText } from './zip.js';

// every finding of issue #29 against the document readers, then a bounded fuzz over truncated, flipped and
// nested inputs: each read answers (a document or a clear error), never hangs past its budget, never throws

const b64 = (bytes: Uint8Array, path: string): StoredFile => ({
  path,
  content: Buffer.from(bytes).toString('base64'),
  encoding: 'base64',
});
const refused = (r: DocRead) => {
  assert.equal(r.doc, undefined, 'a hostile file must not read as a document');
  assert.ok(r.error && r.error.length < 400, r.error);
  return r;
};

describe('hostile documents', () => {
  for (const h of hostileFiles()) {
    it(`${h.name} (${h.bytes.length} bytes; was: ${h.was}) is refused within its budget`, { timeout: 15_000 }, () => {
      const r = readDocument(b64(h.bytes, h.path));
      if (h.name === 'pdf-objstm-count') {
        // the count is capped by what the stream can hold: it reads, as an empty PDF
        assert.deepEqual(r.doc, { kind: 'pdf', pages: [] });
        return;
      }
      refused(r);
    });
  }

  it('names the limit that stopped a read', () => {
    const [far, bomb, deep] = ['xlsx-far-cell', 'xlsx-zip-bomb-declared', 'pdf-deep-nesting'].map((n) => {
      const h = hostileFiles().find((x) => x.name === n);
      assert.ok(h);
      return refused(readDocument(b64(h.bytes, h.path)));
    });
    assert.deepEqual(
      [far, bomb, deep].map((r) => [r?.stop, r?.parse_limit]),
      [
        ['parse_limit', 'cells'],
        ['parse_limit', 'inflatedBytes'],
        ['parse_limit', 'depth'],
      ],
    );
    assert.match(far?.error ?? '', /^in\/far\.xlsx cannot be read: sheet "S" spans more than 2000000 cells/);
  });

  it('an entry never inflates past what it declares, and a declared size is charged before inflating', () => {
    const budget = new ParseBudget({ inflatedBytes: 10_000_000 });
    const h = hostileFiles().find((x) => x.name === 'xlsx-zip-bomb-lying-size');
    assert.throws(
      () => unzipText(h?.bytes as Uint8Array, undefined, budget),
      /holds more than the 1000 bytes it declares/,
    );
    assert.equal(zeroBomb(1_000_000).length < 10_000, true);
  });

  it('parses XML in one forward scan: nodes and depth are counted, entities never expand', () => {
    assert.throws(() => parseXml('<a>'.repeat(300)), /nests more than 256 levels/);
    assert.throws(() => parseXml('<a/>'.repeat(20), new ParseBudget({ xmlNodes: 10 })), /more than 10 XML nodes/);
    const [root] = parseXml('<a x="&constructor;&lt;" __proto__="1">&amp;&unknown;</a>');
    assert.deepEqual(root?.attrs, { x: '&constructor;<' });
    assert.equal(Object.getPrototypeOf(root?.attrs), Object.prototype);
    assert.equal(root?.children[0]?.text, '&&unknown;');
    // a bare "<" in text stays text, as it always did
    assert.equal(
      parseXml('<a>1 < 2</a>')[0]
        ?.children.map((c) => c.text)
        .join(''),
      '1 < 2',
    );
  });

  it('fuzz: truncated, bit-flipped and spliced office files all answer without throwing', { timeout: 60_000 }, () => {
    const seeds: [string, Uint8Array][] = [
      [
        'a.xlsx',
        renderRecipe('xlsx', {
          sheets: [
            {
              name: 'S',
              rows: [
                ['a', 1],
                ['b', 2],
              ],
            },
          ],
        }),
      ],
      ['a.docx', renderRecipe('docx', { blocks: [{ heading: 'T' }, { paragraph: 'p' }, { table: [['x', 'y']] }] })],
      ['a.pptx', renderRecipe('pptx', { slides: [{ title: 'S1', bullets: ['one', 'two'] }] })],
      ['a.pdf', renderRecipe('pdf', { pages: ['page one', 'page two'] })],
    ];
    const rng = createRng(29);
    let read = 0;
    let failed = 0;
    for (const [path, bytes] of seeds) {
      for (let k = 0; k < 60; k++) {
        const b = Uint8Array.from(bytes);
        const mode = k % 4;
        let input: Uint8Array = b;
        if (mode === 0) input = b.subarray(0, Math.floor(rng.next() * b.length));
        else if (mode === 1)
          for (let f = 0; f < 8; f++) {
            const at = Math.floor(rng.next() * b.length);
            b[at] = (b[at] as number) ^ (1 << Math.floor(rng.next() * 8));
          }
        else if (mode === 2) input = Uint8Array.from([...b.subarray(0, b.length / 2), ...b.subarray(b.length / 4)]);
        else
          input = Uint8Array.from({ length: 64 + Math.floor(rng.next() * 2000) }, () => Math.floor(rng.next() * 256));
        const r = readDocument(b64(input, `f${k}-${path}`));
        if (r.doc) read++;
        else failed++;
      }
    }
    assert.equal(read + failed, 240);
    assert.ok(failed > 100, `${failed} of 240 damaged files refused`);
    // nested and huge-count inputs
    const nested = zipSync({ 'word/document.xml': strToU8(`<w:document><w:body>${'<w:p>'.repeat(5000)}`) });
    assert.match(refused(readDocument(b64(nested, 'n.docx'))).error, /nests more than 256 levels/);
  });
});

describe('the reader unit', () => {
  it('a read that outgrows the unit heap kills only the unit: memory_limit, and the next read works', {
    timeout: 60_000,
  }, async () => {
    const pool = new IsolationPool({ heapMb: 64, max: 1 }, 'reader');
    try {
      const h = hostileFiles().find((x) => x.name === 'xlsx-far-cell');
      // the parse budget lifted: only the unit's own limits stand between the file and the process
      const o = await pool.run(
        { kind: 'read', file: b64(h?.bytes as Uint8Array, 'far.xlsx'), text: true, limits: { cells: 1e12 } },
        30_000,
      );
      assert.equal(o.kind, 'killed', JSON.stringify(o).slice(0, 300));
      assert.equal(o.kind === 'killed' && o.why, 'memory_limit');
      const ok = await pool.run(
        { kind: 'read', file: { path: 'a.csv', content: 'x,y\n1,2', encoding: 'utf8' }, text: true },
        5000,
      );
      assert.deepEqual(ok.kind === 'reply' && ok.reply.kind === 'read' && ok.reply.read, { text: 'x,y\n1,2' });
    } finally {
      await pool.close();
    }
  });
});
