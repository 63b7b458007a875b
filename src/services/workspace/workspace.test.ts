import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createEpisode, type Episode } from '../../env/episode.js';
import type { CallResult } from '../../env/types.js';
import { CoworkError } from '../../schema/errors.js';
import { makeSpec } from '../../schema/testing.js';
import { bubblewrapStatus, runBubblewrap } from './shell.js';
import { CSV, episode, fail, fileAt, files, LOGO, ok, records, sh, spec, TODO } from '../../env/testing/workspace.js';

const hostDir = mkdtempSync(join(tmpdir(), 'coworkenv-host-'));
const hostFile = join(hostDir, 'secret.txt');
writeFileSync(hostFile, 'host secret');
after(() => rmSync(hostDir, { recursive: true, force: true }));

describe('workspace fixtures', () => {
  it('accepts {path: content} text and {content, encoding: base64} files', async () => {
    assert.deepEqual(files(episode()), [
      { path: 'README.md', content: 'Workspace readme', encoding: 'utf8' },
      { path: 'data/sales.csv', content: CSV, encoding: 'utf8' },
      { path: 'img/logo.png', content: LOGO, encoding: 'base64' },
      { path: 'notes/archive/2025.md', content: 'old notes', encoding: 'utf8' },
      { path: 'notes/todo.md', content: TODO, encoding: 'utf8' },
    ]);
  });

  it('rejects a fixture path that escapes the workspace', async () => {
    const bad = makeSpec({ services: ['workspace'], fixtures: { workspace: { files: { '../../escaped.txt': 'x' } } } });
    assert.throws(
      () => createEpisode(bad),
      (e: unknown) => e instanceof CoworkError && e.code === 'spec_invalid',
    );
  });
});

describe('fs_list', () => {
  it('lists one level by default, with directories and sizes', async () => {
    assert.deepEqual(ok(episode().call('fs_list', {})), {
      path: '.',
      entries: [
        { path: 'README.md', type: 'file', size: 16 },
        { path: 'data', type: 'dir' },
        { path: 'img', type: 'dir' },
        { path: 'notes', type: 'dir' },
      ],
      total: 4,
    });
    assert.deepEqual(ok(episode().call('fs_list', { path: '/workspace/notes' })).entries, [
      { path: 'notes/archive', type: 'dir' },
      { path: 'notes/todo.md', type: 'file', size: 42 },
    ]);
  });

  it('lists every file and intermediate directory when recursive', async () => {
    assert.deepEqual(ok(episode().call('fs_list', { path: 'notes', recursive: true })), {
      path: 'notes',
      entries: [
        { path: 'notes/archive', type: 'dir' },
        { path: 'notes/archive/2025.md', type: 'file', size: 9 },
        { path: 'notes/todo.md', type: 'file', size: 42 },
      ],
      total: 3,
    });
    assert.equal(ok(episode().call('fs_list', { recursive: true })).total, 9);
  });

  it('reports a missing directory, a file and bad arguments', async () => {
    const ep = episode();
    fail(ep.call('fs_list', { path: 'nope' }), 'not_found', 'Directory nope not found');
    fail(ep.call('fs_list', { path: 'README.md' }), 'invalid_argument', 'README.md is a file; use fs_read');
    fail(ep.call('fs_list', { path: 'data', recursive: 'yes' }), 'invalid_argument', /recursive/);
    fail(ep.call('fs_list', { path: 'data', depth: 2 }), 'invalid_argument', /depth/);
  });
});

