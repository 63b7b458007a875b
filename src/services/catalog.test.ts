import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { catalogMarkdown } from './catalog.js';
import { SERVICE_NAMES } from './registry.js';

describe('docs/services.md', () => {
  it('is the generated catalogue (regenerate: node bin/coworkenv.js services --markdown > docs/services.md)', () => {
    const doc = readFileSync(new URL('../../docs/services.md', import.meta.url), 'utf8');
    assert.equal(doc, catalogMarkdown());
    for (const name of SERVICE_NAMES) assert.match(doc, new RegExp(`^## ${name}$`, 'm'));
  });
});
