import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diffCollection, diffLines } from './record-diff.js';

describe('record diffs', () => {
  it('matches records by id: added, removed, changed field by field, unchanged counted', () => {
    const before = [
      { ticket_id: 'TK-1', status: 'open', tags: ['a'] },
      { ticket_id: 'TK-2', status: 'open' },
      { ticket_id: 'TK-3', status: 'open' },
    ];
    const after = [
      { ticket_id: 'TK-1', status: 'closed', tags: ['a'], seq: 4 },
      { ticket_id: 'TK-3', status: 'open' },
      { ticket_id: 'TK-9', status: 'new' },
    ];
    const d = diffCollection('helpdesk', 'tickets', 'ticket_id', before, after);
    assert.deepEqual(d.added, [{ ticket_id: 'TK-9', status: 'new' }]);
    assert.deepEqual(d.removed, [{ ticket_id: 'TK-2', status: 'open' }]);
    assert.deepEqual(d.changed, [
      {
        id: 'TK-1',
        fields: [
          { field: 'seq', before: undefined, after: 4 },
          { field: 'status', before: 'open', after: 'closed' },
        ],
      },
    ]);
    assert.equal(d.unchanged, 1);
  });

  it('line diffs keep common lines and mark the rest', () => {
    assert.deepEqual(diffLines('a\nb\nc', 'a\nB\nc\nd'), [
      { op: ' ', text: 'a' },
      { op: '-', text: 'b' },
      { op: '+', text: 'B' },
      { op: ' ', text: 'c' },
      { op: '+', text: 'd' },
    ]);
    const big = Array.from({ length: 2500 }, (_, i) => String(i)).join('\n');
    const d = diffLines(big, 'x');
    assert.equal(d.length, 2501);
    assert.deepEqual(d.at(-1), { op: '+', text: 'x' });
  });
});
