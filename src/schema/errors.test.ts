import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CoworkError, isCoworkError } from './errors.js';

describe('CoworkError', () => {
  it('keeps the failure it wraps as its cause, and maps codes to exit codes', () => {
    const low = new Error('EACCES: permission denied');
    const e = new CoworkError('io_error', 'x.yaml: cannot read (EACCES)', undefined, { cause: low });
    assert.equal(e.cause, low);
    assert.ok(isCoworkError(e));
    assert.deepEqual(
      [e.exitCode, new CoworkError('grade_failed', 'x').exitCode, new CoworkError('internal', 'x').exitCode],
      [1, 2, 3],
    );
    assert.equal(new CoworkError('bad_input', 'x').cause, undefined);
  });
});
