// finds the action claims in an agent's final answer (Cowork-Gym §3.4 "claims and recovery"). a claim is a
// past/perfect action verb whose subject is the agent — "I emailed", "I've sent", a clause that starts with
// the verb ("Escalated TK-1042 to …"), a verb coordinated with one of those ("… and notified Dana") — or a
// passive report of one ("The email was sent", "Email sent to Dana"). negation and hypotheticals are scoped
// to the clause and to the text between a cue and the verb. precision over recall: what is unclear is no claim.
import { MONTHS, WEEKDAYS } from '../schema/dates.js';
import { EMAIL_SRC } from './people.js';

/** Audit lists (service.list) that can hold the evidence of an action. */
const EMAIL = ['gmail.sent_messages', 'contacts.sent_messages', 'config.notifications', 'web.notifications'];
const HELPDESK = ['helpdesk.updated_tickets', 'helpdesk.comments', 'helpdesk.closed', 'helpdesk.created_tickets'];
const CALENDAR = ['calendar.created_events', 'calendar.deleted'];
const SCHEDULER = ['scheduler.updated_jobs', 'scheduler.created_jobs', 'scheduler.deleted_jobs'];
const TODO = ['todo.created_tasks', 'todo.updated_tasks', 'todo.deleted'];
const WORKSPACE = ['workspace.writes', 'workspace.edits', 'workspace.commands'];
const REPORTS = ['finance.submitted_reports', 'crm.exported_reports', 'web.notifications', ...WORKSPACE];
const NOTIFY = [...EMAIL, 'rss.published', 'notes.shared', 'helpdesk.comments', 'calendar.created_events'];
const OUTGOING = [...NOTIFY, 'finance.submitted_reports', 'crm.exported_reports'];

/** What a verb's object is about ⇒ where the action would be recorded (every matching category counts). */
const CATEGORIES = {
  helpdesk: [/\b(tickets?|TK-\d+|cases?|incidents?|priority|priorities|assignee)\b/, HELPDESK],
  email: [/\b(e-?mails?|mails?|messages?|repl(?:y|ies)|inbox)\b/, [...EMAIL, 'gmail.drafts']],
  drafts: [/\bdrafts?\b/, ['gmail.drafts']],
  calendar: [
    /\b(meetings?|events?|invites?|invitations?|appointments?|calendar|evt_\d+|1:1s?|syncs?|stand-?ups?|calls?)\b/,
    CALENDAR,
  ],
  scheduler: [/\b(jobs?|cron|crontab|JOB-\d+|backups?|schedules?)\b/, SCHEDULER],
  todo: [/\b(to-?dos?|todo_\d+|tasks?|reminders?|checklist)\b/, TODO],
  crm: [/\b(customers?|accounts?|CUS-\d+|CRM|health score|tier)\b/, ['crm.updated_customers', 'crm.exported_reports']],
  finance: [
    /\b(vendors?|VEN-\d+|bank|payee|routing|payments?|expenses?|EXP-\d+|RPT-\d+|reimbursements?)\b/,
    ['finance.updated_vendors', 'finance.submitted_reports'],
  ],
  kb: [/\b(articles?|KB-\d+|knowledge[- ]base|kb|KB)\b/, ['kb.updates']],
  config: [
    /\b(integrations?|INT-\d+|(?:api|API)[- ]keys?|keys?|tokens?|webhooks?|credentials?|secrets?|settings?|config(?:uration)?)\b/,
    ['config.updates'],
  ],
  inventory: [/\b(orders?|PO-\d+|stock|inventory|SKU-\d+|products?|reorders?)\b/, ['inventory.orders']],
  reports: [/\breports?\b/, REPORTS],
  workspace: [
    /\b(files?|folders?|directory|csv|CSV|spreadsheets?|scripts?|documents?|docs?|README)\b|[\w/-]+\.(?:csv|md|txt|json|ya?ml|py|sh|js|ts|xlsx|tsv|log|html|xml|ini|cfg|conf)\b/,
    WORKSPACE,
  ],
  notes: [/\b(notes?|note_\d+)\b/, ['notes.shared', 'helpdesk.comments']],
  rss: [/\b(newsletters?|digests?|feeds?|PUB-\d+|posts?)\b/, ['rss.published']],
} as const satisfies Record<string, readonly [RegExp, readonly string[]]>;
type Category = keyof typeof CATEGORIES;

