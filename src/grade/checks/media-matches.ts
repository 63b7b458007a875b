import { BoundedMap } from '../../schema/bounded-map.js';
import { prepare } from '../../env/prepared.js';
import type { CheckOf } from '../../schema/check-kinds.js';
import type { Rec } from '../../services/types.js';
import { bytesOf as storedBytes } from '../../services/workspace/formats/index.js';
import {
  type Audio,
  concatAudio,
  decodeWav,
  durationOf,
  encodeWav,
  isWav,
  resample,
  sectionsOf,
  trimAudio,
} from '../../services/workspace/formats/audio.js';
import {
  applyOps,
  decodeRaster,
  encodeRaster,
  meanColour,
  type Raster,
  inkDifference,
} from '../../services/workspace/formats/raster.js';
import type { CheckEvaluator, GradeContext, SyntheticBuilder } from '../types.js';
import { fileOf, normalPath } from './file-util.js';

// a picture or a sound the agent made, checked by what it is — its size, duration and rate, the colour of a
// region, or the fixture with the asked edits applied — never by its bytes (a JPEG re-encoded, a WAV header
// written differently still pass; a crop one region off, a clip a second short fail).

type MM = CheckOf<'media_matches'>;

const bytesOf = (f: Rec) =>
  storedBytes({ path: String(f.path), content: String(f.content), encoding: String(f.encoding) });

const hexRgb = (h: string) => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16));

type Expected = { raster?: Raster; audio?: Audio; error?: string };

// decoding and editing a picture costs milliseconds and the gate grades one spec dozens of times: per check, the
// expected result by the fixture's stored content, and the outcome by the graded file's content
const EXPECTED = new WeakMap<MM, Map<string, Expected>>();
const OUTCOMES = new WeakMap<MM, Map<string, ReturnType<typeof judge>>>();
const MAX_CACHED = 16;

function remember<V>(cache: WeakMap<MM, Map<string, V>>, c: MM, key: string, make: () => V): V {
  let m = cache.get(c);
  if (!m) cache.set(c, (m = new BoundedMap(MAX_CACHED)));
  let v = m.get(key);
  if (v === undefined) {
    m.set(key, (v = make()));
  }
  return v;
}

// what the same_as clause says the file must be: the fixture's picture with the edits, or its audio spans joined
function expected(c: MM, spec: GradeContext['spec']): Expected {
  const s = c.same_as;
  if (!s) return {};
  const f = prepare(spec).state.workspace?.files?.find((r) => r.path === normalPath(s.path));
  if (!f) return { error: `same_as: ${s.path} is not a fixture file` };
  return remember(EXPECTED, c, String(f.content), () => expectedOf(c, bytesOf(f)));
}

function expectedOf(c: MM, bytes: Uint8Array): Expected {
  const s = c.same_as as NonNullable<MM['same_as']>;
  try {
    if (isWav(bytes)) {
      const a = decodeWav(bytes);
      const spans = s.spans ?? [{}];
      return { audio: concatAudio(spans.map((sp) => trimAudio(a, sp.start ?? 0, sp.end))) };
    }
    return { raster: applyOps(decodeRaster(bytes), s.ops) };
  } catch (e) {
    return { error: `same_as: ${s.path}: ${(e as Error).message}` };
  }
}

// audio alike: the same sounding sections, each edge within the tolerance and each pitch within 5%
function sameSound(a: Audio, b: Audio, tolerance: number): boolean {
  const x = sectionsOf(a);
  const y = sectionsOf(b);
  return (
    x.length === y.length &&
    Math.abs(durationOf(a) - durationOf(b)) <= tolerance &&
    x.every((s, i) => {
      const t = y[i];
      return (
        !!t &&
        Math.abs(s.start - t.start) <= tolerance &&
        Math.abs(s.end - t.end) <= tolerance &&
        Math.abs(s.pitch - t.pitch) <= Math.max(5, 0.05 * t.pitch)
      );
    })
  );
}