describe('fs_read', () => {
  it('reads a whole file or a line range (1-based, inclusive, clamped)', async () => {
    const ep = episode();
    assert.deepEqual(ok(await ep.run('fs_read', { path: 'data/sales.csv' })), {
      path: 'data/sales.csv',
      content: CSV,
      start_line: 1,
      end_line: 4,
      total_lines: 4,
    });
    assert.deepEqual(ok(await ep.run('fs_read', { path: './data/sales.csv', start_line: 2, end_line: 3 })), {
      path: 'data/sales.csv',
      content: 'north,120\nsouth,80',
      start_line: 2,
      end_line: 3,
      total_lines: 4,
    });
    assert.deepEqual(
      ok(await ep.run('fs_read', { path: 'data/sales.csv', start_line: 3 })).content,
      'south,80\neast,50',
    );
    assert.deepEqual(ok(await ep.run('fs_read', { path: 'data/sales.csv', start_line: 4, end_line: 99 })), {
      path: 'data/sales.csv',
      content: 'east,50',
      start_line: 4,
      end_line: 4,
      total_lines: 4,
    });
  });

  it('returns binary files as base64', async () => {
    assert.deepEqual(ok(await episode().run('fs_read', { path: '/workspace/img/logo.png' })), {
      path: 'img/logo.png',
      encoding: 'base64',
      content: LOGO,
      bytes: 6,
    });
  });

  it('reports missing files, directories and bad ranges', async () => {
    const ep = episode();
    fail(await ep.run('fs_read', { path: 'data/nope.csv' }), 'not_found', 'File data/nope.csv not found');
    fail(await ep.run('fs_read', { path: 'data' }), 'invalid_argument', 'data is a directory; use fs_list');
    fail(
      await ep.run('fs_read', { path: 'data/sales.csv', start_line: 3, end_line: 2 }),
      'invalid_argument',
      'end_line 2 is before start_line 3',
    );
    fail(await ep.run('fs_read', { path: 'data/sales.csv', start_line: 0 }), 'invalid_argument', /start_line/);
    fail(await ep.run('fs_read', {}), 'invalid_argument', /path/);
  });
});

describe('fs_write', () => {
  it('creates and overwrites files, records each write and is readable afterwards', async () => {
    const ep = episode();
    assert.deepEqual(ok(ep.call('fs_write', { path: '/workspace/out/report.txt', content: 'Grüße' })), {
      status: 'created',
      path: 'out/report.txt',
      bytes: 7,
    });
    assert.deepEqual(ok(ep.call('fs_write', { path: 'out/report.txt', content: 'v2' })), {
      status: 'updated',
      path: 'out/report.txt',
      bytes: 2,
    });
    assert.deepEqual(ok(ep.call('fs_write', { path: 'img/dot.png', content: LOGO, encoding: 'base64' })), {
      status: 'created',
      path: 'img/dot.png',
      bytes: 6,
    });
    assert.equal(ok(await ep.run('fs_read', { path: 'out/report.txt' })).content, 'v2');
    assert.deepEqual(ok(await ep.run('fs_read', { path: 'img/dot.png' })).content, LOGO);
    assert.deepEqual(records(ep, 'writes'), [
      { path: 'out/report.txt', bytes: 7, created: true, content: 'Grüße' },
      { path: 'out/report.txt', bytes: 2, created: false, content: 'v2' },
      { path: 'img/dot.png', bytes: 6, created: true, content: LOGO },
    ]);
    assert.deepEqual(
      ep.changedState().workspace?.files?.find((f) => f.path === 'out/report.txt'),
      { path: 'out/report.txt', content: 'v2', encoding: 'utf8' },
    );
  });

  it('rejects the root, a directory and bad arguments without writing', async () => {
    const ep = episode();
    fail(
      ep.call('fs_write', { path: '.', content: 'x' }),
      'invalid_argument',
      'give a file path, not the workspace root',
    );
    fail(ep.call('fs_write', { path: 'notes', content: 'x' }), 'invalid_argument', 'notes is a directory');
    fail(ep.call('fs_write', { path: 'a.txt' }), 'invalid_argument', /content/);
    fail(ep.call('fs_write', { path: 'a.txt', content: 'x', encoding: 'latin1' }), 'invalid_argument', /encoding/);
    assert.deepEqual(records(ep, 'writes'), []);
    assert.deepEqual(ep.changedState(), {});
  });

  it('rejects a path below an existing file (a file cannot also be a directory)', async () => {
    const ep = episode();
    fail(ep.call('fs_write', { path: 'README.md/extra.txt', content: 'x' }), 'invalid_argument');
    assert.equal(fileAt(ep, 'README.md/extra.txt'), undefined);
  });

  it('rejects base64 content that is not base64', async () => {
    const ep = episode();
    fail(
      ep.call('fs_write', { path: 'img/bad.png', content: '!!! not base64 !!!', encoding: 'base64' }),
      'invalid_argument',
    );
    assert.equal(fileAt(ep, 'img/bad.png'), undefined);
  });
});

