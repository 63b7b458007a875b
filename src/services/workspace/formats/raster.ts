import { BoundedMap } from '../../../schema/bounded-map.js';
import { createHash } from 'node:crypto';
import { crc32, deflateSync, inflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { ImageOp } from '../../../schema/media.js';

// pixels of PNG and JPEG files (pngjs, jpeg-js: pure JavaScript, no native code) and the edits an office worker
// makes to a picture — crop, resize, rotate, flip, greyscale, a box drawn round a region. Every edit is integer
// arithmetic over RGBA, so the same picture and edits give the same bytes; the grader applies the same edits to
// the fixture to know what the result must look like.

/** An RGBA raster. */
export interface Raster {
  width: number;
  height: number;
  /** width × height × 4 bytes, row by row */
  data: Uint8Array;
}

/** At most this many pixels in a picture read or made (a 16-megapixel photo). */
export const MAX_PIXELS = 4096 * 4096;

export type RasterFormat = 'png' | 'jpeg';

/** The raster format of a path by its extension. */
export function rasterFormatOf(path: string): RasterFormat | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return ext === 'png' ? 'png' : ext === 'jpg' || ext === 'jpeg' ? 'jpeg' : undefined;
}

// the same picture is decoded again and again (a gate replays a reference with other edits, a check compares with
// the fixture): the last few by content; a raster is never written to in place (every edit makes a new one)
const DECODED = new BoundedMap<string, Raster>(32);

const contentKey = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Decodes PNG or JPEG bytes (by their magic); throws a plain message on anything else or too large. */
export function decodeRaster(bytes: Uint8Array): Raster {
  const key = contentKey(bytes);
  const r = DECODED.get(key) ?? decodeFresh(bytes);
  remember(key, r);
  return r;
}

function remember(key: string, r: Raster): void {
  // set again, it counts as the newest
  DECODED.delete(key);
  DECODED.set(key, r);
}

function decodeFresh(bytes: Uint8Array): Raster {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    // the header's size first: a tiny file may declare a huge picture
    const width = b.readUInt32BE(16);
    const height = b.readUInt32BE(20);
    if (width * height > MAX_PIXELS) throw new Error(`the picture is ${width}×${height}, over ${MAX_PIXELS} pixels`);
    const own = unfilteredRgba(b, width, height);
    if (own) return own;
    const png = PNG.sync.read(b);
    return { width: png.width, height: png.height, data: new Uint8Array(png.data) };
  }
  if (b[0] === 0xff && b[1] === 0xd8) {
    const j = jpeg.decode(b, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_PIXELS / 1e6,
      maxMemoryUsageInMB: 256,
    });
    return { width: j.width, height: j.height, data: j.data };
  }
  throw new Error('not a PNG or JPEG picture');
}

/** Encodes a raster (PNG lossless; JPEG at quality 90); decoding the result again costs nothing. */
export function encodeRaster(r: Raster, format: RasterFormat): Uint8Array {
  const bytes =
    format === 'jpeg'
      ? new Uint8Array(jpeg.encode({ width: r.width, height: r.height, data: r.data }, 90).data)
      : encodePng(r);
  // a JPEG decodes to other pixels than it was made from: only a PNG's are known (the next decode of those bytes
  // costs a hash instead of an inflate and unfilter)
  if (format === 'png') remember(contentKey(bytes), r);
  return bytes;
}

// 8-bit RGBA PNG, every row unfiltered, deflated by Node's zlib: office pictures are flat colour, so the
// unfiltered rows compress smaller than Paeth's and the file is written in a quarter of pngjs's time (its packer
// and filters are per-byte JavaScript); pngjs still reads every PNG, whatever wrote it
const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

// the rows a PNG deflates from are garbage as soon as it is written: one buffer serves every office-sized picture
// (a megabyte or two each, which would otherwise pile up as external memory between collections)
const SCRATCH_MAX = 8 << 20;
let scratch = Buffer.alloc(0);

