import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { loadSpecs } from '../run/task-files.js';
import { type RunningServer, startServer } from './serve.js';
import {
  DOC_FILES,
  DOC_PARTS,
  DOC_REST,
  docCommands,
  docText,
  runDocCommands,
  shellLines,
  words,
} from '../cli/testing/doc-commands.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const run = promisify(execFile);
const hasCurl = spawnSync('curl', ['--version']).status === 0;

/** The ```sh blocks that call curl, each with the ```json block right after it (the documented answer). */
function curlExamples(markdown: string): { sh: string; expected: string | undefined; line: number }[] {
  const blocks = [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({
    lang: m[1] as string,
    body: m[2] as string,
    line: markdown.slice(0, m.index).split('\n').length,
  }));
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
    return actual.startsWith(expected.slice(0, -3))
      ? undefined
      : `${path}: ${JSON.stringify(actual).slice(0, 120)} does not start with ${JSON.stringify(expected.slice(0, -3))}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: expected an array, got ${JSON.stringify(actual)?.slice(0, 80)}`;
    const open = expected.at(-1) === '...';
    const items = open ? expected.slice(0, -1) : expected;
    if (open ? actual.length < items.length : actual.length !== items.length)
      return `${path}: expected ${open ? 'at least ' : ''}${items.length} items, got ${actual.length}`;
    for (let i = 0; i < items.length; i++) {
      const m = matches(items[i], actual[i], `${path}[${i}]`);
      if (m) return m;
    }
    return undefined;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual))
      return `${path}: expected an object, got ${JSON.stringify(actual)?.slice(0, 80)}`;
    for (const [k, v] of Object.entries(expected)) {
      if (!Object.hasOwn(actual, k)) return `${path}.${k}: missing`;
      const m = matches(v, (actual as Record<string, unknown>)[k], `${path}.${k}`);
      if (m) return m;
    }
    return undefined;
  }
  return Object.is(expected, actual)
    ? undefined
    : `${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
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

  describe('the curl examples, run in order against a fresh server', {
    skip: hasCurl ? false : 'curl is not installed',
  }, () => {
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
        assert.ok(
          ex.expected,
          `docs/rl.md:${ex.line}: a curl block needs the expected answer in a json block right after it`,
        );
        assert.ok(/127\.0\.0\.1:\$PORT/.test(ex.sh), `docs/rl.md:${ex.line}: use http://127.0.0.1:$PORT`);
        const { stdout } = await run('sh', ['-c', ex.sh], {
          env: { ...process.env, PORT: String(srv.port) },
          timeout: 10_000,
        });
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