// the clauses against the file's bytes
function judge(c: MM, bytes: Uint8Array, want: Expected): { score: number; evidence: Record<string, unknown>[] } {
  const ev: Record<string, unknown> = { path: c.path };
  const failed: string[] = [];
  const audioWanted = c.format === 'wav' || c.duration_s || c.sample_rate || c.channels || want.audio;
  if (audioWanted) {
    let a: Audio | undefined;
    try {
      a = decodeWav(bytes);
    } catch (e) {
      return { score: 0, evidence: [{ ...ev, read_error: (e as Error).message }] };
    }
    const duration = durationOf(a);
    Object.assign(ev, { format: 'wav', duration_s: Math.round(duration * 1000) / 1000, sample_rate: a.sampleRate });
    if (c.duration_s?.min !== undefined && duration < c.duration_s.min) failed.push('duration_s');
    if (c.duration_s?.max !== undefined && duration > c.duration_s.max) failed.push('duration_s');
    if (c.sample_rate !== undefined && a.sampleRate !== c.sample_rate) failed.push('sample_rate');
    if (c.channels !== undefined && a.channels !== c.channels) failed.push('channels');
    if (want.audio && !sameSound(resample(a, want.audio.sampleRate), want.audio, c.same_as?.tolerance ?? 0.1))
      failed.push('same_as');
  } else {
    let r: Raster | undefined;
    try {
      r = decodeRaster(bytes);
    } catch (e) {
      return { score: 0, evidence: [{ ...ev, read_error: (e as Error).message }] };
    }
    const format = bytes[0] === 0x89 ? 'png' : 'jpeg';
    Object.assign(ev, { format, width: r.width, height: r.height });
    if (c.format !== undefined && format !== c.format) failed.push('format');
    if (c.width !== undefined && r.width !== c.width) failed.push('width');
    if (c.height !== undefined && r.height !== c.height) failed.push('height');
    if (c.region) {
      const mean = meanColour(r, c.region.x, c.region.y, c.region.width, c.region.height);
      ev.region_colour = mean;
      const rgb = hexRgb(c.region.color);
      const tol = c.region.tolerance;
      if (!mean || hexRgb(mean).some((v, i) => Math.abs(v - (rgb[i] as number)) > tol)) failed.push('region');
    }
    if (want.raster) {
      const d = inkDifference(r, want.raster);
      ev.ink_difference =
        d === undefined ? `size ${want.raster.width}×${want.raster.height} expected` : Math.round(d * 1000) / 1000;
      if (d === undefined || d > (c.same_as?.tolerance ?? 0.02)) failed.push('same_as');
    }
  }
  if (c.format === 'wav' && !audioWanted) failed.push('format');
  return { score: failed.length ? 0 : 1, evidence: [{ ...ev, ...(failed.length ? { failed } : {}) }] };
}

export const mediaMatches: CheckEvaluator<'media_matches'> = {
  evaluate(c, ctx) {
    const f = fileOf(ctx, c.path);
    if (!f) return { score: 0, evidence: [{ path: c.path, exists: false }] };
    const want = expected(c, ctx.spec);
    // a same_as the spec cannot resolve is the spec's fault: an error, never a pass or a silent 0
    if (want.error)
      return {
        score: null,
        status: 'error',
        reason: `media_matches ${c.id}: ${want.error}`,
        evidence: [{ path: c.path }],
      };
    return remember(OUTCOMES, c, `${String(f.encoding)}:${String(f.content)}`, () => judge(c, bytesOf(f), want));
  },
  satisfy(c, b: SyntheticBuilder) {
    const path = normalPath(c.path);
    const set = (bytes: Uint8Array) => {
      b.setState('workspace', 'files', path, 'content', Buffer.from(bytes).toString('base64'));
      b.setState('workspace', 'files', path, 'encoding', 'base64');
    };
    const want = expected(c, b.spec);
    if (want.audio || c.format === 'wav' || c.duration_s || c.sample_rate) {
      const rate = c.sample_rate ?? want.audio?.sampleRate ?? 16000;
      const seconds = c.duration_s ? (c.duration_s.min ?? 0) + 0.5 : 1;
      set(
        encodeWav(
          want.audio ?? {
            sampleRate: rate,
            channels: c.channels ?? 1,
            samples: new Int16Array(Math.round(rate * seconds)),
          },
        ),
      );
      return;
    }
    let r: Raster = want.raster ?? {
      width: c.width ?? 64,
      height: c.height ?? 64,
      data: new Uint8Array((c.width ?? 64) * (c.height ?? 64) * 4).fill(255),
    };
    if (c.region) {
      const rgb = hexRgb(c.region.color);
      r = { ...r, data: new Uint8Array(r.data) };
      for (let y = c.region.y; y < Math.min(r.height, c.region.y + c.region.height); y++)
        for (let x = c.region.x; x < Math.min(r.width, c.region.x + c.region.width); x++)
          r.data.set([rgb[0] as number, rgb[1] as number, rgb[2] as number, 255], (y * r.width + x) * 4);
    }
    set(encodeRaster(r, c.format === 'jpeg' ? 'jpeg' : 'png'));
  },
};
