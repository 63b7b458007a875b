import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createEpisode } from '../../env/episode.js';
import { makeSpec } from '../../schema/testing.js';
import { fileBytes, MAX_WORKSPACE_FILES } from './limits.js';
import { configureShellPool, shellPool } from './isolation-pool.js';
import { bubblewrapStatus } from './shell.js';
import { fail, fileAt, files, ok, records, sh } from '../../env/testing/workspace.js';

const MB30 = 'x'.repeat(30_000_000);
const withFiles = (fixture: Record<string, string>) =>
  makeSpec({ services: ['workspace'], fixtures: { workspace: { files: fixture } } });
const big = withFiles({ 'big.txt': MB30, 'note.txt': 'keep me' });
const FULL =
  /^workspace limit exceeded: the command left more than (50 MB of files \(the workspace holds at most 50 MB in total\)|10000 files \(the workspace holds at most 10000\)); none of its file changes were kept/;

// one command at a time: no idle spare workers beside the one that runs it
configureShellPool({ warm: 0 });
after(() => shellPool().close());

describe('workspace limits', () => {
  it('measures base64 files without decoding them', () => {
    for (const n of [0, 1, 2, 3, 4, 5, 6, 7]) {
      const bytes = Buffer.alloc(n, 0xff);
      assert.equal(fileBytes({ content: bytes.toString('base64'), encoding: 'base64' }), n);
    }
    assert.equal(fileBytes({ content: 'Grüße', encoding: 'utf8' }), 7);
  });

  it('fs_write refuses a write that would take the workspace past 50 MB', () => {
    const ep = createEpisode(big);
    ok(ep.call('fs_write', { path: 'big.txt', content: MB30 })); // replacing a file counts its old size out
    fail(
      ep.call('fs_write', { path: 'two.txt', content: MB30 }),
      'invalid_argument',
      'two.txt would make the workspace 60.0 MB; it holds at most 50 MB in total',
    );
    assert.equal(fileAt(ep, 'two.txt'), undefined);
    assert.equal(records(ep, 'writes').length, 1);
  });

  it('fs_edit refuses an edit that would take the workspace past 50 MB', () => {
    const ep = createEpisode(withFiles({ 'a.txt': 'a'.repeat(1000) }));
    fail(
      ep.call('fs_edit', { path: 'a.txt', old_string: 'a', new_string: 'b'.repeat(60_000), replace_all: true }),
      'invalid_argument',
      'a.txt would make the workspace 60.0 MB; it holds at most 50 MB in total',
    );
    assert.equal(fileAt(ep, 'a.txt')?.content, 'a'.repeat(1000));
    assert.deepEqual(records(ep, 'edits'), []);
  });

  it('fs_write refuses a new file past 10000 files, but may overwrite one', () => {
    const fixture = Object.fromEntries(Array.from({ length: MAX_WORKSPACE_FILES }, (_, i) => [`f/${i}.txt`, '']));
    const ep = createEpisode(withFiles(fixture));
    fail(
      ep.call('fs_write', { path: 'one-more.txt', content: 'x' }),
      'invalid_argument',
      'the workspace already holds 10000 files, the most it can hold; remove files first',
    );
    ok(ep.call('fs_write', { path: 'f/0.txt', content: 'x' }));
  });

  it('a just-bash command that leaves more than 50 MB fails and changes nothing', async () => {
    const ep = createEpisode(big);
    const before = files(ep);
    const e = fail(await sh(ep, 'echo hi > new.txt; rm note.txt; cp big.txt two.txt'), 'command_failed', FULL);
    assert.equal(e.limit, 'workspace_size');
    assert.deepEqual(files(ep), before);
    assert.deepEqual(records(ep, 'commands'), []);
    // the episode goes on
    assert.deepEqual(ok(await sh(ep, 'rm big.txt && ls')).changed, ['big.txt']);
  });

  it('a just-bash command that leaves more than 10000 files fails and changes nothing', async () => {
    const ep = createEpisode(withFiles({ 'note.txt': 'keep me' }));
    fail(await sh(ep, 'mkdir d e; touch d/{1..5000} e/{1..5001}'), 'command_failed', FULL);
    assert.deepEqual(files(ep), [{ path: 'note.txt', content: 'keep me', encoding: 'utf8' }]);
  });

  describe('bubblewrap', () => {
    const bw = bubblewrapStatus();

    it('a command that leaves more than 50 MB fails and changes nothing', async (t) => {
      if (!bw.ok) return t.skip('bubblewrap unavailable');
      const ep = createEpisode(withFiles({ 'note.txt': 'keep me' }), { shell: 'real' });
      // each file stays under the per-file limit; together they are over the workspace limit
      const e = fail(
        await sh(ep, 'for i in 1 2 3; do head -c 20000000 /dev/zero > f$i.bin; done; rm note.txt; echo done'),
        'command_failed',
        FULL,
      );
      assert.deepEqual([e.limit, e.exit_code, e.stdout], ['workspace_size', 0, 'done\n']);
      assert.deepEqual(files(ep), [{ path: 'note.txt', content: 'keep me', encoding: 'utf8' }]);
      assert.deepEqual(records(ep, 'commands'), []);
    });

    it('a command that leaves more than 10000 files fails and changes nothing', async (t) => {
      if (!bw.ok) return t.skip('bubblewrap unavailable');
      const ep = createEpisode(withFiles({ 'note.txt': 'keep me' }), { shell: 'real' });
      fail(await sh(ep, 'mkdir d && cd d && seq 1 10001 | xargs touch'), 'command_failed', FULL);
      assert.deepEqual(files(ep), [{ path: 'note.txt', content: 'keep me', encoding: 'utf8' }]);
    });
  });
});
