import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Capture, captureChoice, captureCompletion, type TokenCapture, untokenised } from './capture.js';
import { emptySession, mergeAll, mergeCall, traceProblems, traceTokens } from './merge.js';
import { LP1, LP2, LP3, P1, P2, P3, R1, R2, R3, T2, T3 } from './testing.js';

const call = (
  prompt_ids: number[],
  response_ids: number[],
  logprobs: number[],
  finish_reason = 'tool_calls',
): TokenCapture => ({ ok: true, source: 'vllm', prompt_ids, response_ids, logprobs, finish_reason });

describe('prefix merging', () => {
  it('CLEAN: three turns extending each other make one trace with exact masks and logprobs', () => {
    const s = mergeAll([call(P1, R1, LP1), call(P2, R2, LP2), call(P3, R3, LP3, 'stop')]);
    assert.equal(s.traces.length, 1);
    const t = s.traces[0]!;
    assert.deepEqual(t.prompt_ids, P1);
    assert.deepEqual(t.response_ids, [...R1, ...T2, ...R2, ...T3, ...R3]);
    assert.deepEqual(t.loss_mask, [1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 1, 1]);
    assert.deepEqual(t.logprobs, [...LP1, 0, 0, 0, ...LP2, 0, 0, ...LP3]);
    assert.deepEqual(t.calls, [0, 1, 2]);
    assert.equal(t.finish_reason, 'stop');
    assert.deepEqual(t.origin, { kind: 'first' });
    assert.deepEqual(traceTokens(t), [...P3, ...R3]);
    assert.deepEqual(traceProblems(t), []);
  });

  it('reports each step and leaves the input state untouched', () => {
    const a = mergeCall(emptySession(), call(P1, R1, LP1));
    assert.deepEqual(a.step, { kind: 'fork', call: 0, trace: 0 });
    const b = mergeCall(a.session, call(P2, R2, LP2));
    assert.deepEqual(b.step, { kind: 'clean', call: 1, trace: 0, appended: 3 });
    assert.deepEqual(a.session.traces[0]!.response_ids, R1);
    assert.equal(a.session.calls, 1);
  });

  it('CLEAN with no interstitial: the prompt is exactly the previous prompt + response', () => {
    const s = mergeAll([call(P1, R1, LP1), call([...P1, ...R1], [7], [-1])]);
    assert.equal(s.traces.length, 1);
    assert.deepEqual(s.traces[0]!.loss_mask, [1, 1, 1, 1, 1]);
  });

  it('FORK: rewritten history (an earlier message edited, a dropped <think> block) starts a new trace', () => {
    const rewritten = [...P1, 10, 12, 99, ...T2]; // the assistant turn re-tokenised differently
    const s = mergeAll([call(P1, R1, LP1), call(rewritten, R2, LP2)]);
    assert.equal(s.traces.length, 2);
    const f = s.traces[1]!;
    assert.deepEqual(f.prompt_ids, rewritten);
    assert.deepEqual(f.response_ids, R2);
    assert.deepEqual(f.loss_mask, [1, 1, 1]);
    assert.deepEqual(f.logprobs, LP2);
    assert.deepEqual(f.origin, { kind: 'fork', from: 0, at: P1.length + 1 });
    // the first trace is untouched
    assert.deepEqual(s.traces[0]!.response_ids, R1);
    for (const t of s.traces) assert.deepEqual(traceProblems(t), []);
  });

  it('FORK: a retry of the same prompt is a new trace; the next turn joins the longest chain it extends', () => {
    const retry = [16, 17, 99];
    const s = mergeAll([call(P1, R1, LP1), call(P1, retry, [-1, -1, -1]), call([...P1, ...retry, 30], [18], [-0.5])]);
    assert.equal(s.traces.length, 2);
    assert.deepEqual(s.traces[0]!.response_ids, R1);
    assert.deepEqual(s.traces[1]!.response_ids, [...retry, 30, 18]);
    assert.deepEqual(s.traces[1]!.loss_mask, [1, 1, 1, 0, 1]);
    assert.deepEqual(s.traces[1]!.calls, [1, 2]);
  });

  it('two interleaved chains (agent and sub-agent) stay separate', () => {
    const Q1 = [50, 51];
    const S1 = [60, 99];
    const Q2 = [...Q1, ...S1, 52];
    const S2 = [61, 99];
    const s = mergeAll([
      call(P1, R1, LP1),
      call(Q1, S1, [-1, -2]),
      call(P2, R2, LP2),
      call(Q2, S2, [-3, -4], 'stop'),
      call(P3, R3, LP3, 'stop'),
    ]);
    assert.equal(s.traces.length, 2);
    assert.deepEqual(s.traces[0]!.calls, [0, 2, 4]);
    assert.deepEqual(s.traces[0]!.response_ids, [...R1, ...T2, ...R2, ...T3, ...R3]);
    assert.deepEqual(s.traces[1]!.calls, [1, 3]);
    assert.deepEqual(s.traces[1]!.prompt_ids, Q1);
    assert.deepEqual(s.traces[1]!.response_ids, [...S1, 52, ...S2]);
    assert.deepEqual(s.traces[1]!.loss_mask, [1, 1, 0, 1, 1]);
    assert.deepEqual(s.traces[1]!.logprobs, [-1, -2, 0, -3, -4]);
    assert.deepEqual(s.traces[1]!.origin, { kind: 'fork', from: 0, at: 0 });
  });

  it('untokenised calls are kept with their reason and neither join nor break a chain', () => {
    const captures: Capture[] = [
      call(P1, R1, LP1),
      untokenised('upstream HTTP 500'),
      call(P2, R2, LP2),
      untokenised('no token_ids in the choice', 'stop'),
    ];
    const s = mergeAll(captures);
    assert.equal(s.calls, 4);
    assert.equal(s.traces.length, 1);
    assert.deepEqual(s.traces[0]!.calls, [0, 2]);
    assert.deepEqual(s.untokenised, [
      { call: 1, reason: 'upstream HTTP 500', finish_reason: null },
      { call: 3, reason: 'no token_ids in the choice', finish_reason: 'stop' },
    ]);
    const step = mergeCall(emptySession(), untokenised('x')).step;
    assert.deepEqual(step, { kind: 'untokenised', call: 0, reason: 'x' });
  });

  it('an untokenised assistant turn in the middle is absorbed as context (mask 0) by the next call', () => {
    const s = mergeAll([call(P1, R1, LP1), untokenised('no logprobs'), call(P3, R3, LP3)]);
    assert.equal(s.traces.length, 1);
    const t = s.traces[0]!;
    assert.deepEqual(t.response_ids, [...R1, ...T2, ...R2, ...T3, ...R3]);
    assert.deepEqual(t.loss_mask, [1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
  });
});

describe('capture', () => {
  const vllm = (choice: Record<string, unknown>, top: Record<string, unknown> = { prompt_token_ids: [1, 2] }) => ({
    id: 'x',
    choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop', ...choice }],
    ...top,
  });

  it('reads vLLM fields', () => {
    const body = vllm({
      token_ids: [7, 8],
      logprobs: {
        content: [
          { token: 'a', logprob: -0.5 },
          { token: 'b', logprob: -1 },
        ],
      },
    });
    assert.deepEqual(captureChoice(body), {
      ok: true,
      source: 'vllm',
      prompt_ids: [1, 2],
      response_ids: [7, 8],
      logprobs: [-0.5, -1],
      finish_reason: 'stop',
    });
  });

  it('reads SGLang fields, preferring meta_info over a truncated logprobs.content', () => {
    const body = vllm(
      {
        prompt_token_ids: [3, 4],
        meta_info: {
          output_token_logprobs: [
            [-0.25, 9, 'x'],
            [-0.75, 99, null],
          ],
        },
        logprobs: { content: [{ token: 'x', logprob: -0.25 }] },
      },
      {},
    );
    assert.deepEqual(captureChoice(body), {
      ok: true,
      source: 'sglang',
      prompt_ids: [3, 4],
      response_ids: [9, 99],
      logprobs: [-0.25, -0.75],
      finish_reason: 'stop',
    });
  });

  it('missing or inconsistent fields are untokenised with a reason, never a crash', () => {
    const cases: [unknown, RegExp][] = [
      [null, /not a JSON object/],
      [{ choices: [] }, /no choices/],
      [vllm({ token_ids: [7], logprobs: { content: [{ logprob: -1 }] } }, {}), /no prompt_token_ids/],
      [vllm({ logprobs: { content: [] } }), /no token_ids/],
      [vllm({ token_ids: [7] }), /no logprobs\.content/],
      [vllm({ token_ids: [7, 8], logprobs: { content: [{ logprob: -1 }] } }), /1 entries for 2 token ids/],
      [vllm({ token_ids: [7, -1], logprobs: { content: [] } }), /token_ids\[1\] is not a token id/],
      [vllm({ token_ids: [7], logprobs: { content: [{ logprob: 'x' }] } }), /logprob is not a finite number/],
      [
        vllm({ token_ids: [7], logprobs: { content: [{ logprob: -1 }] } }, { prompt_token_ids: [] }),
        /prompt_token_ids is empty/,
      ],
      [vllm({ prompt_token_ids: [1], meta_info: { output_token_logprobs: [[-1]] } }, {}), /output_token_logprobs\[0\]/],
    ];
    for (const [body, reason] of cases) {
      const [c] = captureCompletion(body);
      assert.equal(c!.ok, false, JSON.stringify(body));
      assert.match((c as { reason: string }).reason, reason);
    }
  });

  it('one capture per choice (n > 1)', () => {
    const body = {
      prompt_token_ids: [1],
      choices: [0, 1].map((i) => ({
        index: i,
        token_ids: [i],
        logprobs: { content: [{ logprob: -i }] },
        finish_reason: 'stop',
      })),
    };
    const captures = captureCompletion(body);
    assert.deepEqual(
      captures.map((c) => c.ok && c.response_ids),
      [[0], [1]],
    );
    // the second choice does not extend the first's sequence: it forks from the same prompt
    assert.equal(mergeAll(captures).traces.length, 2);
  });
});
