import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agreesWith, isUserFacing, titlesFor, USER_FACING } from './pr-impact.js';
import { PR_TITLES } from './software-engineering-data.js';

const all = Object.values(PR_TITLES).flat();

describe('a pull request description and its title', () => {
  it('classify only titles a repository has', () => {
    for (const t of USER_FACING) assert.ok(all.includes(t), t);
  });

  it('never pair "no user-facing change" with a change users see, nor screenshots with one they do not', () => {
    assert.equal(agreesWith('CI is slow today. No user-facing change.', 'Add WebAuthn as a second factor'), false);
    assert.equal(agreesWith('Screenshots in the thread.', 'Partition the events table by day'), false);
    assert.equal(agreesWith('Closes ENG-1234.', 'Add WebAuthn as a second factor'), true);
    assert.ok(isUserFacing('Localise error messages on sign-up, part 2'));
  });

  it('draw a title the description allows, of the sized ones first, else of the repository', () => {
    const web = PR_TITLES['web-frontend'] as readonly string[];
    const sized = ['Localise error messages on sign-up', 'Replace moment.js with date-fns'];
    assert.deepEqual(titlesFor('No user-facing change', sized, web), ['Replace moment.js with date-fns']);
    const fits = titlesFor('No user-facing change', ['Localise error messages on sign-up'], web);
    assert.ok(fits.length > 0 && fits.every((t) => !isUserFacing(t)), fits.join(', '));
    assert.deepEqual(titlesFor('Closes ENG-1.', sized, web), sized);
  });
});
