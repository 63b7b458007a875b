import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TaskSpec, type TaskSpecInput } from '../schema/task-spec.js';
import { anyCandidate, deliverableClauses, summaryWithoutFields } from './answer-probes.js';
import { runGate } from './index.js';
import { checkProbes } from './probes.js';

// four products, two below their threshold (SKU-1 with 5 units, SKU-2 with 3): the answer is their combined stock, 8
const products = [
  { product_id: 'SKU-1', name: 'Widget', current_stock: 5, min_stock_threshold: 10 },
  { product_id: 'SKU-2', name: 'Gadget', current_stock: 3, min_stock_threshold: 10 },
  { product_id: 'SKU-3', name: 'Sprocket', current_stock: 50, min_stock_threshold: 10 },
  { product_id: 'SKU-4', name: 'Flange', current_stock: 20, min_stock_threshold: 10 },
];
const header = {
  spec_version: 1 as const,
  id: 'answer_probe',
  title: 'Low stock',
  family: 'knowledge',
  labels: { capabilities: ['Data_Analysis' as const], scenario: 'Office_Productivity', difficulty: 'easy' as const },
  mock_today: '2026-03-10',
};

function qa(answerWeight: number, say = 'SKU-1 and SKU-2 are below their threshold: 8 units in stock together.') {
  return TaskSpec.parse({
    ...header,
    request: 'Which products are below their minimum stock threshold? Tell me their combined units in stock.',
    services: ['inventory'],
    fixtures: { inventory: { products } },
    answer_ids: ['SKU-1', 'SKU-2'],
    checks: [
      { id: 'listed', kind: 'tool_called', tool: 'inventory_list_products', weight: (1 - answerWeight) / 2 },
      {
        id: 'looked_up',
        kind: 'tool_called',
        tool: 'inventory_get_product',
        args: { product_id: 'SKU-2' },
        weight: (1 - answerWeight) / 2,
      },
      { id: 'total', kind: 'response_matches', any: ['(?<![\\d.,])8(?![\\d]|[.,]\\d)'], weight: answerWeight },
    ],
    reference: [
      { call: 'inventory_list_products', args: {} },
      { call: 'inventory_get_product', args: { product_id: 'SKU-2' } },
      { say },
    ],
  } satisfies TaskSpecInput);
}

describe('any-candidate probe (issue 27)', () => {
  it('answers with every plausible wrong computation of a number: a record added or dropped, another value', () => {
    const v = anyCandidate(qa(0.8));
    assert.deepEqual(
      v.map((x) => x.detail),
      ['final answer 8 → 58', 'final answer 8 → 28', 'final answer 8 → 3', 'final answer 8 → 5'],
    );
    assert.equal(
      (v[0]?.steps.at(-1) as { say: string }).say,
      'SKU-1 and SKU-2 are below their threshold: 58 units in stock together.',
    );
  });

  it("answers a record's value with the same field of every other record", () => {
    const spec = qa(0.8, 'The lowest stock is SKU-2 (Gadget).');
    spec.checks[2] = { ...spec.checks[2], kind: 'response_contains', any: ['SKU-2'] } as (typeof spec.checks)[number];
    assert.deepEqual(
      anyCandidate(spec).map((x) => (x.steps.at(-1) as { say: string }).say),
      [
        'The lowest stock is SKU-1 (Gadget).',
        'The lowest stock is SKU-3 (Gadget).',
        'The lowest stock is SKU-4 (Gadget).',
      ],
    );
  });

  it('a decisive answer check rejects every candidate; a token one lets a wrong answer pass', async () => {
    const strong = (await checkProbes(qa(0.8))).results.find((r) => r.probe === 'any_candidate');
    assert.deepEqual([strong?.runs, strong?.passed], [4, false]);
    const weak = await checkProbes(qa(0.1));
    const r = weak.results.find((x) => x.probe === 'any_candidate');
    assert.equal(r?.passed, true);
    assert.match(
      weak.diagnostics.find((d) => d.code === 'probe_any_candidate_passed')?.message ?? '',
      /any-candidate probe \(final answer 8 → 58\) scores 0\.92 ≥ the pass threshold 0\.75; accept only the computed value/,
    );
  });

  it('in a wider match varies the computed number: not a list marker; an id or label digit or a figure the request gives only when the clause names it', () => {
    const says = (say: string, pattern: string) => {
      const spec = qa(0.8, say);
      spec.request = 'Which products are under 10: below their minimum stock? Tell me their combined units in stock.';
      spec.checks[2] = { ...spec.checks[2], any: [pattern] } as (typeof spec.checks)[number];
      return anyCandidate(spec).map((x) => (x.steps.at(-1) as { say: string }).say);
    };
    // "1." opens the line, "Q1" is a label and "10" the request's own threshold, none named by the clause: the 8
    assert.deepEqual(says('1. Q1 stock under 10: 8 units', '\\d\\. Q\\d stock under \\d+: \\d units'), [
      '1. Q1 stock under 10: 58 units',
      '1. Q1 stock under 10: 28 units',
      '1. Q1 stock under 10: 3 units',
      '1. Q1 stock under 10: 5 units',
    ]);
    // a label the clause asks for in so many words is a value it reads
    assert.deepEqual(says('Discussed the Q1 roadmap.', 'Q1 roadmap'), [
      'Discussed the Q0 roadmap.',
      'Discussed the Q2 roadmap.',
    ]);
    // nothing computed in the match: no variant (a wrong first digit would be read as a wrong answer)
    assert.deepEqual(says('## 2) Restock first', '## 2\\) Restock first'), []);
    // a pattern of the answer's form (its length, a heading) reads no value: no swapped value could fail it
    assert.deepEqual(says('SKU-1 and SKU-2: 8 units together, both below 10.', '[\\s\\S]{20}'), []);
  });

  it('leaves alone an answer spelled twice (05:00 and 0 5 * * *) and a list restating what the task acted on', () => {
    const spec = qa(0.8, 'It now runs at 05:00 (0 5 * * *).');
    spec.checks[2] = {
      ...spec.checks[2],
      any: ['\\b0?5:00\\b|\\b0 5 \\* \\* \\*'],
    } as (typeof spec.checks)[number];
    assert.deepEqual(anyCandidate(spec), []);
  });
});

