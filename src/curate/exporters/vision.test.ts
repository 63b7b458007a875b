import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { asyncBufferFromFile, parquetReadObjects } from 'hyparquet';
import { referenceAgent } from '../../agent/reference.js';
import { runEpisode } from '../../agent/rollout.js';
import { createEpisode } from '../../env/episode.js';
import { loadSpecs } from '../../run/task-files.js';
import { CE_LIMITS } from '../convert.js';
import { curate } from '../pipeline.js';
import { resolveSource } from '../sources.js';
import type { SftExample } from '../types.js';
import { visionRow, visionShareGpt } from './vision.js';

// the vision export: examples whose agent was shown pictures, with the pictures — TRL's structured messages and
// LLaMA-Factory's <image> rows — from a real run of the picture examples; TRL's own checks where a Python with it
// is named (COWORKENV_TRL_PYTHON).

const ROOT = new URL('../../../', import.meta.url).pathname;
const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-vision-'));
const OUT = join(TMP, 'ds');

const pic = { sha256: 'a'.repeat(64), mime: 'image/png', data: Buffer.from('x').toString('base64') };
const example = (pictures: SftExample['pictures']): SftExample => ({
  messages: [
    { role: 'system', content: 'sys' },
    { role: 'user', content: 'read both charts' },
    {
      role: 'assistant',
      tool_calls: [
        { type: 'function', function: { name: 'fs_read', arguments: { path: 'a.png' } } },
        { type: 'function', function: { name: 'fs_read', arguments: { path: 'b.png' } } },
      ],
    },
    { role: 'tool', name: 'fs_read', content: '{"path":"a.png"}' },
    { role: 'tool', name: 'fs_read', content: '{"path":"b.png"}' },
    { role: 'assistant', content: 'West leads.' },
  ],
  tools: [],
  meta: { task_id: 't', trial: 0, reward: 1, completion: 1, family: 'f', labels: { capabilities: [] } },
  ...(pictures ? { pictures } : {}),
});

describe('vision export', () => {
  it('puts the pictures of parallel calls in one user message after the last tool message, a placeholder each', () => {
    const ex = example([
      { ...pic, after: 3 },
      { ...pic, sha256: 'b'.repeat(64), after: 4 },
    ]);
    const row = visionRow(ex);
    assert.deepEqual(
      row.messages.map((m) => m.role),
      ['system', 'user', 'assistant', 'tool', 'tool', 'user', 'assistant'],
    );
    assert.deepEqual(
      row.messages[5]?.content.map((p) => p.type),
      ['image', 'image', 'text'],
    );
    assert.deepEqual(row.images, [`images/${'a'.repeat(64)}.png`, `images/${'b'.repeat(64)}.png`]);
    // text only, never a string: one Arrow type for every content
    for (const m of row.messages) assert.ok(Array.isArray(m.content));
    const lf = visionShareGpt(ex);
    const tokens =
      lf.conversations
        .map((c) => c.value)
        .join('')
        .match(/<image>/g) ?? [];
    assert.equal(tokens.length, lf.images.length);
    assert.equal(lf.images.length, 2);
  });

  describe('from a run of examples/multimodal', () => {
    before(async () => {
      const loaded = await loadSpecs([join(ROOT, 'examples/multimodal')]);
      const dir = join(TMP, 'run');
      const lines: string[] = [];
      for (const { spec } of loaded) {
        const t = await runEpisode({ spec, agent: referenceAgent(spec), episode: createEpisode(spec) });
        lines.push(JSON.stringify(t));
      }
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'trajectories.jsonl'), `${lines.join('\n')}\n`);
      await curate({
        sources: [await resolveSource(dir)],
        out: OUT,
        formats: ['trl', 'sharegpt', 'vision'],
        threshold: 0,
        limits: CE_LIMITS,
        specs: new Map(loaded.map((s) => [s.spec.id, s])),
        secrets: [],
      });
    });

    it('writes each picture once, by hash, and rows whose placeholders match their pictures', () => {
      const rows = readFileSync(join(OUT, 'sft-vision.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      assert.equal(rows.length, 2);
      for (const r of rows) {
        const placeholders = r.messages.flatMap((m: { content: { type: string }[] }) =>
          m.content.filter((p) => p.type === 'image'),
        );
        assert.equal(placeholders.length, r.images.length);
        for (const p of r.images) {
          assert.ok(existsSync(join(OUT, p)), p);
          assert.deepEqual([...readFileSync(join(OUT, p)).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
        }
      }
      const lf = readFileSync(join(OUT, 'sharegpt-vision.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      for (const r of lf)
        assert.equal((JSON.stringify(r.conversations).match(/<image>/g) ?? []).length, r.images.length);
      const info = JSON.parse(readFileSync(join(OUT, 'dataset_info.json'), 'utf8'));
      assert.ok(existsSync(join(OUT, 'sft-vision.parquet')));
      assert.deepEqual(Object.keys(info).sort(), ['coworkenv_sft', 'coworkenv_sft_vision']);
      assert.equal(info.coworkenv_sft_vision.columns.images, 'images');
      // the text export keeps every example, without pictures
      const text = readFileSync(join(OUT, 'sft.jsonl'), 'utf8');
      assert.equal(text.trim().split('\n').length, 2);
      assert.doesNotMatch(text, /"pictures"|"images"/);
    });

    it('carries the pictures inside sft-vision.parquet', async () => {
      const file = await asyncBufferFromFile(join(OUT, 'sft-vision.parquet'));
      // raw byte arrays (utf8: false): the picture's bytes as written, the path as UTF-8
      const rows = (await parquetReadObjects({ file, utf8: false })) as {
        images: { bytes: Uint8Array; path: Uint8Array }[];
      }[];
      assert.equal(rows.length, 2);
      for (const r of rows) {
        assert.equal(r.images.length, 1);
        const img = r.images[0] as { bytes: Uint8Array; path: Uint8Array };
        assert.deepEqual([...img.bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
        assert.deepEqual(Buffer.from(img.bytes), readFileSync(join(OUT, Buffer.from(img.path).toString('utf8'))));
      }
    });

    const PY = process.env.COWORKENV_TRL_PYTHON;
    it('TRL fills every placeholder with its picture (datasets Image feature, prepare_multimodal_messages)', {
      skip: PY ? false : 'set COWORKENV_TRL_PYTHON to a python with trl, datasets and pillow',
      timeout: 120_000,
    }, () => {
      const r = spawnSync(PY as string, [join(ROOT, 'src/curate/exporters/testing/trl-vision.py'), OUT], {
        encoding: 'utf8',
        timeout: 110_000,
      });
      assert.equal(r.status, 0, r.stderr);
      // the JSONL with image files, then the Parquet with the bytes inside
      const lines = r.stdout.trim().split('\n').slice(-2);
      assert.equal(lines.length, 2, r.stdout);
      for (const line of lines) {
        const rows = JSON.parse(line) as {
          conversational: boolean;
          images: number;
          filled: number;
          sizes: number[][];
        }[];
        assert.equal(rows.length, 2);
        for (const row of rows) {
          assert.equal(row.conversational, true);
          assert.equal(row.filled, row.images);
          assert.ok(row.sizes.every(([w, h]) => (w ?? 0) > 100 && (h ?? 0) > 100));
        }
      }
    });
  });
});
