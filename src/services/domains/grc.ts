import { defineTableService, type Table } from '../tables.js';

// A governance, risk and compliance tool (Safety_Compliance: security, data protection): user access
// reviews, data subject requests under privacy law, third-party risk assessments and security findings.

const SYSTEMS = ['Salesforce', 'NetSuite', 'AWS production', 'GitHub', 'Workday', 'Okta', 'Snowflake'];

export const GRC_TABLES: readonly Table[] = [
  {
    noun: ['access review', 'access reviews'],
    id: 'review_id',
    prefix: 'UAR-',
    about: "the quarterly user access review: each user's role in a system and the reviewer's decision",
    fields: {
      user_email: { kind: 'email', about: 'user whose access is reviewed' },
      system: { kind: 'enum', about: 'system', values: SYSTEMS, filter: true },
      role: { kind: 'text', about: 'role or permission set held, e.g. "System Administrator"', search: true },
      privileged: { kind: 'flag', about: 'whether the role is privileged (admin, production write)' },
      permissions: { kind: 'number', about: 'permissions the role grants', unit: 'permissions', int: true },
      last_used_on: { kind: 'date', about: 'last login or use of the role' },
      due_on: { kind: 'date', about: 'date the review must be signed off' },
      reviewer: { kind: 'email', about: 'manager or system owner who reviews', update: true },
      decision: {
        kind: 'enum',
        about: "reviewer's decision",
        values: ['pending', 'keep', 'revoke', 'reduce to least privilege', 'escalate'],
        filter: true,
        update: true,
      },
      notes: { kind: 'text', about: 'justification for the decision', search: true },
    },
  },
  {
    noun: ['data subject request', 'data subject requests'],
    id: 'dsr_id',
    prefix: 'DSR-',
    about: 'privacy requests from individuals about their personal data, with statutory deadlines',
    fields: {
      requester: { kind: 'person', about: 'person making the request' },
      request_type: {
        kind: 'enum',
        about: 'right exercised',
        values: ['access', 'erasure', 'rectification', 'portability', 'restriction', 'objection'],
        filter: true,
      },
      regulation: {
        kind: 'enum',
        about: 'law the request is made under',
        values: ['GDPR', 'UK GDPR', 'CCPA/CPRA', 'LGPD', 'PIPEDA'],
        filter: true,
      },
      received_on: { kind: 'date', about: 'date the request was received' },
      due_on: { kind: 'date', about: 'statutory response deadline (after any extension)', update: true },
      systems_searched: {
        kind: 'number',
        about: 'systems searched for the data so far',
        unit: 'systems',
        int: true,
        update: true,
      },
      identity_verified: { kind: 'flag', about: "whether the requester's identity is verified", update: true },
      handler: { kind: 'email', about: 'privacy team member handling the request', update: true },
      status: {
        kind: 'enum',
        about: 'request status',
        values: ['received', 'verifying identity', 'in progress', 'extended', 'fulfilled', 'refused'],
        filter: true,
        update: true,
      },
      notes: { kind: 'text', about: 'request wording and handling notes', search: true },
    },
  },
  {
    noun: ['vendor assessment', 'vendor assessments'],
    id: 'assessment_id',
    prefix: 'VRA-',
    about: 'third-party risk assessments of suppliers that handle company data',
    fields: {
      vendor: { kind: 'text', about: 'vendor name', search: true },
      tier: {
        kind: 'enum',
        about: 'risk tier',
        values: ['tier 1 (critical)', 'tier 2 (high)', 'tier 3 (moderate)', 'tier 4 (low)'],
        filter: true,
      },
      data_category: {
        kind: 'enum',
        about: 'most sensitive data the vendor handles',
        values: [
          'none',
          'business contact data',
          'customer personal data',
          'payment card data',
          'health data',
          'employee HR data',
        ],
        filter: true,
      },
      last_assessed_on: { kind: 'date', about: 'date of the last completed assessment' },
      next_review_on: { kind: 'date', about: 'date the next assessment is due', update: true },
      risk_score: { kind: 'number', about: 'residual risk score', unit: 'points (0-100)', int: true, update: true },
      annual_spend: { kind: 'money', about: 'annual spend with the vendor', currency: 'USD' },
      soc2_report_on_file: { kind: 'flag', about: 'whether a current SOC 2 Type II report is on file', update: true },
      owner: { kind: 'email', about: 'business owner of the vendor relationship', update: true },
      status: {
        kind: 'enum',
        about: 'assessment status',
        values: [
          'not started',
          'questionnaire sent',
          'under review',
          'approved',
          'approved with conditions',
          'rejected',
        ],
        filter: true,
        update: true,
      },
      findings: { kind: 'text', about: 'gaps found and conditions set', search: true },
    },
  },
  {
    noun: ['security finding', 'security findings'],
    id: 'finding_id',
    prefix: 'SEC-',
    about: 'vulnerabilities and control gaps from tests, scans and audits, tracked to remediation',
    fields: {
      title: { kind: 'text', about: 'finding title', search: true },
      severity: {
        kind: 'enum',
        about: 'severity',
        values: ['critical', 'high', 'medium', 'low', 'informational'],
        filter: true,
        update: true,
      },
      source: {
        kind: 'enum',
        about: 'where it was found',
        values: [
          'penetration test',
          'vulnerability scan',
          'bug bounty',
          'internal audit',
          'cloud posture scan',
          'code scanning',
        ],
        filter: true,
      },
      cvss_score: { kind: 'number', about: 'CVSS v3.1 base score', unit: 'CVSS points (0-10)' },
      found_on: { kind: 'date', about: 'date reported' },
      remediation_due: { kind: 'date', about: 'remediation deadline under the vulnerability policy', update: true },
      internet_facing: { kind: 'flag', about: 'whether the affected asset is reachable from the internet' },
      owner: { kind: 'email', about: 'engineer or team lead who owns the fix', update: true },
      status: {
        kind: 'enum',
        about: 'finding status',
        values: ['open', 'triaged', 'in remediation', 'risk accepted', 'resolved', 'false positive'],
        filter: true,
        update: true,
      },
      description: { kind: 'text', about: 'affected asset, evidence and recommended fix', search: true },
    },
  },
];

export const grc = defineTableService({
  name: 'grc',
  description:
    'Governance, risk and compliance: access reviews, data subject requests, vendor risk assessments and security findings.',
  tables: GRC_TABLES,
});
