import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  concatAudio,
  decodeWav,
  durationOf,
  encodeWav,
  renderWav,
  resample,
  sectionsOf,
  trimAudio,
  WavRecipe,
} from './audio.js';

const recipe = {
  sample_rate: 16000,
  segments: [{ silence: 0.5 }, { tone: 440, seconds: 1 }, { silence: 0.5 }, { tone: 880, seconds: 0.5, volume: 0.2 }],
};

describe('WAV audio', () => {
  it('renders a recipe deterministically, with the sections, pitches and length it describes', () => {
    const a = renderWav(recipe);
    assert.deepEqual(a, renderWav(recipe));
    const audio = decodeWav(a);
    assert.equal(audio.sampleRate, 16000);
    assert.equal(durationOf(audio), 2.5);
    assert.deepEqual(
      sectionsOf(audio).map((s) => [s.start, s.end, s.pitch]),
      [
        [0.5, 1.5, 440],
        [2, 2.5, 880],
      ],
    );
  });

  it('trims, joins and resamples; parts of different rates or channels are refused with the fix', () => {
    const audio = decodeWav(renderWav(recipe));
    const tone = trimAudio(audio, 0.5, 1.5);
    assert.equal(durationOf(tone), 1);
    assert.equal(durationOf(concatAudio([tone, tone])), 2);
    const slow = resample(tone, 8000);
    assert.equal(durationOf(slow), 1);
    assert.equal(sectionsOf(slow)[0]?.pitch, 440);
    assert.throws(() => concatAudio([tone, slow]), /part 2 is 8000 Hz, the first 16000 Hz; set sample_rate/);
    const stereo = { sampleRate: 16000, channels: 2, samples: new Int16Array(32000) };
    assert.throws(() => concatAudio([tone, stereo]), /part 2 has 2 channel\(s\), the first 1/);
    assert.throws(() => trimAudio(audio, 3, 4), /holds no audio \(the file is 2.50 s\)/);
    assert.equal(durationOf(decodeWav(encodeWav(tone))), 1);
  });

  it('refuses a recipe past five minutes at its rate and files that are not WAV', () => {
    assert.equal(WavRecipe.safeParse({ sample_rate: 48000, segments: [{ silence: 400 }] }).success, false);
    assert.equal(WavRecipe.safeParse({ sample_rate: 8000, segments: [{ silence: 400 }] }).success, true);
    assert.throws(() => decodeWav(Buffer.from('RIFF....WAVEjunk')), /unreadable WAV/);
    assert.throws(() => decodeWav(Buffer.from('hello world!')), /not a WAV file/);
  });
});
