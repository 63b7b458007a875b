import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Command } from 'commander';
import { parse as parseYaml } from 'yaml';
import { loadSpecs } from '../run/task-files.js';
import { SPEC_LIMITS } from '../schema/document.js';
import { generateProcedural } from '../synth/generators.js';
import { streamLines } from '../schema/jsonl.js';
import { captureOutput } from './testing.js';
import { validateCommand, validatePaths } from './validate.js';

const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-validate-'));
after(() => rmSync(TMP, { recursive: true, force: true }));
const rel = (f: string) => relative(process.cwd(), f);
const EXAMPLE = parseYaml(readFileSync('examples/tasks/inventory_reorder.yaml', 'utf8')) as Record<string, unknown>;

/** validatePaths in-process, its output collected. */
async function validate(paths: string[], opts: { json?: boolean; through?: number } = {}) {
  let text = '';
  const r = await validatePaths(paths, opts, (t) => (text += t));
  // colours are on where CI is set (picocolors reads it at import): compare the text without them
  const plain = text.replace(/\x1b\[[0-9;]*m/g, '');
  return { ...r, text: plain, lines: plain.split('\n').filter((l) => l.trim() !== '') };
}

// 80 KB of JSON nested 20,000 deep: yaml's recursive composer used to exhaust the stack inside V8's regexp
// compiler (SIGABRT, "RegExpCompiler Allocation failed"); the guarded parser refuses it before composing
const DEEP = `{"id": "deep", "request": ${'[ '.repeat(20_000)}${' ]'.repeat(20_000)}}`;
const BOMB = [
  'a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]',
  ...Array.from({ length: 11 }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(', ')}]`),
  'id: bomb',
  '',
].join('\n');

describe('validate: the guarded parser (depth, size, aliases) ⇒ a failed spec, exit 1, never a crash', () => {
  it('80 KB of JSON nested 20,000 deep: parse_error at the line:col where nesting passes the limit', async () => {
    const file = join(TMP, 'deep.json');
    writeFileSync(file, DEEP);
    assert.ok(DEEP.length >= 80_000);
    const r = await validate([file]);
    assert.deepEqual([r.total, r.failed], [1, 1]);
    // the outer object is level 1, so the 100th `[` (col 27 + 2·99) is the first beyond 100 levels
    const col = DEEP.indexOf('[') + 1 + 2 * (SPEC_LIMITS.maxDepth - 1);
    assert.deepEqual(r.lines, [
      `FAIL ${rel(file)}`,
      `      ${rel(file)}:1:${col} parse_error at (root): collections nest deeper than 100 levels; a task spec nests a dozen at most — look for a runaway bracket or generated nesting`,
      '0/1 valid',
    ]);
  });

  it('a YAML alias bomb: parse_error at the first alias (not an internal error), and run refuses it too', async () => {
    const file = join(TMP, 'bomb.yaml');
    writeFileSync(file, BOMB);
    const r = await validate([file]);
    assert.equal(r.failed, 1);
    assert.equal(
      r.lines[1],
      `      ${rel(file)}:2:10 parse_error at (root): YAML aliases expand more than 100 times (an alias bomb?); write the data out instead of nesting anchors`,
    );
    await assert.rejects(
      loadSpecs([file]),
      (e: Error & { code?: string }) =>
        e.code === 'spec_invalid' && /bomb\.yaml:2:10 parse_error at \(root\): YAML aliases expand/.test(e.message),
    );
    await assert.rejects(
      loadSpecs([join(TMP, 'deep.json')]),
      /deep\.json:1:\d+ parse_error at \(root\): collections nest deeper than 100 levels/,
    );
  });

  it('the command sets exit code 1 (bad input) for both and prints only the report', async () => {
    const program = new Command().exitOverride();
    validateCommand(program);
    const r = await captureOutput(() =>
      program.parseAsync(['node', 'coworkenv', 'validate', join(TMP, 'deep.json'), join(TMP, 'bomb.yaml')]),
    );
    assert.equal(r.error, undefined);
    assert.equal(r.exitCode, 1);
    assert.match(r.out, /0\/2 valid\n$/);
  });

  it('a JSONL row nested deep, one cut off and one too long are reported by line; the other rows are still validated', async () => {
    const file = join(TMP, 'mixed.jsonl');
    const good = JSON.stringify(EXAMPLE);
    const long = JSON.stringify({ ...EXAMPLE, id: 'long', request: 'x'.repeat(SPEC_LIMITS.maxBytes) });
    writeFileSync(
      file,
      [
        good,
        `{"id": "deep-row", "fixtures": ${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
        '{"id": "cut',
        long,
        JSON.stringify({ ...EXAMPLE, id: 'second' }),
        '',
      ].join('\n'),
    );
    const r = await validate([file], { through: 6 });
    assert.deepEqual([r.total, r.failed], [5, 3]);
    const f = rel(file);
    assert.deepEqual(r.lines, [
      `OK   ${f}:1 (inventory_reorder)  steps 1-6`,
      `FAIL ${f}:2`,
      `      ${f}:2:1 parse_error at (root): collections nest deeper than 100 levels at fixtures[0][0][0]…(100 levels); a task spec nests a dozen at most — look for a runaway bracket or generated nesting`,
      `FAIL ${f}:3`,
      `      ${f}:3:1 parse_error at (root): not valid JSON: Unterminated string in JSON at position 11`,
      `FAIL ${f}:4`,
      `      ${f}:4:1 parse_error at (root): line 4 is ${Buffer.byteLength(long)} bytes; a task spec holds at most 16777216 bytes (16 MiB) — split it or move large file contents out of the fixtures`,
      `OK   ${f}:5 (second)  steps 1-6`,
      '2/5 valid',
    ]);
  });

  it('--json streams one object: results (with step lists and positions), then ok/total/failed', async () => {
    const file = join(TMP, 'rows.jsonl');
    const broken = {
      ...EXAMPLE,
      id: 'broken',
      checks: [
        { ...(EXAMPLE.checks as object[])[0], tool: 'inventory_nope' },
        ...(EXAMPLE.checks as object[]).slice(1),
      ],
    };
    writeFileSync(file, `${JSON.stringify(EXAMPLE)}\n\n${JSON.stringify(broken)}\n${JSON.stringify(EXAMPLE)}\n`);
    const r = await validate([file], { json: true, through: 6 });
    const out = JSON.parse(r.text) as {
      ok: boolean;
      total: number;
      failed: number;
      results: {
        line: number;
        id: string;
        ok: boolean;
        steps: unknown[];
        diagnostics: { code: string; line: number; col: number }[];
      }[];
    };
    assert.deepEqual([out.ok, out.total, out.failed], [false, 3, 2]);
    assert.deepEqual(
      out.results.map((x) => [x.line, x.id, x.ok, x.steps.length]),
      [
        [1, 'inventory_reorder', true, 6],
        [3, 'broken', false, 6],
        [4, 'inventory_reorder', false, 6],
      ],
    );
    const unknown = out.results[1]?.diagnostics[0];
    assert.deepEqual(
      [unknown?.code, unknown?.line, unknown?.col],
      ['unknown_tool', 3, JSON.stringify(broken).indexOf('"inventory_nope"') + 1],
    );
    assert.deepEqual(
      out.results[2]?.diagnostics.map((d) => [d.code, d.line]),
      [['duplicate_id', 4]],
    );
    writeFileSync(join(TMP, 'blank.jsonl'), '\n \n');
    const empty = await validate([join(TMP, 'blank.jsonl')], { json: true });
    assert.deepEqual(JSON.parse(empty.text), { results: [], ok: true, total: 0, failed: 0 });
  });

  it('a large JSONL is validated in bounded memory: the heap holds one row, not the file', async () => {
    // 40,000 rows of 2 KB (80 MB): reading the file whole and keeping every row, as validate used to, retains
    // more than the file; streaming retains one row and the report counters
    const file = join(TMP, 'big.jsonl');
    const row = `{"id": "r", "pad": "${'x'.repeat(2000)}"`; // cut off: a parse error, so the rows cost no gate time
    writeFileSync(file, `${row}\n`.repeat(40_000));
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const base = process.memoryUsage().heapUsed;
    let peak = 0;
    let rows = 0;
    const r = await validatePaths([file], {}, () => {
      if (++rows % 4000 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - base);
      }
    });
    assert.deepEqual([r.total, r.failed], [40_000, 40_000]);
    assert.ok(peak < 16_000_000, `retained ${(peak / 1e6).toFixed(1)} MB while validating an 80 MB JSONL`);
  });

  it('streamLines: \\r\\n, a last line without newline, lines split across chunks, an over-long line reported by size only', async () => {
    async function* chunks() {
      yield 'a\r\nb';
      yield 'c\n';
      for (let i = 0; i < 50; i++) yield Buffer.alloc(1024 * 1024, 0x61); // a 50 MB line, never buffered
      yield '\nd';
    }
    const got = [];
    for await (const l of streamLines(chunks(), 1024)) got.push(l);
    assert.deepEqual(got, [
      { line: 1, offset: 0, text: 'a' },
      { line: 2, offset: 3, text: 'bc' },
      { line: 3, offset: 6, tooLong: 50 * 1024 * 1024 },
      { line: 4, offset: 6 + 50 * 1024 * 1024 + 1, text: 'd' },
    ]);
  });
});

