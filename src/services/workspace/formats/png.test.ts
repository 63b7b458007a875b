import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { sceneSvg, PngRecipe, pictureNumbers } from './image-scenes.js';
import { formatOf, readDocument } from './index.js';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { facesFor, imageMime, imageSize, renderPng, svgToPng } from './png.js';
import { decodeRaster } from './raster.js';
import { renderRecipe } from './recipe.js';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const BAR = { kind: 'bar_chart', title: 'Q3 revenue', labels: ['North', 'West'], values: [412, 640], unit: 'k' };

describe('png recipes', () => {
  it('render every scene kind to a PNG of the stated size, the same bytes each time', () => {
    const scenes = [
      BAR,
      { ...BAR, kind: 'line_chart', values: [-3, 7.5] },
      { kind: 'pie_chart', title: 'Channels', labels: ['Email', 'Chat'], values: [3, 1] },
      {
        kind: 'receipt',
        merchant: 'Café Lindner',
        lines: [{ item: 'Espresso', qty: 2, amount: 5.8 }],
        total: 5.8,
        currency: '€',
      },
      { kind: 'floor_plan', title: 'Level 3', cols: 3, rows: 2, cells: [{ x: 0, y: 0, label: 'D-1', status: 'free' }] },
      {
        kind: 'table',
        title: 'Incidents',
        rows: [
          ['ID', 'Age'],
          ['INC-1', 3],
        ],
      },
    ];
    for (const s of scenes) {
      const a = renderPng(s);
      assert.equal(imageMime(a), 'image/png', s.kind);
      const size = imageSize(a);
      assert.ok(size && size.width >= 120 && size.height >= 120, s.kind);
      // a fresh render of a copy (no cache hit on the same object) gives the same bytes
      assert.equal(sha(renderRecipe('png', structuredClone(s))), sha(a), s.kind);
    }
    assert.equal(imageSize(renderPng({ ...BAR, width: 300, height: 200 }))?.width, 300);
  });

  it('draws the figures it is given (labels and values are in the SVG text), escaping markup', () => {
    const svg = sceneSvg(PngRecipe.parse({ ...BAR, title: 'R&D <Q3>' }));
    assert.match(svg, /R&amp;D &lt;Q3&gt;/);
    assert.match(svg, />640k</);
    assert.match(svg, />North</);
    assert.deepEqual(pictureNumbers(BAR).sort(), [412, 640]);
  });

  it('refuses a recipe that does not add up, path-precisely', () => {
    const r = PngRecipe.safeParse({ ...BAR, values: [1] });
    assert.equal(r.success, false);
    assert.deepEqual(r.error?.issues[0]?.path, ['values']);
    assert.match(r.error?.issues[0]?.message ?? '', /2 labels but 1 values/);
    const f = PngRecipe.safeParse({
      kind: 'floor_plan',
      title: '',
      cols: 2,
      rows: 2,
      cells: [{ x: 1, y: 0, w: 2, label: 'A' }],
    });
    assert.deepEqual(f.error?.issues[0]?.path, ['cells', 0]);
    assert.equal(PngRecipe.safeParse({ kind: 'hologram' }).success, false);
  });

  it('a picture reads as an image document (size and type, no text to grade)', () => {
    const png = renderPng(BAR);
    const f = { path: 'reports/q3.png', content: Buffer.from(png).toString('base64'), encoding: 'base64' };
    assert.equal(formatOf(f.path, png), 'image');
    const r = readDocument(f);
    assert.equal(r.doc?.kind, 'image');
    assert.match(r.doc && 'text' in r.doc ? r.doc.text : '', /^\[image \d+×360 image\/png\]$/);
    // a .png that is not a picture is a broken file, not a crash
    assert.match(
      readDocument({ path: 'x.png', content: 'hello', encoding: 'utf8' }).error ?? '',
      /not a readable IMAGE/,
    );
  });

  it('reads the size of JPEG, GIF and WebP headers', () => {
    const gif = Buffer.from('GIF89a\x40\x01\xc8\x00', 'latin1');
    assert.deepEqual(imageSize(gif), { width: 320, height: 200 });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 50, 0, 80, 3, 0, 0, 0]);
    assert.deepEqual(imageSize(jpeg), { width: 80, height: 50 });
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'latin1');
    webp.write('WEBPVP8X', 8, 'latin1');
    webp.writeUIntLE(99, 24, 3);
    webp.writeUIntLE(49, 27, 3);
    assert.deepEqual(imageSize(webp), { width: 100, height: 50 });
    assert.equal(imageMime(Buffer.from('plain text')), undefined);
  });
  it('renders Latin text with the cut faces to the very pixels the whole faces give; other text takes the whole faces', () => {
    const whole = ['DejaVuSans', 'DejaVuSans-Bold'].map((f) =>
      createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${f}.ttf`),
    );
    const svg = sceneSvg(
      PngRecipe.parse({
        kind: 'receipt',
        merchant: 'Café Lindner — Zürich',
        lines: [{ item: 'Größe “L” ≥ 2 × 5 → 10', qty: 2, amount: 5.8 }],
        total: 5.8,
        currency: '€',
      }),
    );
    assert.ok(facesFor(svg).every((f) => f.endsWith('-latin.ttf')));
    const withWhole = new Resvg(svg, {
      font: { fontFiles: whole, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
      shapeRendering: 2,
      textRendering: 1,
    }).render().pixels;
    assert.equal(sha(decodeRaster(svgToPng(svg)).data), sha(withWhole));
    // Greek is in DejaVu Sans but not in the cut: the whole faces draw it
    assert.deepEqual(facesFor(svg.replace('Lindner', 'Λίνδνερ')), whole);
  });
});