describe('fs_edit', () => {
  it('replaces a unique string, or every occurrence with replace_all, and records the edit', async () => {
    const ep = episode();
    assert.deepEqual(
      ok(ep.call('fs_edit', { path: 'data/sales.csv', old_string: 'south,80', new_string: 'south,$&85' })),
      { status: 'updated', path: 'data/sales.csv', replacements: 1 },
    );
    assert.equal(fileAt(ep, 'data/sales.csv')?.content, 'region,amount\nnorth,120\nsouth,$&85\neast,50');
    assert.deepEqual(
      ok(ep.call('fs_edit', { path: 'notes/todo.md', old_string: '- call', new_string: '- email', replace_all: true })),
      { status: 'updated', path: 'notes/todo.md', replacements: 2 },
    );
    assert.equal(fileAt(ep, 'notes/todo.md')?.content, '# Todo\n- email Ana\n- send invoice\n- email Bo');
    assert.deepEqual(records(ep, 'edits'), [
      { path: 'data/sales.csv', old_string: 'south,80', new_string: 'south,$&85', replacements: 1 },
      { path: 'notes/todo.md', old_string: '- call', new_string: '- email', replacements: 2 },
    ]);
  });

  it('refuses ambiguous, missing and binary edits', async () => {
    const ep = episode();
    fail(
      ep.call('fs_edit', { path: 'notes/todo.md', old_string: 'call', new_string: 'x' }),
      'invalid_argument',
      'old_string occurs 2 times in notes/todo.md; add context to make it unique or set replace_all',
    );
    fail(
      ep.call('fs_edit', { path: 'notes/todo.md', old_string: 'fax', new_string: 'x' }),
      'invalid_argument',
      'old_string not found in notes/todo.md; read the file and copy the exact text',
    );
    fail(
      ep.call('fs_edit', { path: 'notes/nope.md', old_string: 'a', new_string: 'b' }),
      'not_found',
      'File notes/nope.md not found',
    );
    fail(
      ep.call('fs_edit', { path: 'img/logo.png', old_string: 'a', new_string: 'b' }),
      'invalid_argument',
      'img/logo.png is binary; use fs_write',
    );
    fail(
      ep.call('fs_edit', { path: 'notes/todo.md', old_string: '', new_string: 'b' }),
      'invalid_argument',
      /old_string/,
    );
    assert.equal(fileAt(ep, 'notes/todo.md')?.content, TODO);
    assert.deepEqual(records(ep, 'edits'), []);
  });
});

describe('fs_search', () => {
  it('finds a plain string case-insensitively, special characters literal', async () => {
    const ep = episode();
    const hits = [
      { path: 'notes/todo.md', line: 2, text: '- call Ana' },
      { path: 'notes/todo.md', line: 4, text: '- call Bo' },
    ];
    assert.deepEqual(ok(ep.call('fs_search', { pattern: 'CALL' })), { matches: hits, total: 2 });
    assert.deepEqual(ok(ep.call('fs_search', { pattern: 'a.a' })), { matches: [], total: 0 });
    assert.deepEqual(ok(ep.call('fs_search', { pattern: '(' })), { matches: [], total: 0 });
    assert.deepEqual(ok(ep.call('fs_search', { pattern: 'call', max_results: 1 })), {
      matches: hits.slice(0, 1),
      total: 2,
    });
    assert.deepEqual(ok(ep.call('fs_search', { pattern: 'n', path: 'data' })).total, 2);
  });

  it('matches regular expressions and rejects invalid ones', async () => {
    const ep = episode();
    assert.deepEqual(ok(ep.call('fs_search', { pattern: '^(north|east),\\d+$', regex: true })), {
      matches: [
        { path: 'data/sales.csv', line: 2, text: 'north,120' },
        { path: 'data/sales.csv', line: 4, text: 'east,50' },
      ],
      total: 2,
    });
    fail(
      ep.call('fs_search', { pattern: '(unclosed', regex: true }),
      'invalid_argument',
      /^invalid regular expression: /,
    );
    fail(
      ep.call('fs_search', { pattern: '(a)\\1', regex: true }),
      'invalid_argument',
      'invalid regular expression: invalid escape sequence: `\\1` (RE2 syntax: no backreferences or lookaround)',
    );
    fail(
      ep.call('fs_search', { pattern: 'x(?=y)', regex: true }),
      'invalid_argument',
      /RE2 syntax: no backreferences or lookaround/,
    );
    fail(
      ep.call('fs_search', { pattern: '[\\s\\S]{1000}', regex: true }),
      'invalid_argument',
      /^invalid regular expression: too complex/,
    );
    fail(
      ep.call('fs_search', { pattern: 'a'.repeat(1001), regex: true }),
      'invalid_argument',
      'invalid regular expression: longer than 1000 characters',
    );
    // a long literal is fine: it is not compiled as a regular expression
    assert.equal(ok(ep.call('fs_search', { pattern: 'a'.repeat(1001) })).total, 0);
    fail(ep.call('fs_search', { pattern: '' }), 'invalid_argument', /pattern/);
    fail(ep.call('fs_search', { pattern: 'x', max_results: 0 }), 'invalid_argument', /max_results/);
  });
});

