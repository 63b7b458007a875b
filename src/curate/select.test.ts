import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { vllmPromptLogprobsBody } from '../llm/testing/fake-server.js';
import { CoworkError } from '../schema/errors.js';
import type { Trajectory } from '../schema/trajectory.js';
import { fileScorer } from './file-scorer.js';
import { selectByScore } from './select.js';
import {
  assistantMask,
  MARKER_PRESETS,
  parsePromptLogprobs,
  SURPRISAL_FLOOR,
  scoreTokens,
  type TokenLogprob,
} from './token-scores.js';
import type { SftExample } from './types.js';

const tok = (logprob: number, rank: number, decoded_token = 'x'): TokenLogprob => ({ logprob, rank, decoded_token });
const close = (a: number, b: number, eps = 1e-12) =>
  assert.ok(Math.abs(a - b) <= eps * Math.max(1, Math.abs(b)), `${a} ≉ ${b}`);
const isErr = (code: string, re: RegExp) => (e: unknown) =>
  e instanceof CoworkError && e.code === code && re.test(e.message);

describe('scoreTokens (NLL, RSR)', () => {
  it('matches hand-computed values, clipping ranks at 100', () => {
    // s = 0.5, 1, 2 (Σ 3.5); ranks 2, 1, min(150, 100) → Σ 103
    const s = scoreTokens(
      [null, tok(-0.5, 2), tok(-1, 1), tok(-2, 150), tok(-0.25, 3)],
      [false, true, true, true, false],
    );
    assert.equal(s.tokens, 3);
    close(s.nll, 3.5 / 3);
    close(s.rsr, 103 / 3.5);
  });

  it('ignores tokens outside the assistant mask, whatever their values', () => {
    const mask = [false, true, false, true];
    const a = scoreTokens([tok(-9, 5000), tok(-1, 3), tok(-0.1, 1), tok(-3, 7)], mask);
    const b = scoreTokens([tok(-0.01, 1), tok(-1, 3), tok(-42, 99_999), tok(-3, 7)], mask);
    assert.deepEqual(a, b);
    close(a.nll, 2);
    close(a.rsr, 10 / 4);
  });

  it('floors the surprisal sum at 1e-12 (certain tokens) and skips masked null positions', () => {
    const s = scoreTokens([null, tok(0, 1), tok(-0, 2)], [true, true, true]);
    assert.equal(s.tokens, 2);
    assert.equal(s.nll, 0);
    assert.equal(s.rsr, 3 / SURPRISAL_FLOOR);
    const tiny = scoreTokens([tok(-1e-15, 1)], [true]);
    assert.equal(tiny.rsr, 1 / 1e-12);
  });

  it('a custom r_max clips there; no scored token gives zeros; a mask of the wrong length is a bug', () => {
    close(scoreTokens([tok(-1, 50), tok(-1, 3)], [true, true], 10).rsr, 13 / 2);
    assert.deepEqual(scoreTokens([tok(-1, 1)], [false]), { nll: 0, rsr: 0, tokens: 0 });
    assert.throws(() => scoreTokens([tok(-1, 1)], [true, false]), isErr('internal', /mask/));
  });
});

