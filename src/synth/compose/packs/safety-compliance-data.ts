// safety compliance: the curated names, spreads and note terms its record types draw from (its pack,
// safety-compliance.ts, holds the record types themselves)

export const USERS = [
  'Alex Moreau',
  'Bilal Chaudhry',
  'Carmen Vidal',
  'Dmitri Volkov',
  'Erin Walsh',
  'Femi Adebayo',
  'Greta Lund',
  'Hugo Laurent',
  'Ines Carvalho',
  'Jamal Bakr',
  'Karin Berg',
  'Liam Doyle',
  'Maya Fischer',
];

// the role held in each system: privileged, then standard
export const ROLES: Readonly<Record<string, readonly [string, string]>> = {
  Salesforce: ['System Administrator', 'Standard User'],
  NetSuite: ['Administrator', 'AP Clerk'],
  'AWS production': ['AdministratorAccess', 'ReadOnlyAccess'],
  GitHub: ['Organization owner', 'Member (write on 3 repos)'],
  Workday: ['HR Partner (all workers)', 'Employee self-service'],
  Okta: ['Super Administrator', 'Read-only Administrator'],
  Snowflake: ['ACCOUNTADMIN', 'ANALYST_READ'],
};

// the permissions each of those roles grants (administrator, standard): what a reviewer weighs a role by
export const ROLE_PERMISSIONS: Readonly<Record<string, readonly [number, number]>> = {
  Salesforce: [412, 96],
  NetSuite: [388, 41],
  'AWS production': [1260, 214],
  GitHub: [152, 23],
  Workday: [305, 18],
  Okta: [236, 74],
  Snowflake: [190, 12],
};

/** The role an access review's account holds in its system (the administrator role when privileged) and what it grants. */
export function accessRole(rec: Readonly<Record<string, unknown>>): { role: string; permissions: number } {
  const [admin, standard] = ROLES[String(rec.system)] ?? ['Administrator', 'User'];
  const [many, few] = ROLE_PERMISSIONS[String(rec.system)] ?? [200, 20];
  return { role: rec.privileged ? admin : standard, permissions: rec.privileged ? many : few };
}

export const ACCESS_TERMS = ['leaver', 'contractor', 'break-glass', 'shared account', 'role change', 'service account'];

export const REQUESTERS = [
  'Margaret Ellis',
  'Joao Pereira',
  'Sanjay Gupta',
  'Laura Schneider',
  'Patrick Byrne',
  'Yuki Tanaka',
  'Olga Ivanova',
  'Ahmed Karim',
  'Rachel Stein',
  'Lucas Martin',
  'Eva Novak',
  'Samuel Okoro',
  'Clara Jensen',
];

// the statutory response period of each law, in days
export const PERIOD: Readonly<Record<string, number>> = {
  GDPR: 30,
  'UK GDPR': 30,
  'CCPA/CPRA': 45,
  LGPD: 15,
  PIPEDA: 30,
};

export const DSR_TERMS = [
  'CCTV footage',
  'former employee',
  'marketing emails',
  'call recordings',
  'solicitor',
  'deceased',
];

export const VENDORS = [
  'Cloudline Hosting',
  'PayBridge Ltd',
  'TalentTrack HR',
  'Mailwise',
  'Brightdesk Support',
  'DataVault Backup',
  'Signet E-Signature',
  'Orbit Analytics',
  'MedLink Health Benefits',
  'Courier Express',
  'Ledgerly Accounting',
  'Nimbus Video',
  'Keystone Payroll',
];