// the two targets written to a CSV "one row each: id and name"
function report(nameChecked: boolean, request = 'write them to reports/low.csv, one row each: id and name') {
  return TaskSpec.parse({
    ...header,
    request: `Find the products below their minimum stock threshold and ${request}.`,
    services: ['inventory', 'workspace'],
    fixtures: { inventory: { products }, workspace: { files: { 'README.md': '# Drive\n' } } },
    answer_ids: ['SKU-1', 'SKU-2'],
    checks: [
      { id: 'listed', kind: 'tool_called', tool: 'inventory_list_products', weight: 0.1 },
      { id: 'has_1', kind: 'file_matches', path: 'reports/low.csv', regex: 'SKU-1', weight: 0.25 },
      { id: 'has_2', kind: 'file_matches', path: 'reports/low.csv', regex: 'SKU-2', weight: 0.25 },
      nameChecked
        ? { id: 'names', kind: 'file_matches', path: 'reports/low.csv', regex: 'Widget[\\s\\S]*Gadget', weight: 0.4 }
        : { id: 'no_3', kind: 'file_matches', path: 'reports/low.csv', regex: '^(?![\\s\\S]*SKU-3)', weight: 0.4 },
    ],
    reference: [
      { call: 'inventory_list_products', args: {} },
      {
        call: 'fs_write_table',
        args: {
          path: 'reports/low.csv',
          columns: ['id', 'name'],
          rows: [
            ['SKU-1', 'Widget'],
            ['SKU-2', 'Gadget'],
          ],
        },
      },
    ],
  } satisfies TaskSpecInput);
}

describe('summary-without-fields probe (issue 27)', () => {
  it('replaces a deliverable naming the targets by a bare id list, where the request asks for more than ids', () => {
    const [v] = summaryWithoutFields(report(false));
    assert.equal(v?.detail, 'fs_write_table reports/low.csv holds only the ids SKU-1, SKU-2 (without name)');
    assert.deepEqual((v?.steps[1] as { args: unknown }).args, {
      path: 'reports/low.csv',
      columns: ['id'],
      rows: [['SKU-1'], ['SKU-2']],
    });
    // asking for the ids only, or for nothing beyond "them", is answered by a bare list: no probe
    assert.deepEqual(summaryWithoutFields(report(false, 'write only their ids to reports/low.csv')), []);
    assert.deepEqual(summaryWithoutFields(report(false, 'write them to reports/low.csv, one per row')), []);
    // the clauses about the deliverable, never the ones about the reply
    assert.deepEqual(
      deliverableClauses(
        'Fix them, and then write reports/a.md with their names. Then tell me the total.',
        'reports/a.md',
        'file',
      ),
      ['write reports/a.md with their names.'],
    );
  });

  it('passes — rejecting the task — when the checks read only the ids; fails when they read the names', async () => {
    const weak = await runGate({ spec: report(false) });
    assert.equal(weak.ok, false);
    const d = weak.diagnostics.find((x) => x.code === 'probe_summary_without_fields_passed');
    assert.equal(d?.severity ?? 'error', 'error');
    const strong = await checkProbes(report(true));
    assert.deepEqual(
      strong.results.filter((r) => r.probe === 'summary_without_fields').map((r) => [r.probe, r.passed]),
      [['summary_without_fields', false]],
    );
    assert.deepEqual(strong.advisory, []);
  });
});
