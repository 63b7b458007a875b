import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { referenceAgent } from '../agent/reference.js';
import { specHash } from '../schema/canonical-json.js';
import { runEpisode } from '../agent/rollout.js';
import { validateAtif } from '../interop/atif.js';
import { ticketTriageSpec } from '../interop/testing.js';
import { loadSpecs } from '../run/task-files.js';
import { canonicalJson } from '../schema/canonical-json.js';
import { TaskSpec } from '../schema/task-spec.js';
import { jsonlLine } from '../schema/jsonl.js';
import { cliEnv, inProcess, ROOT, runCli } from './testing.js';

const tmp = mkdtempSync(join(tmpdir(), 'interop-cli-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
const spec = ticketTriageSpec({ errors: { rate: 0.2 } });
const specFile = join(tmp, 'triage.json');
writeFileSync(specFile, canonicalJson(spec));

describe('coworkenv export / import harbor', () => {
  it('round-trips specs through Harbor folders', async () => {
    const out = join(tmp, 'harbor');
    const printed = await inProcess(
      'export',
      'harbor',
      specFile,
      'examples/claw-eval/T018-ticket-triage.yaml',
      '--out',
      out,
      '--json',
    );
    const report = JSON.parse(printed) as { tasks: { id: string; form: string }[] };
    assert.deepEqual(report.tasks.map((t) => t.id).sort(), ['claw-t018-ticket-triage', 'claw_ticket_triage']);
    // each image installs the CLI packed beside its Dockerfile (one file, linked into every folder), not a download
    const tarballs = report.tasks.map((t) => join(out, t.id, 'environment/coworkenv.tgz'));
    const packed = spawnSync('tar', ['-xzOf', tarballs[0] as string, 'package/package.json'], { encoding: 'utf8' });
    assert.equal(packed.status, 0, packed.stderr);
    const manifest = JSON.parse(packed.stdout) as { name: string; version: string };
    const ours = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    assert.deepEqual([manifest.name, manifest.version], ['coworkenv', ours.version]);
    assert.equal(statSync(tarballs[0] as string).ino, statSync(tarballs[1] as string).ino);
    const listing = spawnSync('tar', ['-tzf', tarballs[0] as string], { encoding: 'utf8' }).stdout;
    assert.match(listing, /^package\/bin\/coworkenv\.js$/m);
    assert.match(listing, /^package\/dist\/cli\/main\.js$/m);
    const dockerfile = readFileSync(join(out, 'claw_ticket_triage', 'environment/Dockerfile'), 'utf8');
    assert.match(dockerfile, /^COPY coworkenv\.tgz \/tmp\/coworkenv\.tgz$/m);
    assert.doesNotMatch(dockerfile, /coworkenv@/);
    const back = join(tmp, 'harbor-back');
    const imported = await inProcess('import', 'harbor', out, '--out', back);
    assert.match(imported, /claw_ticket_triage → /);
    const original = new Map(
      (await loadSpecs([specFile, 'examples/claw-eval/T018-ticket-triage.yaml'])).map((s) => [
        s.spec.id,
        specHash(s.spec),
      ]),
    );
    for (const { spec: s } of await loadSpecs([back])) assert.equal(specHash(s), original.get(s.id), s.id);
    await assert.rejects(
      inProcess('import', 'harbor', join(tmp, 'missing'), '--out', back),
      /missing: no such directory/,
    );
    // a folder whose spec someone reweighted towards reads (M1100's published weights): --harden repairs it on
    // the way in; the plain import keeps the weights as they were
    const akr = join(tmp, 'harbor-akr');
    await inProcess('export', 'harbor', 'examples/tasks/api_key_rotation.yaml', '--out', akr);
    for (const f of ['tests/task.json', 'environment/task.json']) {
      const file = join(akr, 'api_key_rotation', f);
      const t = JSON.parse(readFileSync(file, 'utf8')) as { checks: { weight: number }[] };
      t.checks.forEach((c, i) => (c.weight = [0.05, 0.1, 0.1, 0.05, 0.1, 0.2, 0.2, 0.2][i] as number));
      writeFileSync(file, JSON.stringify(t));
    }
    const hardened = join(tmp, 'harbor-hardened');
    const printedHarden = await inProcess('import', 'harbor', akr, '--out', hardened, '--harden');
    assert.match(printedHarden, /harden: {2}before: rejected \(free_credit\)/);
    assert.match(printedHarden, /harden: {6}outcome_over_reads: reads earned 0\.4 of completion/);
    assert.match(printedHarden, /harden: {2}after: {2}passes the gate/);
    const plain = join(tmp, 'harbor-plain');
    await inProcess('import', 'harbor', akr, '--out', plain);
    const [p] = await loadSpecs([plain]);
    assert.equal(p?.spec.checks[0]?.weight, 0.05);
    const [h] = await loadSpecs([hardened], { strict: true });
    assert.equal(h?.spec.id, 'api_key_rotation');
    assert.equal(h?.spec.checks[0]?.weight, 0.025);
  });
});

describe('coworkenv export / import atif', () => {
  it('exports schema-valid files and re-imports them into the same grade', async () => {
    const run = join(tmp, 'runs', 'r1');
    mkdirSync(run, { recursive: true });
    const ts = [];
    for (const trial of [0, 1]) ts.push(await runEpisode({ spec, agent: referenceAgent(spec), seed: trial, trial }));
    writeFileSync(join(run, 'trajectories.jsonl'), ts.map(jsonlLine).join(''));
    assert.match(await inProcess('export', 'atif', run), /2 ATIF v1\.7 trajectories/);
    const files = readdirSync(join(run, 'atif')).sort();
    assert.deepEqual(files, ['claw_ticket_triage__trial0.json', 'claw_ticket_triage__trial1.json']);
    for (const f of files)
      assert.deepEqual(validateAtif(JSON.parse(readFileSync(join(run, 'atif', f), 'utf8'))), [], f);
    const back = join(tmp, 'runs', 'back');
    await inProcess('import', 'atif', join(run, 'atif'), '--tasks', specFile, '--out', back);
    const graded = JSON.parse(await inProcess('grade', back, '--tasks', specFile, '--json')) as {
      results: { reproduced: boolean; score: number }[];
    };
    assert.deepEqual(
      graded.results.map((r) => r.reproduced),
      [true, true],
    );
    assert.deepEqual(
      graded.results.map((r) => r.score),
      ts.map((t) => t.grade?.score),
    );
    await assert.rejects(
      inProcess('import', 'atif', join(run, 'atif'), '--tasks', specFile, '--out', back),
      /trajectories\.jsonl exists; choose a new --out/,
    );
    writeFileSync(
      join(tmp, 'bad.json'),
      '{"schema_version": "ATIF-v1.7", "agent": {"name": "x", "version": "1"}, "steps": [{"step_id": 1, "source": "user"}]}',
    );
    await assert.rejects(
      inProcess('import', 'atif', join(tmp, 'bad.json'), '--tasks', specFile, '--out', join(tmp, 'runs', 'x')),
      /bad\.json: not a valid ATIF \(v1\.0–v1\.7\) trajectory: \$\.steps\[0\]: missing required field "message"/,
    );
    await assert.rejects(inProcess('export', 'atif', join(tmp, 'nope')), /nope: cannot read/);
    // streamed: a malformed line is named and skipped, the others written; none at all is an error
    const mixed = join(tmp, 'runs', 'mixed');
    mkdirSync(mixed, { recursive: true });
    writeFileSync(join(mixed, 'trajectories.jsonl'), `{"kind":"trajectory"\n${jsonlLine(ts[1])}\n{"kind": 1}\n`);
    const r = await runCli('export', 'atif', mixed);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /1 ATIF v1\.7 trajectories/);
    assert.match(r.stderr, /trajectories\.jsonl:1: skipped malformed trajectory: not valid JSON/);
    assert.match(r.stderr, /trajectories\.jsonl:4: skipped malformed trajectory: /);
    writeFileSync(join(mixed, 'trajectories.jsonl'), '{"kind": 1}\n');
    await assert.rejects(inProcess('export', 'atif', mixed), /trajectories\.jsonl: no trajectory in it \(line 1: /);
  });
});

describe('coworkenv import claw-eval', () => {
  it('writes the specs it can and names what it cannot', async () => {
    const tasks = join(tmp, 'claw', 'tasks');
    const ok = join(tasks, 'T900_ok');
    mkdirSync(join(ok, 'fixtures', 'todo'), { recursive: true });
    writeFileSync(
      join(ok, 'fixtures', 'todo', 'tasks.json'),
      JSON.stringify([{ task_id: 'todo_001', title: 'Report', status: 'pending' }]),
    );
    writeFileSync(
      join(ok, 'task.yaml'),
      'task_id: T900_ok\ntask_name: Todo\nprompt: {text: Finish the report task., language: en}\nservices:\n  - {name: todo, command: x, port: 9102, health_check: h, env: {TODO_FIXTURES: tasks/T900_ok/fixtures/todo/tasks.json}}\ntools:\n  - {name: todo_update_task, description: d, input_schema: {type: object, properties: {task_id: {type: string}}}}\nscoring_components:\n  - {name: updated, weight: 1, check: {type: tool_called, tool_name: todo_update_task}}\n',
    );
    const bad = join(tasks, 'T901_media');
    mkdirSync(bad, { recursive: true });
    writeFileSync(
      join(bad, 'task.yaml'),
      'task_id: T901_media\ntask_name: M\nprompt: {text: Read the image.}\nservices:\n  - {name: ocr, command: x, port: 9116, health_check: h}\ntools: []\n',
    );
    const out = join(tmp, 'claw-out');
    const report = JSON.parse(await inProcess('import', 'claw-eval', tasks, '--out', out, '--json')) as {
      tasks: { task_id: string; imported: string | null; problems: string[] }[];
    };
    assert.equal(report.tasks.length, 2);
    assert.ok(report.tasks[0]?.imported && existsSync(report.tasks[0].imported));
    assert.equal(report.tasks[1]?.imported, null);
    assert.match(report.tasks[1]?.problems[0] ?? '', /services\[0\]\.name ocr/);
    const loaded = TaskSpec.parse(JSON.parse(readFileSync(report.tasks[0]?.imported as string, 'utf8')));
    assert.equal(loaded.id, 'claw-t900_ok');
    await assert.rejects(
      inProcess('import', 'claw-eval', bad, '--out', out),
      /none of the 1 Claw-Eval task\(s\) could be imported/,
    );
  });
});

describe('coworkenv claw-serve', () => {
  it('serves until SIGTERM and prints the endpoints for task.yaml', async () => {
    const child = spawn(
      process.execPath,
      ['bin/coworkenv.js', 'claw-serve', specFile, '--base-port', '0', '--episodes', '2'],
      { cwd: ROOT, env: cliEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const ready = new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (/in 2 slot\(s\)/.test(stderr)) resolve();
      });
      child.on('close', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
    });
    await ready;
    const doc = JSON.parse(stdout) as {
      episodes: {
        services: { port: number; reset_endpoint: string }[];
        tool_endpoints: { tool_name: string; url: string }[];
      }[];
    };
    assert.equal(doc.episodes.length, 2);
    const list = doc.episodes[1]?.tool_endpoints.find((e) => e.tool_name === 'helpdesk_list_tickets');
    const r = await fetch(list?.url as string, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    assert.ok([200, 429, 500].includes(r.status));
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.kill('SIGTERM');
    assert.equal(await closed, 0);
    assert.match(stderr, /SIGTERM received, closing/);
  });

  it('refuses bad flags and specs with exit 1', async () => {
    await assert.rejects(
      inProcess('claw-serve', 'examples/claw-eval', '--base-port', '0'),
      /holds 10 specs; claw-serve serves one task/,
    );
    await assert.rejects(inProcess('claw-serve', specFile, '--base-port', '65535'), /above 65535/);
  });
});
