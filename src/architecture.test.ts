import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

// The layering of docs/architecture.md, checked against the code: imports point down, never in a circle.
// the TypeScript sources, also when this test runs compiled from .test-build/
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'src');
const DOC = join(ROOT, 'docs', 'architecture.md');

/** Layer rank of each top-level folder of src/, read from the diagram (top row = highest rank). */
function layersFromDoc(): Map<string, number> {
  const doc = readFileSync(DOC, 'utf8');
  const block = /## Layers[^\n]*\n+```\n([\s\S]*?)```/.exec(doc)?.[1];
  assert.ok(block, 'docs/architecture.md has a "## Layers" section with a code block');
  const rows = block.split('\n').filter((l) => l.startsWith('src/'));
  const rank = new Map<string, number>();
  rows.forEach((row, i) => {
    for (const m of row.matchAll(/src\/([a-z-]+)\//g)) rank.set(m[1] as string, rows.length - i);
  });
  return rank;
}

/**
 * The units inside src/synth (a sub-folder or a top-level file) with their rank, read from the "## Inside src/synth"
 * diagram (top row = highest rank). Units of one row are independent of each other.
 */
function synthLayersFromDoc(): Map<string, number> {
  const doc = readFileSync(DOC, 'utf8');
  const block = /## Inside src\/synth[^\n]*\n+(?:[^`][^\n]*\n+)*?```\n([\s\S]*?)```/.exec(doc)?.[1];
  assert.ok(block, 'docs/architecture.md has a "## Inside src/synth" section with a code block');
  const rows = block.split('\n').filter((l) => l.startsWith('src/synth/'));
  const rank = new Map<string, number>();
  rows.forEach((row, i) => {
    for (const m of row.matchAll(/src\/synth\/([a-z-]+(?:\/|\.ts))/g)) rank.set(m[1] as string, rows.length - i);
  });
  return rank;
}

const isTestSupport = (rel: string) => rel.endsWith('.test.ts') || /(^|\/)testing(\.ts$|\/)/.test(rel);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

// static imports and re-exports (type-only ones too: a type circle is still a circle of concepts) and import()
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const targets = new Set<string>();
    for (const m of readFileSync(f, 'utf8').matchAll(IMPORT)) {
      const spec = (m[1] ?? m[2]) as string;
      const t = resolve(dirname(f), spec).replace(/\.js$/, '.ts');
      if (known.has(t)) targets.add(t);
    }
    graph.set(f, [...targets]);
  }
  return graph;
}

/** Strongly connected components with more than one file (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) found.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('layers (docs/architecture.md) hold in the code', () => {
  const files = sourceFiles(SRC);
  const shipped = files.filter((f) => !isTestSupport(relative(SRC, f)));
  const graph = importGraph(shipped);
  const rank = layersFromDoc();
  const layerOf = (f: string) => relative(SRC, f).split('/')[0] as string;

  it('every folder of src/ has a row in the diagram', () => {
    const folders = readdirSync(SRC).filter((n) => statSync(join(SRC, n)).isDirectory());
    assert.deepEqual(
      folders.filter((d) => !rank.has(d)),
      [],
      'add these folders to the "## Layers" diagram of docs/architecture.md',
    );
  });

  it('no module or test helper imports from a layer above its own (src/index.ts, the public API, may import any)', () => {
    const upward: string[] = [];
    for (const [f, targets] of importGraph(files.filter((f) => !f.endsWith('.test.ts')))) {
      const from = layerOf(f);
      if (f === join(SRC, 'index.ts')) continue;
      for (const t of targets)
        if ((rank.get(layerOf(t)) ?? 0) > (rank.get(from) ?? 0))
          upward.push(`${relative(SRC, f)} → ${relative(SRC, t)}`);
    }
    assert.deepEqual(upward, []);
  });

  it('no import cycles, type-only imports included', () => {
    assert.deepEqual(
      cycles(graph).map((c) => c.map((f) => relative(SRC, f)).join(' ⇄ ')),
      [],
    );
  });

  it('no shipped module imports a test helper (the build leaves them out of dist/)', () => {
    const all = importGraph(files);
    const bad = shipped.flatMap((f) =>
      (all.get(f) ?? [])
        .filter((t) => isTestSupport(relative(SRC, t)))
        .map((t) => `${relative(SRC, f)} → ${relative(SRC, t)}`),
    );
    assert.deepEqual(bad, []);
  });

  it('inside src/synth, imports point down the synth diagram and units of one row stay apart', () => {
    const rank = synthLayersFromDoc();
    const SYNTH = join(SRC, 'synth');
    const unitOf = (f: string) => {
      const rel = relative(SYNTH, f);
      return rel.includes('/') ? `${rel.split('/')[0]}/` : rel;
    };
    const units = [...new Set(shipped.filter((f) => f.startsWith(`${SYNTH}/`)).map(unitOf))];
    assert.deepEqual(
      units.filter((u) => !rank.has(u)),
      [],
      'add these units of src/synth to the "## Inside src/synth" diagram of docs/architecture.md',
    );
    const wrong: string[] = [];
    for (const [f, targets] of graph) {
      if (!f.startsWith(`${SYNTH}/`)) continue;
      for (const t of targets) {
        if (!t.startsWith(`${SYNTH}/`) || unitOf(t) === unitOf(f)) continue;
        if ((rank.get(unitOf(t)) ?? 0) >= (rank.get(unitOf(f)) ?? 0))
          wrong.push(`${relative(SRC, f)} → ${relative(SRC, t)}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('inside src/synth, no module runs over 400 lines (one concept each; data beside its pack in <pack>-data.ts)', () => {
    const SYNTH = join(SRC, 'synth');
    const files = shipped.filter((f) => f.startsWith(`${SYNTH}/`) && f.endsWith('.ts'));
    assert.ok(files.length > 100, `${files.length} modules`);
    const long = files
      .map((f) => [relative(SRC, f), readFileSync(f, 'utf8').split('\n').length] as const)
      .filter(([, n]) => n > 401);
    assert.deepEqual(long, []);
  });

  it('the checker itself finds a cycle and an upward import', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    assert.deepEqual(cycles(g), [['a', 'b', 'c']]);
    assert.ok((rank.get('cli') ?? 0) > (rank.get('spec') ?? 0));
    const synth = synthLayersFromDoc();
    assert.ok((synth.get('compose/') ?? 0) > (synth.get('kit/') ?? 0));
    assert.equal(synth.get('compose/'), synth.get('presets/'));
    assert.ok((synth.get('synthesize.ts') ?? 0) > (synth.get('generators.ts') ?? 0));
  });
});