describe('fs_search with a catastrophic pattern', () => {
  it('answers in linear time instead of blocking the process', async () => {
    const ep = episode();
    ok(ep.call('fs_write', { path: 'evil.txt', content: `${'a'.repeat(30)}!\n${'a'.repeat(30)}` }));
    const started = process.hrtime.bigint();
    // a backtracking engine needs about 2^30 steps for the first line
    assert.deepEqual(ok(ep.call('fs_search', { pattern: '^(a+)+$', regex: true })), {
      matches: [{ path: 'evil.txt', line: 2, text: 'a'.repeat(30) }],
      total: 1,
    });
    assert.ok(process.hrtime.bigint() - started < 1_000_000_000n, 'fs_search took over a second');
  });
});

describe('shell (just-bash)', () => {
  it('runs pipelines and awk over a CSV without changing files', async () => {
    const ep = episode();
    assert.deepEqual(ok(await sh(ep, "tail -n +2 data/sales.csv | cut -d, -f1 | sort | tr '\\n' ' '")), {
      exit_code: 0,
      stdout: 'east north south ',
      stderr: '',
      changed: [],
      sandbox: 'just-bash',
    });
    assert.equal(ok(await sh(ep, "awk -F, 'NR > 1 { s += $2 } END { print s }' data/sales.csv")).stdout, '250\n');
    assert.deepEqual(ep.changedState(), {});
  });

  it('applies created and removed files to the episode state and records the command', async () => {
    const ep = episode();
    const cmd =
      "mkdir -p out && awk -F, 'NR > 1 { s += $2 } END { print s }' data/sales.csv > out/total.txt && rm README.md";
    assert.deepEqual(ok(await sh(ep, cmd)).changed, ['README.md', 'out/total.txt']);
    assert.deepEqual(fileAt(ep, 'out/total.txt'), { path: 'out/total.txt', content: '250\n', encoding: 'utf8' });
    assert.equal(
      ep.changedState().workspace?.files?.some((f) => f.path === 'README.md'),
      false,
    );
    assert.equal(ok(await ep.run('fs_read', { path: 'out/total.txt' })).content, '250\n');
    fail(await ep.run('fs_read', { path: 'README.md' }), 'not_found');
    assert.deepEqual(records(ep, 'commands'), [
      { command: cmd, exit_code: 0, changed: ['README.md', 'out/total.txt'], sandbox: 'just-bash' },
    ]);
  });

  it('answers `date` with the mock clock', async () => {
    const ep = episode();
    assert.equal(
      ok(await sh(ep, 'date; date +%F; date +%s')).stdout,
      'Tue Mar 10 09:00:00 UTC 2026\n2026-03-10\n1773133200\n',
    );
    assert.equal(ok(await sh(ep, 'date')).stdout, 'Tue Mar 10 09:00:01 UTC 2026\n');
  });

  it('a non-zero exit is a normal result carrying exit code, stdout and stderr, and keeps file changes', async () => {
    const ep = episode();
    const cmd = 'echo partial > part.txt; echo out; echo oops >&2; exit 3';
    assert.deepEqual(ok(await sh(ep, cmd)), {
      exit_code: 3,
      stdout: 'out\n',
      stderr: 'oops\n',
      changed: ['part.txt'],
      sandbox: 'just-bash',
    });
    assert.equal(ok(await ep.run('fs_read', { path: 'part.txt' })).content, 'partial\n');
    assert.deepEqual(records(ep, 'commands'), [
      { command: cmd, exit_code: 3, changed: ['part.txt'], sandbox: 'just-bash' },
    ]);
    // grep without a match (exit 1) is an answer, not a failed call
    assert.deepEqual(ok(await sh(ep, 'grep -c zzz data/sales.csv')), {
      exit_code: 1,
      stdout: '0\n',
      stderr: '',
      changed: [],
      sandbox: 'just-bash',
    });
    assert.equal(ok(await sh(ep, 'exit 126')).exit_code, 126);
    assert.deepEqual(
      ep.audit().calls.map((c) => c.ok),
      [true, true, true, true],
    );
  });

  it('stops infinite loops and long sleeps as error results that keep earlier changes', async () => {
    const ep = episode();
    const loop = fail(
      await sh(ep, 'echo a > before.txt; while true; do :; done'),
      'command_failed',
      "stopped by the shell's execution limits: bash: too many commands executed (>10000)",
    );
    assert.deepEqual(
      { ...loop, stderr: undefined },
      {
        code: 'command_failed',
        message: loop.message,
        limit: 'execution_limit',
        exit_code: 126,
        stdout: '',
        stderr: undefined,
        changed: ['before.txt'],
      },
    );
    assert.match(String(loop.stderr), /too many commands executed/);
    assert.equal(fileAt(ep, 'before.txt')?.content, 'a\n');
    const slow = fail(
      await sh(ep, 'sleep 10', { timeout_seconds: 1 }),
      'command_failed',
      /^timed out after 1s \(file changes discarded\): /,
    );
    assert.equal(slow.exit_code, 124);
    assert.equal(slow.limit, 'timeout');
    assert.deepEqual(
      records(ep, 'commands').map((r) => r.exit_code),
      [126, 124],
    );
  });

  it("stops by the episode's wall-clock deadline, and refuses to start once it has passed", async () => {
    const ep = episode();
    ep.setDeadline(Date.now() + 1_000);
    const started = Date.now();
    const cut = fail(
      await sh(ep, 'sleep 10', { timeout_seconds: 30 }),
      'command_failed',
      /^timed out after 1s \(file changes discarded\): /,
    );
    assert.equal(cut.limit, 'timeout');
    assert.ok(Date.now() - started < 5_000, `ran ${Date.now() - started} ms`);
    ep.setDeadline(Date.now() - 1);
    const late = fail(
      await sh(ep, 'echo x > late.txt'),
      'command_failed',
      "the episode's time limit is reached; the command was not run",
    );
    assert.equal(late.limit, 'timeout');
    assert.equal(fileAt(ep, 'late.txt'), undefined);
  });

  it('has no network and no view of the host filesystem', async () => {
    const ep = episode();
    assert.deepEqual(ok(await sh(ep, 'curl -s https://example.com')), {
      exit_code: 127,
      stdout: '',
      stderr: 'bash: curl: command not found\n',
      changed: [],
      sandbox: 'just-bash',
    });
    for (const path of [hostFile, '/etc/passwd', '/work/main/package.json']) {
      const r = ok(await sh(ep, `cat ${path}`));
      assert.deepEqual([r.exit_code, r.stderr], [1, `cat: ${path}: No such file or directory\n`]);
    }
  });

  it('keeps the other changes and the audit entry when a command leaves a dangling symlink', async () => {
    const ep = episode();
    const cmd = 'echo x > a.txt; ln -s nowhere p; ln -s README.md readme-link';
    const r = ok(await sh(ep, cmd));
    assert.deepEqual(r, {
      exit_code: 0,
      stdout: '',
      stderr: '',
      changed: ['a.txt'],
      sandbox: 'just-bash',
      skipped: [
        { path: 'p', type: 'symlink' },
        { path: 'readme-link', type: 'symlink' },
      ],
      notice:
        "only regular files are kept in the workspace; not kept: p (symbolic link), readme-link (symbolic link); to keep a link's content, copy its target (cp -L)",
    });
    assert.equal(fileAt(ep, 'a.txt')?.content, 'x\n');
    assert.equal(fileAt(ep, 'p'), undefined);
    assert.deepEqual(records(ep, 'commands'), [
      { command: cmd, exit_code: 0, changed: ['a.txt'], sandbox: 'just-bash' },
    ]);
    // the next command starts without the links
    assert.deepEqual(ok(await sh(ep, 'ls p readme-link 2>/dev/null; cat a.txt')).stdout, 'x\n');
  });

  it('rejects bad arguments', async () => {
    const ep = episode();
    fail(await sh(ep, ''), 'invalid_argument', /command/);
    fail(await sh(ep, 'ls', { timeout_seconds: 0 }), 'invalid_argument', /timeout_seconds/);
    fail(await ep.run('shell', { command: 'ls', cwd: '/' }), 'invalid_argument', /cwd/);
    assert.deepEqual(records(ep, 'commands'), []);
  });

  it('episode.call() refuses the asynchronous shell and the command has no effect', async () => {
    const ep = episode();
    assert.throws(
      () => ep.call('shell', { command: 'rm README.md' }),
      (e: unknown) =>
        e instanceof CoworkError && e.code === 'internal' && /call it with episode.run\(\)/.test(e.message),
    );
    ok(await sh(createEpisode(spec), 'true'));
    await new Promise((r) => setTimeout(r, 50));
    assert.ok(fileAt(ep, 'README.md'), 'README.md was removed by a call that threw');
    assert.deepEqual(records(ep, 'commands'), []);
  });
});

