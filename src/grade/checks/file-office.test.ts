import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scriptedAgent } from '../../agent/reference.js';
import { runEpisode } from '../../agent/rollout.js';
import type { AgentTurn } from '../../env/turns.js';
import { createEpisode } from '../../env/episode.js';
import { renderRecipe } from '../../services/workspace/formats/index.js';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import { makeSpec } from '../../schema/testing.js';
import type { Trajectory } from '../../schema/trajectory.js';

// each office format round-trips: written by the tools (or a recipe), read back by fs_read, and a check passes on
// the right value and fails on a perturbed one

type CheckInput = NonNullable<TaskSpecInput['checks']>[number];
const call = (name: string, args: Record<string, unknown>): AgentTurn => ({ tool_calls: [{ name, args }] });
const FIXTURES = {
  'in/deck.pptx': {
    pptx: {
      slides: [
        { title: 'Kickoff', bullets: ['Ana: draft plan by 2026-03-12'] },
        { title: 'Risks', bullets: ['Budget overrun 12%'] },
      ],
    },
  },
  'in/invoice.pdf': { pdf: { pages: ['Invoice INV-88\nSubtotal 1,000.00', 'Total due: 1,190.00 EUR'] } },
  'in/contract.docx': {
    docx: {
      blocks: [
        { heading: 'Terms' },
        { paragraph: 'Payment within 30 days.' },
        { heading: 'Termination' },
        { paragraph: 'Notice period: 60 days.' },
      ],
    },
  },
  'in/sales.xlsx': {
    xlsx: {
      sheets: [
        {
          name: 'Q1',
          rows: [
            ['Region', 'Amount'],
            ['North', 120.4],
            ['South', 80],
          ],
        },
      ],
    },
  },
};
const spec = (checks: CheckInput[], files: Record<string, unknown> = FIXTURES) =>
  makeSpec({ services: ['workspace'], fixtures: { workspace: { files } }, checks });
const play = (checks: CheckInput[], turns: AgentTurn[], files?: Record<string, unknown>): Promise<Trajectory> =>
  runEpisode({ spec: spec(checks, files), agent: scriptedAgent('s', turns, { retries: 0 }) });
const scores = (t: Trajectory) => Object.fromEntries((t.grade?.checks ?? []).map((c) => [c.id, c.score]));

const TABLE = call('fs_write_table', {
  path: 'out/summary.xlsx',
  sheet: 'Summary',
  columns: ['Region', 'Total'],
  rows: [
    ['North', 120.4],
    ['South', 80],
    ['All', 200.4],
  ],
});
const DOC = call('fs_write_doc', {
  path: 'out/memo.docx',
  blocks: [
    { heading: 'Decision' },
    { paragraph: 'Terminate with 60 days notice.' },
    {
      table: [
        ['Item', 'Days'],
        ['Notice', 60],
      ],
    },
  ],
});

