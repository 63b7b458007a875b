import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { actNamed } from '../policy-acts.js';
import { narrowedFrom, undoneOf } from './from-states.js';

// work that every live record gets once ("a court deadline that is not in the firm diary") is selected by its
// undone side, so a record already done is left out for the reason the work gives, not by a window it never had

describe('undone work', () => {
  it('names the flag an action writes where the section leans on its undone side', () => {
    const diary = actNamed('court_deadlines', 'Diarising');
    assert.deepEqual(undoneOf({ diarised: true }, diary?.lean), ['diarised']);
    // a section with no stake in the flag leaves it to the action, as before
    assert.deepEqual(undoneOf({ diarised: true }, actNamed('court_deadlines', 'Preparation')?.lean), []);
    // a state an action writes is its from-states' business, never this
    assert.deepEqual(undoneOf({ status: 'filed' }, { status: ['upcoming'] }), []);
  });
});

// review 30 D3: a brand sign-off hold put on briefs still being drawn. The hold action may act from any stage; the
// section's reason (release) narrows it to the stages where the work could ship, and the rule names those

describe('from-states the section narrows', () => {
  const from = { status: ['brief received', 'in design', 'internal review', 'with requester', 'revisions'] };

  it('are the rule’s to name where the section leans on some of them', () => {
    const hold = actNamed('design_requests', 'Hold');
    assert.deepEqual(narrowedFrom(from, hold?.lean), ['status']);
  });

  it('stay the action’s where the section names none, all of them, or others', () => {
    assert.deepEqual(narrowedFrom(from, actNamed('design_requests', 'Revision hold')?.lean), []);
    assert.deepEqual(narrowedFrom(from, { status: [...from.status] }), []);
    assert.deepEqual(narrowedFrom(from, { status: ['approved'] }), []);
  });
});
