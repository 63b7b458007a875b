import wavefile from 'wavefile';
import { z } from 'zod';

// WAV audio (wavefile: a pure-JavaScript RIFF reader and writer): a fixture recipe of tones and silences (a
// voicemail's beeps, a jingle, a podcast's sections, each a pitch a check can find again), reading any PCM WAV as
// 16-bit samples, and the edits a coworker makes — cut a part out, join parts, change the sample rate.

/** 16-bit PCM samples, interleaved by channel. */
export interface Audio {
  sampleRate: number;
  channels: number;
  samples: Int16Array;
}

/** At most five minutes of audio at 48 kHz (frames, each one sample per channel) in a file read or made. */
export const MAX_FRAMES = 48_000 * 300;
const RATES = [8000, 11025, 16000, 22050, 32000, 44100, 48000] as const;

const Rate = z
  .number()
  .int()
  .refine((r) => (RATES as readonly number[]).includes(r), `one of ${RATES.join(', ')} Hz`);

/** A `wav:` fixture recipe: tones and silences in order. */
export const WavRecipe = z
  .strictObject({
    sample_rate: Rate.default(16000),
    channels: z.union([z.literal(1), z.literal(2)]).default(1),
    segments: z
      .array(
        z.union([
          z.strictObject({
            tone: z.number().min(20).max(8000).describe('pitch in Hz'),
            seconds: z.number().min(0.01).max(1200),
            volume: z.number().min(0).max(1).default(0.5),
          }),
          z.strictObject({ silence: z.number().min(0.01).max(1200).describe('seconds') }),
        ]),
      )
      .min(1)
      .max(100),
  })
  .refine(
    (r) => r.segments.reduce((a, s) => a + ('tone' in s ? s.seconds : s.silence), 0) * r.sample_rate <= MAX_FRAMES,
    {
      message: 'at most five minutes at 48 kHz in all (longer at lower rates)',
      path: ['segments'],
    },
  );

/** Renders a `wav:` recipe to a 16-bit PCM WAV file. */
export function renderWav(input: unknown): Uint8Array {
  const r = WavRecipe.parse(input);
  const parts: number[] = [];
  for (const s of r.segments) {
    const frames = Math.round(r.sample_rate * ('tone' in s ? s.seconds : s.silence));
    for (let i = 0; i < frames; i++) {
      const v = 'tone' in s ? Math.round(s.volume * 32767 * Math.sin((2 * Math.PI * s.tone * i) / r.sample_rate)) : 0;
      for (let c = 0; c < r.channels; c++) parts.push(v);
    }
  }
  return encodeWav({ sampleRate: r.sample_rate, channels: r.channels, samples: Int16Array.from(parts) });
}

export const isWav = (b: Uint8Array) =>
  b.length >= 12 &&
  String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' &&
  String.fromCharCode(...b.subarray(8, 12)) === 'WAVE';

/** Reads a PCM WAV (any bit depth wavefile reads) as 16-bit samples; throws a plain message otherwise. */
export function decodeWav(bytes: Uint8Array): Audio {
  if (!isWav(bytes)) throw new Error('not a WAV file (no RIFF/WAVE header)');
  const w = new wavefile.WaveFile();
  try {
    w.fromBuffer(bytes);
  } catch (e) {
    throw new Error(`an unreadable WAV file: ${(e as Error).message}`);
  }
  const fmt = w.fmt as { sampleRate: number; numChannels: number; audioFormat: number };
  if (fmt.audioFormat !== 1 && fmt.audioFormat !== 3 && fmt.audioFormat !== 65534)
    throw new Error(`WAV audio format ${fmt.audioFormat} is compressed; only PCM is read`);
  if (w.bitDepth !== '16') w.toBitDepth('16');
  const samples = w.getSamples(true, Int16Array) as unknown as Int16Array;
  if (samples.length / fmt.numChannels > MAX_FRAMES) throw new Error('over five minutes of audio at 48 kHz');
  return { sampleRate: fmt.sampleRate, channels: fmt.numChannels, samples };
}

export function encodeWav(a: Audio): Uint8Array {
  const w = new wavefile.WaveFile();
  w.fromScratch(a.channels, a.sampleRate, '16', a.samples);
  return w.toBuffer();
}

export const durationOf = (a: Audio) => a.samples.length / a.channels / a.sampleRate;

/** What a tool says of audio: format, duration to the millisecond, rate and channels. */
export const audioInfo = (a: Audio) => ({
  format: 'audio' as const,
  mime: 'audio/wav' as const,
  duration_s: Math.round(durationOf(a) * 1000) / 1000,
  sample_rate: a.sampleRate,
  channels: a.channels,
});

/** The part from `start` to `end` seconds (clipped to the audio); an empty or inverted span is an error. */
export function trimAudio(a: Audio, start = 0, end?: number): Audio {
  const frames = a.samples.length / a.channels;
  const from = Math.min(frames, Math.round(start * a.sampleRate));
  const to = Math.min(frames, end === undefined ? frames : Math.round(end * a.sampleRate));
  if (to <= from)
    throw new Error(`the span ${start}–${end ?? 'end'} s holds no audio (the file is ${durationOf(a).toFixed(2)} s)`);
  return { ...a, samples: a.samples.slice(from * a.channels, to * a.channels) };
}