describe('assistantMask (chat-template markers on decoded tokens)', () => {
  // a Qwen-rendered conversation: system, user, assistant with a tool call, tool, assistant
  const qwen = [
    '<|im_start|>',
    'system',
    '\n',
    'Be brief',
    '<|im_end|>',
    '\n',
    '<|im_start|>',
    'user',
    '\n',
    'assistant',
    ' please',
    '<|im_end|>',
    '\n',
    '<|im_start|>',
    'assistant',
    '\n',
    '<tool_call>',
    '{"name"',
    '}',
    '</tool_call>',
    '<|im_end|>',
    '\n',
    '<|im_start|>',
    'user',
    '\n',
    '<tool_response>',
    'ok',
    '</tool_response>',
    '<|im_end|>',
    '\n',
    '<|im_start|>',
    'assistant',
    '\n',
    'Done',
    '.',
    '<|im_end|>',
    '\n',
  ];
  const picked = (tokens: readonly string[], mask: boolean[]) => tokens.filter((_, i) => mask[i]);

  it('marks only the tokens between each <|im_start|>assistant\\n and its <|im_end|>', () => {
    assert.deepEqual(picked(qwen, assistantMask(qwen)), ['<tool_call>', '{"name"', '}', '</tool_call>', 'Done', '.']);
  });

  it('a turn without an end marker runs to the last token; an empty turn marks nothing', () => {
    const open = [...qwen, '<|im_start|>', 'assistant', '\n', 'More', '!'];
    assert.deepEqual(picked(open, assistantMask(open)).slice(-2), ['More', '!']);
    const empty = ['<|im_start|>', 'assistant', '\n', '<|im_end|>'];
    assert.deepEqual(assistantMask(empty), [false, false, false, false]);
  });

  it('a token straddling a marker boundary counts when it overlaps the turn; empty tokens inside count', () => {
    const t = ['<|im_start|>assistant', '\nHi', '', ' there', '<|im_end|>', ''];
    assert.deepEqual(assistantMask(t), [false, true, true, true, false, false]);
  });

  it('reads byte-level BPE pieces (Ċ for a newline) when the raw text has no start marker', () => {
    const t = ['<|im_start|>', 'user', 'Ċ', 'hi', '<|im_end|>', '<|im_start|>', 'assistant', 'Ċ', 'ĠOK', '<|im_end|>'];
    assert.deepEqual(picked(t, assistantMask(t)), ['ĠOK']);
  });

  it('takes other templates’ markers (Llama 3) and rejects empty ones', () => {
    const t = [
      '<|start_header_id|>',
      'user',
      '<|end_header_id|>',
      '\n\n',
      'q',
      '<|eot_id|>',
      '<|start_header_id|>',
      'assistant',
      '<|end_header_id|>',
      '\n\n',
      'A',
      '<|eot_id|>',
    ];
    assert.deepEqual(picked(t, assistantMask(t, MARKER_PRESETS.llama3)), ['A']);
    assert.deepEqual(picked(t, assistantMask(t)), []);
    assert.throws(() => assistantMask(t, { start: '', end: 'x' }), isErr('bad_input', /markers/));
  });
});

describe('parsePromptLogprobs (vLLM response shape)', () => {
  it('takes each dict’s first entry (the prompt token) in the text’s key order, not JSON.parse’s numeric order', () => {
    const body = vllmPromptLogprobsBody([
      null,
      [
        [900, { logprob: -2.5, rank: 7, decoded_token: 'b' }],
        [12, { logprob: -0.1, rank: 1, decoded_token: 'z' }],
      ],
      [[5, { logprob: -0.2, rank: 1, decoded_token: 'c' }]],
    ]);
    const p = parsePromptLogprobs(body);
    assert.equal(p.identifiedBy, 'first_entry');
    assert.deepEqual(p.entries, [
      null,
      { logprob: -2.5, rank: 7, decoded_token: 'b' },
      { logprob: -0.2, rank: 1, decoded_token: 'c' },
    ]);
  });

  it('looks the prompt token up by prompt_token_ids when the server returns them', () => {
    const text = JSON.stringify({
      prompt_token_ids: [1, 900],
      prompt_logprobs: [
        null,
        { 12: { logprob: -0.1, rank: 1, decoded_token: 'z' }, 900: { logprob: -2.5, rank: 7, decoded_token: 'b' } },
      ],
    });
    const p = parsePromptLogprobs(text);
    assert.equal(p.identifiedBy, 'prompt_token_ids');
    assert.deepEqual(p.entries[1], { logprob: -2.5, rank: 7, decoded_token: 'b' });
    assert.throws(
      () =>
        parsePromptLogprobs(
          JSON.stringify({
            prompt_token_ids: [1, 3],
            prompt_logprobs: [null, { 12: { logprob: -1, rank: 1, decoded_token: 'z' } }],
          }),
        ),
      isErr('bad_input', /prompt token 3/),
    );
  });

  it('does not touch digit keys inside strings', () => {
    const text = `{"note":"{\\"7\\": 1}","prompt_logprobs":[null,{"7":{"logprob":-1,"rank":2,"decoded_token":"{\\"7\\":"}}]}`;
    assert.deepEqual(parsePromptLogprobs(text).entries[1], { logprob: -1, rank: 2, decoded_token: '{"7":' });
  });

  it('explains a payload that is not vLLM’s', () => {
    assert.throws(
      () => parsePromptLogprobs('{"choices":[]}', 'srv'),
      isErr('bad_input', /^srv: .*no prompt_logprobs.*vLLM/),
    );
    assert.throws(() => parsePromptLogprobs('nope'), isErr('bad_input', /not JSON/));
    assert.throws(
      () => parsePromptLogprobs('{"prompt_logprobs":[null,{"5":-0.3}]}'),
      isErr('bad_input', /prompt_logprobs\[1\].*0\.4\.1/),
    );
    assert.throws(
      () => parsePromptLogprobs('{"prompt_logprobs":[null,{"5":{"logprob":-0.3,"decoded_token":"a"}}]}'),
      isErr('bad_input', /rank/),
    );
    assert.throws(
      () => parsePromptLogprobs('{"prompt_logprobs":[null,{"5":{"logprob":-0.3,"rank":1,"decoded_token":null}}]}'),
      isErr('bad_input', /decoded_token/),
    );
    assert.throws(() => parsePromptLogprobs('{"prompt_logprobs":[null,{}]}'), isErr('bad_input', /empty/));
  });
});

