import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { buildWeb } from '../../web/build.mjs';
import { ASSET_DIR, reportPage } from './assets.js';

describe('the committed front end', () => {
  it('equals a fresh build of web/src (run `npm run build:web` after editing it)', async () => {
    const fresh = await buildWeb({ write: false });
    for (const name of ['app.js', 'app.css'] as const) {
      assert.ok(
        readFileSync(`${ASSET_DIR}${name}`, 'utf8') === fresh[name],
        `web/bundle/${name} is stale: run npm run build:web`,
      );
    }
  });

  it('a report page cannot be broken out of by its data, and allows no fetches', () => {
    const html = reportPage(
      't <b>',
      { js: 'const s = "</script>";', css: 'a{}' },
      { '/api/x': { text: '</script><script>alert(1)</script>' } },
    );
    assert.equal(html.match(/<\/script>/g)?.length, 2);
    assert.match(html, /<title>t &lt;b&gt;<\/title>/);
    assert.match(html, /Content-Security-Policy" content="default-src 'none'/);
    assert.ok(html.includes('\\u003c/script>\\u003cscript>alert(1)'));
  });
});