describe('office files through the tools', () => {
  it('fs_read shows sheets with cell addresses, DOCX as Markdown, PDF pages and slides in order', async () => {
    const ep = createEpisode(spec([]));
    const read = async (path: string) =>
      JSON.parse((await ep.run('fs_read', { path })).content) as { content: string; format: string };
    assert.match((await read('in/sales.xlsx')).content, /## Sheet "Q1" \(A1:B3\)[\s\S]*\| 2 \| North \| 120\.4 \|/);
    assert.equal((await read('in/sales.xlsx')).format, 'xlsx');
    assert.equal(
      (await read('in/contract.docx')).content,
      '# Terms\n\nPayment within 30 days.\n\n# Termination\n\nNotice period: 60 days.',
    );
    assert.equal(
      (await read('in/invoice.pdf')).content,
      '--- page 1 of 2 ---\nInvoice INV-88\nSubtotal 1,000.00\n\n--- page 2 of 2 ---\nTotal due: 1,190.00 EUR',
    );
    assert.match(
      (await read('in/deck.pptx')).content,
      /^--- slide 1: Kickoff ---\n- Ana: draft plan by 2026-03-12\n\n--- slide 2: Risks ---/,
    );
    // line ranges apply to the readable text
    assert.equal(
      JSON.parse((await ep.run('fs_read', { path: 'in/invoice.pdf', start_line: 2, end_line: 2 })).content).content,
      'Invoice INV-88',
    );
  });

  it('xlsx: fs_write_table → cell, table column and range checks pass on the right value, fail on a perturbed one', async () => {
    const checks: CheckInput[] = [
      {
        id: 'cell',
        kind: 'file_matches',
        path: 'out/summary.xlsx',
        cell: { sheet: 'summary', ref: 'B4', value: 200.4 },
        weight: 0.25,
      },
      {
        id: 'tol',
        kind: 'file_matches',
        path: 'out/summary.xlsx',
        cell: { ref: 'B4', value: 200, tolerance: 0.5 },
        weight: 0.25,
      },
      {
        id: 'col',
        kind: 'file_matches',
        path: 'out/summary.xlsx',
        table: { column: 'total', where: { Region: 'South' }, value: 80 },
        weight: 0.25,
      },
      {
        id: 'sum',
        kind: 'file_matches',
        path: 'out/summary.xlsx',
        range: { ref: 'B2:B3', aggregate: 'sum', value: 200.4, tolerance: 0.01 },
        weight: 0.25,
      },
    ];
    assert.deepEqual(scores(await play(checks, [TABLE])), { cell: 1, tol: 1, col: 1, sum: 1 });
    const wrong = call('fs_write_table', {
      path: 'out/summary.xlsx',
      sheet: 'Summary',
      columns: ['Region', 'Total'],
      rows: [
        ['North', 121.4],
        ['South', 81],
        ['All', 202.4],
      ],
    });
    assert.deepEqual(scores(await play(checks, [wrong])), { cell: 0, tol: 0, col: 0, sum: 0 });
    assert.deepEqual(scores(await play(checks, [])), { cell: 0, tol: 0, col: 0, sum: 0 });
  });

  it('csv: the same selectors on fs_write_table output', async () => {
    const checks: CheckInput[] = [
      { id: 'cell', kind: 'file_matches', path: 'out/s.csv', cell: { ref: 'B3', value: 80 }, weight: 0.5 },
      {
        id: 'col',
        kind: 'file_matches',
        path: 'out/s.csv',
        csv: { column: 'Total', row: 0, value: { equals: 120 }, tolerance: 0.5 },
        weight: 0.5,
      },
    ];
    assert.deepEqual(
      scores(
        await play(checks, [
          call('fs_write_table', {
            path: 'out/s.csv',
            columns: ['Region', 'Total'],
            rows: [
              ['North, East', 120.4],
              ['South', 80],
            ],
          }),
        ]),
      ),
      { cell: 1, col: 1 },
    );
    assert.deepEqual(
      scores(
        await play(checks, [
          call('fs_write_table', {
            path: 'out/s.csv',
            columns: ['Region', 'Total'],
            rows: [
              ['North', 125],
              ['South', 79],
            ],
          }),
        ]),
      ),
      { cell: 0, col: 0 },
    );
  });

  it('docx: heading section, paragraph text and table cells', async () => {
    const checks: CheckInput[] = [
      {
        id: 'section',
        kind: 'file_matches',
        path: 'out/memo.docx',
        text: { heading: 'decision', regex: 'terminate with 60 days' },
        weight: 0.5,
      },
      {
        id: 'table',
        kind: 'file_matches',
        path: 'out/memo.docx',
        table: { column: 'Days', where: { Item: 'Notice' }, value: 60 },
        weight: 0.5,
      },
    ];
    assert.deepEqual(scores(await play(checks, [DOC])), { section: 1, table: 1 });
    const wrong = call('fs_write_doc', {
      path: 'out/memo.docx',
      blocks: [
        { heading: 'Decision' },
        { paragraph: 'Terminate with 30 days notice.' },
        {
          table: [
            ['Item', 'Days'],
            ['Notice', 30],
          ],
        },
      ],
    });
    assert.deepEqual(scores(await play(checks, [wrong])), { section: 0, table: 0 });
  });

  it('pdf and pptx: text on a page, on a slide, or anywhere; the agent may change them only by replacing the file', async () => {
    const checks: CheckInput[] = [
      {
        id: 'page',
        kind: 'file_matches',
        path: 'in/invoice.pdf',
        text: { page: 2, regex: 'total due: 1,190\\.00' },
        weight: 0.25,
      },
      { id: 'anywhere', kind: 'file_matches', path: 'in/invoice.pdf', regex: 'INV-88', weight: 0.25 },
      {
        id: 'slide',
        kind: 'file_matches',
        path: 'in/deck.pptx',
        text: { slide: 2, regex: 'overrun 12%' },
        weight: 0.25,
      },
      {
        id: 'wrong_page',
        kind: 'file_matches',
        path: 'in/invoice.pdf',
        text: { page: 1, regex: 'total due' },
        weight: 0.25,
      },
    ];
    assert.deepEqual(scores(await play(checks, [])), { page: 1, anywhere: 1, slide: 1, wrong_page: 0 });
    const pdf = Buffer.from(renderRecipe('pdf', { pages: ['Invoice INV-88', 'Total due: 1,290.00 EUR'] })).toString(
      'base64',
    );
    const pptx = Buffer.from(
      renderRecipe('pptx', {
        slides: [
          { title: 'Kickoff', bullets: [] },
          { title: 'Risks', bullets: ['Budget overrun 21%'] },
        ],
      }),
    ).toString('base64');
    const t = await play(checks, [
      call('fs_write', { path: 'in/invoice.pdf', content: pdf, encoding: 'base64' }),
      call('fs_write', { path: 'in/deck.pptx', content: pptx, encoding: 'base64' }),
    ]);
    assert.deepEqual(scores(t), { page: 0, anywhere: 1, slide: 0, wrong_page: 0 });
  });

  it('an unreadable office fixture is an error, never a pass; an unreadable file the agent wrote scores 0', async () => {
    const broken = { 'in/sales.xlsx': { content: Buffer.from('not a zip').toString('base64'), encoding: 'base64' } };
    const checks: CheckInput[] = [{ id: 'any', kind: 'file_matches', path: 'in/sales.xlsx', regex: '.*', weight: 1 }];
    const t = await play(checks, [], broken);
    const r = t.grade?.checks[0];
    assert.equal(r?.status, 'error');
    assert.equal(r?.score, null);
    assert.match(String(r?.reason), /in\/sales\.xlsx is not a readable XLSX file/);
    const written = await play(
      checks,
      [
        call('fs_write', {
          path: 'in/sales.xlsx',
          content: Buffer.from('still not a zip').toString('base64'),
          encoding: 'base64',
        }),
      ],
      broken,
    );
    assert.deepEqual(scores(written), { any: 0 });
  });

  it('file_unchanged compares content: an office file saved again with new timestamps is unchanged, an edited one is not', async () => {
    const checks: CheckInput[] = [
      { id: 'made', kind: 'file_exists', path: 'out/summary.xlsx', weight: 1 },
      { id: 'kept', kind: 'file_unchanged', path: 'in/sales.xlsx', weight: 0 },
    ];
    const resaved = Buffer.from(
      renderRecipe('xlsx', {
        sheets: [
          {
            name: 'Q1',
            rows: [
              ['Region', 'Amount'],
              ['North', 120.4],
              ['South', 80],
            ],
          },
        ],
        modified: '2026-05-01',
      }),
    ).toString('base64');
    const t = await play(checks, [
      TABLE,
      call('fs_write', { path: 'in/sales.xlsx', content: resaved, encoding: 'base64' }),
    ]);
    assert.equal(scores(t).kept, 1);
    const edited = Buffer.from(
      renderRecipe('xlsx', {
        sheets: [
          {
            name: 'Q1',
            rows: [
              ['Region', 'Amount'],
              ['North', 999],
              ['South', 80],
            ],
          },
        ],
      }),
    ).toString('base64');
    assert.equal(
      scores(
        await play(checks, [TABLE, call('fs_write', { path: 'in/sales.xlsx', content: edited, encoding: 'base64' })]),
      ).kept,
      0,
    );
  });
});

describe('office tools: bad input', () => {
  it('fs_write_table and fs_write_doc refuse other extensions; an invalid recipe is a path-precise spec error', async () => {
    const ep = createEpisode(spec([]));
    assert.match(
      (await ep.run('fs_write_table', { path: 'a.txt', rows: [[1]] })).content,
      /writes \.csv, \.tsv or \.xlsx files; a\.txt ends in \.txt/,
    );
    assert.match(
      (await ep.run('fs_write_table', { path: 'a.csv', sheet: 'X', rows: [[1]] })).content,
      /sheet applies to \.xlsx files only/,
    );
    assert.match(
      ep.call('fs_write_doc', { path: 'a.pdf', blocks: [{ paragraph: 'x' }] }).content,
      /writes \.docx or \.md files/,
    );
    assert.throws(
      () => createEpisode(spec([], { 'a.xlsx': { xlsx: { sheets: [{ name: 'bad/name', rows: [] }] } } })),
      /fixtures\.workspace\.files\[0\]\.xlsx\.sheets\[0\]\.name[\s\S]*sheet name without/,
    );
    const big = { 'big.bin': { content: 'A'.repeat(1_400_000), encoding: 'base64' } };
    assert.throws(() => createEpisode(spec([], big)), /inline base64 fixtures hold at most 1 MB/);
  });

  it('fs_write_table keeps the other sheets of a workbook; fs_write_doc writes Markdown too', async () => {
    const ep = createEpisode(spec([]));
    await ep.run('fs_write_table', { path: 'in/sales.xlsx', sheet: 'Summary', columns: ['x'], rows: [[1]] });
    const text = JSON.parse((await ep.run('fs_read', { path: 'in/sales.xlsx' })).content).content as string;
    assert.match(text, /## Sheet "Q1"[\s\S]*## Sheet "Summary"/);
    ep.call('fs_write_doc', {
      path: 'out/a.md',
      blocks: [
        { heading: 'Plan', level: 2 },
        { bullet: 'one' },
        {
          table: [
            ['a', 'b'],
            [1, 2],
          ],
        },
      ],
    });
    assert.equal(
      JSON.parse((await ep.run('fs_read', { path: 'out/a.md' })).content).content,
      '## Plan\n\n- one\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n',
    );
  });

  it("the shell's cat of an office file says it is binary and which tool reads it", async () => {
    const ep = createEpisode(spec([]));
    const r = JSON.parse((await ep.run('shell', { command: 'cat in/sales.xlsx' })).content) as {
      stdout: string;
      notice: string;
    };
    assert.match(
      r.stdout,
      /^\[binary output, \d+ characters not shown: in\/sales\.xlsx is a binary XLSX file; fs_read shows its sheets as tables with cell addresses\]$/,
    );
    assert.match(r.notice, /in\/sales\.xlsx is a binary XLSX file/);
    const text = JSON.parse((await ep.run('shell', { command: 'ls in | wc -l' })).content) as {
      stdout: string;
      notice?: string;
    };
    assert.equal(text.stdout.trim(), '4');
    assert.equal(text.notice, undefined);
  });
});
