import type { Rng } from '../../../env/rng.js';
import { grc } from '../../../services/domains/grc.js';
import { oneOf, writePlan } from '../../kit/content.js';
import { shuffle } from '../../kit/ids.js';
import { daysFrom } from '../../rules/fields.js';
import type { World } from '../parts.js';
import { colleague, fresh } from '../sources/kit.js';
import { addDays, nth, onDay, packAction, packSource } from './table-source.js';
import { type Exposure, FINDING_ASSETS, FINDING_SITES, FINDING_SOURCES, foundBy } from './finding-assets.js';
import {
  ACCESS_TERMS,
  DSR_INTAKE,
  DSR_PROGRESS,
  DSR_TERMS,
  FINDINGS,
  FINDING_TERMS,
  PERIOD,
  REQUESTERS,
  accessRole,
  USERS,
  VENDORS,
  VENDORS_FOR,
  VENDOR_STAGE,
  VENDOR_TERMS,
} from './safety-compliance-data.js';
import { accessNote, setIdle } from './access-notes.js';

// Safety_Compliance: the quarterly user access review, data subject requests under privacy law with their
// statutory clocks, third-party risk assessments of suppliers, and security findings tracked to remediation.
// Roles, vendors and findings are what a GRC analyst, a privacy officer or a security engineer would see.

const userEmail = (w: World, name: string) =>
  `${name.toLowerCase().replace(/ /g, '.')}@${w.me.email.split('@')[1] ?? 'company.example'}`;

export const accessReviews = packSource({
  name: 'access_reviews',
  system: grc,
  table: 'access_reviews',
  fixed: ['system'],
  domains: ['Safety_Compliance'],
  capabilities: ['Security_Awareness', 'Logic_Reasoning'],
  fields: {
    system: { label: 'system', weights: [3, 2, 3, 2, 1, 2, 2] },
    privileged: { label: 'access level', yes: 'for a privileged account', no: 'for a standard account', p: 0.35 },
    last_used_on: { label: 'last use', from: -180, to: 0, verb: 'last used', subject: 'account' },
    due_on: { label: 'sign-off date', from: -10, to: 20, verb: 'due for sign-off', past: 'due for sign-off' },
    decision: { label: 'decision', weights: [6, 3, 1, 1, 1] },
    notes: { label: 'justification', terms: ACCESS_TERMS, write: accessNote, ofRecord: true },
  },
  make: (w, id, i) => ({
    review_id: id,
    user_email: userEmail(w, nth(w, USERS, i)),
    reviewer: colleague(w, i).email,
  }),
  // (the idle days before the note is written about them)
  settle: (rec, w) => setIdle(rec, Math.max(0, -daysFrom(w.today, rec.last_used_on))),
  derive: (rec) => accessRole(rec),
  follows: (rec) => accessRole(rec),
  title: (rec) => `${rec.review_id} (${rec.user_email} in ${rec.system})`,
  nameField: { field: 'user_email', label: 'user account' },
  owner: { field: 'reviewer', role: 'reviewer' },
  textField: 'notes',
});

