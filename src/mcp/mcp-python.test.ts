import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { cliEnv } from '../cli/testing.js';

// the MCP Python SDK as the client (examples/clients/mcp_image.py): a picture read through `coworkenv mcp` arrives as
// ImageContent beside the text. Where a Python with the SDK is named (COWORKENV_MCP_PYTHON, e.g. a venv from the
// local wheel mirror: pip install mcp); CI has none, so it is skipped there.

const ROOT = new URL('../../', import.meta.url).pathname;
const PY = process.env.COWORKENV_MCP_PYTHON;

describe('coworkenv mcp with the MCP Python SDK', {
  skip: PY ? false : 'set COWORKENV_MCP_PYTHON to a python with mcp',
}, () => {
  it('fs_read of a picture gives the text result and an ImageContent of the PNG', { timeout: 60_000 }, () => {
    const r = spawnSync(PY as string, ['examples/clients/mcp_image.py'], {
      cwd: ROOT,
      env: cliEnv({ COWORKENV_NODE: process.execPath }),
      encoding: 'utf8',
      timeout: 55_000,
    });
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout.trim().split('\n').at(-1) as string);
    assert.deepEqual(out.types, ['text', 'image']);
    assert.equal(out.is_error, false);
    assert.equal(out.mime, 'image/png');
    assert.equal(out.png, true);
    assert.equal(out.bytes, out.text.bytes);
    assert.deepEqual([out.text.width, out.text.height], [480, 360]);
  });
});
