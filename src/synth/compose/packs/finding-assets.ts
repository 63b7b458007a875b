/** Where an asset sits: reachable from the internet, only inside the network, or either (a login page may be both). */
export type Exposure = 'internet' | 'internal' | 'either';
// the asset each finding is on (what its "affects" line names) and where such an asset sits, so that a finding's
// exposure flag and its description agree with its title: no "Outdated OpenSSL on the VPN gateway" that affects the
// staff intranet, no print server marked internet-facing
export const FINDING_ASSETS: Readonly<Record<string, readonly [asset: string, exposure: Exposure]>> = {
  'Remote code execution in the file upload service': ['the file upload service', 'either'],
  'Exposed admin console without authentication': ['the admin console', 'internet'],
  'Domain admin credentials in a public repository': ['the Windows domain', 'internal'],
  'Unauthenticated access to the customer database backup': ['the customer database backup', 'either'],
  'Deserialisation flaw in the payments gateway': ['the payments gateway', 'internet'],
  'Default credentials on the building access system': ['the building access system', 'internal'],
  'Hard-coded API key in the mobile app': ['the mobile app', 'internet'],
  'Unpatched Exchange server exposed to the internet': ['the Exchange server', 'internet'],
  'Authentication bypass on the partner portal': ['the partner portal', 'internet'],
  'Remote code execution in the build server plugin': ['the build server', 'internal'],
  'Backup server reachable with a shared root password': ['the backup server', 'internal'],
  'Command injection in the network device web console': ['the network device web console', 'internal'],
  'SQL injection in the reporting endpoint': ['the reporting endpoint', 'either'],
  'Outdated OpenSSL on the VPN gateway': ['vpn-edge-1, the VPN gateway', 'internet'],
  'Public S3 bucket with invoices': ['the invoices S3 bucket', 'internet'],
  'Privilege escalation via the support tool': ['the support tool', 'internal'],
  'Server-side request forgery in the PDF export': ['the PDF export service', 'either'],
  'Stale accounts with admin rights in Okta': ['the Okta tenant', 'either'],
  'IDOR exposes other customers’ orders': ['the customer orders page', 'internet'],
  'Unpatched Citrix gateway': ['the Citrix gateway', 'internet'],
  'JWT signature not verified on the booking API': ['the booking API', 'internet'],
  'Secrets in the CI pipeline logs': ['the CI pipeline', 'internal'],
  'Database port open to the internet': ['the database server', 'internet'],
  'Password reset token does not expire': ['the password reset flow', 'either'],
  'Stored XSS in the comment field': ['the comment field of the customer portal', 'internet'],
  'Missing rate limit on login': ['the login service', 'either'],
  'Weak TLS ciphers on the mail relay': ['the mail relay', 'either'],
  'Session tokens not rotated after login': ['the login service', 'either'],
  'Open redirect on the sign-in page': ['the sign-in page', 'internet'],
  'Unencrypted backups on the file server': ['the file server', 'internal'],
  'CSRF on the account settings page': ['the account settings page', 'either'],
  'Weak password policy on the legacy CRM': ['the legacy CRM', 'internal'],
  'Outdated jQuery on the careers site': ['the careers site', 'internet'],
  'Storage account allows anonymous blob listing': ['the marketing storage account', 'internet'],
  'Shared service account on the print server': ['the print server', 'internal'],
  'SMB signing disabled on file servers': ['the file servers', 'internal'],
  'Excessive permissions on the analytics role': ['the analytics role in the data warehouse', 'internal'],
  'Verbose error messages on the API': ['the public API', 'internet'],
  'Clickjacking on the marketing site': ['the marketing site', 'internet'],
  'Cookie without SameSite': ['the session cookie of the customer portal', 'internet'],
  'Directory listing on the static bucket': ['the static bucket', 'internet'],
  'Autocomplete on the password field': ['the password field of the sign-in form', 'either'],
  'Missing security headers on the status page': ['the status page', 'internet'],
  'Internal IP addresses in HTTP responses': ['the HTTP load balancer', 'internet'],
  'Password field allows paste of long strings': ['the password field of the sign-in form', 'either'],
  'Outdated TLS 1.1 on the test site': ['the test site', 'internet'],
  'Email address enumeration on sign-up': ['the sign-up page', 'internet'],
  'Missing HSTS on the help centre': ['the help centre', 'internet'],
  'Debug endpoint listed in robots.txt': ['the debug endpoint on the public website', 'internet'],
  'Server banner discloses version': ['the web server', 'either'],
  'Unused DNS record': ['the public DNS zone', 'internet'],
  'Security.txt missing': ['the public website', 'internet'],
  'Outdated privacy page link': ['the privacy page of the public website', 'internet'],
  'Internal hostnames in HTML comments': ['the HTML of the public website', 'internet'],
  'Test account left in staging': ['the staging environment', 'internal'],
};

// the findings each source turns up, by title: a cloud posture scan reads cloud configuration (a public bucket, an
// open database port), not a CSRF on a web page; code scanning reads code, an internal audit accounts and
// practice; a penetration test may find anything. A source not listed finds anything too
const FOUND_BY: Readonly<Record<string, RegExp>> = {
  'vulnerability scan':
    /unpatched|outdated|tls|openssl|port open|default credentials|admin console|smb signing|banner|security headers|hsts|directory listing|debug endpoint|clickjacking|verbose error|internal ip|network device/i,
  'bug bounty':
    /injection|xss|idor|csrf|redirect|bypass|request forgery|rate limit|reset token|jwt|s3 bucket|admin console|clickjacking|enumeration|file upload|deserialisation|hard-coded api key|debug endpoint|directory listing|cookie|verbose error|security\.txt|session tokens/i,
  'internal audit':
    /stale accounts|shared service account|password policy|excessive permissions|test account|unencrypted backups|default credentials|domain admin credentials|backup server|unused dns|privacy page|secrets in the ci/i,
  'cloud posture scan':
    /s3 bucket|static bucket|storage account|database port open|database backup|excessive permissions|okta|unencrypted backups|unused dns/i,
  'code scanning':
    /injection|xss|idor|csrf|deserialisation|hard-coded|jwt|secrets in the ci|open redirect|jquery|request forgery|session tokens|reset token|rate limit|remote code execution|privilege escalation|verbose error|autocomplete|paste of long|hostnames in html|samesite|public repository/i,
};

/** Where a finding may come from (the grc service's source values): a penetration test may find anything. */
export const FINDING_SOURCES: readonly string[] = ['penetration test', ...Object.keys(FOUND_BY)];

/** Whether a finding with this title could come from this source. */
export const foundBy = (source: unknown, title: string): boolean => FOUND_BY[String(source)]?.test(title) ?? true;

/** The environments and sites a repeated finding is reported on (never "second instance": no report says that). */
export const FINDING_SITES: readonly string[] = [
  'staging',
  'EU region',
  'DR site',
  'UAT',
  'US region',
  'pre-production',
  'Leeds office',
  'Frankfurt site',
];