function dsrNote(rng: Rng, term: string | undefined, _v: unknown, rec?: Readonly<Record<string, unknown>>): string {
  const intake = rec?.status === 'received' ? DSR_INTAKE[rec.identity_verified ? 'verified' : 'unverified'] : [];
  const progress = [...(DSR_PROGRESS[String(rec?.status)] ?? ['acknowledgement sent']), ...intake];
  return writePlan(
    rng,
    {
      facts: [
        oneOf(rng, 'received via the privacy web form', 'request forwarded by customer support', 'came in by post'),
        ...(term
          ? [oneOf(rng, `request covers ${term}`, `mentions ${term}`, `${term} involved — ask legal`, `note: ${term}`)]
          : []),
        rng.pick(progress),
        oneOf(rng, 'legal copied', 'requester prefers email', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

export const dataSubjectRequests = packSource({
  name: 'data_subject_requests',
  system: grc,
  table: 'data_subject_requests',
  fixed: ['request_type', 'regulation'],
  noun: ['data subject request', 'data subject requests'],
  domains: ['Safety_Compliance'],
  capabilities: ['Security_Awareness'],
  measure: { field: 'systems_searched', label: 'number of systems searched', unit: 'systems', additive: false },
  fields: {
    request_type: { label: 'right exercised', weights: [5, 4, 2, 1, 1, 1] },
    regulation: { label: 'law', weights: [4, 3, 2, 1, 1] },
    due_on: { label: 'response deadline', from: -10, to: 30, verb: 'due', past: 'due' },
    identity_verified: {
      label: 'identity check',
      yes: 'with identity verified',
      no: 'with identity not yet verified',
      p: 0.65,
    },
    status: { label: 'status', weights: [2, 2, 5, 1, 2, 1] },
    notes: { label: 'handling notes', terms: DSR_TERMS, write: dsrNote, ofRecord: true },
  },
  // work on a request starts once the requester's identity is verified, and one verified is past verifying
  agree: (rec, w) => {
    const verified = rec.identity_verified === true;
    const status = String(rec.status);
    if (verified && status === 'verifying identity')
      return [...shuffle(w.rng, ['in progress', 'received']).map((s) => ({ status: s })), { identity_verified: false }];
    if (!verified && ['in progress', 'extended', 'fulfilled'].includes(status))
      return [
        { identity_verified: true },
        ...shuffle(w.rng, ['verifying identity', 'received']).map((s) => ({ status: s })),
      ];
    return [];
  },
  make: (w, id, i) => ({
    dsr_id: id,
    requester: nth(w, REQUESTERS, i),
    systems_searched: w.rng.int(0, 9),
    handler: colleague(w, i).email,
  }),
  // received one statutory period (two when extended) before the deadline, and never after today; the search
  // starts once the requester is verified, so a request still at intake has searched no system
  derive: (rec, w) => {
    const period = (PERIOD[String(rec.regulation)] ?? 30) * (rec.status === 'extended' ? 2 : 1);
    const received = addDays(rec.due_on, -period);
    const intake = ['received', 'verifying identity'].includes(String(rec.status));
    return {
      received_on: daysFrom(w.today, received) > 0 ? onDay(w, 0) : received,
      systems_searched: intake ? 0 : Math.max(1, Number(rec.systems_searched)),
    };
  },
  title: (rec) => `${rec.dsr_id} (${rec.requester}, ${rec.request_type} under ${rec.regulation})`,
  nameField: { field: 'requester', label: 'requester' },
  owner: { field: 'handler', role: 'privacy handler' },
  textField: 'notes',
});

function vendorFindings(
  rng: Rng,
  term: string | undefined,
  _v: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  const stage = VENDOR_STAGE[String(rec?.status)] ?? (VENDOR_STAGE['under review'] as (typeof VENDOR_STAGE)[string]);
  const gaps = ['under review', 'approved with conditions', 'rejected'].includes(String(rec?.status));
  return writePlan(
    rng,
    {
      facts: [
        rng.pick(stage.facts).replace('gaps against our baseline', `${rng.int(1, 6)} gaps against our baseline`),
        ...(term ? [rng.pick(stage.about)(term)] : []),
        ...(gaps && rng.chance(0.3) ? [`${rng.int(1, 6)} findings logged`] : []),
        rng.pick(stage.last),
      ].filter(Boolean),
    },
    'terse',
  );
}

// the risk score band of each tier
const RISK: Readonly<Record<string, readonly [number, number]>> = {
  'tier 1 (critical)': [70, 95],
  'tier 2 (high)': [50, 79],
  'tier 3 (moderate)': [25, 59],
  'tier 4 (low)': [5, 34],
};

// the tiers a vendor holding each kind of data may sit in (data not listed: any tier)
const TIERS_FOR: Readonly<Record<string, readonly string[]>> = {
  'payment card data': ['tier 1 (critical)', 'tier 2 (high)'],
  'health data': ['tier 1 (critical)', 'tier 2 (high)'],
  'customer personal data': ['tier 1 (critical)', 'tier 2 (high)', 'tier 3 (moderate)'],
  'employee HR data': ['tier 1 (critical)', 'tier 2 (high)', 'tier 3 (moderate)'],
};

export const vendorAssessments = packSource({
  name: 'vendor_assessments',
  system: grc,
  table: 'vendor_assessments',
  noun: ['vendor assessment', 'vendor assessments'],
  domains: ['Safety_Compliance'],
  capabilities: ['Security_Awareness', 'Data_Analysis'],
  measure: { field: 'annual_spend', label: 'annual spend', unit: 'USD' },
  fields: {
    tier: { label: 'risk tier', weights: [1, 2, 3, 2] },
    data_category: { label: 'data handled', weights: [1, 3, 3, 1, 1, 2] },
    next_review_on: { label: 'next review date', from: -30, to: 90, verb: 'due for review', past: 'due for review' },
    soc2_report_on_file: {
      label: 'SOC 2 report',
      yes: 'with a current SOC 2 report on file',
      no: 'without a current SOC 2 report',
      p: 0.55,
    },
    status: { label: 'assessment status', weights: [1, 2, 2, 4, 2, 1] },
    findings: { label: 'findings', terms: VENDOR_TERMS, write: vendorFindings, ofRecord: true },
  },
  // a vendor's tier is set by the most sensitive data it holds: card or health data make it tier 1 or 2, other
  // personal data at most tier 3; with no or only contact data any tier fits (a critical host may hold none)
  agree: (rec, w) => {
    const allowed = TIERS_FOR[String(rec.data_category)];
    if (!allowed || allowed.includes(String(rec.tier))) return [];
    const data = Object.keys(TIERS_FOR).filter((d) => TIERS_FOR[d]?.includes(String(rec.tier)) ?? true);
    return [
      ...shuffle(w.rng, [...allowed]).map((tier) => ({ tier })),
      ...shuffle(w.rng, ['none', 'business contact data', ...data]).map((data_category) => ({ data_category })),
    ];
  },
  make: (w, id, i) => ({
    assessment_id: id,
    vendor: nth(w, VENDORS, i),
    annual_spend: w.rng.int(4, 600) * 500,
    owner: colleague(w, i).email,
  }),
  // reviewed yearly; the risk score is in the band of the vendor's tier (a critical vendor scores high)
  derive: (rec, w, i) => {
    const [lo, hi] = RISK[String(rec.tier)] ?? [10, 90];
    // (a supplier that holds the data it is assessed for: no payroll bureau holding no data)
    return {
      last_assessed_on: addDays(rec.next_review_on, -365),
      risk_score: w.rng.int(lo, hi),
      vendor: fresh(w, 'vendor', VENDORS_FOR[String(rec.data_category)] ?? VENDORS, i),
    };
  },
  title: (rec) => `${rec.assessment_id} (${rec.vendor}, ${rec.tier})`,
  nameField: { field: 'vendor', label: 'vendor' },
  owner: { field: 'owner', role: 'business owner' },
  textField: 'findings',
});

// the asset a finding's title is on ("… – staging": that instance of it), where the title is known
function assetOf(title: unknown): string | undefined {
  const [base, instance] = String(title ?? '').split(' – ');
  const asset = FINDING_ASSETS[base ?? '']?.[0];
  return asset && (instance ? `${asset} (${instance})` : asset);
}

function findingDescription(
  rng: Rng,
  term: string | undefined,
  _v: unknown,
  rec?: Readonly<Record<string, unknown>>,
): string {
  // (the asset it affects is the one its title names: said only once the title is drawn for the record)
  const asset = assetOf(rec?.title);
  return writePlan(
    rng,
    {
      facts: [
        oneOf(
          rng,
          ...(asset ? [`affects ${asset}`] : []),
          'evidence in the report appendix',
          'reproduced by the security team',
          'fix is a configuration change',
        ),
        ...(term
          ? [oneOf(rng, `${term} noted`, `tester mentions ${term}`, `${term} — see ticket`, `per vendor: ${term}`)]
          : []),
        oneOf(rng, 'retest after the fix', 'owner agreed the deadline', 'tracked in the risk register', ''),
      ].filter(Boolean),
    },
    'terse',
  );
}

/** Whether an asset sitting as `exposure` may carry the finding's exposure flag. */
const exposed = (exposure: Exposure | undefined, internetFacing: unknown): boolean =>
  exposure === undefined || exposure === 'either' || (exposure === 'internet') === (internetFacing === true);

export const securityFindings = packSource({
  name: 'security_findings',
  system: grc,
  table: 'security_findings',
  fixed: ['source'],
  domains: ['Safety_Compliance'],
  capabilities: ['Security_Awareness', 'Logic_Reasoning'],
  fields: {
    severity: { label: 'severity', weights: [1, 3, 4, 3, 1] },
    source: { label: 'source', weights: [3, 4, 1, 1, 2, 2] },
    remediation_due: {
      label: 'remediation deadline',
      from: -20,
      to: 40,
      verb: 'due for remediation',
      past: 'due for remediation',
    },
    internet_facing: {
      label: 'exposure',
      yes: 'on internet-facing assets',
      no: 'on internal assets',
      p: 0.4,
      stake: { yes: 'are the ones anyone on the internet can reach first' },
    },
    status: { label: 'status', weights: [3, 3, 3, 1, 1, 1] },
    description: { label: 'description', terms: FINDING_TERMS, write: findingDescription, ofRecord: true },
  },
  make: (w, id, i) => ({ finding_id: id, owner: colleague(w, i).email }),
  // the title is a finding of its final severity on an asset that sits where its exposure flag says, drawn before
  // the description that names the asset (a rule may have set either)
  settle: (rec, w) => {
    const all = FINDINGS[String(rec.severity)]?.[0] ?? ['Finding'];
    const sits = all.filter((t) => exposed(FINDING_ASSETS[t]?.[1], rec.internet_facing));
    // (and one its source finds: no CSRF from a cloud posture scan)
    const found = sits.filter((t) => foundBy(rec.source, t));
    const fit = found.length ? found : sits;
    rec.title = fresh(
      w,
      'finding title',
      fit.length ? fit : all,
      0,
      // a second finding of the same kind is told apart by where it was found, as a scanner's report does
      (t, n) => `${t} – ${FINDING_SITES[(n - 1) % FINDING_SITES.length]}`,
    );
  },
  // a finding is due for remediation within its severity's window of being found, so never further ahead than
  // that window (no critical with a month to fix it)
  agree: (rec, w) => {
    const ahead = daysFrom(w.today, rec.remediation_due);
    const window = FINDINGS[String(rec.severity)]?.[3] ?? 365;
    // and found by a source that finds some finding of its severity and exposure (settle draws the title from those):
    // a cloud posture scan reports no password-field autocomplete
    if (ahead <= window) {
      const sits = (FINDINGS[String(rec.severity)]?.[0] ?? []).filter((t) =>
        exposed(FINDING_ASSETS[t]?.[1], rec.internet_facing),
      );
      if (!sits.length || sits.some((t) => foundBy(rec.source, t))) return [];
      // (else, where the rule pins the source, a severity of which it finds something here)
      const finds = (severity: string) =>
        (FINDINGS[severity]?.[0] ?? []).some(
          (t) => exposed(FINDING_ASSETS[t]?.[1], rec.internet_facing) && foundBy(rec.source, t),
        );
      return [
        ...shuffle(
          w.rng,
          FINDING_SOURCES.filter((x) => sits.some((t) => foundBy(x, t))),
        ).map((source) => ({ source })),
        ...shuffle(w.rng, Object.keys(FINDINGS).filter(finds)).map((severity) => ({ severity })),
      ];
    }
    const milder = Object.entries(FINDINGS).filter(([, f]) => f[3] >= ahead);
    return [
      { remediation_due: onDay(w, w.rng.int(Math.max(0, window - 5), window)) },
      ...shuffle(w.rng, milder).map(([severity]) => ({ severity })),
    ];
  },
  derive: (rec, w) => {
    const [, lo, hi, window] = FINDINGS[String(rec.severity)] ?? [['Finding'], 0, 0, 90];
    const found = addDays(rec.remediation_due, -window);
    return {
      cvss_score: Math.round((lo + w.rng.next() * (hi - lo)) * 10) / 10,
      found_on: daysFrom(w.today, found) > 0 ? onDay(w, 0) : found,
    };
  },
  title: (rec) => `${rec.finding_id} (${rec.severity}: ${rec.title})`,
  nameField: { field: 'title', label: 'finding title' },
  owner: { field: 'owner', role: 'fix owner' },
  textField: 'description',
});

export const actions = [
  packAction(accessReviews, grc, {
    name: 'revoke_access',
    lean: { last_used_on: 'stale', privileged: true },
    sections: ['Revocation', 'Access removal'],
    from: ['pending'],
    field: 'decision',
    value: 'revoke',
    phrases: ['record "revoke" as the decision on each of those reviews', 'set the decision on each of them to revoke'],
    capabilities: ['Tool_Calling', 'Security_Awareness'],
  }),
  packAction(vendorAssessments, grc, {
    name: 'send_questionnaire',
    lean: { next_review_on: 'ahead', soc2_report_on_file: false },
    sections: ['Questionnaire', 'Due diligence'],
    from: ['not started'],
    field: 'status',
    value: 'questionnaire sent',
    phrases: ['set each of those assessments to "questionnaire sent"', 'mark each of them as questionnaire sent'],
  }),
  packAction(securityFindings, grc, {
    name: 'triage_finding',
    lean: { internet_facing: true },
    sections: ['Triage', 'Finding triage'],
    from: ['open'],
    field: 'status',
    value: 'triaged',
    phrases: ['mark each of those findings as triaged', 'set each of those findings to triaged'],
    capabilities: ['Tool_Calling', 'Security_Awareness'],
  }),
];
