// What a pull request changes for the people using the product: a title names a change users see (a new sign-in
// factor, a translated message, a banner) or one only the team sees (a refactor, a key rotation, a backfill). A
// description that says "no user-facing change" or points to screenshots makes that claim too, so the title it
// sits under is drawn to agree with it: no "no user-facing change" on "Add WebAuthn as a second factor".

/** The pull request titles (software-engineering-data.ts PR_TITLES) whose change a user of the product sees. */
export const USER_FACING: ReadonlySet<string> = new Set([
  'Handle 3DS challenge timeouts',
  // (a form rewritten on a new library is a change to what the customer fills in, whatever the author intends)
  'Migrate checkout form to React Hook Form',
  'Fix focus trap in the cookie dialog',
  'Lazy-load the order history table',
  'Show VAT breakdown on the basket page',
  'Add skeleton loaders to the dashboard',
  'Fix double submit on the address form',
  'Localise error messages on sign-up',
  'Add WebAuthn as a second factor',
  'Rate-limit password resets',
  'Expire refresh tokens after 30 days idle',
  'Support SAML for enterprise tenants',
  'Lock accounts after ten failed logins',
  'Remove SMS fallback for staff accounts',
  'Offline mode for the basket screen',
  'Deep links for password reset',
  'Cache product images on device',
  'Fix crash on Android 14 camera permission',
  'Add biometric login on iOS',
  'Reduce app start time by deferring analytics',
  'Show order tracking push notifications',
  'Add synonyms for size filters',
  'Boost in-stock items in ranking',
  'Batch push notifications per user',
  'Respect quiet hours in email digests',
  'Template the order-shipped email',
  'Add unsubscribe link to digests',
  'Return localised prices',
  'Deprecate the v1 checkout route',
]);

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