/** The audio at another sample rate (linear interpolation between neighbouring frames). */
export function resample(a: Audio, rate: number): Audio {
  if (rate === a.sampleRate) return a;
  const frames = a.samples.length / a.channels;
  const n = Math.max(1, Math.round((frames * rate) / a.sampleRate));
  const out = new Int16Array(n * a.channels);
  for (let i = 0; i < n; i++) {
    const pos = (i * a.sampleRate) / rate;
    const j = Math.min(frames - 1, Math.floor(pos));
    const k = Math.min(frames - 1, j + 1);
    const f = pos - j;
    for (let c = 0; c < a.channels; c++)
      out[i * a.channels + c] = Math.round(
        (a.samples[j * a.channels + c] as number) * (1 - f) + (a.samples[k * a.channels + c] as number) * f,
      );
  }
  return { sampleRate: rate, channels: a.channels, samples: out };
}

/** Joins parts end to end; they must share the sample rate and channel count (say which differs). */
export function concatAudio(parts: readonly Audio[]): Audio {
  const [first] = parts;
  if (!first) throw new Error('nothing to join');
  parts.forEach((p, i) => {
    if (p.channels !== first.channels)
      throw new Error(
        `part ${i + 1} has ${p.channels} channel(s), the first ${first.channels}; join parts of one channel count`,
      );
    if (p.sampleRate !== first.sampleRate)
      throw new Error(
        `part ${i + 1} is ${p.sampleRate} Hz, the first ${first.sampleRate} Hz; set sample_rate to join them at one rate`,
      );
  });
  const total = parts.reduce((a, p) => a + p.samples.length, 0);
  if (total / first.channels > MAX_FRAMES) throw new Error('the result would be over five minutes at 48 kHz');
  const out = new Int16Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p.samples, at);
    at += p.samples.length;
  }
  return { ...first, samples: out };
}

/**
 * The strongest pitch (Hz) of a span, by the zero crossings of the first channel: a pure tone's frequency,
 * enough to tell which recorded part a clip holds.
 */
export function pitchOf(a: Audio, start = 0, end?: number): number {
  const t = trimAudio(a, start, end);
  // a crossing's position, from the first to the last: (crossings - 1) half-periods between them
  let first = -1;
  let last = -1;
  let crossings = 0;
  let prev = 0;
  for (let i = 0; i < t.samples.length; i += t.channels) {
    const v = t.samples[i] as number;
    if (v === 0) continue;
    if (prev !== 0 && Math.sign(v) !== Math.sign(prev)) {
      crossings++;
      if (first < 0) first = i / t.channels;
      last = i / t.channels;
    }
    prev = v;
  }
  if (crossings < 2 || last <= first) return 0;
  return Math.round(((crossings - 1) / 2) * (t.sampleRate / (last - first)));
}

/** Root-mean-square level of a span, 0 (silence) to 1. */
export function levelOf(a: Audio, start = 0, end?: number): number {
  const t = trimAudio(a, start, end);
  let sum = 0;
  for (const v of t.samples) sum += (v / 32768) ** 2;
  return Math.sqrt(sum / Math.max(1, t.samples.length));
}

/** A stretch of sound between silences: where it starts and ends, how loud it is and its pitch. */
export interface Section {
  start: number;
  end: number;
  level: number;
  pitch: number;
}

/**
 * The sounding sections of the audio (as a silence detector reports them): spans whose 10 ms frames are above
 * a level of 0.01, split where at least `gap` seconds are quiet; times to the millisecond.
 */
export function sectionsOf(a: Audio, gap = 0.2): Section[] {
  const win = Math.max(1, Math.round(a.sampleRate / 100));
  const frames = a.samples.length / a.channels;
  const loud: boolean[] = [];
  for (let i = 0; i < frames; i += win) {
    let sum = 0;
    const to = Math.min(frames, i + win);
    for (let j = i; j < to; j++) sum += ((a.samples[j * a.channels] as number) / 32768) ** 2;
    loud.push(Math.sqrt(sum / (to - i)) > 0.01);
  }
  const spans: [number, number][] = [];
  const quiet = Math.max(1, Math.round(gap * 100));
  let i = 0;
  while (i < loud.length) {
    if (!loud[i]) {
      i++;
      continue;
    }
    let end = i;
    let j = i;
    while (j < loud.length && j - end <= quiet) {
      if (loud[j]) end = j;
      j++;
    }
    spans.push([i, end + 1]);
    i = end + 1;
  }
  const ms = (w: number) => Math.round((Math.min(frames, w * win) / a.sampleRate) * 1000) / 1000;
  return spans.map(([s, e]) => {
    const [start, end] = [ms(s), ms(e)];
    return {
      start,
      end,
      level: Math.round(levelOf(a, start, end) * 1000) / 1000,
      pitch: pitchOf(a, start, end),
    };
  });
}
