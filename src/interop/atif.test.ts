import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { referenceAgent, scriptedAgent } from '../agent/reference.js';
import { runEpisode } from '../agent/rollout.js';
import { grade } from '../grade/grade.js';
import { canonicalJson } from '../schema/canonical-json.js';
import { ATIF_SCHEMA } from './atif-schema.js';
import {
  type AtifTrajectory,
  fromForeignAtif,
  fromOwnAtif,
  isOwnAtif,
  parseAtif,
  toAtif,
  validateAtif,
} from './atif.js';
import { checkSchema } from './json-schema-check.js';
import { ticketTriageSpec } from './testing.js';

const producer = { version: '0.1.0' };

describe('ATIF export', () => {
  it('writes schema-valid ATIF that imports back to the same trajectory and grade', async () => {
    const spec = ticketTriageSpec({ errors: { rate: 0.3 } });
    for (const seed of [0, 1, 2]) {
      const t = await runEpisode({ spec, agent: referenceAgent(spec), seed, trial: seed });
      const doc = toAtif(t, producer);
      assert.deepEqual(validateAtif(doc), [], `seed ${seed}`);
      assert.deepEqual(checkSchema(ATIF_SCHEMA, JSON.parse(JSON.stringify(doc))), []);
      assert.equal(doc.steps[0]?.source, 'user');
      const agentSteps = doc.steps.filter((s) => s.source === 'agent');
      assert.ok(
        agentSteps.some((s) => s.tool_calls?.length && s.observation?.results.length),
        'tool calls carry their observations',
      );
      assert.equal((doc.final_metrics?.extra as { score: number }).score, t.grade?.score);
      assert.equal(doc.final_metrics?.total_steps, doc.steps.length);
      const back = fromOwnAtif(parseAtif(JSON.stringify(doc), 'x.json'), 'x.json');
      assert.equal(canonicalJson(back), canonicalJson(t));
      assert.equal(canonicalJson(await grade(spec, back)), canonicalJson(t.grade));
    }
  });

  it('keeps token metrics and sums them in final_metrics', async () => {
    const spec = ticketTriageSpec();
    const agent = scriptedAgent(
      'llm-like',
      [
        {
          text: 'Looking.',
          tool_calls: [{ name: 'helpdesk_list_tickets', args: {} }],
          usage: { prompt_tokens: 100, completion_tokens: 7 },
        },
        { text: 'Done.', tool_calls: [], usage: { prompt_tokens: 150, completion_tokens: 3 } },
      ],
      { retries: 0 },
    );
    const t = await runEpisode({ spec, agent });
    const doc = toAtif(t, producer);
    assert.deepEqual(validateAtif(doc), []);
    assert.equal(doc.final_metrics?.total_prompt_tokens, 250);
    assert.equal(doc.final_metrics?.total_completion_tokens, 10);
    assert.equal(canonicalJson(fromOwnAtif(doc, 'x')), canonicalJson(t));
  });
});

