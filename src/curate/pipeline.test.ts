import assert from 'node:assert/strict';
import { okGrade } from '../grade/testing.js';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { specHash } from '../schema/canonical-json.js';
import { TaskSpec } from '../schema/task-spec.js';
import { makeSpec } from '../schema/testing.js';
import type { Trajectory } from '../schema/trajectory.js';
import { CE_LIMITS } from './convert.js';
import { curate, type CurationReport } from './pipeline.js';
import type { Scorer } from './select.js';
import { resolveSource } from './sources.js';

const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-pipeline-'));
after(() => rmSync(TMP, { recursive: true, force: true }));

const GOAL = 'Get TK-1042 escalated to the on-call engineer today';
const GRADE = okGrade();

/** A dialogue record: the LLM user repeats its private goal verbatim (a leak when the spec is known). */
function dialogue(trial: number, hash: string, simulated = true, completion = 1): Trajectory {
  return {
    kind: 'trajectory',
    version: 1,
    task_id: 'leaky',
    trial,
    events: [
      {
        type: 'episode_start',
        task_id: 'leaky',
        trial,
        seed: 0,
        spec_hash: hash,
        mock_today: '2026-03-10T09:00:00Z',
        agent: { name: 'teacher' },
        ...(simulated ? { user: { name: 'llm', model: 'm' } } : {}),
        tools: ['helpdesk_get_ticket'],
      },
      { type: 'user', text: 'Please help with a ticket.', source: 'request' },
      { type: 'assistant', text: 'Which ticket, and what should happen?', tool_calls: [] },
      ...(simulated ? [{ type: 'user' as const, text: `I want to ${GOAL}.`, source: 'sim' as const }] : []),
      { type: 'assistant', tool_calls: [{ id: 'c1', name: 'helpdesk_get_ticket', args: { ticket_id: 'TK-1042' } }] },
      {
        type: 'tool',
        call_id: 'c1',
        name: 'helpdesk_get_ticket',
        args: { ticket_id: 'TK-1042' },
        ok: true,
        content: '{"ticket_id":"TK-1042","status":"open"}',
        latency_us: 1,
      },
      { type: 'assistant', text: 'TK-1042 is open.', tool_calls: [] },
      { type: 'episode_end', reason: 'user_done', turns: 3 },
    ],
    audit: { calls: [], records: {}, state: {} },
    grade: { ...GRADE, completion },
  };
}

/** A spec file with private user state, and a run whose run.json points at it. */
async function leakRun(
  name: string,
  o: { specPath?: 'absent'; simulated?: boolean; completion?: number } = {},
): Promise<{ dir: string; specFile: string; hash: string }> {
  const dir = join(TMP, name);
  mkdirSync(dir, { recursive: true });
  const specFile = join(dir, 'leaky.json');
  writeFileSync(
    specFile,
    JSON.stringify(
      makeSpec({
        id: 'leaky',
        services: ['helpdesk'],
        user: { persona: 'Dana, a support lead', goal: GOAL, knowledge: [] },
      }),
    ),
  );
  const hash = specHash(TaskSpec.parse(JSON.parse(readFileSync(specFile, 'utf8'))));
  const task = {
    id: 'leaky',
    spec_hash: hash,
    family: 'test',
    capabilities: ['Tool_Calling'],
    ...(o.specPath === 'absent' ? {} : { spec_path: specFile }),
  };
  writeFileSync(
    join(dir, 'run.json'),
    JSON.stringify({
      version: 1,
      status: 'done',
      config: { name, tasks: [task], agent: { name: 'llm' }, trials: 2, seed: 0 },
    }),
  );
  writeFileSync(
    join(dir, 'trajectories.jsonl'),
    [0, 1].map((t) => `${JSON.stringify(dialogue(t, hash, o.simulated ?? true, o.completion))}\n`).join(''),
  );
  return { dir, specFile, hash };
}

const curateDir = async (
  dir: string,
  out: string,
  extra: Partial<Parameters<typeof curate>[0]> = {},
): Promise<CurationReport> =>
  curate({
    sources: [await resolveSource(dir)],
    out,
    formats: ['trl'],
    threshold: 0,
    limits: CE_LIMITS,
    secrets: [],
    ...extra,
  });
const text = (file: string) => readFileSync(file, 'utf8');