describe('validate: the corpus-level fixed-rule probe over a folder (issue 27)', () => {
  it('a folder of one preset (one selection rule for every task) fails as a corpus; fewer than 20 specs are not judged', async () => {
    const dir = join(TMP, 'one-rule');
    mkdirSync(dir, { recursive: true });
    for (let seed = 0; seed < 24; seed++) {
      const spec = generateProcedural({
        generator: 'support_escalation',
        id: `esc_${seed}`,
        seed,
        difficulty: 'easy',
        mockToday: '2026-03-10',
        language: 'en',
        services: [],
      });
      writeFileSync(join(dir, `esc_${seed}.json`), JSON.stringify(spec));
    }
    const r = await validate([dir], { through: 6 });
    assert.equal(r.failed, 0);
    assert.equal(r.corpusFailed, true);
    assert.match(
      r.text,
      /^corpus: the fixed-rule probe solves \d+\.\d% \(\d+\/24 tasks with a target set; limit 5%\)$/m,
    );
    assert.match(r.text, /^corpus_fixed_rule at \(corpus\): one fixed rule per record type/m);
    assert.equal(r.lines.at(-1), '24/24 valid; the corpus fails');
    const j = await validate([dir], { through: 6, json: true });
    const doc = JSON.parse(j.text) as { ok: boolean; corpus: { fixed_rule: { judged: boolean; share: number } } };
    assert.equal(doc.ok, false);
    assert.ok(doc.corpus.fixed_rule.judged && doc.corpus.fixed_rule.share > 0.05);
    // two specs: reported nowhere, judged never
    const few = await validate([join(dir, 'esc_0.json'), join(dir, 'esc_1.json')], { through: 6 });
    assert.deepEqual([few.corpusFailed, /corpus:/.test(few.text)], [false, false]);
  });
});