// the suppliers that hold each kind of data (several times a task's assessments of a kind, so that no supplier is
// in every task): a payroll bureau holds HR data, a payment processor card data, a host
// or a backup service whatever its customers keep on it
export const VENDORS_FOR: Readonly<Record<string, readonly string[]>> = {
  none: [
    'Nimbus Video',
    'Orbit Analytics',
    'Greenleaf Facilities',
    'Northgate Office Supplies',
    'Brightline Print',
    'Harbour Catering',
    'Fernlea Cleaning',
    'Summit Travel Desk',
    'Quayside Couriers',
    'Ironbridge Signage',
    'Larkspur Plants',
  ],
  'business contact data': [
    'Signet E-Signature',
    'Courier Express',
    'Nimbus Video',
    'Eventide Conferences',
    'Mailwise',
    'Ledgerly Accounting',
    'Meetwell Events',
    'Pinpoint CRM',
    'Relay Telecoms',
    'Crestline Travel',
    'Tandem Translation',
    'Fieldnote Surveys',
  ],
  'customer personal data': [
    'Mailwise',
    'Brightdesk Support',
    'Orbit Analytics',
    'Cloudline Hosting',
    'DataVault Backup',
    'Callpoint Contact Centre',
    'Helpflow Chat',
    'Postbox Direct Mail',
    'Cirrus Cloud',
    'Voyant Marketing',
    'Beacon Loyalty',
    'Clearpath Identity',
  ],
  'payment card data': [
    'PayBridge Ltd',
    'Tillstream POS',
    'Cardsafe Vault',
    'Checkout Bay',
    'Coinline Payments',
    'Fairpay Gateway',
    'Vaultline Tokens',
    'Meridian Merchant Services',
  ],
  'health data': [
    'MedLink Health Benefits',
    'Wellpoint Occupational Health',
    'CareLine Nurse Service',
    'Healthmark Screening',
    'Brightmind Counselling',
    'Clinicall Telehealth',
    'Vitality Benefits',
    'Oakfield Physio',
  ],
  'employee HR data': [
    'TalentTrack HR',
    'Keystone Payroll',
    'MedLink Health Benefits',
    'Wellpoint Occupational Health',
    'Ledgerly Accounting',
    'DataVault Backup',
    'Peoplewise HR',
    'Brightside Pensions',
    'Payline Bureau',
    'Talentgate Recruitment',
    'Benefitly',
    'Checkpoint Screening',
  ],
};

export const VENDOR_TERMS = [
  'penetration test',
  'subprocessor',
  'encryption at rest',
  'MFA',
  'data residency',
  'breach notification',
];

// finding titles by severity (a dozen each, so that no finding is in every task), CVSS range, and the remediation
// window in days
export const FINDINGS: Readonly<Record<string, readonly [readonly string[], number, number, number]>> = {
  critical: [
    [
      'Remote code execution in the file upload service',
      'Exposed admin console without authentication',
      'Domain admin credentials in a public repository',
      'Unauthenticated access to the customer database backup',
      'Deserialisation flaw in the payments gateway',
      'Default credentials on the building access system',
      'Hard-coded API key in the mobile app',
      'Unpatched Exchange server exposed to the internet',
      'Authentication bypass on the partner portal',
      'Remote code execution in the build server plugin',
      'Backup server reachable with a shared root password',
      'Command injection in the network device web console',
    ],
    9,
    10,
    7,
  ],
  high: [
    [
      'SQL injection in the reporting endpoint',
      'Outdated OpenSSL on the VPN gateway',
      'Public S3 bucket with invoices',
      'Privilege escalation via the support tool',
      'Server-side request forgery in the PDF export',
      'Stale accounts with admin rights in Okta',
      'IDOR exposes other customers’ orders',
      'Unpatched Citrix gateway',
      'JWT signature not verified on the booking API',
      'Secrets in the CI pipeline logs',
      'Database port open to the internet',
      'Password reset token does not expire',
    ],
    7,
    8.9,
    30,
  ],
  medium: [
    [
      'Stored XSS in the comment field',
      'Missing rate limit on login',
      'Weak TLS ciphers on the mail relay',
      'Session tokens not rotated after login',
      'Open redirect on the sign-in page',
      'Unencrypted backups on the file server',
      'CSRF on the account settings page',
      'Weak password policy on the legacy CRM',
      'Outdated jQuery on the careers site',
      'Shared service account on the print server',
      'SMB signing disabled on file servers',
      'Excessive permissions on the analytics role',
      'Storage account allows anonymous blob listing',
    ],
    4,
    6.9,
    90,
  ],
  low: [
    [
      'Verbose error messages on the API',
      'Clickjacking on the marketing site',
      'Cookie without SameSite',
      'Directory listing on the static bucket',
      'Autocomplete on the password field',
      'Missing security headers on the status page',
      'Internal IP addresses in HTTP responses',
      'Password field allows paste of long strings',
      'Outdated TLS 1.1 on the test site',
      'Email address enumeration on sign-up',
      'Missing HSTS on the help centre',
      'Debug endpoint listed in robots.txt',
    ],
    0.1,
    3.9,
    180,
  ],
  informational: [
    [
      'Server banner discloses version',
      'Unused DNS record',
      'Security.txt missing',
      'Outdated privacy page link',
      'Internal hostnames in HTML comments',
      'Test account left in staging',
    ],
    0,
    0,
    365,
  ],
};

