import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TaskSpecInput } from '../../schema/task-spec.js';
import { composition } from './testing.js';

// the free texts of a task's records are written one by one, as a desk writes them: two records of one
// collection never share a rule-bearing note word for word
const corpus: TaskSpecInput[] = Array.from({ length: 200 }, (_, i) => composition(i, 7_919 * i + 11));

describe('record texts', () => {
  it('no two records of one collection carry the same note, description or summary', () => {
    let repeated = 0;
    let texts = 0;
    for (const t of corpus)
      for (const cols of Object.values(t.fixtures ?? {}))
        for (const rows of Object.values(cols as Record<string, unknown>)) {
          if (!Array.isArray(rows)) continue;
          for (const field of ['notes', 'description', 'summary']) {
            const seen = new Set<string>();
            for (const r of rows as Record<string, unknown>[]) {
              const v = r[field];
              if (typeof v !== 'string' || v.length < 20) continue;
              texts++;
              if (seen.has(v)) repeated++;
              seen.add(v);
            }
          }
        }
    assert.ok(texts > 500, `${texts} texts`);
    // a pool of a handful of phrasings may still meet itself once in a while, never as a habit (was 6%)
    assert.ok(repeated / texts < 0.025, `${repeated} of ${texts} texts repeat within their task`);
  });
});
