import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

// test support for the docs' shell blocks: every `coworkenv` line in README.md and docs/*.md runs, in process, in a
// fresh folder holding examples/ (the docs' cwd); any other line is marked "# needs: <what>"

const ROOT = new URL('../../../', import.meta.url).pathname;

/** README.md and docs/*.md, as the repository holds them. */
export const DOC_FILES: readonly string[] = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];

// The docs whose commands take most of the time (a synthesis of the all-families plan, the demo and its report)
// run in test files of their own, so that npm test runs them beside the others; docs.test.ts runs the rest.
export const DOC_PARTS = { synthesis: ['docs/synthesis.md'], view: ['docs/view.md'] } as const;
export const DOC_REST: readonly string[] = DOC_FILES.filter(
  (f) => !Object.values(DOC_PARTS).some((part) => (part as readonly string[]).includes(f)),
);

export const docText = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** Every line of a shell block, continuations joined, with its line number in the file. */
export function shellLines(file: string, markdown: string): { file: string; line: number; text: string }[] {
  const out: { file: string; line: number; text: string }[] = [];
  for (const m of markdown.matchAll(/^```(sh|bash|shell)\n([\s\S]*?)^```$/gm)) {
    const start = markdown.slice(0, m.index).split('\n').length + 1;
    let pending = '';
    let at = start;
    (m[2] as string).split('\n').forEach((raw, i) => {
      if (!pending) at = start + i;
      if (raw.endsWith('\\')) {
        pending += `${raw.slice(0, -1)} `;
        return;
      }
      const text = (pending + raw).trim();
      pending = '';
      if (text && !text.startsWith('#')) out.push({ file, line: at, text });
    });
  }
  return out;
}

/** A command line split into words (single and double quotes; no expansion). */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g))
    out.push(m[1] ?? (m[2] as string | undefined)?.replace(/\\(.)/g, '$1') ?? (m[3] as string));
  return out;
}

interface DocLine {
  file: string;
  line: number;
  text: string;
}

/**
 * A doc file's shell lines: those a test runs (argv without `npx`) and those marked "# needs: <what>". rl.md's curl
 * blocks are left out: they run against a live server in docs.test.ts, with their answers checked.
 */
export function docCommands(file: string): { run: (DocLine & { argv: string[] })[]; marked: DocLine[] } {
  const run: (DocLine & { argv: string[] })[] = [];
  const marked: DocLine[] = [];
  for (const l of shellLines(file, docText(file))) {
    if (file === 'docs/rl.md' && /\bcurl\b/.test(l.text)) continue;
    if (/#\s*needs:\s*\S/.test(l.text)) {
      marked.push(l);
      continue;
    }
    const argv = words(l.text.replace(/\s+#.*$/, ''));
    if (argv[0] === 'npx') argv.shift();
    run.push({ ...l, argv });
  }
  return { run, marked };
}

/**
 * Runs each file's commands in order, in this process, in `tmp`/<file> (examples/ linked in) entered with `chdir`
 * (the caller's, so that npm test sees that its test file changes the working directory); every line must be a
 * coworkenv command that succeeds. Returns how many ran.
 */
export async function runDocCommands(
  files: readonly string[],
  tmp: string,
  chdir: (dir: string) => void,
): Promise<number> {
  const { captureOutput } = await import('../testing.js');
  const { buildProgram } = await import('../main.js');
  const home = process.cwd();
  let ran = 0;
  for (const file of files) {
    const dir = join(tmp, file.replace(/\W/g, '_'));
    mkdirSync(dir, { recursive: true });
    symlinkSync(join(ROOT, 'examples'), join(dir, 'examples'));
    chdir(dir);
    try {
      for (const l of docCommands(file).run) {
        const { argv } = l;
        assert.equal(
          argv[0],
          'coworkenv',
          `${file}:${l.line}: \`${l.text}\` is neither run by a test nor marked "# needs: <what>"`,
        );
        const program = await buildProgram([argv[1] as string]);
        // the exit code this command sets, not one the test runner set for an earlier failure
        const before = process.exitCode;
        process.exitCode = undefined;
        const r = await captureOutput(() => program.parseAsync(['node', ...argv]), { stderr: true });
        process.exitCode = before;
        assert.equal(
          r.error,
          undefined,
          `${file}:${l.line}: \`${l.text}\` failed: ${r.error?.message}\n${r.out.slice(-600)}`,
        );
        assert.ok(!r.exitCode, `${file}:${l.line}: \`${l.text}\` exited ${r.exitCode}\n${r.out.slice(-600)}`);
        ran++;
      }
    } finally {
      chdir(home);
    }
  }
  return ran;
}

/** The suite of one part of the docs run in a test file of its own (docs-synthesis.test.ts, docs-view.test.ts). */
export function docPartSuite(part: keyof typeof DOC_PARTS): void {
  const files = DOC_PARTS[part];
  describe(`every shell block in ${files.join(', ')}`, () => {
    const tmp = mkdtempSync(join(tmpdir(), `coworkenv-docs-${part}-`));
    after(() => rmSync(tmp, { recursive: true, force: true }));

    it('runs every coworkenv command line; any other line is marked "# needs: <what>" (a model, the network, …)', {
      timeout: 300_000,
    }, async () => {
      const ran = await runDocCommands(files, tmp, (dir) => process.chdir(dir));
      assert.equal(
        ran,
        files.reduce((n, f) => n + docCommands(f).run.length, 0),
      );
      assert.ok(ran > 0, 'no command ran');
    });
  });
}
