import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseSpecText } from '../../schema/parse-spec.js';
import type { TaskSpec } from '../../schema/task-spec.js';
import { comparable, playReference } from '../../validate/replay.js';

// media_matches on the two multimedia examples: the reference passes, and each mutant of it — the wrong turn, the
// wrong size, the wrong format, a clip that keeps the beep, stops short or takes the other message — fails the
// check that names what it got wrong.

const ROOT = new URL('../../../', import.meta.url).pathname;
const load = (name: string) =>
  parseSpecText(readFileSync(join(ROOT, `examples/multimedia/${name}.yaml`), 'utf8')).spec as TaskSpec;

type Step = TaskSpec['reference'][number];
const edit = (steps: TaskSpec['reference'], tool: string, i: number, args: Record<string, unknown>) => {
  let seen = -1;
  return steps.map((s): Step => {
    if (!('call' in s) || s.call !== tool || ++seen !== i) return s;
    return { ...s, args: { ...s.args, ...args } };
  });
};

async function scores(spec: TaskSpec, steps: TaskSpec['reference']) {
  const { trajectory } = await playReference(spec, steps);
  const by = Object.fromEntries((trajectory.grade?.checks ?? []).map((c) => [c.id, c.score]));
  return { total: comparable(trajectory), by };
}

describe('media_matches', () => {
  it('passes the receipt reference and fails its mutants (turn, size, format)', async () => {
    const spec = load('receipt_scan_upright');
    const ok = await scores(spec, spec.reference);
    assert.equal(ok.total, 1, JSON.stringify(ok.by));
    const mutants: [string, TaskSpec['reference'], string][] = [
      [
        'turned the wrong way',
        edit(spec.reference, 'image_edit', 0, { ops: [{ op: 'rotate', degrees: 90 }] }),
        'upright',
      ],
      [
        'mirrored instead',
        edit(spec.reference, 'image_edit', 0, { ops: [{ op: 'flip', axis: 'vertical' }] }),
        'upright',
      ],
      [
        'copy a pixel too wide',
        edit(spec.reference, 'image_edit', 1, { ops: [{ op: 'resize', width: 124 }] }),
        'upload_copy',
      ],
      [
        'copy saved as PNG',
        edit(spec.reference, 'image_edit', 1, { out: 'receipts/upload/cafe-lumiere.png' }),
        'upload_copy',
      ],
      [
        'copy cropped, not resized',
        edit(spec.reference, 'image_edit', 1, { ops: [{ op: 'crop', x: 0, y: 0, width: 123, height: 180 }] }),
        'upload_copy',
      ],
    ];
    for (const [why, steps, check] of mutants) {
      const r = await scores(spec, steps);
      assert.equal(r.by[check], 0, `${why}: ${check} scored ${r.by[check]}`);
      assert.ok(r.total < 0.75, `${why}: ${r.total}`);
    }
  });

  it('passes the voicemail reference and fails clips that keep the beep, stop short, take the other message or change the rate', async () => {
    const spec = load('voicemail_message');
    const ok = await scores(spec, spec.reference);
    assert.equal(ok.total, 1, JSON.stringify(ok.by));
    const clip = (input: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      edit(spec.reference, 'audio_edit', 0, { inputs: [{ path: 'audio/voicemail-0412.wav', ...input }], ...extra });
    const mutants: [string, TaskSpec['reference'], string][] = [
      ['keeps the beep', clip({ start: 1.4, end: 8.4 }), 'message_only'],
      ['a second short', clip({ start: 2.4, end: 7.4 }), 'message_only'],
      ['the other message', clip({ start: 9.4, end: 12.4 }), 'message_only'],
      ['both messages', clip({ start: 2.4, end: 12.4 }), 'message_only'],
      ['at 8 kHz', clip({ start: 2.4, end: 8.4 }, { sample_rate: 8000 }), 'clip_kept_rate'],
    ];
    for (const [why, steps, check] of mutants) {
      const r = await scores(spec, steps);
      assert.equal(r.by[check], 0, `${why}: ${check} scored ${r.by[check]}`);
      assert.ok(r.total < 0.75, `${why}: ${r.total}`);
    }
    // a clip cut a few milliseconds off the section edges is the same message
    const near = await scores(spec, clip({ start: 2.35, end: 8.45 }));
    assert.equal(near.by.message_only, 1);
  });
});