describe('shell (real, bubblewrap)', () => {
  const bw = bubblewrapStatus();
  // runs in real mode; where bubblewrap is missing, asserts the just-bash fallback and returns undefined
  async function real(
    ep: Episode,
    command: string,
    extra: Record<string, unknown> = {},
  ): Promise<CallResult | undefined> {
    const r = await sh(ep, command, extra);
    const body = JSON.parse(r.content) as { sandbox?: string; notice?: string; error?: { notice?: string } };
    if (!bw.ok) {
      // the fallback says so first; what just-bash did (a link it did not keep …) may follow
      assert.ok(
        String(r.ok ? body.notice : body.error?.notice).startsWith(
          `real shell unavailable (${bw.reason}); ran in just-bash`,
        ),
        String(r.ok ? body.notice : body.error?.notice),
      );
      assert.equal(records(ep, 'commands').at(-1)?.sandbox, 'just-bash');
      return undefined;
    }
    assert.equal(records(ep, 'commands').at(-1)?.sandbox, 'bubblewrap');
    assert.doesNotMatch(String(body.notice ?? body.error?.notice ?? ''), /real shell unavailable/);
    return r;
  }

  it('reports its status', async () => {
    assert.equal(typeof bw.ok, 'boolean');
    assert.match(
      bw.reason,
      bw.ok ? /^bubblewrap available$/ : /^bubblewrap (is not installed|cannot create namespaces)/,
    );
  });

  it('the same command gives the same files as just-bash', async () => {
    const cmd =
      "mkdir -p out/sub && awk -F, 'NR > 1 { print $1 }' data/sales.csv | sort > out/regions.txt && sed -i 's/north/North/' data/sales.csv && rm notes/archive/2025.md && printf 'a\\tb\\n' > out/sub/t.tsv";
    const virtual = episode();
    const v = ok(await sh(virtual, cmd));
    const ep = episode('real');
    const r = await real(ep, cmd);
    if (!r) return;
    assert.deepEqual({ ...ok(r), sandbox: 'just-bash' }, v);
    assert.deepEqual(files(ep), files(virtual));
    assert.equal(fileAt(ep, 'out/regions.txt')?.content, 'east\nnorth\nsouth\n');
  });

  it('answers `date +%F` with the mock date, like just-bash', async () => {
    const r = await real(episode('real'), 'date +%F');
    if (r) assert.equal(ok(r).stdout, '2026-03-10\n');
  });

  it('runs as a non-root user without network', async () => {
    const ep = episode('real');
    const id = await real(ep, 'id -u');
    if (!id) return;
    assert.equal(ok(id).stdout, '1000\n');
    const dev = ok((await real(ep, 'tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d " "')) as CallResult);
    assert.equal(dev.stdout, 'lo\n');
    const curl = ok((await real(ep, 'curl -sS --max-time 5 http://example.com')) as CallResult);
    assert.notEqual(curl.exit_code, 0);
  });

  it('cannot see the host filesystem', async () => {
    const ep = episode('real');
    const r = await real(ep, `cat ${hostFile}; ls /work; cat /etc/passwd`);
    if (!r) return;
    const e = ok(r);
    assert.notEqual(e.exit_code, 0);
    assert.equal(e.stdout, '');
    assert.match(String(e.stderr), /secret\.txt: No such file or directory/);
    assert.match(String(e.stderr), /cannot access '\/work': No such file or directory/);
  });

  it('a timeout kills the whole process group (exit 124) and leaves no late writes', { timeout: 30_000 }, async () => {
    const ep = episode('real');
    const r = await real(ep, '(sleep 2; echo late > late.txt) & sleep 5', { timeout_seconds: 1 });
    if (!r) return;
    const e = fail(r, 'command_failed', 'timed out after 1s (file changes discarded): (no stderr)');
    assert.deepEqual([e.exit_code, e.limit], [124, 'timeout']);
    assert.equal(fileAt(ep, 'late.txt'), undefined);
    assert.deepEqual(records(ep, 'commands').at(-1), {
      command: '(sleep 2; echo late > late.txt) & sleep 5',
      exit_code: 124,
      changed: [],
      sandbox: 'bubblewrap',
    });
    assert.equal(
      fail((await real(ep, 'while true; do :; done', { timeout_seconds: 1 })) as CallResult, 'command_failed')
        .exit_code,
      124,
    );
  });

  it('a non-zero exit is a normal result, as in just-bash', async () => {
    const ep = episode('real');
    const r = await real(ep, 'echo partial > part.txt; grep -c zzz data/sales.csv');
    if (!r) return;
    assert.deepEqual(ok(r), { exit_code: 1, stdout: '0\n', stderr: '', changed: ['part.txt'], sandbox: 'bubblewrap' });
    assert.deepEqual(records(ep, 'commands').at(-1), {
      command: 'echo partial > part.txt; grep -c zzz data/sales.csv',
      exit_code: 1,
      changed: ['part.txt'],
      sandbox: 'bubblewrap',
    });
  });

  it('skips links and special files with a note and keeps the rest', async () => {
    const ep = episode('real');
    const r = await real(ep, 'echo x > a.txt; ln -s nowhere p; mkfifo q');
    if (!r) return;
    const out = ok(r);
    assert.deepEqual(
      [out.changed, out.skipped],
      [
        ['a.txt'],
        [
          { path: 'p', type: 'symlink' },
          { path: 'q', type: 'special' },
        ],
      ],
    );
    assert.match(
      String(out.notice),
      /^only regular files are kept in the workspace; not kept: p \(symbolic link\), q \(special file\)/,
    );
    assert.equal(fileAt(ep, 'a.txt')?.content, 'x\n');
    assert.equal(records(ep, 'commands').length, 1);
  });

  it('never shows the host temporary directory in an error', async (t) => {
    if (!bw.ok) return t.skip('bubblewrap unavailable');
    // a path the tools now reject, given straight to the sandbox
    const e = await runBubblewrap([{ path: 'a\u0000b.txt', content: 'x', encoding: 'utf8' }], 'true', {
      now: '2026-03-10T09:00:00Z',
      timeoutMs: 5000,
      maxOutput: 1000,
    }).then(
      () => assert.fail('expected an error'),
      (err: unknown) => err as Error,
    );
    assert.doesNotMatch(e.message, /coworkenv-ws-|\/tmp\//);
    assert.match(e.message, /'a\\x00b\.txt'/);
  });

  it('reads the workspace back after the command, binary files included', async () => {
    const ep = episode('real');
    const r = await real(ep, 'cp img/logo.png img/copy.png && cat data/sales.csv | wc -l > lines.txt');
    if (!r) return;
    assert.deepEqual(ok(r).changed, ['img/copy.png', 'lines.txt']);
    assert.deepEqual(fileAt(ep, 'img/copy.png'), { path: 'img/copy.png', content: LOGO, encoding: 'base64' });
    assert.deepEqual(fileAt(ep, 'img/logo.png'), { path: 'img/logo.png', content: LOGO, encoding: 'base64' });
    assert.equal(ok(await ep.run('fs_read', { path: 'lines.txt' })).content, '3\n');
  });
});
