import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { inProcess } from '../cli/testing.js';
import { createViewApp } from './app.js';
import { ViewData } from './data.js';
import { findSources } from './sources.js';

// a trial whose agent was shown pictures: the viewer puts each inline (a data URL from the task's fixtures) beside
// the tool result that showed it.

const ROOT = new URL('../../', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'coworkenv-view-pictures-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
let app: ReturnType<typeof createViewApp>;

before(async () => {
  await inProcess('run', join(ROOT, 'examples/multimodal'), '--agent', 'reference', '--out', join(tmp, 'pics'));
  app = createViewApp(new ViewData(await findSources([tmp])));
});

describe('view: pictures in a trial', () => {
  it('shows each picture a tool returned inline, by its hash', async () => {
    const res = await app.request('http://127.0.0.1:7878/api/runs/pics/trials/chart_regional_lead/0', {
      headers: { host: '127.0.0.1:7878' },
    });
    assert.equal(res.status, 200);
    const body = (await res.json()) as {
      events: { type: string; images?: { sha256: string }[]; pictures?: { sha256: string; src?: string }[] }[];
    };
    const shown = body.events.filter((e) => e.pictures?.length);
    assert.equal(shown.length, 1);
    const [p] = shown[0]?.pictures ?? [];
    assert.equal(p?.sha256, shown[0]?.images?.[0]?.sha256);
    assert.match(p?.src ?? '', /^data:image\/png;base64,iVBORw0KGgo/);
  });
});
