import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ROOT, startServing } from './testing.js';

// real processes (a signal is what is tested), in a file of their own so that npm test runs them beside cli.test.ts
const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-cli-signals-'));
after(() => rmSync(TMP, { recursive: true, force: true }));

describe('long-running commands stop cleanly on a signal', () => {
  // a supervisor may signal the moment it reads the ready line: the handler must already listen
  const commands: [string, string[], RegExp, RegExp][] = [
    [
      'serve',
      ['serve', join(ROOT, 'examples/tasks/payment_change_refusal.yaml'), '--port', '0'],
      /task\(s\) on http/,
      /SIGTERM received, closing 0 session/,
    ],
    [
      'proxy',
      ['proxy', '--upstream', 'http://127.0.0.1:9/v1', '--port', '0', '--out', join(TMP, 'signal-traces.jsonl')],
      /forwarding/,
      /SIGTERM received; writing open sessions/,
    ],
    [
      'mcp --http',
      [
        'mcp',
        join(ROOT, 'examples/tasks/payment_change_refusal.yaml'),
        '--http',
        '127.0.0.1:0',
        '--out',
        join(TMP, 'signal-mcp.jsonl'),
      ],
      /serving payment_change_refusal/,
      /SIGTERM received/,
    ],
  ];
  for (const [name, args, ready, stopped] of commands) {
    it(`${name}: SIGTERM right after the ready line exits 0 having closed (6 rounds)`, {
      timeout: 120_000,
    }, async () => {
      for (let round = 0; round < 6; round++) {
        const r = await (await startServing(args, ready)).stop();
        assert.deepEqual([r.code, r.signal], [0, null], `round ${round}: ${r.stderr}`);
        assert.match(r.stderr, stopped);
      }
    });
  }
  it('mcp --http: a server no client reached leaves no record (a session starts with its client)', () => {
    const out = join(TMP, 'signal-mcp.jsonl');
    assert.equal(existsSync(out) ? readFileSync(out, 'utf8').trim() : '', '');
  });
});
