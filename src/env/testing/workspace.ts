import assert from 'node:assert/strict';
import { createEpisode, type Episode } from '../episode.js';
import type { CallResult } from '../types.js';
import { makeSpec } from '../../schema/testing.js';

// helpers shared by the workspace service's tests: they run episodes, so they live with the episode (a module of
// services/ may not import env/)

export const CSV = 'region,amount\nnorth,120\nsouth,80\neast,50';
export const LOGO = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]).toString('base64');
export const TODO = '# Todo\n- call Ana\n- send invoice\n- call Bo';
export const FILES = {
  'data/sales.csv': CSV,
  'notes/todo.md': TODO,
  'notes/archive/2025.md': 'old notes',
  'img/logo.png': { content: LOGO, encoding: 'base64' },
  'README.md': 'Workspace readme',
};
export const spec = makeSpec({ services: ['workspace'], fixtures: { workspace: { files: FILES } } });
export const episode = (shell?: 'virtual' | 'real') => createEpisode(spec, shell ? { shell } : {});

export function ok(r: CallResult): Record<string, unknown> {
  assert.equal(r.ok, true, r.content);
  return JSON.parse(r.content) as Record<string, unknown>;
}
export function fail(r: CallResult, code: string, message?: RegExp | string) {
  assert.equal(r.ok, false, r.content);
  assert.equal(r.error?.code, code, r.content);
  if (typeof message === 'string') assert.equal(r.error?.message, message);
  else if (message) assert.match(r.error?.message ?? '', message);
  assert.deepEqual(JSON.parse(r.content), { error: r.error });
  return r.error as NonNullable<CallResult['error']>;
}
export const files = (ep: Episode) =>
  (ep.snapshot().workspace?.files ?? [])
    .map((f) => ({ ...f }))
    .sort((a, b) => (String(a.path) < String(b.path) ? -1 : 1));
export const fileAt = (ep: Episode, path: string) => ep.snapshot().workspace?.files?.find((f) => f.path === path);
export const records = (ep: Episode, list: string) =>
  (ep.audit().records.workspace?.[list] ?? []).map(({ timestamp: _t, seq: _s, ...rest }) => rest);
export const sh = (ep: Episode, command: string, extra: Record<string, unknown> = {}) =>
  ep.run('shell', { command, ...extra });