describe('selectByScore', () => {
  // 100 items, lengths 1..100 given out of order: ten bins of ten by length
  const N = 100;
  const perm = (i: number, m: number) => (i * 37 + 11) % m; // a fixed permutation of 0..m-1 (37 coprime to 10 and 100)
  const items = Array.from({ length: N }, (_, id) => ({
    id,
    length: perm(id, N) + 1,
    nll: perm(id * 7 + 3, N) / 10,
    rsr: perm(id * 13 + 5, N),
  }));
  const binOf = (it: { length: number }) => Math.floor((it.length - 1) / 10);
  const expected = (method: 'nll' | 'rsr', keep: number) => {
    const out = new Set<number>();
    for (let b = 0; b < 10; b++) {
      const bin = items.filter((it) => binOf(it) === b).sort((x, y) => x[method] - y[method] || x.id - y.id);
      const n = Math.round(bin.length * keep);
      const start = method === 'nll' ? Math.floor((bin.length - n) / 2) : 0;
      for (const it of bin.slice(start, start + n)) out.add(it.id);
    }
    return out;
  };

  it('NLL keeps the central ρ of each equal-frequency length bin', () => {
    const kept = selectByScore(items, 'nll', 0.4);
    assert.deepEqual(
      [...kept].sort((a, b) => a - b),
      [...expected('nll', 0.4)].sort((a, b) => a - b),
    );
    for (let b = 0; b < 10; b++) {
      const bin = items.filter((it) => binOf(it) === b).sort((x, y) => x.nll - y.nll);
      assert.deepEqual(
        bin.map((it) => kept.has(it.id)),
        [false, false, false, true, true, true, true, false, false, false],
        `bin ${b}`,
      );
    }
  });

  it('RSR keeps the lowest ρ of each bin', () => {
    const kept = selectByScore(items, 'rsr', 0.3);
    assert.equal(kept.size, 30);
    for (let b = 0; b < 10; b++) {
      const bin = items.filter((it) => binOf(it) === b).sort((x, y) => x.rsr - y.rsr);
      assert.deepEqual(
        bin.map((it) => kept.has(it.id)),
        [true, true, true, false, false, false, false, false, false, false],
        `bin ${b}`,
      );
    }
  });

  it('bins are equal-frequency: the globally best scores cannot crowd out a bin', () => {
    // the 50 shortest have far lower RSR than the 50 longest; with 2 bins each still keeps half
    const skew = Array.from({ length: 100 }, (_, id) => ({
      id,
      length: id < 50 ? 1 : 1000 + id,
      nll: 1,
      rsr: id < 50 ? id : 1000 + id,
    }));
    const kept = selectByScore(skew, 'rsr', 0.5, 2);
    assert.equal([...kept].filter((id) => id < 50).length, 25);
    assert.equal([...kept].filter((id) => id >= 50).length, 25);
  });

  it('ties break by id, so the selection does not depend on input order', () => {
    const tied = Array.from({ length: 20 }, (_, id) => ({ id, length: 5, nll: 1, rsr: 1 }));
    assert.deepEqual(
      [...selectByScore(tied, 'rsr', 0.25, 1)].sort((a, b) => a - b),
      [0, 1, 2, 3, 4],
    );
    assert.deepEqual(
      [...selectByScore(tied, 'nll', 0.5, 1)].sort((a, b) => a - b),
      [5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
    );
    const shuffled = [...items].sort((a, b) => perm(a.id, N) - perm(b.id, N)).reverse();
    for (const m of ['nll', 'rsr'] as const)
      assert.deepEqual(
        [...selectByScore(shuffled, m, 0.5)].sort((a, b) => a - b),
        [...selectByScore(items, m, 0.5)].sort((a, b) => a - b),
      );
  });

  it('ρ = 1 keeps all, ρ = 0 none; uneven bins round', () => {
    for (const m of ['nll', 'rsr'] as const) {
      assert.equal(selectByScore(items, m, 1).size, N);
      assert.equal(selectByScore(items, m, 0).size, 0);
    }
    // 51 items in 10 bins: nine of 5 and one of 6, each keeps round(n/2) = 3
    const odd = Array.from({ length: 51 }, (_, id) => ({ id, length: id, nll: 0, rsr: (id * 17) % 51 }));
    assert.equal(selectByScore(odd, 'rsr', 0.5).size, 30);
    assert.equal(selectByScore([], 'rsr', 0.5).size, 0);
  });
});

describe('fileScorer', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'coworkenv-scores-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));
  const ex = (task_id: string, trial: number) =>
    ({
      messages: [],
      tools: [],
      meta: { task_id, trial, reward: 1, completion: 1, family: 'f', labels: { capabilities: [] } },
    }) as SftExample;
  const t = {} as Trajectory;
  const write = async (name: string, text: string) => {
    const f = join(dir, name);
    await writeFile(f, text);
    return f;
  };

  it('answers each (task, trial) from the file; tokens default to 0', async () => {
    const f = await write(
      'good.jsonl',
      '{"task_id":"a","trial":0,"nll":1.5,"rsr":20,"tokens":300}\n\n{"task_id":"a","trial":1,"nll":0.5,"rsr":7}\n',
    );
    const s = await fileScorer(f);
    assert.deepEqual(await s.score(ex('a', 0), t), { nll: 1.5, rsr: 20, tokens: 300 });
    assert.deepEqual(await s.score(ex('a', 1), t), { nll: 0.5, rsr: 7, tokens: 0 });
  });

  it('a record without a score is an error naming it', async () => {
    const s = await fileScorer(await write('partial.jsonl', '{"task_id":"a","trial":0,"nll":1,"rsr":2}\n'));
    await assert.rejects(s.score(ex('b', 3), t), isErr('bad_input', /partial\.jsonl: no score for b trial 3/));
  });

  it('malformed rows are errors with file:line', async () => {
    const bad = await write(
      'bad.jsonl',
      '{"task_id":"a","trial":0,"nll":1,"rsr":2}\n{"task_id":"a","trial":1,"nll":"high","rsr":2}\n',
    );
    await assert.rejects(fileScorer(bad), isErr('bad_input', /bad\.jsonl:2: a score row needs/));
    const notJson = await write('nj.jsonl', '\n{"task_id":"a"\n');
    await assert.rejects(fileScorer(notJson), isErr('bad_input', /nj\.jsonl:2: not JSON/));
    await assert.rejects(fileScorer(join(dir, 'missing.jsonl')), isErr('not_found', /missing\.jsonl/));
  });
});
