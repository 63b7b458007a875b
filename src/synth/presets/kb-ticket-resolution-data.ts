// kb_ticket_resolution's scenario data: each symptom with its ticket, look-alike ticket, procedure and
// look-alike article, and the SLA response times customers draw from.

export interface Fix {
  title: string;
  tags: string[];
  /** when the procedure applies */
  when: string;
  /** the technical step before the ticket update */
  step: string;
  category: string;
  team: string;
  tag: string;
}

/** One symptom: the ticket and its look-alike, the procedure and the look-alike article. */
export interface Case {
  symptom: string;
  search: string;
  ticket: [title: string, description: string];
  decoy: [title: string, description: string];
  fix: Fix;
  decoyFix: Fix;
}

export const CASES: readonly Case[] = [
  {
    symptom: 'browsers show certificate warnings on their production portal',
    search: 'SSL certificate expired production',
    ticket: [
      'SSL certificate expired on the production portal',
      'Browsers show NET::ERR_CERT_DATE_INVALID on the production portal since this morning.',
    ],
    decoy: ['Certificate warning on the staging portal', 'The staging portal shows a self-signed certificate warning.'],
    fix: {
      title: 'SSL/TLS certificate expiry runbook',
      tags: ['ssl', 'tls', 'certificate', 'expiry'],
      when: 'a production certificate has expired',
      step: 'Renew the certificate through cert-manager',
      category: 'ssl-certificate',
      team: 'infra-team',
      tag: 'cert-renewal',
    },
    decoyFix: {
      title: 'Staging certificate warnings',
      tags: ['ssl', 'certificate', 'staging'],
      when: 'a staging environment shows a certificate warning',
      step: 'Confirm the self-signed staging certificate is expected',
      category: 'staging',
      team: 'qa-team',
      tag: 'staging-cert',
    },
  },
  {
    symptom: 'an API key leaked into a public repository and their API calls now fail with 401 errors',
    search: 'API key leaked rotation 401',
    ticket: [
      'API authentication failures after key leak',
      'A production API key was posted in a public repo; calls now fail intermittently with 401.',
    ],
    decoy: ['API rate-limit errors on bulk import', 'Bulk imports fail with HTTP 429 after a few thousand rows.'],
    fix: {
      title: 'API key rotation procedure',
      tags: ['api', 'keys', 'rotation', 'security'],
      when: 'an API key is leaked or compromised',
      step: 'Revoke the compromised key and issue a new one over the secure portal',
      category: 'security-incident',
      team: 'security-oncall',
      tag: 'key-rotation',
    },
    decoyFix: {
      title: 'Handling API rate limits',
      tags: ['api', 'rate-limit', '429'],
      when: 'a customer hits API rate limits',
      step: 'Check the plan quota and suggest batching',
      category: 'api-limits',
      team: 'platform-team',
      tag: 'rate-limit',
    },
  },
  {
    symptom: 'payment webhooks fail with signature errors and orders stay unpaid',
    search: 'payment webhook signature failures',
    ticket: [
      'Payment webhooks failing with signature errors',
      'Every payment webhook since yesterday is rejected with "invalid signature"; orders stay unpaid.',
    ],
    decoy: ['Shipping webhooks arrive late', 'Shipping status webhooks arrive up to an hour late.'],
    fix: {
      title: 'Payment webhook signature failures',
      tags: ['payments', 'webhook', 'signature'],
      when: 'payment webhooks are rejected with signature errors',
      step: 'Re-sync the webhook signing secret with the payment provider',
      category: 'payments',
      team: 'payments-oncall',
      tag: 'webhook-secret',
    },
    decoyFix: {
      title: 'Delayed webhook deliveries',
      tags: ['webhook', 'delay', 'shipping'],
      when: 'webhook deliveries are delayed but succeed',
      step: 'Check the delivery queue backlog',
      category: 'integrations',
      team: 'integrations-team',
      tag: 'webhook-delay',
    },
  },
  {
    symptom: 'nobody can sign in through single sign-on since their identity provider rolled its certificate',
    search: 'SSO login certificate rollover identity provider',
    ticket: [
      'SSO logins fail after IdP certificate rollover',
      'All SSO sign-ins fail with "signature validation failed" since the identity provider rotated its certificate.',
    ],
    decoy: ['Question about MFA enrolment for new staff', 'How do new employees enrol their second factor?'],
    fix: {
      title: 'SSO certificate rollover procedure',
      tags: ['sso', 'saml', 'certificate', 'login'],
      when: "SSO logins fail after the customer's identity provider changes its signing certificate",
      step: "Import the new IdP signing certificate into the customer's SSO settings",
      category: 'authentication',
      team: 'identity-team',
      tag: 'idp-rollover',
    },
    decoyFix: {
      title: 'MFA enrolment guide',
      tags: ['mfa', 'login', 'enrolment'],
      when: 'a customer asks how to enrol users in MFA',
      step: 'Send the enrolment guide',
      category: 'accounts',
      team: 'service-desk',
      tag: 'mfa',
    },
  },
  {
    symptom: 'the nightly data export no longer arrives in their storage bucket',
    search: 'nightly export failed storage bucket',
    ticket: [
      'Nightly export to storage bucket not delivered',
      'The scheduled nightly export has not reached the storage bucket for two nights.',
    ],
    decoy: [
      'Manual CSV export is missing a column',
      'The manual CSV export from the reports page lacks the region column.',
    ],
    fix: {
      title: 'Failed scheduled exports',
      tags: ['export', 'scheduled', 'bucket'],
      when: 'a scheduled export does not reach its destination',
      step: 'Re-queue the failed export runs from the pipeline console',
      category: 'data-pipeline',
      team: 'data-platform',
      tag: 'export-replay',
    },
    decoyFix: {
      title: 'CSV export column mapping',
      tags: ['export', 'csv', 'columns'],
      when: 'a manual CSV export lacks columns',
      step: 'Check the column mapping of the report',
      category: 'reporting',
      team: 'reporting-team',
      tag: 'csv-mapping',
    },
  },
  {
    symptom: 'notification emails from the platform bounce for their users',
    search: 'notification emails bouncing DMARC',
    ticket: [
      'Outbound notification emails bouncing',
      'Password-reset and alert emails bounce with "DMARC policy rejection".',
    ],
    decoy: ['Newsletter unsubscribe link broken', 'The unsubscribe link in the monthly newsletter returns a 404.'],
    fix: {
      title: 'Bounced notification emails (SPF/DKIM/DMARC)',
      tags: ['email', 'bounce', 'dmarc', 'notifications'],
      when: 'platform notification emails bounce',
      step: 'Verify the SPF and DKIM records of the sending domain',
      category: 'email-delivery',
      team: 'messaging-team',
      tag: 'dmarc',
    },
    decoyFix: {
      title: 'Newsletter preference centre issues',
      tags: ['email', 'newsletter', 'unsubscribe'],
      when: 'newsletter links or preferences fail',
      step: 'Check the preference-centre links',
      category: 'marketing',
      team: 'marketing-ops',
      tag: 'unsubscribe',
    },
  },
];

export const SLA_HOURS = [4, 8, 24] as const;

export const TAGS = ['customer-report'];