function encodePng(r: Raster): Uint8Array {
  const stride = r.width * 4;
  const need = (stride + 1) * r.height;
  if (need > scratch.length && need <= SCRATCH_MAX) scratch = Buffer.alloc(need);
  const rows = need <= scratch.length ? scratch.subarray(0, need) : Buffer.alloc(need);
  for (let y = 0; y < r.height; y++) {
    rows[y * (stride + 1)] = 0;
    rows.set(r.data.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(r.width, 0);
  header.writeUInt32BE(r.height, 4);
  // 8 bits, RGBA, deflate, the standard filter set (each row's filter byte is 0: None), not interlaced
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 1 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// the pixels of a PNG as encodePng writes them (8-bit RGBA, not interlaced, every row unfiltered): an inflate and
// a copy per row, where pngjs unfilters and maps every byte in JavaScript. Anything else (other writers, a
// filtered row, a damaged chunk): undefined, and pngjs reads it
function unfilteredRgba(b: Buffer, width: number, height: number): Raster | undefined {
  if (b.length < 33 || b.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  // bit depth 8, colour type 6 (RGBA), compression, filter method and interlace 0
  if (b[24] !== 8 || b[25] !== 6 || b[26] !== 0 || b[27] !== 0 || b[28] !== 0) return undefined;
  const idat: Buffer[] = [];
  for (let at = 8; at + 12 <= b.length; ) {
    const len = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    if (at + 12 + len > b.length) return undefined;
    if (type === 'IDAT') idat.push(b.subarray(at + 8, at + 8 + len));
    if (type === 'IEND') break;
    at += 12 + len;
  }
  const stride = width * 4;
  let rows: Buffer;
  try {
    rows = inflateSync(idat.length === 1 ? (idat[0] as Buffer) : Buffer.concat(idat), {
      maxOutputLength: (stride + 1) * height + 1,
    });
  } catch {
    return undefined;
  }
  if (rows.length !== (stride + 1) * height) return undefined;
  for (let y = 0; y < height; y++) if (rows[y * (stride + 1)] !== 0) return undefined;
  const data = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) data.set(rows.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)), y * stride);
  return { width, height, data };
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

export { ImageOp } from '../../../schema/media.js';

function blank(width: number, height: number): Raster {
  if (width * height > MAX_PIXELS) throw new Error(`the result would be ${width}×${height}, over ${MAX_PIXELS} pixels`);
  return { width, height, data: new Uint8Array(width * height * 4) };
}

// the pixels as 32-bit words (one per pixel): moving a pixel is one load and one store, and a channel is a shift
// away by the machine's byte order
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;
const [R, G, B, A] = LITTLE_ENDIAN ? [0, 8, 16, 24] : [24, 16, 8, 0];
function words(d: Uint8Array): Uint32Array {
  return d.byteOffset % 4 === 0
    ? new Uint32Array(d.buffer, d.byteOffset, d.byteLength >> 2)
    : new Uint32Array(new Uint8Array(d).buffer);
}

// a quarter, half or three-quarter turn clockwise, or a mirror: each output pixel one word from the input
function turn(r: Raster, how: 'cw90' | 'cw180' | 'cw270' | 'mirror' | 'upside'): Raster {
  const { width: w, height: h } = r;
  const quarter = how === 'cw90' || how === 'cw270';
  const out = blank(quarter ? h : w, quarter ? w : h);
  const src = words(r.data);
  const dst = words(out.data);
  if (how === 'upside') {
    for (let y = 0; y < h; y++) dst.set(src.subarray((h - 1 - y) * w, (h - y) * w), y * w);
    return out;
  }
  if (!quarter) {
    // mirror: each row reversed; a half turn: each row reversed, rows from the bottom
    for (let y = 0; y < h; y++) {
      const from = (how === 'cw180' ? h - 1 - y : y) * w + w - 1;
      const to = y * w;
      for (let x = 0; x < w; x++) dst[to + x] = src[from - x] as number;
    }
    return out;
  }
  // the input row y becomes output column h-1-y (clockwise) or y (three quarters), read in order
  for (let y = 0; y < h; y++) {
    const row = y * w;
    if (how === 'cw90') for (let x = 0, d = h - 1 - y; x < w; x++, d += h) dst[d] = src[row + x] as number;
    else for (let x = 0, d = (w - 1) * h + y; x < w; x++, d -= h) dst[d] = src[row + x] as number;
  }
  return out;
}

// a region of whole rows' spans: each output row one copy
function crop(r: Raster, x: number, y: number, width: number, height: number): Raster {
  const out = blank(width, height);
  for (let yy = 0; yy < height; yy++) {
    const at = ((y + yy) * r.width + x) * 4;
    out.data.set(r.data.subarray(at, at + width * 4), yy * width * 4);
  }
  return out;
}

// area-averaging resize (each output pixel the mean of the input pixels it covers, at least the nearest one):
// a chart shrunk to a thumbnail stays legible, an enlargement is blocky but exact
function resize(r: Raster, width: number, height: number): Raster {
  const out = blank(width, height);
  const src = words(r.data);
  const dst = out.data;
  const copy = words(dst);
  const xs = spans(r.width, width);
  const ys = spans(r.height, height);
  for (let y = 0; y < height; y++) {
    const y0 = ys[2 * y] as number;
    const y1 = ys[2 * y + 1] as number;
    for (let x = 0; x < width; x++) {
      const x0 = xs[2 * x] as number;
      const x1 = xs[2 * x + 1] as number;
      const n = (x1 - x0) * (y1 - y0);
      // an enlargement: the one pixel covered, as it is
      if (n === 1) {
        copy[y * width + x] = src[y0 * r.width + x0] as number;
        continue;
      }
      let c0 = 0;
      let c1 = 0;
      let c2 = 0;
      let c3 = 0;
      for (let yy = y0; yy < y1; yy++) {
        const end = yy * r.width + x1;
        for (let i = yy * r.width + x0; i < end; i++) {
          const p = src[i] as number;
          c0 += (p >>> R) & 255;
          c1 += (p >>> G) & 255;
          c2 += (p >>> B) & 255;
          c3 += (p >>> A) & 255;
        }
      }
      const d = (y * width + x) * 4;
      dst[d] = Math.round(c0 / n);
      dst[d + 1] = Math.round(c1 / n);
      dst[d + 2] = Math.round(c2 / n);
      dst[d + 3] = Math.round(c3 / n);
    }
  }
  return out;
}

// the input span [from, to) each of `size` outputs covers along an axis of `length` inputs, as pairs
function spans(length: number, size: number): Int32Array {
  const s = new Int32Array(2 * size);
  for (let i = 0; i < size; i++) {
    const from = Math.floor((i * length) / size);
    s[2 * i] = from;
    s[2 * i + 1] = Math.max(from + 1, Math.floor(((i + 1) * length) / size));
  }
  return s;
}

/** Applies one edit; a region outside the picture is an error that says the picture's size. */
export function applyOp(r: Raster, op: ImageOp): Raster {
  switch (op.op) {
    case 'crop': {
      if (op.x + op.width > r.width || op.y + op.height > r.height)
        throw new Error(
          `crop ${op.width}×${op.height} at (${op.x}, ${op.y}) reaches past the ${r.width}×${r.height} picture`,
        );
      return crop(r, op.x, op.y, op.width, op.height);
    }
    case 'resize': {
      const width = op.width ?? Math.max(1, Math.round((r.width * (op.height as number)) / r.height));
      const height = op.height ?? Math.max(1, Math.round((r.height * width) / r.width));
      return resize(r, width, height);
    }
    case 'rotate':
      // clockwise
      return turn(r, op.degrees === 90 ? 'cw90' : op.degrees === 180 ? 'cw180' : 'cw270');
    case 'flip':
      return turn(r, op.axis === 'horizontal' ? 'mirror' : 'upside');
    case 'grayscale': {
      const out = { ...r, data: new Uint8Array(r.data) };
      for (let i = 0; i < out.data.length; i += 4) {
        // ITU-R BT.601 luma, integer weights
        const g = Math.round(
          (299 * (r.data[i] as number) + 587 * (r.data[i + 1] as number) + 114 * (r.data[i + 2] as number)) / 1000,
        );
        out.data[i] = g;
        out.data[i + 1] = g;
        out.data[i + 2] = g;
      }
      return out;
    }
    case 'annotate': {
      if (op.x >= r.width || op.y >= r.height)
        throw new Error(`the box at (${op.x}, ${op.y}) starts outside the ${r.width}×${r.height} picture`);
      const out = { ...r, data: new Uint8Array(r.data) };
      const rgb = [1, 3, 5].map((i) => Number.parseInt(op.color.slice(i, i + 2), 16));
      const x1 = Math.min(r.width, op.x + op.width);
      const y1 = Math.min(r.height, op.y + op.height);
      const px = Uint8Array.of(rgb[0] as number, rgb[1] as number, rgb[2] as number, 255);
      // the frame's pixels only: a row is inside the top or bottom band, or it holds the two side bands
      for (let y = op.y; y < y1; y++) {
        const band = y - op.y < op.thickness || y1 - 1 - y < op.thickness;
        for (let x = op.x; x < x1; x++) {
          if (!band && x - op.x >= op.thickness && x1 - 1 - x >= op.thickness) {
            x = Math.max(x, x1 - op.thickness) - 1;
            continue;
          }
          out.data.set(px, (y * r.width + x) * 4);
        }
      }
      return out;
    }
  }
}

/** Applies edits in order. */
export const applyOps = (r: Raster, ops: readonly ImageOp[]): Raster => ops.reduce(applyOp, r);

/** The mean colour of a region as #rrggbb (alpha ignored), clipped to the picture. */
export function meanColour(r: Raster, x: number, y: number, width: number, height: number): string | undefined {
  const x1 = Math.min(r.width, x + width);
  const y1 = Math.min(r.height, y + height);
  if (x >= x1 || y >= y1) return undefined;
  const sum = new Float64Array(3);
  for (let yy = y; yy < y1; yy++)
    for (let xx = x; xx < x1; xx++)
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] as number) + (r.data[(yy * r.width + xx) * 4 + c] as number);
  const n = (x1 - x) * (y1 - y);
  return `#${[...sum]
    .map((s) =>
      Math.round(s / n)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

// a pixel's luma (ITU-R BT.601), 0–255
const luma = (d: Uint8Array, i: number) =>
  (299 * (d[i] as number) + 587 * (d[i + 1] as number) + 114 * (d[i + 2] as number)) / 1000;

/**
 * How differently two pictures of one size are drawn: of the pixels dark in either (the ink: text, lines, bars),
 * the share whose brightness differs by more than a quarter of the range; undefined when the sizes differ. A JPEG
 * of the same picture stays near 0; another receipt, one digit changed or a mirror image does not, however much
 * white paper they share.
 */
export function inkDifference(a: Raster, b: Raster): number | undefined {
  if (a.width !== b.width || a.height !== b.height) return undefined;
  let ink = 0;
  let off = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const la = luma(a.data, i);
    const lb = luma(b.data, i);
    if (la >= 160 && lb >= 160) continue;
    ink++;
    if (Math.abs(la - lb) > 64) off++;
  }
  return ink ? off / ink : 0;
}