export const FINDING_TERMS = [
  'proof of concept',
  'WAF',
  'compensating control',
  'patch available',
  'exploited in the wild',
  'legacy host',
];

// what the handler has logged by each status: a refused request says why, a fulfilled one how it went out, one
// still open what is being waited on (never "searched so far" on a closed request)
// what a request just received waits on, by whether the requester's identity is verified yet (a verified one is
// never "identity check next")
export const DSR_INTAKE: Readonly<Record<'verified' | 'unverified', readonly string[]>> = {
  verified: ['identity confirmed from the account login, search next', 'ID checked on intake, search not started'],
  unverified: ['logged, identity check next', 'identity not yet checked'],
};

export const DSR_PROGRESS: Readonly<Record<string, readonly string[]>> = {
  received: ['acknowledgement sent', 'not yet picked up'],
  'verifying identity': [
    'ID documents requested from the requester',
    'waiting on a copy of photo ID',
    'security questions sent to the email on file',
  ],
  'in progress': ['searched CRM and billing so far', 'no third-party data found yet', 'exports requested from IT'],
  extended: [
    'extension letter sent to the requester',
    'data spread over many systems, hence the extension',
    'requester told of the extension and why',
  ],
  fulfilled: [
    'response pack sent via secure link',
    'export sent to the requester and acknowledged',
    'closed: confirmation sent to the requester',
  ],
  refused: [
    'refused as manifestly unfounded; letter sent with reasons',
    'refused: repeat of a request answered last month',
    'refusal letter sent with the right to complain to the regulator',
  ],
};

// what an assessment holds at each status: nothing returned before the questionnaire is back, gaps while it is
// reviewed, the outcome once decided (a rejected vendor has no follow-up call booked, an approved one its DPA)
export const VENDOR_STAGE: Readonly<
  Record<string, { facts: readonly string[]; about: readonly ((t: string) => string)[]; last: readonly string[] }>
> = {
  'not started': {
    facts: ['kick-off not yet scheduled', 'waiting on the business owner for scope', 'contract renewal triggers this'],
    about: [(t) => `scope to cover ${t}`, (t) => `owner mentioned ${t}`],
    last: ['', 'no questionnaire sent yet', 'last assessment on file from a year ago'],
  },
  'questionnaire sent': {
    facts: ['questionnaire sent, reminder due next week', 'vendor asked for an extension', 'portal link shared'],
    about: [(t) => `asked for ${t} details`, (t) => `questionnaire asks about ${t}`],
    last: ['', 'follow-up call booked'],
  },
  'under review': {
    facts: ['questionnaire returned complete', 'gaps against our baseline being written up', 'answers returned'],
    about: [(t) => `gap on ${t}`, (t) => `${t} confirmed in the call`, (t) => `asked for ${t} details`],
    last: ['', 'follow-up call booked', 'insurance certificate on file'],
  },
  approved: {
    facts: ['questionnaire returned complete', 'contract includes audit rights', 'no material gaps'],
    about: [(t) => `${t} confirmed in the call`, (t) => `${t} evidence reviewed`],
    last: ['DPA signed', 'insurance certificate on file', ''],
  },
  'approved with conditions': {
    facts: ['business owner accepts the residual risk', 'contract includes audit rights', 'gaps against our baseline'],
    about: [(t) => `condition: ${t} evidence within 90 days`, (t) => `gap on ${t}, to close by the next review`],
    last: ['DPA signed', ''],
  },
  rejected: {
    facts: ['failed our baseline on several controls', 'vendor would not accept audit rights', 'no DPA offered'],
    about: [(t) => `gap on ${t}`, (t) => `${t} not evidenced`],
    last: ['business owner told to find an alternative', ''],
  },
};
