import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FieldModel } from '../rules/fields.js';
import { restatesHeading } from './section-echo.js';

const models: FieldModel[] = [
  { field: 'note_type', label: 'note type', kind: 'enum', values: ['initiation', 'rating change', 'update'] },
  { field: 'restricted', label: 'restricted list', kind: 'flag', yes: 'on the restricted list', no: 'not restricted' },
  { field: 'status', label: 'status', kind: 'enum', values: ['draft', 'published'] },
] as FieldModel[];

describe('a section whose one condition restates its heading', () => {
  it('is found for a category or flag named by the heading', () => {
    assert.ok(
      restatesHeading(
        'Rating change',
        { all: [{ kind: 'in', field: 'note_type', values: ['rating change'] }] },
        models,
      ),
    );
    assert.ok(
      restatesHeading('Restricted list', { all: [{ kind: 'flag', field: 'restricted', value: true }] }, models),
    );
  });

  it('is not found where the section says more than its heading', () => {
    const more = {
      all: [
        { kind: 'in', field: 'note_type', values: ['rating change'] },
        { kind: 'in', field: 'status', values: ['draft'] },
      ],
    } as const;
    assert.ok(!restatesHeading('Rating change', more, models));
    assert.ok(
      !restatesHeading('Sign-off', { all: [{ kind: 'in', field: 'note_type', values: ['rating change'] }] }, models),
    );
  });
});
