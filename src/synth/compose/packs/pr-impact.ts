// What a pull request changes for the people using the product: a title names a change users see (a new sign-in
// factor, a translated message, a banner) or one only the team sees (a refactor, a key rotation, a backfill). A
// description that says "no user-facing change" or points to screenshots makes that claim too, so the title it
// sits under is drawn to agree with it: no "no user-facing change" on "Add WebAuthn as a second factor".

import { USER_FACING } from './software-engineering-data.js';

// what a description claims about the change's reach: none, or what users will see
const INTERNAL = /no user-facing change/i;
const VISIBLE = /screenshots in the thread/i;

/** Whether a title names a change users see (a numbered part of one is the same change). */
export const isUserFacing = (title: string): boolean => USER_FACING.has(title.replace(/, part \d+$/, ''));

/** Whether a description's claim about the change's reach (if it makes one) holds for the title. */
export const agreesWith = (description: string, title: string): boolean =>
  !(INTERNAL.test(description) && isUserFacing(title)) && !(VISIBLE.test(description) && !isUserFacing(title));

/** The titles a description's claim allows of those that fit otherwise (the diff's size); none allowed: all of them. */
export function titlesFor(description: string, fitting: readonly string[]): readonly string[] {
  const fit = fitting.filter((t) => agreesWith(description, t));
  return fit.length ? fit : fitting;
}

/** The claims about users a description may make over these titles: each only where a title can bear it out. */
export function claimsFor(titles: readonly string[]): { internal: boolean; visible: boolean } {
  return { internal: titles.some((t) => !isUserFacing(t)), visible: titles.some(isUserFacing) };
}
