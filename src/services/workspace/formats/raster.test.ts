import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PNG } from 'pngjs';
import { crc32, deflateSync, inflateSync } from 'node:zlib';
import { renderPng } from './png.js';
import {
  applyOp,
  applyOps,
  decodeRaster,
  encodeRaster,
  MAX_PIXELS,
  meanColour,
  type Raster,
  inkDifference,
} from './raster.js';

const chart = decodeRaster(
  renderPng({ kind: 'bar_chart', title: 'Q3', labels: ['North', 'South', 'West'], values: [412, 388, 640] }),
);

describe('raster edits', () => {
  it('turn four times or flip twice back to the same pixels; a turn swaps the sides', () => {
    const once = applyOp(chart, { op: 'rotate', degrees: 90 });
    assert.deepEqual([once.width, once.height], [chart.height, chart.width]);
    assert.equal(inkDifference(applyOps(chart, Array(4).fill({ op: 'rotate', degrees: 90 })), chart), 0);
    assert.equal(inkDifference(applyOps(once, [{ op: 'rotate', degrees: 270 }]), chart), 0);
    assert.equal(
      inkDifference(
        applyOps(chart, [
          { op: 'rotate', degrees: 180 },
          { op: 'flip', axis: 'horizontal' },
          { op: 'flip', axis: 'vertical' },
        ]),
        chart,
      ),
      0,
    );
    assert.ok((inkDifference(applyOp(chart, { op: 'rotate', degrees: 180 }), chart) ?? 0) > 0.5);
  });

  it('crop keeps the region exactly, resize keeps the aspect ratio, a region past the picture is an error', () => {
    const c = applyOp(chart, { op: 'crop', x: 10, y: 20, width: 30, height: 40 });
    assert.deepEqual([c.width, c.height], [30, 40]);
    assert.deepEqual(
      c.data.subarray(0, 4),
      chart.data.subarray((20 * chart.width + 10) * 4, (20 * chart.width + 10) * 4 + 4),
    );
    const r = applyOp(chart, { op: 'resize', width: Math.round(chart.width / 2) });
    assert.equal(r.height, Math.round(chart.height / 2));
    assert.throws(
      () => applyOp(chart, { op: 'crop', x: chart.width - 5, y: 0, width: 10, height: 10 }),
      /reaches past the \d+×\d+ picture/,
    );
  });

  it('annotate draws a box of the colour round the region; grayscale leaves no colour', () => {
    const boxed = applyOp(chart, { op: 'annotate', x: 5, y: 5, width: 50, height: 30, color: '#ff0000', thickness: 3 });
    assert.equal(meanColour(boxed, 5, 5, 50, 3), '#ff0000');
    assert.notEqual(meanColour(boxed, 20, 15, 10, 5), '#ff0000');
    const grey = applyOp(chart, { op: 'grayscale' });
    for (let i = 0; i < grey.data.length; i += 4)
      assert.ok(grey.data[i] === grey.data[i + 1] && grey.data[i + 1] === grey.data[i + 2]);
  });

  it('encodes PNG losslessly and JPEG closely, and refuses junk and oversized pictures', () => {
    assert.equal(inkDifference(decodeRaster(encodeRaster(chart, 'png')), chart), 0);
    assert.ok((inkDifference(decodeRaster(encodeRaster(chart, 'jpeg')), chart) ?? 1) < 0.02);
    assert.throws(() => decodeRaster(Buffer.from('hello')), /not a PNG or JPEG/);
    // a 10-byte header claiming 100k × 100k pixels is refused before anything is inflated
    const huge = Buffer.from(encodeRaster({ width: 1, height: 1, data: new Uint8Array(4) } as Raster, 'png'));
    huge.writeUInt32BE(100_000, 16);
    huge.writeUInt32BE(100_000, 20);
    assert.throws(() => decodeRaster(huge), new RegExp(`over ${MAX_PIXELS} pixels`));
  });

  it('writes PNGs any reader decodes to the same pixels, and hands the decoder the pixels it already has', () => {
    const shrunk = applyOps(chart, [
      { op: 'resize', width: 97 },
      { op: 'annotate', x: 3, y: 4, width: 20, height: 9, color: '#c03030', thickness: 2 },
    ]);
    const bytes = encodeRaster(shrunk, 'png');
    // read by pngjs itself, not through the decoder's memory of what it encoded
    const read = PNG.sync.read(Buffer.from(bytes));
    assert.deepEqual([read.width, read.height], [shrunk.width, shrunk.height]);
    assert.ok(Buffer.from(read.data).equals(Buffer.from(shrunk.data)));
    assert.equal(decodeRaster(bytes), shrunk);
    // a rendered picture's pixels are what its PNG decodes to
    const png = renderPng({ kind: 'pie_chart', title: 'Mix', labels: ['A', 'B'], values: [3, 5] });
    const fresh = PNG.sync.read(Buffer.from(png));
    const known = decodeRaster(png);
    assert.deepEqual([known.width, known.height], [fresh.width, fresh.height]);
    assert.ok(Buffer.from(known.data).equals(Buffer.from(fresh.data)));
  });

  it('reads its own unfiltered PNGs without pngjs, any other PNG with it, to the same pixels', () => {
    const small = applyOp(chart, { op: 'crop', x: 5, y: 5, width: 40, height: 30 });
    const ours = Buffer.from(encodeRaster(small, 'png'));
    // the same rows deflated harder: other bytes (not in the decoder's memory), still unfiltered RGBA
    const idatAt = ours.indexOf('IDAT', 0, 'latin1') - 4;
    const rows = inflateSync(ours.subarray(idatAt + 8, idatAt + 8 + ours.readUInt32BE(idatAt)));
    const chunk = (type: string, data: Buffer) => {
      const out = Buffer.alloc(12 + data.length);
      out.writeUInt32BE(data.length, 0);
      out.write(type, 4, 'latin1');
      data.copy(out, 8);
      out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
      return out;
    };
    const repacked = Buffer.concat([
      ours.subarray(0, idatAt),
      chunk('IDAT', deflateSync(rows, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    assert.ok(!repacked.equals(ours));
    assert.ok(Buffer.from(decodeRaster(repacked).data).equals(Buffer.from(small.data)));
    // pngjs's writer filters its rows: read by pngjs, the same pixels
    const filtered = PNG.sync.write(
      Object.assign(new PNG({ width: small.width, height: small.height }), { data: Buffer.from(small.data) }),
    );
    assert.ok(Buffer.from(decodeRaster(filtered).data).equals(Buffer.from(small.data)));
    // a damaged stream is a plain error, not a crash
    const broken = Buffer.concat([
      ours.subarray(0, idatAt),
      chunk('IDAT', Buffer.from('not deflate')),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    assert.throws(() => decodeRaster(broken), Error);
  });
});