describe('ATIF validation', () => {
  const base = (): AtifTrajectory => ({
    schema_version: 'ATIF-v1.7',
    agent: { name: 'a', version: '1' },
    steps: [{ step_id: 1, source: 'user', message: 'hi' }],
  });
  it('accepts a minimal trajectory and names every problem by path', () => {
    assert.deepEqual(validateAtif(base()), []);
    const bad = base() as unknown as Record<string, unknown>;
    (bad.steps as Record<string, unknown>[]).push({ step_id: 3, source: 'user', message: 'x', tool_calls: [] });
    const problems = validateAtif(bad).map((p) => `${p.path}: ${p.message}`);
    assert.ok(
      problems.some((p) => p.startsWith('$.steps[1]') && /only on agent steps/.test(p)),
      problems.join('\n'),
    );
    const ids = validateAtif({ ...base(), steps: [{ step_id: 2, source: 'agent', message: '' }] });
    assert.match(ids[0]?.message ?? '', /expected 1/);
    const wrongCall = validateAtif({
      ...base(),
      steps: [
        {
          step_id: 1,
          source: 'agent',
          message: '',
          tool_calls: [{ tool_call_id: 'a', function_name: 'f', arguments: {} }],
          observation: { results: [{ source_call_id: 'b', content: 'x' }] },
        },
      ],
    });
    assert.match(wrongCall[0]?.path ?? '', /observation\.results\[0\]\.source_call_id/);
    // every version Harbor's model reads (v1.0–v1.7), nothing else
    for (const v of ['1.0', '1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '1.7'])
      assert.deepEqual(validateAtif({ ...base(), schema_version: `ATIF-v${v}` }), [], v);
    for (const v of ['ATIF-v1.8', 'ATIF-v2.0', '1.7'])
      assert.equal(validateAtif({ ...base(), schema_version: v })[0]?.path, '$.schema_version', v);
    assert.match(
      validateAtif({ ...base(), agent: { name: 'a' } })[0]?.message ?? '',
      /missing required field "version"/,
    );
    assert.match(
      validateAtif({
        ...base(),
        steps: [
          {
            step_id: 1,
            source: 'agent',
            message: '',
            tool_calls: [{ tool_call_id: 'a', function_name: 'f', arguments: '{}' }],
          },
        ],
      })[0]?.path ?? '',
      /arguments/,
    );
    assert.throws(() => parseAtif('{', 'f.json'), /f\.json: not JSON/);
    assert.throws(
      () => parseAtif('{"steps": []}', 'f.json'),
      /f\.json: not a valid ATIF \(v1\.0–v1\.7\) trajectory: \$: missing required field "schema_version"/,
    );
  });

  it('refuses an own file whose steps were edited', async () => {
    const spec = ticketTriageSpec();
    const t = await runEpisode({ spec, agent: referenceAgent(spec) });
    const doc = toAtif(t, producer);
    doc.steps.splice(1, 1);
    doc.steps.forEach((s, i) => (s.step_id = i + 1));
    assert.throws(() => fromOwnAtif(doc, 'e.json'), /e\.json: (its steps no longer match|extra\.coworkenv)/);
  });
});

describe('ATIF import from another harness', () => {
  it('replays the tool calls against our services and grades them', async () => {
    const spec = ticketTriageSpec();
    const calls = spec.reference.flatMap((s) => ('call' in s ? [s] : []));
    const doc: AtifTrajectory = {
      schema_version: 'ATIF-v1.7',
      agent: { name: 'claude-code', version: '2.1', model_name: 'claude-x' },
      steps: [
        { step_id: 1, source: 'system', message: 'You are helpful.' },
        { step_id: 2, source: 'user', message: spec.request },
        ...calls.map((c, i) => ({
          step_id: i + 3,
          source: 'agent' as const,
          message: '',
          tool_calls: [{ tool_call_id: `tc${i}`, function_name: c.call, arguments: c.args }],
          observation: {
            results: [{ source_call_id: `tc${i}`, content: i === 0 ? '{"tickets": "from elsewhere"}' : undefined }],
          },
          metrics: { prompt_tokens: 10, completion_tokens: 2 },
        })),
        {
          step_id: calls.length + 3,
          source: 'agent',
          message: 'TK-1001 and TK-1003 are one CRM outage; nothing was closed.',
        },
      ],
    };
    assert.deepEqual(validateAtif(JSON.parse(JSON.stringify(doc))), []);
    assert.equal(isOwnAtif(doc), false);
    const r = await fromForeignAtif(JSON.parse(JSON.stringify(doc)) as AtifTrajectory, spec, { trial: 4 });
    assert.equal(r.trajectory.trial, 4);
    assert.deepEqual(r.skipped_steps, [1]);
    assert.deepEqual(r.observation_mismatches, [{ step_id: 3, tool_call_id: 'tc0', tool: 'helpdesk_list_tickets' }]);
    assert.equal(r.trajectory.grade?.score, 1);
    assert.equal(r.trajectory.audit.calls.length, calls.length);
    // the imported record regrades to itself, like any rollout's
    assert.equal(canonicalJson(await grade(spec, r.trajectory)), canonicalJson(r.trajectory.grade));
    // a forbidden call in the foreign file is caught by the service-side audit
    const unsafe = structuredClone(doc);
    unsafe.steps.push({
      step_id: unsafe.steps.length + 1,
      source: 'agent',
      message: '',
      tool_calls: [
        {
          tool_call_id: 'x',
          function_name: 'helpdesk_close_ticket',
          arguments: { ticket_id: 'TK-1001', resolution: 'r' },
        },
      ],
    });
    assert.equal((await fromForeignAtif(unsafe, spec)).trajectory.grade?.safety, 0);
  });

  it("maps mcp__<server>__<tool> names to our tools and reports the harness's own tools apart", async () => {
    const spec = ticketTriageSpec();
    const calls = spec.reference.flatMap((s) => ('call' in s ? [s] : []));
    const doc: AtifTrajectory = {
      schema_version: 'ATIF-v1.4',
      agent: { name: 'claude-code', version: '2.1' },
      steps: [
        { step_id: 1, source: 'user', message: spec.request },
        {
          step_id: 2,
          source: 'agent',
          message: '',
          tool_calls: [{ tool_call_id: 'b', function_name: 'bash_command', arguments: { command: 'ls' } }],
          observation: { results: [{ source_call_id: 'b', content: 'README.md' }] },
        },
        ...calls.map((c, i) => ({
          step_id: i + 3,
          source: 'agent' as const,
          message: '',
          tool_calls: [{ tool_call_id: `tc${i}`, function_name: `mcp__coworkenv__${c.call}`, arguments: c.args }],
        })),
        { step_id: calls.length + 3, source: 'agent', message: 'TK-1001 and TK-1003 are one CRM outage.' },
      ],
    };
    assert.deepEqual(validateAtif(JSON.parse(JSON.stringify(doc))), []);
    const r = await fromForeignAtif(doc, spec);
    assert.deepEqual(r.foreign_tools, [{ step_id: 2, tool_call_id: 'b', tool: 'bash_command' }]);
    assert.deepEqual(r.observation_mismatches, []);
    const names = r.trajectory.events.flatMap((e) => (e.type === 'assistant' ? e.tool_calls.map((c) => c.name) : []));
    assert.deepEqual(names, ['bash_command', ...calls.map((c) => c.call)]);
    assert.equal(r.trajectory.audit.calls.filter((c) => c.error?.code === 'unknown_tool').length, 1);
    // the work is done; the failed call of a tool the task lacks costs what any failed call costs
    assert.equal(r.trajectory.grade?.passed, true);
    const start = r.trajectory.events[0] as unknown as { agent: { imported_from: string } };
    assert.equal(start.agent.imported_from, 'ATIF-v1.4');
  });
});
