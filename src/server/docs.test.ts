import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { loadSpecs } from '../run/task-files.js';
import { type RunningServer, startServer } from './serve.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const run = promisify(execFile);
const hasCurl = spawnSync('curl', ['--version']).status === 0;

/** The ```sh blocks that call curl, each with the ```json block right after it (the documented answer). */
function curlExamples(markdown: string): { sh: string; expected: string | undefined; line: number }[] {
  const blocks = [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1] as string, body: m[2] as string, line: markdown.slice(0, m.index).split('\n').length }));
  const out: { sh: string; expected: string | undefined; line: number }[] = [];
  blocks.forEach((b, i) => {
    if (b.lang !== 'sh' || !/\bcurl\b/.test(b.body)) return;
    const next = blocks[i + 1];
    out.push({ sh: b.body, expected: next?.lang === 'json' ? next.body : undefined, line: b.line });
  });
  return out;
}

/**
 * Does `actual` match the documented `expected`? Objects: every documented key matches (others may exist);
 * arrays: element-wise, a trailing "..." allows more items; "..." matches anything; a string ending in "..."
 * matches by prefix.
 */
function matches(expected: unknown, actual: unknown, path = '$'): string | undefined {
  if (expected === '...') return undefined;
  if (typeof expected === 'string' && expected.endsWith('...') && typeof actual === 'string') {
    return actual.startsWith(expected.slice(0, -3)) ? undefined : `${path}: ${JSON.stringify(actual).slice(0, 120)} does not start with ${JSON.stringify(expected.slice(0, -3))}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: expected an array, got ${JSON.stringify(actual)?.slice(0, 80)}`;
    const open = expected.at(-1) === '...';
    const items = open ? expected.slice(0, -1) : expected;
    if (open ? actual.length < items.length : actual.length !== items.length) return `${path}: expected ${open ? 'at least ' : ''}${items.length} items, got ${actual.length}`;
    for (let i = 0; i < items.length; i++) {
      const m = matches(items[i], actual[i], `${path}[${i}]`);
      if (m) return m;
    }
    return undefined;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return `${path}: expected an object, got ${JSON.stringify(actual)?.slice(0, 80)}`;
    for (const [k, v] of Object.entries(expected)) {
      if (!Object.hasOwn(actual, k)) return `${path}.${k}: missing`;
      const m = matches(v, (actual as Record<string, unknown>)[k], `${path}.${k}`);
      if (m) return m;
    }
    return undefined;
  }
  return Object.is(expected, actual) ? undefined : `${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
}

describe('docs/rl.md', () => {
  it('the matcher: partial objects, "..." wildcards and prefixes, open-ended lists', () => {
    assert.equal(matches({ a: 1, b: '...' }, { a: 1, b: [2], c: 3 }), undefined);
    assert.equal(matches({ s: 'abc...' }, { s: 'abcdef' }), undefined);
    assert.equal(matches([1, '...'], [1, 2, 3]), undefined);
    assert.match(matches([1], [1, 2]) ?? '', /expected 1 items/);
    assert.match(matches({ a: 1 }, { a: 2 }) ?? '', /\$\.a: expected 1, got 2/);
    assert.match(matches({ a: 1 }, {}) ?? '', /missing/);
  });

  describe('the curl examples, run in order against a fresh server', { skip: hasCurl ? false : 'curl is not installed' }, () => {
    let srv: RunningServer;
    before(async () => {
      const specs = (await loadSpecs([join(ROOT, 'examples/tasks')])).map((s) => s.spec);
      srv = await startServer({ specs, host: '127.0.0.1', port: 0, log: () => {} });
    });
    after(() => srv?.close());

    it('every documented request gets its documented answer', async () => {
      const examples = curlExamples(await readFile(join(ROOT, 'docs/rl.md'), 'utf8'));
      assert.ok(examples.length >= 15, `only ${examples.length} curl examples found`);
      for (const ex of examples) {
        assert.ok(ex.expected, `docs/rl.md:${ex.line}: a curl block needs the expected answer in a json block right after it`);
        assert.ok(/127\.0\.0\.1:\$PORT/.test(ex.sh), `docs/rl.md:${ex.line}: use http://127.0.0.1:$PORT`);
        const { stdout } = await run('sh', ['-c', ex.sh], { env: { ...process.env, PORT: String(srv.port) }, timeout: 10_000 });
        let actual: unknown;
        try {
          actual = JSON.parse(stdout);
        } catch {
          assert.fail(`docs/rl.md:${ex.line}: the answer is not JSON: ${stdout.slice(0, 200)}`);
        }
        const problem = matches(JSON.parse(ex.expected as string), actual);
        assert.equal(problem, undefined, `docs/rl.md:${ex.line}: ${problem}\nactual: ${stdout.slice(0, 600)}`);
      }
    });
  });
});
