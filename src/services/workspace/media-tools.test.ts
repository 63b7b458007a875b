import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEpisode } from '../../env/episode.js';
import { fail, ok } from '../../env/testing/workspace.js';
import { makeSpec } from '../../schema/testing.js';

// the media tools through an episode: what they answer, what they write, and the errors an agent can act on.

const spec = makeSpec({
  services: ['workspace'],
  fixtures: {
    workspace: {
      files: {
        'img/chart.png': { png: { kind: 'pie_chart', title: 'Mix', labels: ['A', 'B'], values: [3, 1] } },
        'audio/call.wav': {
          wav: { sample_rate: 8000, segments: [{ silence: 0.3 }, { tone: 600, seconds: 1 }, { silence: 0.4 }] },
        },
        'audio/hi.wav': { wav: { sample_rate: 16000, segments: [{ tone: 300, seconds: 0.5 }] } },
        'data/notes.csv': 'a,b\n1,2\n',
      },
    },
  },
});

describe('media tools', () => {
  it('image_edit writes the edited picture and says its size; media_info reads it back', async () => {
    const ep = createEpisode(spec);
    const info = ok(await ep.run('media_info', { path: 'img/chart.png' }));
    const r = ok(
      await ep.run('image_edit', {
        path: 'img/chart.png',
        ops: [
          { op: 'rotate', degrees: 90 },
          { op: 'resize', width: 100 },
        ],
        out: 'img/thumb.jpg',
      }),
    );
    assert.equal(r.mime, 'image/jpeg');
    assert.equal(r.width, 100);
    assert.equal(r.height, Math.round(((info.width as number) * 100) / (info.height as number)));
    const back = ok(await ep.run('media_info', { path: 'img/thumb.jpg' }));
    assert.deepEqual([back.mime, back.width, back.height], ['image/jpeg', r.width, r.height]);
    assert.equal(ep.audit().records.workspace?.writes?.at(-1)?.path, 'img/thumb.jpg');
  });

  it('image_edit errors name the fix: a region past the picture, a non-picture, an unknown output type', async () => {
    const ep = createEpisode(spec);
    fail(
      await ep.run('image_edit', {
        path: 'img/chart.png',
        ops: [{ op: 'crop', x: 5000, y: 0, width: 10, height: 10 }],
        out: 'x.png',
      }),
      'invalid_argument',
      /reaches past the \d+×\d+ picture/,
    );
    fail(
      await ep.run('image_edit', { path: 'data/notes.csv', ops: [{ op: 'grayscale' }], out: 'x.png' }),
      'invalid_argument',
      /data\/notes.csv: not a PNG or JPEG/,
    );
    fail(
      await ep.run('image_edit', { path: 'img/chart.png', ops: [{ op: 'grayscale' }], out: 'x.gif' }),
      'invalid_argument',
      /must end in .png, .jpg or .jpeg/,
    );
    fail(await ep.run('image_edit', { path: 'img/none.png', ops: [{ op: 'grayscale' }], out: 'x.png' }), 'not_found');
  });

  it('media_info and fs_read describe audio (sections, duration) without dumping its bytes', async () => {
    const ep = createEpisode(spec);
    const info = ok(await ep.run('media_info', { path: 'audio/call.wav' }));
    assert.equal(info.duration_s, 1.7);
    assert.deepEqual(info.sections, [{ start: 0.3, end: 1.3, level: 0.354, pitch: 600 }]);
    const read = ok(await ep.run('fs_read', { path: 'audio/call.wav' }));
    assert.equal(read.format, 'audio');
    assert.equal(read.duration_s, 1.7);
    assert.equal('content' in read, false);
    fail(
      await ep.run('media_info', { path: 'data/notes.csv' }),
      'invalid_argument',
      /neither a picture .* nor a WAV file/,
    );
  });

  it('audio_edit cuts and joins; parts at different rates need sample_rate', async () => {
    const ep = createEpisode(spec);
    fail(
      await ep.run('audio_edit', {
        inputs: [{ path: 'audio/call.wav', start: 0.3, end: 1.3 }, { path: 'audio/hi.wav' }],
        out: 'audio/joined.wav',
      }),
      'invalid_argument',
      /part 2 is 16000 Hz, the first 8000 Hz; set sample_rate/,
    );
    const r = ok(
      await ep.run('audio_edit', {
        inputs: [{ path: 'audio/call.wav', start: 0.3, end: 1.3 }, { path: 'audio/hi.wav' }],
        out: 'audio/joined.wav',
        sample_rate: 16000,
      }),
    );
    assert.deepEqual([r.duration_s, r.sample_rate], [1.5, 16000]);
    const info = ok(await ep.run('media_info', { path: 'audio/joined.wav' }));
    // the two tones touch: one section from the start to the end
    assert.deepEqual(
      (info.sections as { start: number; end: number }[]).map((s) => [s.start, s.end]),
      [[0, 1.5]],
    );
    fail(
      await ep.run('audio_edit', { inputs: [{ path: 'audio/call.wav', start: 5 }], out: 'a.wav' }),
      'invalid_argument',
      /holds no audio/,
    );
    fail(
      await ep.run('audio_edit', { inputs: [{ path: 'audio/call.wav' }], out: 'a.mp3' }),
      'invalid_argument',
      /must be a .wav path/,
    );
  });
});