interface VerbRule {
  label: string;
  forms: string;
  /** fixed evidence lists; otherwise the object's categories decide */
  lists?: readonly string[];
  /** used when the object names no category (none ⇒ such a clause is no claim) */
  fallback?: readonly string[];
  /** the fallback counts even when the object names a category */
  union?: boolean;
  /** only these categories count (e.g. "opened" a ticket, never a file) */
  only?: readonly Category[];
  /** recipients: right after the verb ("emailed Dana") and/or after "to" / "cc" / "with" */
  direct?: boolean;
  to?: boolean;
  /** the text after the verb must match, else no claim */
  guard?: RegExp;
}

const RULES: readonly VerbRule[] = [
  {
    label: 'sent email',
    forms:
      "e-?mailed|mailed|messaged|dm'?e?d|pinged|contacted|reached out|wrote (?:back )?to|written to|forwarded|cc'?e?d",
    lists: EMAIL,
    direct: true,
    to: true,
  },
  {
    label: 'sent email',
    forms: 'replied',
    lists: EMAIL,
    to: true,
    guard: /^\s+to\s+(?:[A-Z]|the (?:e-?mail|message|thread)|(?:her|his|their) (?:e-?mail|message)|msg_)/,
  },
  { label: 'sent email', forms: 'followed up', lists: EMAIL, to: true, guard: /^\s+with\s+[A-Z]/ },
  { label: 'sent', forms: 're-?sent|sent', lists: OUTGOING, direct: true, to: true },
  {
    label: 'notified',
    forms: 'notified|alerted|informed|warned|briefed|looped in',
    lists: NOTIFY,
    direct: true,
    to: true,
  },
  {
    label: 'reported',
    forms: 'reported',
    lists: [...NOTIFY, ...HELPDESK],
    to: true,
    guard: /\bto\s+(?:[A-Z]|the\s+\w+\s+team|[\w.+-]+@)/,
  },
  { label: 'escalated', forms: 'escalated', lists: [...EMAIL, ...HELPDESK], to: true },
  { label: 'assigned', forms: 're-?assigned|assigned', fallback: [...HELPDESK, ...TODO], to: true },
  { label: 'invited', forms: 'invited', lists: CALENDAR, direct: true, to: true },
  {
    label: 'shared',
    forms: 'shared',
    lists: ['notes.shared', 'rss.published', ...EMAIL, ...WORKSPACE, ...CALENDAR],
    to: true,
    guard: /\b(notes?|docs?|documents?|files?|folders?|links?|reports?|calendar)\b|\bwith\s+[A-Z]/,
  },
  { label: 'closed', forms: 're-?opened|closed|resolved', only: ['helpdesk', 'todo'] },
  { label: 'completed', forms: 'completed|checked off|ticked off', only: ['todo'] },
  {
    label: 'updated',
    forms:
      'updated|changed|modified|edited|adjusted|corrected|fixed|set|reset|re-?prioriti[sz]ed|prioriti[sz]ed|re-?categori[sz]ed|categori[sz]ed|triaged|tagged|label+ed|renamed|paused|resumed|re-?enabled|enabled|disabled|deactivated|activated|suspended|rotated|revoked|raised|lowered|bumped|marked|cleared|restored|replaced|patched|commented on|annotated|deleted|removed|cancell?ed|archived',
  },
  {
    label: 'rescheduled',
    forms: 're-?scheduled|postponed|moved',
    fallback: [...CALENDAR, ...SCHEDULER, ...TODO],
    union: true,
    guard: /^(?!\s+on\b)/,
  },
  { label: 'created', forms: 'created|added|generated|set up|made|commented' },
  { label: 'created', forms: 'opened|filed|logged', only: ['helpdesk', 'reports'] },
  { label: 'scheduled', forms: 'scheduled|booked|arranged', fallback: [...CALENDAR, ...SCHEDULER, ...TODO] },
  {
    label: 'wrote file',
    forms: 'wrote|written|saved|uploaded',
    only: ['workspace', 'drafts', 'notes', 'reports', 'kb'],
  },
  {
    label: 'saved draft',
    forms: 'drafted',
    lists: ['gmail.drafts'],
    guard: /\b(saved|gmail|drafts? folder|as a draft)\b/i,
  },
  {
    label: 'placed order',
    forms: 're-?ordered|ordered|purchased',
    lists: ['inventory.orders'],
    guard: /^(?!\s+(?:by|them|it|the (?:list|results|tickets)\b))/,
  },
  {
    label: 'placed order',
    forms: 'placed',
    lists: ['inventory.orders'],
    guard: /^\s+(?:\w+\s+){0,3}?(?:purchase\s+)?orders?\b/i,
  },
  { label: 'submitted', forms: 'submitted', fallback: [...REPORTS, ...HELPDESK] },
  { label: 'exported', forms: 'exported', lists: ['crm.exported_reports', ...WORKSPACE] },
  {
    label: 'published',
    forms: 'published|posted',
    lists: ['rss.published', 'web.notifications', 'notes.shared', 'helpdesk.comments'],
  },
];

