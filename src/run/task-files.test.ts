import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { CoworkError } from '../schema/errors.js';
import { loadSpecs } from './task-files.js';

const TMP = mkdtempSync(join(tmpdir(), 'coworkenv-taskfiles-'));
after(() => rmSync(TMP, { recursive: true, force: true }));
const example = readFileSync('examples/tasks/support_escalation.yaml', 'utf8');

describe('loadSpecs', () => {
  it('loads specs that pass the schema and the static gate steps', async () => {
    const [s] = await loadSpecs(['examples/tasks/support_escalation.yaml']);
    assert.equal(s?.spec.id, 'support_escalation');
  });

  it('refuses a spec with a structural error (unknown tool), naming file:line and the fix; a leaked answer only warns unless strict', async () => {
    const file = join(TMP, 'broken.yaml');
    writeFileSync(file, example.replace('tool: helpdesk_list_tickets', 'tool: helpdesk_list_ticket'));
    const e = await loadSpecs([file]).then(
      () => assert.fail('accepted'),
      (x: unknown) => x,
    );
    assert.ok(e instanceof CoworkError);
    assert.equal(e.code, 'spec_invalid');
    const line = example.split('\n').findIndex((l) => l.includes('tool: helpdesk_list_tickets')) + 1;
    assert.match(
      e.message,
      new RegExp(
        `broken\\.yaml:${line}:\\d+ unknown_tool at checks\\[\\d\\]\\.tool: "helpdesk_list_ticket" is not a tool of helpdesk; did you mean helpdesk_list_tickets\\?`,
      ),
    );
    writeFileSync(file, example.replace('Then tell me which tickets you escalated.', 'Start with TK-1042.'));
    const warned: string[] = [];
    const [loaded] = await loadSpecs([file], { onWarning: (l) => warned.push(l) });
    assert.equal(loaded?.spec.id, 'support_escalation');
    assert.equal(warned.length, 1);
    assert.match(
      warned[0] ?? '',
      /^warning: .*broken\.yaml:\d+:\d+ answer_leak at answer_ids\[\d\]: "TK-1042" appears in the request.*release-quality finding/,
    );
    await assert.rejects(
      loadSpecs([file], { strict: true }),
      /answer_leak at answer_ids\[\d\]: "TK-1042" appears in the request/,
    );
  });
});
