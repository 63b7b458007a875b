import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isPlural } from '../kit/text.js';
import { placeOf } from './places.js';
import { SOURCES } from './sources/index.js';

// a place is the subject of a sentence ("the CI status is the one the engineering platform shows now"): one thing,
// so its verb is singular, never "the engineering tools shows"

describe('where records are read from', () => {
  it('every place is named as one thing', () => {
    for (const src of SOURCES) {
      const { name } = placeOf(src);
      // (an initialism is one system: "the CMS")
      assert.ok(/\b[A-Z]{2,}$/.test(name) || !isPlural(name), `${src.name}: ${name}`);
    }
  });
});
