import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CoworkError } from '../schema/errors.js';

// the front end, built by `npm run build:web` and committed (web/bundle/), so an installed package needs no
// build: from src/view/ and from dist/view/ alike it is two folders up
export const ASSET_DIR = fileURLToPath(new URL('../../web/bundle/', import.meta.url));

export interface Assets {
  js: string;
  css: string;
}

let cached: Promise<Assets> | undefined;

/** The built app (app.js, app.css), read once. */
export function loadAssets(): Promise<Assets> {
  cached ??= Promise.all(['app.js', 'app.css'].map((f) => readFile(`${ASSET_DIR}${f}`, 'utf8'))).then(
    ([js, css]) => ({ js: js as string, css: css as string }),
    (e: Error) => {
      cached = undefined;
      throw new CoworkError(
        'io_error',
        `the viewer's built assets are missing (${e.message}); run \`npm run build:web\` in a checkout, or reinstall coworkenv`,
      );
    },
  );
  return cached;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** The page the server sends: the app loads its data from /api. */
export function serverPage(title: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="/assets/app.css"></head>
<body><div id="app"></div><script type="module" src="/assets/app.js"></script></body></html>
`;
}

/**
 * One self-contained file: styles, script and every API answer the views need inline; its Content-Security-
 * Policy allows nothing to be fetched, so opening it from disk makes no network request.
 */
export function reportPage(title: string, assets: Assets, data: Record<string, unknown>): string {
  // `<` is escaped so no string in the data can end the script element
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const js = assets.js.replace(/<\/script/gi, '<\\/script');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<link rel="icon" href="data:,"><title>${escapeHtml(title)}</title><style>${assets.css.replace(/<\/style/gi, '<\\/style')}</style></head>
<body><div id="app"></div><script type="application/json" id="coworkenv-data">${json}</script>
<script type="module">${js}</script></body></html>
`;
}
