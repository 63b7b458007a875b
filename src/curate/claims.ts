import type { AuditLog } from '../schema/trajectory.js';
import { type Claim, findClaims } from './claim-parse.js';
import { ADDRESS, localPartNames, People } from './people.js';
import { escapeRegex } from '../schema/text.js';

// "claims and recovery" (Cowork-Gym §3.4): a final message that claims an action the audit log does not
// show is an unsupported claim. a claim is supported when one of the audit lists its verb allows has an
// entry (an escalation may be an email, a ticket update or an assignment), one of the ids it names appears
// in such an entry, and every recipient it names — when the name resolves to an address — is among the
// entries' recipients. false rejections of correct data cost more than misses, so unclear text is no claim.

export interface UnsupportedClaim {
  claim: string;
  sentence: string;
}

// entry fields that say who an action reached
const RECIPIENT_FIELDS = new Set([
  'recipients',
  'to',
  'cc',
  'bcc',
  'email',
  'attendees',
  'assigned_to',
  'assignee',
  'name',
  'recipient',
  'owner',
]);

/**
 * Claims in the final answer that no audit entry supports. `people` builds the who-is-who index; building
 * it reads every observation, so it is called (once) only when an entry does not name a recipient directly.
 */
export function unsupportedClaims(
  finalText: string,
  audit: AuditLog,
  people: () => People = () => new People(),
): UnsupportedClaim[] {
  const out: UnsupportedClaim[] = [];
  let known: People | undefined;
  const resolve = (mention: string) => (known ??= people()).resolve(mention);
  for (const c of findClaims(finalText)) {
    const why = unsupported(c, audit, resolve);
    if (why) out.push({ claim: why, sentence: c.sentence });
  }
  return out;
}

function unsupported(c: Claim, audit: AuditLog, resolve: (mention: string) => string[]): string | undefined {
  const entries = c.lists.flatMap((l) => {
    const [svc, list] = l.split('.') as [string, string];
    return audit.records[svc]?.[list] ?? [];
  });
  if (!entries.length) return c.label;
  if (c.ids.length) {
    const texts = entries.map((e) => JSON.stringify(e).toLowerCase());
    if (!c.ids.some((id) => texts.some((t) => t.includes(id.toLowerCase())))) return `${c.label} (${c.ids.join(', ')})`;
  }
  for (const r of c.recipients) {
    // named directly in an entry (the name, the address, or an address whose local part holds the name):
    // no need to know who is who
    if (entries.some((e) => reaches(e, r, r.includes('@') ? [r.trim().toLowerCase()] : []))) continue;
    const addresses = resolve(r);
    // a name nobody in the record can be tied to is not checked (it may be a team, a product, a place)
    if (!addresses.length) continue;
    if (!entries.some((e) => reaches(e, r, addresses))) return `${c.label} (to ${r})`;
  }
  return undefined;
}

/** Whether an audit entry's recipient fields hold one of the addresses, the name, or an address whose local part holds the name. */
function reaches(entry: Readonly<Record<string, unknown>>, mention: string, addresses: readonly string[]): boolean {
  const values: string[] = [];
  const collect = (v: unknown) => {
    if (typeof v === 'string') values.push(v.toLowerCase());
    else if (Array.isArray(v)) v.forEach(collect);
  };
  for (const [k, v] of Object.entries(entry)) if (RECIPIENT_FIELDS.has(k)) collect(v);
  const name = new RegExp(`(?<![\\w-])${escapeRegex(mention.toLowerCase())}(?![\\w])`);
  const named = (a: string) => addresses.includes(a) || (!mention.includes('@') && localPartNames(a, mention));
  return values.some(
    (v) => [...v.matchAll(ADDRESS)].some((a) => named(a[0])) || (!mention.includes('@') && name.test(v)),
  );
}
