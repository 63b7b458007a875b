import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeSpec } from '../schema/testing.js';
import { ATTACHED, withImages } from '../services/types.js';
import { createEpisode } from './episode.js';
import { imageData, imageNote, mcpImageContent, putImage, takeAttachments } from './images.js';

const spec = makeSpec({
  services: ['workspace'],
  fixtures: {
    workspace: {
      files: {
        'reports/q3.png': { png: { kind: 'bar_chart', title: 'Q3', labels: ['North', 'West'], values: [412, 640] } },
        'notes/fake.png': 'not a picture',
      },
    },
  },
  checks: [{ id: 'c', kind: 'tool_called', tool: 'fs_read', weight: 1 }],
});

describe('pictures in tool results', () => {
  it('fs_read of a PNG attaches the picture; the text, audit and trajectory keep only its hash and size', async () => {
    const ep = createEpisode(spec, { seed: 0 });
    const r = await ep.run('fs_read', { path: 'reports/q3.png' });
    assert.equal(r.ok, true);
    const shown = JSON.parse(r.content) as Record<string, unknown>;
    assert.equal(shown.format, 'image');
    assert.equal(shown.mime, 'image/png');
    assert.equal(r.images?.length, 1);
    const ref = r.images?.[0] as NonNullable<typeof r.images>[number];
    assert.match(ref.sha256, /^[0-9a-f]{64}$/);
    assert.equal(ref.width, shown.width);
    const data = imageData(ref);
    assert.equal(
      Buffer.from(data?.data ?? '', 'base64')
        .subarray(1, 4)
        .toString('latin1'),
      'PNG',
    );
    // no base64 in what is recorded
    const audit = JSON.stringify(ep.audit());
    assert.ok(audit.length < 2000, `audit holds ${audit.length} characters`);
    assert.ok(!audit.includes((data?.data ?? '').slice(0, 40)));
  });

  it('a .png that is not a picture is read as the file it is, with nothing attached', async () => {
    const ep = createEpisode(spec, { seed: 0 });
    const r = await ep.run('fs_read', { path: 'notes/fake.png' });
    assert.equal(r.ok, true);
    assert.equal((JSON.parse(r.content) as { content: string }).content, 'not a picture');
    assert.equal(r.images, undefined);
  });

  it('attachments are taken off the result object once, by content hash', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const result = withImages({ ok: 1 }, [{ mime: 'image/png', bytes }]);
    assert.equal(JSON.stringify(result), '{"ok":1}');
    const refs = takeAttachments(result);
    assert.equal(refs?.[0]?.sha256, putImage({ mime: 'image/png', bytes }).sha256);
    assert.equal((result as Record<symbol, unknown>)[ATTACHED], undefined);
    assert.equal(takeAttachments(result), undefined);
  });

  it('MCP content: ImageContent for a kept picture, a text note for one no longer held', () => {
    const ref = putImage({ mime: 'image/png', bytes: new Uint8Array([9, 9]) });
    assert.deepEqual(mcpImageContent([ref]), [{ type: 'image', data: 'CQk=', mimeType: 'image/png' }]);
    const gone = { sha256: 'f'.repeat(64), mime: 'image/png', width: 4, height: 3 };
    assert.deepEqual(mcpImageContent([gone]), [{ type: 'text', text: imageNote(gone) }]);
    assert.match(imageNote(gone), /image 4×3 image\/png sha256:ffffffffffff: not shown/);
  });
});
