import { BoundedMap } from '../../schema/bounded-map.js';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ToolError } from '../tool-error.js';
import { defineTool, type ToolContext, type ToolDef } from '../types.js';
import { kinded } from '../util.js';
import {
  concatAudio,
  decodeWav,
  audioInfo,
  encodeWav,
  isWav,
  resample,
  sectionsOf,
  trimAudio,
} from './formats/audio.js';
import { imageInfo } from './formats/png.js';
import { applyOps, decodeRaster, encodeRaster, ImageOp, rasterFormatOf } from './formats/raster.js';
import type { Write } from './write-tools.js';

// media tools of the workspace: edit a picture (crop, resize, rotate, flip, greyscale, a box round a region),
// cut and join WAV audio, and say what a media file is (size, or duration, rate and where it sounds). Pure
// JavaScript, bounded sizes: no external binary, nothing the CI cannot install.

type Read = (ctx: ToolContext, path: string) => { path: string; bytes: Uint8Array };
// a decoding or editing failure is the agent's to fix: an invalid_argument naming the file
function attempt<T>(what: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof ToolError) throw e;
    throw new ToolError('invalid_argument', `${what}: ${(e as Error).message}`);
  }
}

const Seconds = z.number().min(0).max(3600);

// an edit is a pure function of its input's bytes and its arguments, and a gate replays one reference dozens of
// times: the last few results by (inputs, arguments)
const RESULTS = new BoundedMap<string, { bytes: Uint8Array; info: Record<string, unknown> }>(32);
function memo(key: string, make: () => { bytes: Uint8Array; info: Record<string, unknown> }) {
  const hit = RESULTS.get(key);
  if (hit) return hit;
  const v = make();
  RESULTS.set(key, v);
  return v;
}
const keyOf = (bytes: Uint8Array, args: unknown) =>
  createHash('sha256').update(bytes).update(JSON.stringify(args)).digest('hex');

/** The media tools, given the workspace's reader and checked writer. */
export function mediaTools(read: Read, write: Write): ToolDef[] {
  return [
    defineTool({
      name: 'image_edit',
      description:
        'Edit a PNG or JPEG picture and save the result (PNG or JPEG by the extension of `out`): ops apply in order — crop {x, y, width, height}, resize {width and/or height; one keeps the aspect ratio}, rotate {degrees: 90, 180 or 270, clockwise}, flip {axis: horizontal|vertical}, grayscale, annotate {x, y, width, height, color "#rrggbb", thickness} (a box drawn round a region). Coordinates are pixels from the top-left corner.',
      params: z.strictObject({
        path: kinded('path', z.string().min(1).describe('the picture to edit')),
        ops: z.array(ImageOp).min(1).max(20),
        out: kinded(
          'path',
          z.string().min(1).describe('where to save: a .png, .jpg or .jpeg path (may be `path` itself)'),
        ),
      }),
      mutates: true,
      handler(ctx, a) {
        const format = rasterFormatOf(a.out);
        if (!format) throw new ToolError('invalid_argument', `out must end in .png, .jpg or .jpeg, not ${a.out}`);
        const src = read(ctx, a.path);
        const made = memo(keyOf(src.bytes, ['image', a.ops, format]), () => {
          const raster = attempt(src.path, () => decodeRaster(src.bytes));
          const result = attempt(`editing ${src.path}`, () => applyOps(raster, a.ops));
          return { bytes: encodeRaster(result, format), info: { width: result.width, height: result.height } };
        });
        const bytes = made.bytes;
        const result = made.info as { width: number; height: number };
        const w = write(ctx, a.out, Buffer.from(bytes).toString('base64'), 'base64');
        return {
          status: w.created ? 'created' : 'updated',
          path: w.path,
          mime: format === 'png' ? 'image/png' : 'image/jpeg',
          width: result.width,
          height: result.height,
          bytes: w.bytes,
        };
      },
    }),
    defineTool({
      name: 'audio_edit',
      description:
        "Cut and join WAV audio: each input is a file with an optional span (start and end in seconds); the parts are joined in order and saved to `out` as 16-bit PCM WAV. Inputs must share the channel count; give sample_rate to bring them to one rate (default: the first input's).",
      params: z.strictObject({
        inputs: z
          .array(z.strictObject({ path: z.string().min(1), start: Seconds.optional(), end: Seconds.optional() }))
          .min(1)
          .max(20),
        out: kinded('path', z.string().min(1).describe('a .wav path')),
        sample_rate: z.number().int().min(8000).max(48000).optional(),
      }),
      mutates: true,
      handler(ctx, a) {
        if (!/\.wav$/i.test(a.out)) throw new ToolError('invalid_argument', `out must be a .wav path, not ${a.out}`);
        const parts = a.inputs.map((input, i) => {
          const src = read(ctx, input.path);
          const where = `inputs[${i}] (${src.path})`;
          const audio = attempt(where, () => decodeWav(src.bytes));
          const cut = attempt(where, () => trimAudio(audio, input.start ?? 0, input.end));
          return a.sample_rate ? resample(cut, a.sample_rate) : cut;
        });
        const joined = attempt('joining the inputs', () => concatAudio(parts));
        const bytes = encodeWav(joined);
        const w = write(ctx, a.out, Buffer.from(bytes).toString('base64'), 'base64');
        const { duration_s, sample_rate, channels } = audioInfo(joined);
        return {
          status: w.created ? 'created' : 'updated',
          path: w.path,
          duration_s,
          sample_rate,
          channels,
          bytes: w.bytes,
        };
      },
    }),
    defineTool({
      name: 'media_info',
      description:
        "What a picture or WAV file is: a picture's format and size in pixels; audio's duration, sample rate, channels and its sounding sections (start, end, level 0–1, pitch in Hz) as a silence detector finds them.",
      params: z.strictObject({ path: kinded('path', z.string().min(1)) }),
      mutates: false,
      handler(ctx, a) {
        const src = read(ctx, a.path);
        const picture = imageInfo(src.bytes);
        if (picture) return { path: src.path, format: 'image', ...picture, bytes: src.bytes.length };
        if (!isWav(src.bytes))
          throw new ToolError(
            'invalid_argument',
            `${src.path} is neither a picture (PNG, JPEG, GIF, WebP) nor a WAV file`,
          );
        const audio = attempt(src.path, () => decodeWav(src.bytes));
        return {
          path: src.path,
          ...audioInfo(audio),
          sections: sectionsOf(audio),
          bytes: src.bytes.length,
        };
      },
    }),
  ];
}