describe('curate(): private user state without --tasks', () => {
  it("loads the spec from run.json's spec_path (hash verified): the leak is caught and nothing is exported", async () => {
    const { dir } = await leakRun('leak');
    const out = join(TMP, 'leak-ds');
    const report = await curateDir(dir, out);
    assert.deepEqual(report.funnel.rejected, { private_state_leak: 2 });
    assert.equal(report.funnel.rows_out, 0);
    assert.doesNotMatch(text(join(out, 'sft.jsonl')), /on-call engineer/);
    assert.deepEqual(report.specs, { from_tasks: 0, from_runs: 1, unverified: [], unchecked: [] });
  });

  it('a spec file changed since the run is not trusted: records with a user simulator are private_state_unchecked', async () => {
    const { dir, specFile } = await leakRun('changed');
    writeFileSync(
      specFile,
      JSON.stringify(
        makeSpec({
          id: 'leaky',
          services: ['helpdesk'],
          user: { persona: 'Dana', goal: 'Something else entirely', knowledge: [] },
        }),
      ),
    );
    const out = join(TMP, 'changed-ds');
    const report = await curateDir(dir, out);
    assert.deepEqual(report.funnel.rejected, { private_state_unchecked: 2 });
    assert.equal(report.specs.unverified.length, 1);
    assert.match(report.specs.unverified[0]?.reason ?? '', /changed since the run/);
    assert.deepEqual(report.specs.unchecked, ['leaky'], 'the task whose records were rejected for it');
    const rej = text(join(out, 'rejections.jsonl'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { reason: string; detail: string });
    assert.match(rej[0]?.detail ?? '', /no verified spec for leaky .*pass --tasks/);
    assert.doesNotMatch(text(join(out, 'sft.jsonl')), /on-call engineer/);
  });

  it('no spec_path: the same; with --tasks the leak check runs; without a simulator nothing is private', async () => {
    const { dir } = await leakRun('nopath', { specPath: 'absent' });
    assert.deepEqual((await curateDir(dir, join(TMP, 'nopath-ds'))).funnel.rejected, { private_state_unchecked: 2 });
    const given = new Map([
      [
        'leaky',
        {
          spec: makeSpec({ id: 'leaky', services: ['helpdesk'], user: { persona: 'Dana', goal: GOAL, knowledge: [] } }),
          file: 'leaky.json',
        },
      ],
    ]);
    assert.deepEqual((await curateDir(dir, join(TMP, 'nopath-tasks-ds'), { specs: given })).funnel.rejected, {
      private_state_leak: 2,
    });
    const quiet = await leakRun('quiet', { specPath: 'absent', simulated: false });
    // (both trials score 1: a TRIVIAL task gives one row)
    const quietReport = await curateDir(quiet.dir, join(TMP, 'quiet-ds'));
    assert.deepEqual(quietReport.funnel.rejected, { trivial_prefix_taken: 1 });
    // unverified, but nothing was rejected for it: the warning does not name it
    assert.deepEqual([quietReport.specs.unverified.length, quietReport.specs.unchecked], [1, []]);
  });
});

describe('curate(): failures', () => {
  it('a scorer error after the first candidate was staged leaves no .candidates.tmp.jsonl behind', async () => {
    // completion 0.5: a KEEP task, so both trials are candidates; the first is scored and staged, the second fails
    const { dir } = await leakRun('scorer', { simulated: false, completion: 0.5 });
    const out = join(TMP, 'scorer-ds');
    let calls = 0;
    const failing: Scorer = {
      async score() {
        if (calls++ === 0) return { nll: 1, rsr: 1, tokens: 10 };
        throw new Error('scorer endpoint refused the connection');
      },
    };
    await assert.rejects(
      curateDir(dir, out, { select: { method: 'rsr', keep: 0.5, scorer: failing } }),
      /refused the connection/,
    );
    assert.equal(calls, 2);
    // the staging file is opened asynchronously: give a pending open time to land before looking
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(!readdirSync(out).some((f) => f.includes('.tmp')), readdirSync(out).join(', '));
  });

  it('--out naming an existing file is a bad_input error (exit 1), not EEXIST', async () => {
    const file = join(TMP, 'a-file');
    writeFileSync(file, 'x');
    const { dir } = await leakRun('outfile', { simulated: false });
    await assert.rejects(
      curateDir(dir, file),
      (e: unknown) =>
        (e as { code?: string; exitCode?: number; message?: string }).code === 'bad_input' &&
        (e as { exitCode: number }).exitCode === 1 &&
        /--out .*a-file is a file/.test((e as Error).message),
    );
    await assert.rejects(
      curateDir(dir, join(file, 'sub')),
      (e: unknown) => (e as { code?: string }).code === 'bad_input',
    );
  });
});
