import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { prepare } from '../../env/prepared.js';
import { documentText, formatOf, readDocument, type StoredFile } from '../../services/workspace/formats/index.js';
import { checkSpecValue } from '../../schema/parse-spec.js';

// the rendered office fixtures of examples/tasks/files, opened by readers that share no code with ours (Python's
// zipfile + ElementTree, poppler's pdftotext): what they see is what our fs_read shows the agent

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// one example task per file kind (xlsx, docx, pdf, pptx, csv, config + shell)
const EXAMPLES = 'examples/tasks/files';
const PY = join(ROOT, 'src/services/workspace/formats/ooxml-reader.py');
const dir = mkdtempSync(join(tmpdir(), 'coworkenv-examples-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const has = (cmd: string, arg: string) => spawnSync(cmd, [arg], { stdio: 'ignore' }).status === 0;
const skip =
  (!has('python3', '--version') && 'python3 is not installed') ||
  (!has('pdftotext', '-v') && 'pdftotext is not installed (apt-get install poppler-utils)');

function officeFiles(): { example: string; file: StoredFile }[] {
  const out: { example: string; file: StoredFile }[] = [];
  for (const name of readdirSync(join(ROOT, EXAMPLES))
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    const p = checkSpecValue(parse(readFileSync(join(ROOT, EXAMPLES, name), 'utf8')));
    assert.ok(p.spec, name);
    for (const f of prepare(p.spec).state.workspace?.files ?? []) {
      if (f.encoding === 'base64')
        out.push({ example: name, file: { path: String(f.path), content: String(f.content), encoding: 'base64' } });
    }
  }
  return out;
}
const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('examples/tasks/files office fixtures, independent readers', () => {
  it('every office format has an example; each rendered file reads the same in an independent reader', { skip }, () => {
    const files = officeFiles();
    assert.deepEqual([...new Set(files.map((f) => formatOf(f.file.path)))].sort(), ['docx', 'pdf', 'pptx', 'xlsx']);
    for (const { example, file } of files) {
      const bytes = Buffer.from(file.content, 'base64');
      const p = join(dir, file.path.replace(/\//g, '_'));
      writeFileSync(p, bytes);
      const doc = readDocument(file).doc;
      assert.ok(doc, `${example}: ${file.path}`);
      const ours = norm(documentText(doc));
      if (doc.kind === 'pdf') {
        const pages = execFileSync('pdftotext', ['-enc', 'UTF-8', p, '-'], { encoding: 'utf8' })
          .split('\f')
          .slice(0, doc.pages.length);
        assert.deepEqual(pages.map(norm), doc.pages.map(norm), `${example}: ${file.path}`);
        continue;
      }
      const py = JSON.parse(execFileSync('python3', [PY, p], { encoding: 'utf8' })) as {
        sheets?: Record<string, Record<string, unknown>>;
        paragraphs?: string[];
        tables?: string[][][];
        slides?: string[][];
        dates: string[];
      };
      // one fixed timestamp on every zip entry (the recipe's date, never the wall clock)
      assert.equal(py.dates.length, 1, `${example}: ${file.path} ${py.dates.join(', ')}`);
      assert.match(py.dates[0] as string, /^20\d\d-\d\d-\d\dT00:00:00$/);
      // every value the independent reader finds is in our readable text, in the same place
      if (doc.kind === 'xlsx') {
        for (const s of doc.sheets) {
          const cells = py.sheets?.[s.name] ?? {};
          for (const [ref, v] of Object.entries(cells)) {
            const m = /^([A-Z]+)(\d+)$/.exec(ref) as RegExpExecArray;
            const col = [...(m[1] as string)].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
            assert.equal(
              String(s.rows[Number(m[2]) - 1]?.[col]),
              String(v),
              `${example}: ${file.path} ${s.name}!${ref}`,
            );
          }
          assert.ok(Object.keys(cells).length > 0);
        }
      } else if (doc.kind === 'docx') {
        for (const para of py.paragraphs ?? []) assert.ok(ours.includes(norm(para)), `${example}: ${para}`);
        for (const row of (py.tables ?? []).flat())
          assert.ok(ours.includes(norm(`| ${row.join(' | ')} |`)), `${example}: ${row.join(' | ')}`);
      } else if (doc.kind === 'pptx') {
        assert.equal(py.slides?.length, doc.slides.length);
        for (const text of (py.slides ?? []).flat().filter(Boolean))
          assert.ok(ours.includes(norm(text)), `${example}: ${text}`);
      }
    }
  });
});
