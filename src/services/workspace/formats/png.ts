import { BoundedMap } from '../../../schema/bounded-map.js';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Resvg as ResvgClass } from '@resvg/resvg-js';
import { PngRecipe, sceneSvg } from './image-scenes.js';
import { encodeRaster } from './raster.js';

// SVG → PNG with resvg (a prebuilt native renderer from npm) and DejaVu Sans loaded from files we ship, never
// from the system: the same SVG gives the same bytes on every machine. resvg reads and parses the font file for
// every glyph it draws, so a picture whose text is all Latin (and punctuation, currency, arrows …) renders with the
// faces cut to those characters and stripped of their hinting, which resvg never runs (assets/fonts,
// scripts/subset-fonts.sh): every glyph outline, metric and kerning pair is kept, so the bytes are the same as with
// the whole faces, in about a third of the time; any other character takes the whole faces from the
// dejavu-fonts-ttf package.

const require = createRequire(import.meta.url);
let Resvg: typeof ResvgClass | undefined;
let wholeFaces: string[] | undefined;
const FACES = ['DejaVuSans', 'DejaVuSans-Bold'];
const latinFaces = FACES.map((f) => fileURLToPath(new URL(`../../../../assets/fonts/${f}-latin.ttf`, import.meta.url)));
// the characters the cut faces hold (scripts/subset-fonts.sh's UNICODES)
const BEYOND_LATIN =
  /[^\u0000-\u007e\u00a0-\u024f\u2000-\u206f\u20a0-\u20cf\u2100-\u214f\u2190-\u21ff\u2212\u2248\u221e\u2260\u2264\u2265\u25a0-\u25ff\u2713-\u2718]/;

/** The font files an SVG's text needs: the Latin cut when every character is in it. */
export function facesFor(svg: string): string[] {
  if (!BEYOND_LATIN.test(svg)) return latinFaces;
  wholeFaces ??= FACES.map((f) => require.resolve(`dejavu-fonts-ttf/ttf/${f}.ttf`));
  return wholeFaces;
}

// rendering costs milliseconds and every episode of a spec renders its fixtures: keep the last few
const cache = new BoundedMap<string, Uint8Array>(64);

/** Renders SVG text to PNG bytes (deterministic). */
export function svgToPng(svg: string): Uint8Array {
  const hit = cache.get(svg);
  if (hit) return hit;
  Resvg ??= (require('@resvg/resvg-js') as { Resvg: typeof ResvgClass }).Resvg;
  const image = new Resvg(svg, {
    font: { fontFiles: facesFor(svg), loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
    shapeRendering: 2,
    textRendering: 1,
  }).render();
  // resvg keeps the pixels premultiplied by alpha, the same as straight RGBA where every pixel is opaque (every
  // scene has a background): those are written by the raster encoder (unfiltered rows, fast deflate: half of
  // resvg's own encoder's time, whose adaptive filters buy little on flat office colours), which also tells the
  // decoder the pixels, so an edit soon after costs no inflate
  const px = image.pixels;
  const data = new Uint8Array(px.buffer, px.byteOffset, px.byteLength);
  let bytes: Uint8Array;
  if (opaque(data)) bytes = encodeRaster({ width: image.width, height: image.height, data }, 'png');
  else {
    const png = image.asPng();
    bytes = new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
  }
  cache.set(svg, bytes);
  return bytes;
}

function opaque(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

/** Renders a `png:` fixture recipe (a chart, receipt, floor plan or table picture). */
export function renderPng(input: unknown): Uint8Array {
  return svgToPng(sceneSvg(PngRecipe.parse(input)));
}

/** Raster formats an agent can be shown, by magic bytes. */
export type ImageMime = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** The image type of some bytes, or undefined when they are not a picture we show. */
export function imageMime(bytes: Uint8Array): ImageMime | undefined {
  const b = bytes;
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) return 'image/gif';
  if (
    Buffer.from(b.subarray(0, 4)).toString('latin1') === 'RIFF' &&
    Buffer.from(b.subarray(8, 12)).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}

/** Width and height from a PNG, GIF, WebP or JPEG header (undefined when the header does not say). */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const mime = imageMime(bytes);
  if (mime === 'image/png' && b.length >= 24) return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (mime === 'image/gif' && b.length >= 10) return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  if (mime === 'image/webp' && b.length >= 30) {
    const chunk = b.toString('latin1', 12, 16);
    if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
    if (chunk === 'VP8L') {
      const v = b.readUInt32LE(21);
      return { width: (v & 0x3fff) + 1, height: ((v >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (mime === 'image/jpeg') {
    // walk the markers to the first start-of-frame
    let i = 2;
    while (i + 9 < b.length && b[i] === 0xff) {
      const marker = b[i + 1] as number;
      const len = b.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
      i += 2 + len;
    }
  }
  return undefined;
}

/** Type and size of a picture, or undefined when the bytes are no picture whose header gives its size. */
export function imageInfo(bytes: Uint8Array): { mime: ImageMime; width: number; height: number } | undefined {
  const mime = imageMime(bytes);
  const size = mime && imageSize(bytes);
  return size ? { mime, ...size } : undefined;
}
