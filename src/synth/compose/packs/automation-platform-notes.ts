import type { Rng } from '../../../env/rng.js';
import { oneOf, writePlan } from '../../kit/content.js';
import type { Rec } from '../parts.js';

// automation platform: what an agent skill's description says, written for the skill's own permission level (the
// pack, automation-platform.ts, holds the record types)

// a term that is something the skill does ("sends email") is said as it is; one that is a thing ("external API")
// with a verb of its own
const said = (term: string) => (/^[a-z]+s\b/.test(term) ? term : `uses an ${term}`);

// the permission levels that let a skill do what a term says (permission_level: the highest it asks for); a term
// not listed needs none beyond reading. (A read-write skill may send email from its own service address: only a
// read-only one contradicts it)
const WRITES = ['read-write', 'send on behalf', 'admin'];
const GRANTS: Readonly<Record<string, readonly string[]>> = {
  'sends email': WRITES,
  'writes to the CRM': WRITES,
  'stores credentials': WRITES,
};

// whether a skill at `level` may do what `term` says (no level known: yes)
const grantedAt = (term: string, level: unknown) =>
  typeof level !== 'string' || !(term in GRANTS) || (GRANTS[term] ?? []).includes(level);

/**
 * The permission levels a skill whose description names a term its level refuses could hold instead, so that it
 * does what its description says; none when it names no such term. A rule that takes skills whose description
 * "mentions stores credentials" is read as taking skills that store credentials: a read-only one whose manifest
 * merely asks for it (blocked) is not one a reader would count (agentSkills.agree).
 */
export function grantingLevels(description: unknown, level: unknown): readonly string[] {
  const text = String(description ?? '').toLowerCase();
  const refused = Object.keys(GRANTS).find((t) => text.includes(t) && !grantedAt(t, level));
  return refused ? (GRANTS[refused] ?? []) : [];
}

// what the description says of the term: what the skill does when its level grants it, else what its manifest
// asks for and the level refuses, so a read-only skill never "sends email"
function termSaid(rng: Rng, term: string, level: unknown): string {
  if (grantedAt(term, level)) return oneOf(rng, `it ${said(term)}`, `also ${said(term)}`, `note: ${term}`);
  return oneOf(
    rng,
    `the manifest lists "${term}", which ${level} does not grant`,
    // (not 'asks for "stores credentials"': the term is what the skill does, not a thing to ask for, review 59)
    `its manifest requests "${term}", which ${level} blocks`,
  );
}

const ORIGIN: Readonly<Record<string, string>> = {
  'vendor marketplace': 'vendor publishes a changelog',
  community: 'maintained by a community contributor',
  internal: 'built and maintained by our platform team',
  'built-in': 'ships with the platform and updates with it',
};

export function skillDescription(
  rng: Rng,
  term: string | undefined,
  _v?: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  const level = rec?.permission_level;
  // a skill that acts outside the user's data is not one that "works on the current user's data only"
  const outward = term !== undefined && term in GRANTS;
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          'saves about an hour a week per user',
          'requested by the operations team',
          'logs every call to the audit trail',
          ...(outward ? [] : ['works on the current user’s data only']),
        ),
        ...(term ? [termSaid(rng, term, level)] : []),
        // (who publishes its changes follows from where it comes from: no vendor changelog for an internal skill)
        oneOf(rng, ORIGIN[String(rec?.source)] ?? '', 'pilot with five users first', 'privacy notice reviewed', ''),
      ].filter(Boolean),
    },
    'plain',
  );
}

// a run's error as the platform logs it: the step it stopped at is the one after the steps it completed (with the
// run in hand; before, no step is named)
export function errorMessage(rng: Rng, term: string | undefined, _v: unknown, rec?: Readonly<Rec>): string {
  const done = typeof rec?.steps_completed === 'number' ? rec.steps_completed : undefined;
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          done === undefined ? 'a step failed' : `step ${done + 1} failed`,
          'the connector returned an error',
          'the action step stopped the run',
          'upstream API returned an error',
        ),
        ...(term ? [oneOf(rng, `error: ${term}`, `response said ${term}`, `${term} (see raw response)`)] : []),
        oneOf(
          rng,
          done === 0 ? 'failed on the trigger step' : 'earlier steps completed',
          'no data written',
          'input record attached',
          '',
        ),
      ].filter(Boolean),
    },
    'terse',
  );
}
