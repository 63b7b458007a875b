import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../../../env/rng.js';
import { agreesWith, claimsFor, isUserFacing, titlesFor } from './pr-impact.js';
import { prDescription, sized } from './software-engineering-notes.js';
import { PR_TITLES, USER_FACING } from './software-engineering-data.js';

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

  it('draw a title the description allows of the sized ones, and claim only what a sized title can bear out', () => {
    const sized = ['Localise error messages on sign-up', 'Replace moment.js with date-fns'];
    assert.deepEqual(titlesFor('No user-facing change', sized), ['Replace moment.js with date-fns']);
    assert.deepEqual(titlesFor('Closes ENG-1.', sized), sized);
    assert.deepEqual(claimsFor(PR_TITLES['data-pipeline'] as readonly string[]), { internal: true, visible: false });
    assert.deepEqual(claimsFor(['Add biometric login on iOS']), { internal: false, visible: true });
  });

  it('written for a record, never claim screenshots of a pipeline change nor no change for users of a visible one', () => {
    const rng = createRng('pr-claims', 1);
    for (let k = 0; k < 400; k++) {
      const repo = k % 2 ? 'data-pipeline' : 'mobile-app';
      const text = prDescription(rng, undefined, undefined, { repo, lines_changed: 20 });
      const titles = sized(PR_TITLES[repo] as readonly string[], 20);
      assert.ok(
        titles.some((t) => agreesWith(text, t)),
        `${repo}: ${text}`,
      );
    }
  });
  it('written for a record with a title (a migration’s pull request), claim only what that title bears out', () => {
    const rng = createRng('pr-claims', 2);
    for (let k = 0; k < 200; k++) {
      const title = k % 2 ? 'Add consent history table' : 'Add biometric login on iOS';
      const text = prDescription(rng, undefined, undefined, { repo: 'auth-service', lines_changed: 200, title });
      assert.ok(agreesWith(text, title), `${title}: ${text}`);
    }
  });
});
