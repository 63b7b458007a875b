import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type FakeRequest, type FakeServer, startFakeServer } from '../llm/testing/fake-server.js';
import { renderRecipe } from '../services/workspace/formats/index.js';
import { CoworkError } from '../schema/errors.js';
import { inProcess } from './testing.js';

// synth --resources end to end against the fake LLM server: a folder of the user's documents (an XLSX, a
// DOCX and a PDF made here with the same writers), the model sees their text, and the released task holds
// the files byte for byte and checks values from them

const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-resources-'));
const DOCS = join(TMP, 'docs');
let server: FakeServer;
before(async () => {
  server = await startFakeServer();
  mkdirSync(join(DOCS, 'finance'), { recursive: true });
  writeFileSync(
    join(DOCS, 'sales.xlsx'),
    renderRecipe('xlsx', {
      sheets: [
        {
          name: 'Orders',
          rows: [
            ['Region', 'Amount'],
            ['North', 1200.5],
            ['South', 800],
            ['North', 99.5],
          ],
        },
      ],
    }),
  );
  writeFileSync(
    join(DOCS, 'contract.docx'),
    renderRecipe('docx', {
      blocks: [{ heading: 'Renewal' }, { paragraph: 'Notice period: 45 days before 2026-06-30.' }],
    }),
  );
  writeFileSync(
    join(DOCS, 'finance', 'invoice.pdf'),
    renderRecipe('pdf', { pages: ['Invoice INV-7\nTotal due: 1,300.00 USD'] }),
  );
  writeFileSync(join(DOCS, '.DS_Store'), 'ignored');
});
after(async () => {
  await server.close();
  rmSync(TMP, { recursive: true, force: true });
});

const prompt = (r: FakeRequest) =>
  ((r.body as { messages: { content: string }[] }).messages ?? []).map((m) => m.content).join('\n');

// a spec grounded in sales.xlsx: per-region totals the agent writes to a CSV
function groundedSpec(id: string): Record<string, unknown> {
  return {
    spec_version: 1,
    id,
    title: 'Total the sales export per region',
    family: 'workspace',
    labels: {
      capabilities: ['File_Management', 'Data_Analysis'],
      scenario: 'Data_Science/Analytics',
      difficulty: 'medium',
      language: 'en',
    },
    mock_today: '2026-03-10',
    request: 'Please total the amounts in sales.xlsx per region and write out/totals.csv with columns region, total.',
    services: ['gmail'],
    fixtures: { gmail: { messages: [] } },
    checks: [
      {
        id: 'north',
        kind: 'file_matches',
        path: 'out/totals.csv',
        table: { column: 'total', where: { region: 'North' }, value: 1300, tolerance: 0.01 },
        weight: 0.4,
      },
      {
        id: 'south',
        kind: 'file_matches',
        path: 'out/totals.csv',
        table: { column: 'total', where: { region: 'South' }, value: 800, tolerance: 0.01 },
        weight: 0.4,
      },
      { id: 'told', kind: 'response_contains', all: ['North'], weight: 0.2 },
    ],
    reference: [
      { call: 'fs_read', args: { path: 'sales.xlsx' } },
      {
        call: 'fs_write_table',
        args: {
          path: 'out/totals.csv',
          columns: ['region', 'total'],
          rows: [
            ['North', 1300],
            ['South', 800],
          ],
        },
      },
      { say: 'North leads with 1300.00; South has 800.00. Written to out/totals.csv.' },
    ],
  };
}

describe('synth --resources', () => {
  it('grounds LLM tasks in the folder: the model sees the files as text; released specs hold them byte for byte', async () => {
    const seen: string[] = [];
    server.enqueue(
      ...[0, 1, 2].map(() => (r: FakeRequest) => {
        seen.push(prompt(r));
        const id = /Use "([^"]+)" as the id/.exec(prompt(r))?.[1] as string;
        return { text: JSON.stringify(groundedSpec(id)) };
      }),
    );
    const out = join(TMP, 'released');
    const printed = await inProcess(
      'synth',
      '--resources',
      DOCS,
      '--generator',
      `openai-compatible:${server.openaiBaseURL}#fake`,
      '--out',
      out,
      '--no-cache',
      '--llm-retries',
      '0',
      '--json',
    );
    const summary = JSON.parse(printed) as { accepted: number; jobs: number };
    assert.deepEqual([summary.jobs, summary.accepted], [3, 3]);
    // the generator saw every document's readable text (sheet with cell addresses, DOCX section, PDF page)
    for (const p of seen) {
      assert.match(p, /## sales\.xlsx \(xlsx\)[\s\S]*\| 2 \| North \| 1200\.5 \|/);
      assert.match(p, /## contract\.docx \(docx\)\n# Renewal\n\nNotice period: 45 days/);
      assert.match(p, /## finance\/invoice\.pdf \(pdf\)\n--- page 1 of 1 ---\nInvoice INV-7/);
      assert.doesNotMatch(p, /DS_Store/);
    }
    const specs = readdirSync(out).filter((f) => f.endsWith('.json') && f.startsWith('res_'));
    assert.equal(specs.length, 3);
    const spec = JSON.parse(readFileSync(join(out, specs[0] as string), 'utf8')) as {
      services: string[];
      fixtures: { workspace: { files: { path: string; content: string; encoding: string }[] } };
    };
    assert.ok(spec.services.includes('workspace'));
    const files = new Map(spec.fixtures.workspace.files.map((f) => [f.path, f]));
    assert.deepEqual([...files.keys()].sort(), ['contract.docx', 'finance/invoice.pdf', 'sales.xlsx']);
    assert.deepEqual(
      Buffer.from((files.get('sales.xlsx') as { content: string }).content, 'base64'),
      readFileSync(join(DOCS, 'sales.xlsx')),
    );
  });

  it('bad input: procedural generator, missing folder, damaged office file, no plan and no folder', async () => {
    const code = (e: unknown) => (e instanceof CoworkError ? `${e.code}: ${e.message}` : String(e));
    await assert.rejects(inProcess('synth', '--resources', DOCS, '--out', join(TMP, 'x')), (e) =>
      /bad_input: --resources needs an LLM generator/.test(code(e)),
    );
    const model = `openai-compatible:${server.openaiBaseURL}#fake`;
    await assert.rejects(
      inProcess('synth', '--resources', join(TMP, 'nope'), '--generator', model, '--out', join(TMP, 'x')),
      (e) => /--resources .*nope: not found/.test(code(e)),
    );
    const broken = join(TMP, 'broken');
    mkdirSync(broken);
    writeFileSync(join(broken, 'q1.xlsx'), 'not a workbook');
    await assert.rejects(
      inProcess('synth', '--resources', broken, '--generator', model, '--out', join(TMP, 'x')),
      (e) => /q1\.xlsx is not a readable XLSX file/.test(code(e)),
    );
    await assert.rejects(inProcess('synth', '--out', join(TMP, 'x')), (e) =>
      /give a plan file, or --resources/.test(code(e)),
    );
    assert.equal(server.pending(), 0);
  });
});