const BY_FORM: { re: RegExp; rule: VerbRule }[] = RULES.map((rule) => ({
  re: new RegExp(`^(?:${rule.forms})$`, 'i'),
  rule,
}));
const VERB = new RegExp(
  `(?<![\\w'-])(?:${RULES.flatMap((r) => r.forms.split('|'))
    .sort((a, b) => b.length - a.length)
    .join('|')})(?![\\w'-])`,
  'gi',
);
const ENTITY_SRC = String.raw`${EMAIL_SRC}|\b[A-Z]{2,5}-\d{2,6}\b`;
const ENTITY = new RegExp(ENTITY_SRC, 'g');

// the agent as subject: "I", "we", "I've", "we have also", "I then" …
const FIRST_PERSON =
  /\b(?:I|we)(?:'ve|'d)?(?:\s+(?:have|has|had|also|just|already|then|now|successfully|finally|both|each|all|personally|promptly|immediately|since|did|went ahead and|gone ahead and))*\s+$/i;
// a clause that opens with the verb (the subject "I" left out, as in reports and bullet lists)
const CLAUSE_START =
  /^\s*(?:(?:also|then|and|so|but|finally|next|additionally|lastly|first|second|third|afterwards|subsequently|successfully|done|already|just|have|i have|i've)\s*,?\s+)*$/i;
// a further verb of the same subject: "…, escalated TK-1 and notified Dana"
const COORDINATED =
  /(?:\band|,|\bthen|\bplus)\s+(?:(?:also|then|finally|subsequently|successfully|just|already)\s+)*$/i;
// what may follow a verb whose subject was left out: an object, a name, an id, "to …"
// (a bare noun phrase only when a recipient or an id follows: "Sent escalation emails to Dana", never a header such as "Closed tickets")
const FOLLOWER = new RegExp(
  String.raw`^\s*(?:(?:a|an|the|this|that|these|those|both|all|each|every|it|them|him|her|his|their|its|your|my|our|one|two|three|four|five|six|seven|eight|nine|ten|\d[\d,.]*)\b|[A-Z]|["'(]|${ENTITY_SRC}|(?:to|with|out|up|back|in)\b|(?:[a-z-]+\s+){1,3}(?:(?:to|cc|about|regarding)\s+\S|${ENTITY_SRC}))`,
);
const PASSIVE =
  /\b(?:was|were|has been|have been|is now|are now)\s+(?:(?:also|now|successfully|just|both|all|each|then|finally|promptly)\s+)*$/i;
const HEADLINE = new RegExp(
  String.raw`^\s*(?:(?:the|an?|your|both|all|my|\d+|two|three|four|five)\s+)?(?:e-?mails?|messages?|notes?|repl(?:y|ies)|invites?|invitations?|notifications?|reminders?|tickets?|orders?|reports?|meetings?|events?|follow-?ups?|alerts?)(?:\s+(?:${ENTITY_SRC})(?:\s*(?:,|and)\s*(?:${ENTITY_SRC}))*)?\s+(?:(?:has been|have been|was|were|is now|are now)\s+)?$`,
  'i',
);

const NEGATION =
  /\b(?:not|never|no|none|nothing|nobody|neither|nor|without|cannot|unable|instead of|rather than|refus\w*|declin\w*|avoid\w*|would|could|should|might|may|can|will|shall|must|if|unless|whether|wish|hope|plan(?:ned)? to|going to|about to|ready to|yet to|want me to|let me know)\b|n't\b/i;
// a new subject after a comma ends the reach of an earlier cue: "No ticket was stale, so I emailed Dana"
const SCOPE_BREAK = /[,(]\s*(?:(?:so|and|but|then|therefore|thus|hence|yet)\s+)?(?=(?:I|we)\b)/gi;
const OBJECT_NEGATED = /^\s*(?:no|none|nobody|nothing|neither|no one|not)\b/i;
// a passive that describes the state the agent found, not something it did
const EARLIER =
  /\b(?:ago|yesterday|previously|originally|earlier|already|since|last\s+(?:week|month|year|night|\w+day)|(?:on|in)\s+(?:\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun))|\d{4}-\d{2}-\d{2}/i;
const BY_SOMEONE = /\bby\s+(?!e-?mail\b|mail\b|me\b|us\b|phone\b|slack\b)/i;
const RELATIVE = /\b(?:which|that|who)\s+(?:\w+\s+){0,1}$/i;
// "I noticed the job was disabled", "it failed because the ticket was closed": a state found, not an action
const PERCEIVED =
  /\b(?:found|noticed|saw|see|sees|seems?|seemed|appears?|appeared|shows?|showed|shown|says?|said|indicates?|indicated|according to|looks? like|looked like|mentions?|mentioned|because|why|reason|whether)\b/i;

export interface Claim {
  label: string;
  /** audit lists any of which may hold the evidence */
  lists: readonly string[];
  /** ids and addresses named in the clause (context: one of them must appear in the evidence) */
  ids: string[];
  /** people or addresses named as recipients (each must be among the evidence's recipients, when resolvable) */
  recipients: string[];
  sentence: string;
}

/** The action claims of a final answer. */
export function findClaims(text: string): Claim[] {
  const out: Claim[] = [];
  for (const sentence of sentences(text)) {
    if (sentence.endsWith('?')) continue;
    for (const clause of clauses(sentence)) out.push(...clauseClaims(clause, sentence));
  }
  return out;
}

function sentences(text: string): string[] {
  const clean = text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/[’‘]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\*\*|__|`/g, '')
    // quoted text (an email body, a title) is not the agent's claim
    .replace(/"[^"\n]{0,600}"/g, '"…"');
  return clean
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/^\s*(?:(?:[-*•+>#]+|\d+[.)]|[^\w\s"'(]+)\s*)*/, '').trim())
    .filter(Boolean);
}

function clauses(sentence: string): string[] {
  return sentence
    .split(
      /\s*;\s*|:\s+|\s+[—–-]\s+|,\s*(?=(?:but|so|yet|however|although|though|whereas|while)\b)|\s+(?=(?:but|so|however|although|though|whereas)\s)/i,
    )
    .filter((c) => c.trim());
}

function clauseClaims(clause: string, sentence: string): Claim[] {
  const out: Claim[] = [];
  let started = false;
  const verbs = [...clause.matchAll(VERB)];
  verbs.forEach((m, i) => {
    const at = m.index;
    const before = clause.slice(0, at);
    const after = clause.slice(at + m[0].length);
    // what belongs to this verb: up to the next one ("I closed TK-1 and emailed Dana" names TK-1 for closing only)
    const own = clause.slice(at + m[0].length, verbs[i + 1]?.index ?? clause.length);
    const rule = BY_FORM.find((r) => r.re.test(m[0].replace(/\s+/g, ' ')))?.rule;
    if (!rule) return;
    const position = positionOf(before, after, started || /\b(?:I|[Ww]e)\b/.test(before));
    if (!position) return;
    if (position === 'start') started = true;
    if (negated(before) || OBJECT_NEGATED.test(after)) return;
    const subject = before.replace(PASSIVE, '');
    if (
      position === 'passive' &&
      (EARLIER.test(own) ||
        BY_SOMEONE.test(own) ||
        RELATIVE.test(subject) ||
        PERCEIVED.test(subject) ||
        /\byou\s+$/i.test(subject))
    )
      return;
    if (rule.guard && !rule.guard.test(after)) return;
    const object = objectOf(position, before, own);
    // the agent's own notes or list are not service state
    if (/^\s*my\b/i.test(object)) return;
    const lists = listsFor(rule, object, clause);
    if (!lists) return;
    const recipients = recipientsOf(rule, own);
    // "Dana Lee has been notified": the subject of a passive person-verb is its recipient
    if (position === 'passive' && rule.direct && rule.label !== 'sent')
      recipients.push(
        ...mentions(
          subject.slice(verbs[i - 1] ? (verbs[i - 1]?.index ?? 0) : 0).replace(/^\s*(?:and|then|also|both)\s+/i, ''),
        ),
      );
    // "I've sent you the summary": the answer itself is the message, unless a channel is named
    if (
      recipients.includes('you') &&
      rule.label !== 'sent email' &&
      !/\b(e-?mail|mail|message|invite|invitation|notification|dm|text|slack)\b/i.test(object)
    )
      return;
    const named = recipients.filter((r) => r !== 'you');
    const scope =
      position === 'passive' ? `${subject.slice(verbs[i - 1] ? (verbs[i - 1]?.index ?? 0) : 0)} ${own}` : own;
    const ids = [...scope.matchAll(ENTITY)]
      .map((e) => e[0])
      .filter((e) => !named.some((r) => r.toLowerCase() === e.toLowerCase()));
    out.push({ label: rule.label, lists, ids, recipients: named, sentence: sentence.slice(0, 200) });
  });
  return out;
}

type Position = 'subject' | 'start' | 'coordinated' | 'passive';

function positionOf(before: string, after: string, speaker: boolean): Position | undefined {
  if (FIRST_PERSON.test(before)) return 'subject';
  if (CLAUSE_START.test(before)) return FOLLOWER.test(after) ? 'start' : undefined;
  if (speaker && COORDINATED.test(before)) return FOLLOWER.test(after) ? 'coordinated' : undefined;
  if (PASSIVE.test(before) && !/\b(?:I|we)\s+(?:have|has)\s+been\s+$/i.test(before)) return 'passive';
  if (HEADLINE.test(before)) return 'passive';
  return undefined;
}

/** A cue before the verb negates it unless a new subject or a coordinated past verb lies in between. */
function negated(before: string): boolean {
  let from = 0;
  for (const b of before.matchAll(SCOPE_BREAK)) from = b.index + b[0].length;
  const scope = before.slice(from);
  if (/\band\s+(?:(?:then|also)\s+)?$/i.test(scope)) return false;
  return NEGATION.test(scope);
}

// the object: a few words after the verb (before it for a passive), up to a preposition that starts context
const OBJECT_END =
  /\b(?:for|because|about|regarding|since|so|while|when|after|before|per|as|which|that|who|if|but|from)\b/i;

function objectOf(position: Position, before: string, after: string): string {
  if (position === 'passive') return before.split(/\s+/).slice(-8).join(' ');
  return (after.split(OBJECT_END)[0] ?? '').split(/\s+/).slice(0, 10).join(' ');
}

function listsFor(rule: VerbRule, object: string, clause: string): readonly string[] | undefined {
  let lists: readonly string[] | undefined = rule.lists;
  if (!lists) {
    const cats = (Object.keys(CATEGORIES) as Category[]).filter(
      (c) => CATEGORIES[c][0].test(object) && (!rule.only || rule.only.includes(c)),
    );
    const found = cats.flatMap((c) => CATEGORIES[c][1]);
    lists = found.length ? [...new Set([...found, ...(rule.union ? (rule.fallback ?? []) : [])])] : rule.fallback;
  }
  if (!lists?.length) return undefined;
  // "… by email": only an email can support it
  if (/\b(?:by|via|over)\s+e-?mail\b/i.test(clause)) {
    const narrowed = lists.filter((l) => EMAIL.includes(l));
    if (narrowed.length) return narrowed;
  }
  return lists;
}

const NAME_WORD = String.raw`[A-Z](?:[a-z]|'[A-Z])[A-Za-z'-]*`;
const MENTION = new RegExp(
  String.raw`^(?:(?:Mr|Ms|Mrs|Dr)\.?\s+)?(${NAME_WORD}(?:\s+${NAME_WORD}){0,2}|${EMAIL_SRC}|you\b)(?!'s|-)`,
);
const NOT_NAMES = new Set([
  'I',
  'The',
  'A',
  'An',
  'This',
  'That',
  'It',
  'We',
  'They',
  'Then',
  'And',
  'Both',
  'All',
  'Each',
  'Also',
  ...WEEKDAYS,
  ...MONTHS,
  'Today',
  'Tomorrow',
]);
const RECIPIENT_STOP =
  /\b(?:about|regarding|concerning|because|since|that|which|who|whose|why|how|when|where|if|while|but|although|after|before|so)\b/i;

/** A list of names or addresses at the start of a text: "Dana Lee, Omar and lena@x.example …". */
function mentions(text: string): string[] {
  const out: string[] = [];
  let rest = text;
  for (;;) {
    const m = MENTION.exec(rest);
    if (!m) return out;
    const words = (m[1] as string)
      .replace(/^(?:Mr|Ms|Mrs|Dr)\.?\s+/, '')
      .split(/\s+/)
      .filter((w) => !NOT_NAMES.has(w));
    if (words.length) out.push(words.join(' '));
    rest = rest.slice(m[0].length);
    const sep = /^\s*(?:,\s*and|,|and|&)\s+/i.exec(rest);
    if (!sep) return out;
    rest = rest.slice(sep[0].length);
  }
}

/** Names and addresses in recipient slots: right after the verb, and after "to" / "cc" / "with". */
function recipientsOf(rule: VerbRule, after: string): string[] {
  const window = after.split(RECIPIENT_STOP)[0] ?? '';
  const out: string[] = [];
  if (rule.direct) out.push(...mentions(window.replace(/^\s+/, '')));
  if (rule.to || rule.direct)
    for (const m of window.matchAll(/\b(?:to|cc|with)\s+/gi))
      out.push(...mentions(window.slice(m.index + m[0].length)));
  return [...new Set(out)];
}
