import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEpisode } from '../../env/episode.js';
import { CoworkError } from '../../schema/errors.js';
import { makeSpec } from '../../schema/testing.js';
import { ToolError } from '../tool-error.js';
import { toWorkspacePath, within } from './paths.js';
import { episode, fail, files, ok, records, sh } from '../../env/testing/workspace.js';

describe('workspace paths', () => {
  it('normalises relative, ./ and /workspace paths', async () => {
    assert.deepEqual(
      ['a/b', './a/b', '/workspace/a/b', 'a//b/', ' a/b ', '', '.', '/workspace', 'a/../b'].map(toWorkspacePath),
      ['a/b', 'a/b', 'a/b', 'a/b', 'a/b', '.', '.', '.', 'b'],
    );
    assert.deepEqual(
      [within('a/b', 'a'), within('a', 'a'), within('ab/c', 'a'), within('x', '.')],
      [true, true, false, true],
    );
  });

  it('rejects paths outside the workspace in every file tool', async () => {
    for (const p of ['../x', '/etc/passwd', '/workspace/../x', 'a/../../x']) {
      assert.throws(
        () => toWorkspacePath(p),
        (e: unknown) => e instanceof ToolError && e.code === 'invalid_argument',
      );
      const ep = episode();
      const outside = /is outside the workspace; use a path under \/workspace$/;
      fail(ep.call('fs_list', { path: p }), 'invalid_argument', outside);
      fail(await ep.run('fs_read', { path: p }), 'invalid_argument', outside);
      fail(ep.call('fs_write', { path: p, content: 'x' }), 'invalid_argument', outside);
      fail(ep.call('fs_edit', { path: p, old_string: 'a', new_string: 'b' }), 'invalid_argument', outside);
      fail(ep.call('fs_search', { pattern: 'root', path: p }), 'invalid_argument', outside);
      assert.deepEqual(files(ep), files(episode()));
      assert.deepEqual(records(ep, 'writes'), []);
    }
  });
});

describe('control characters in paths', () => {
  it('are rejected by every file tool, and later shell calls still work in both modes', async () => {
    for (const p of ['a\u0000b.txt', 'out/\u0007bell', 'tab\there', 'x\u007f']) {
      assert.throws(
        () => toWorkspacePath(p),
        (e: unknown) =>
          e instanceof ToolError &&
          e.code === 'invalid_argument' &&
          /contains a control character \(U\+00[0-9A-F]{2}\); use printable characters only$/.test(e.message),
      );
    }
    for (const mode of ['virtual', 'real'] as const) {
      const ep = episode(mode);
      const nul = 'a\u0000b.txt';
      fail(
        ep.call('fs_write', { path: nul, content: 'x' }),
        'invalid_argument',
        'path "a\\u0000b.txt" contains a control character (U+0000); use printable characters only',
      );
      fail(await ep.run('fs_read', { path: nul }), 'invalid_argument', /control character/);
      fail(
        ep.call('fs_edit', { path: nul, old_string: 'a', new_string: 'b' }),
        'invalid_argument',
        /control character/,
      );
      fail(ep.call('fs_list', { path: `notes/${nul}` }), 'invalid_argument', /control character/);
      assert.deepEqual(records(ep, 'writes'), []);
      assert.equal(ok(await sh(ep, 'cat README.md')).stdout, 'Workspace readme');
    }
  });

  it('are rejected in fixtures', async () => {
    const bad = makeSpec({ services: ['workspace'], fixtures: { workspace: { files: { 'a\u0000b.txt': 'x' } } } });
    assert.throws(
      () => createEpisode(bad),
      (e: unknown) => e instanceof CoworkError && e.code === 'spec_invalid',
    );
  });
});
