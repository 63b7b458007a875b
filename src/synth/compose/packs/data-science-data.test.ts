import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { datasets } from './data-science.js';
import { TABLES } from './data-science-data.js';

// a dataset's row count runs to hundreds of millions: only fact and event tables hold that many (review 45: a
// dimension of support agents with 145 million rows, a dimension of cost centres near the same)
describe('the warehouse tables a dataset is', () => {
  it('are fact or event tables, never a dimension, where row counts reach the millions', () => {
    const rows = datasets.fields.find((m) => m.field === 'row_count');
    assert.ok(rows?.kind === 'number' && rows.max >= 10_000_000);
    for (const [table] of TABLES) assert.match(table, /\.fct_/, table);
  });
});
