import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runGate } from '../validate/index.js';
import { hardenPaths } from './harden.js';

const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-harden-'));
after(() => rmSync(TMP, { recursive: true, force: true }));

describe('coworkenv harden (hardenPaths)', () => {
  it('writes the hardened YAML under the original comment, prints each change with its reason, and the file passes the gate', async () => {
    const lines: string[] = [];
    const rows = await hardenPaths(['examples/gameable/m1100-api-key-rotation.yaml'], TMP, (l) => lines.push(l));
    assert.equal(rows.length, 1);
    const to = rows[0]?.to as string;
    const text = readFileSync(to, 'utf8');
    assert.match(text, /^# CoworkEnv App. D, task M1100/m);
    assert.match(text, /^# hardened by coworkenv harden \(outcome_over_reads, /m);
    // the original document edited in place: its flow mappings and inner comments stay
    assert.match(
      text,
      /^ {2}- \{ id: customers_listed, kind: tool_called, tool: crm_list_customers, weight: 0\.0229 \}$/m,
    );
    assert.ok((await runGate(text)).ok);
    const out = lines.join('\n');
    assert.match(out, /~ checks\[0\]\.weight {2}0\.08 → /);
    assert.match(out, /outcome_over_reads: reads earned 0\.7 of completion without doing the work/);
    assert.match(
      out,
      /\+ forbidden\.actions\[\d\] {2}\{"service":"helpdesk","record":"updated_tickets","where":\{"ticket_id":\{"in":\["TK-5530","TK-5518"\]\}\}\}/,
    );
    assert.match(out, /after: {2}passes the gate/);
  });

  it('reports a spec that does not parse and a structural error without writing them', async () => {
    const bad = join(TMP, 'bad.yaml');
    writeFileSync(bad, 'spec_version: 1\nid: [\n');
    const broken = join(TMP, 'broken.yaml');
    writeFileSync(
      broken,
      readFileSync('examples/tasks/inventory_reorder.yaml', 'utf8').replace('weight: 0.30', 'weight: 0.90'),
    );
    const lines: string[] = [];
    const rows = await hardenPaths([bad, broken], join(TMP, 'out'), (l) => lines.push(l));
    assert.equal(rows[0]?.to, null);
    assert.match(rows[0]?.error ?? '', /bad\.yaml:\d+:\d+ parse_error at \(root\): .*: not a valid spec/);
    assert.equal(rows[1]?.to, null);
    assert.match(lines.join('\n'), /manual: weights_sum at checks: check weights sum to/);
  });

  it('refuses an --out that is a file, or the folder of the input itself, before writing anything', async () => {
    const file = join(TMP, 'a-file');
    writeFileSync(file, 'x');
    await assert.rejects(
      hardenPaths(['examples/gameable'], file, () => {}),
      /--out .*a-file: a file, not a directory/,
    );
    const own = join(TMP, 'own');
    mkdirSync(own);
    const original = readFileSync('examples/gameable/m1100-api-key-rotation.yaml', 'utf8');
    writeFileSync(join(own, 'm1100.yaml'), original);
    await assert.rejects(
      hardenPaths([own], own, () => {}),
      /holds .*m1100\.yaml itself: the hardened spec would replace the original/,
    );
    assert.equal(readFileSync(join(own, 'm1100.yaml'), 'utf8'), original);
  });
});