describe('every shell block in README.md and docs/*.md', () => {
  const docs = DOC_FILES.map((f) => ({ file: f, text: docText(f) }));
  const tmp = mkdtempSync(join(tmpdir(), 'coworkenv-docs-'));
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('the line splitter: continuations, comments, quotes', () => {
    assert.deepEqual(
      shellLines('x', '```sh\n# c\na \\\n  b\n\nc # needs: model\n```\n').map((l) => [l.line, l.text]),
      [
        [3, 'a    b'],
        [6, 'c # needs: model'],
      ],
    );
    assert.deepEqual(words(`coworkenv x 'a b' "c \\"d\\"" e`), ['coworkenv', 'x', 'a b', 'c "d"', 'e']);
  });

  it('cites no file the repository does not have', () => {
    for (const { file, text } of docs) {
      for (const m of text.matchAll(/\]\(([^)#\s]+\.md)(?:#[^)]*)?\)/g))
        assert.ok(
          existsSync(join(ROOT, file.includes('/') ? 'docs' : '', m[1] as string)),
          `${file}: links to ${m[1]}, which does not exist`,
        );
      assert.doesNotMatch(
        text,
        /\bDESIGN\.md\b|\bDESIGN §|\bformats\.md\b|\bformats §/,
        `${file} cites a design document that is not in the repository`,
      );
    }
  });

  it('every doc file runs its commands in some test file (the heavy ones in docs-<part>.test.ts)', () => {
    for (const part of Object.values(DOC_PARTS))
      for (const f of part) assert.ok(DOC_FILES.includes(f), `${f} is no doc file any more: drop it from DOC_PARTS`);
    assert.deepEqual([...DOC_REST, ...Object.values(DOC_PARTS).flat()].sort(), [...DOC_FILES].sort());
    // across all files: enough commands run, enough lines marked (each part asserts its own lines run)
    const all = DOC_FILES.map(docCommands);
    const ran = all.reduce((n, c) => n + c.run.length, 0);
    const marked = all.reduce((n, c) => n + c.marked.length, 0);
    assert.ok(ran >= 15 && marked >= 10, `ran ${ran}, marked ${marked}`);
  });

  // each file's commands run in order, in process, in a fresh folder holding examples/ (the docs' cwd); synthesis.md
  // and view.md run in docs-synthesis.test.ts and docs-view.test.ts, beside this file
  it('runs every coworkenv command line; any other line is marked "# needs: <what>" (a model, the network, …)', {
    timeout: 300_000,
  }, async () => {
    const ran = await runDocCommands(DOC_REST, tmp, (dir) => process.chdir(dir));
    assert.ok(ran >= 10, `ran ${ran}`);
  });
});

const hasPython = spawnSync('python3', ['--version']).status === 0;

// a live serve over examples/tasks for the describe block that calls this (no idle expiry: the Python side is slow)
function examplesServer(): () => RunningServer {
  let srv: RunningServer | undefined;
  before(async () => {
    const specs = (await loadSpecs([join(ROOT, 'examples/tasks')])).map((s) => s.spec);
    srv = await startServer({ specs, host: '127.0.0.1', port: 0, ttlS: 0, log: () => {} });
  });
  after(() => srv?.close());
  return () => srv as RunningServer;
}

describe('docs/rl.md: the TRL recipe, run by python3 against a live serve', {
  skip: hasPython ? false : 'python3 is not installed',
}, () => {
  const server = examplesServer();

  it('builds the dataset and per-task tool classes, drops None arguments, ends on an unexecuted tool call, rewards, and reuses the object', {
    timeout: 60_000,
  }, async () => {
    const srv = server();
    const md = await readFile(join(ROOT, 'docs/rl.md'), 'utf8');
    const m = /<!-- test: trl-recipe -->\n```python\n([\s\S]*?)^```$/m.exec(md);
    assert.ok(m, 'docs/rl.md: the TRL recipe block (after <!-- test: trl-recipe -->) is missing');
    const recipe = (m[1] as string).replace('ENV = "http://127.0.0.1:8000"', `ENV = "${srv.url}"`);
    assert.ok(recipe.includes(srv.url), 'the recipe sets ENV = "http://127.0.0.1:8000"');
    assert.doesNotMatch(
      recipe,
      /^\s*(import|from)\s+(requests|trl|datasets|transformers)\b/m,
      'the recipe uses the standard library only',
    );
    // what TRL does with it, without TRL: build rows, make the class, pool one object, reset it per generation
    const driver = `
rows = build_dataset(["support_escalation", "payment_change_refusal"])
assert [r["task_id"] for r in rows] == ["support_escalation", "payment_change_refusal"]
assert [r["environment"] for r in rows] == ["support_escalation", "payment_change_refusal"]
assert [m["role"] for m in rows[0]["prompt"]] == ["system", "user"]
Esc = env_class("support_escalation")
tools = sorted(n for n in vars(Esc) if not n.startswith("_"))
assert "helpdesk_list_tickets" in tools and "gmail_send_message" in tools and "reset" not in tools
# what TRL offers as tools: every public method but reset and get_reward — the task's tools and nothing else
public = sorted(n for n, _ in inspect.getmembers(Esc(), predicate=inspect.ismethod) if not n.startswith("_") and n not in ("reset", "get_reward"))
assert public == sorted(t["function"]["name"] for t in call("POST", "/reset", {"task_id": "support_escalation"})["observation"]["tools"]), public
assert not hasattr(Esc, "get_reward"), "a get_reward would be a second reward source in TRL"
sig = inspect.signature(Esc.helpdesk_list_tickets)
optional = [p for p in sig.parameters.values() if p.default is None]
assert optional, "helpdesk_list_tickets has optional parameters"
assert "Args:" in Esc.helpdesk_list_tickets.__doc__
env = Esc()
results = []
for generation in range(2):
    env.reset(task_id="support_escalation")
    out = env.helpdesk_list_tickets(**{p.name: None for p in optional})   # every optional argument left out as None
    assert '"tickets"' in out, out
    if generation == 0:
        for cid in ["CUS-204", "CUS-311"]:
            env.crm_get_customer(customer_id=cid)
        env.gmail_send_message(to="dana.lee@acme.example", subject="Escalation: TK-1042", body="Hi Dana, ticket TK-1042 of Northwind Logistics has been open since 6 March. Please follow up.")
        env.gmail_send_message(to="omar.haddad@acme.example", subject="Escalation: TK-1055", body="Hi Omar, ticket TK-1055 of Brightline Foods has been open since 7 March. Please follow up.")
        completion = [{"role": "assistant", "content": "Escalated TK-1042 to Dana Lee and TK-1055 to Omar Haddad."}]
    else:
        # the generation ended on a tool call nobody executed
        completion = [{"role": "assistant", "content": None, "tool_calls": [{"type": "function", "function": {"name": "gmail_send_message", "arguments": "{}"}}]}]
    [reward] = reward_func([env], [completion])
    assert env.done and reward == env.reward
    results.append({"reward": reward, "components": sorted(env.components)})
print(json.dumps(results))
`;
    const file = join(mkdtempSync(join(tmpdir(), 'coworkenv-trl-')), 'recipe.py');
    await writeFile(file, `${recipe}\n${driver}`);
    const { stdout } = await run('python3', [file], { timeout: 30_000 });
    const results = JSON.parse(stdout) as { reward: number; components: string[] }[];
    assert.equal(results[0]?.reward, 1, 'the reference behaviour scores 1');
    assert.ok((results[1]?.reward ?? 1) < 1, 'an episode ended on an unexecuted call scores less');
    assert.deepEqual(results[0]?.components, ['checks', 'code', 'completion', 'llm', 'robustness', 'safety']);
    assert.equal(srv.manager.size, 0, 'every episode was deleted after its reward was read');
  });
});

// TRL itself, where a Python with it is named (COWORKENV_TRL_PYTHON, e.g. a venv from the local wheel mirror:
// pip install trl datasets pyarrow): CI has none, so it is skipped there
const TRL_PYTHON = process.env.COWORKENV_TRL_PYTHON;
describe('docs/rl.md: the TRL recipe with GRPOTrainer itself', {
  skip: TRL_PYTHON ? false : 'set COWORKENV_TRL_PYTHON to a python with trl, datasets and transformers',
}, () => {
  const server = examplesServer();

  it('trains a step with the recipe as written: one reward source (the server reward), rows routed by environment', {
    timeout: 600_000,
  }, async () => {
    const out = mkdtempSync(join(tmpdir(), 'coworkenv-grpo-'));
    const { stdout } = await run(
      TRL_PYTHON as string,
      [join(ROOT, 'src/server/testing/trl-grpo.py'), join(ROOT, 'docs/rl.md'), server().url, out],
      { timeout: 590_000, env: { ...process.env, TRL_EXPERIMENTAL_SILENCE: '1' } },
    );
    const r = JSON.parse(stdout.trim().split('\n').at(-1) as string) as {
      reward_sources: string[];
      steps: number;
      reward: number;
      columns: string[];
    };
    assert.deepEqual(r.reward_sources, ['reward_func']);
    assert.equal(r.steps, 1);
    assert.deepEqual(r.columns, ['rewards/reward_func/mean', 'rewards/reward_func/std']);
    assert.ok(r.reward >= 0 && r.reward <= 1, String(r.reward));
  });
});
