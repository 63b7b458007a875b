import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadSpecs } from '../run/task-files.js';
import { type RunningServer, startServer } from './serve.js';

// OpenEnv's own GenericEnvClient (examples/clients/openenv_image.py) against a live serve: the step that reads a
// picture gives an observation whose tool_result carries it (images[].data, base64). Where a Python with OpenEnv is
// named (COWORKENV_OPENENV_PYTHON: openenv-core from its source with --no-deps, plus fastapi, fastmcp and
// websockets from the local wheel mirror); CI has none, so it is skipped there.

const ROOT = new URL('../../', import.meta.url).pathname;
const PY = process.env.COWORKENV_OPENENV_PYTHON;

describe('coworkenv serve with OpenEnv GenericEnvClient', {
  skip: PY ? false : 'set COWORKENV_OPENENV_PYTHON to a python with openenv-core',
}, () => {
  let srv: RunningServer;
  before(async () => {
    const specs = (await loadSpecs([join(ROOT, 'examples/multimodal')])).map((s) => s.spec);
    srv = await startServer({ specs, host: '127.0.0.1', port: 0, ttlS: 0, log: () => {} });
  });
  after(() => srv?.close());

  it('a step reading a picture observes it: the PNG in tool_result.images', { timeout: 60_000 }, async () => {
    const child = spawn(PY as string, [join(ROOT, 'examples/clients/openenv_image.py'), srv.url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, 0, err);
    const r = JSON.parse(out.trim().split('\n').at(-1) as string);
    assert.deepEqual([r.done, r.mime, r.width, r.height, r.png], [false, 'image/png', 480, 360, true]);
    assert.ok(r.bytes > 1000);
  });
});
