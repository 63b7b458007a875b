import type { ScenarioDomain } from '../../../schema/taxonomy.js';

// the incidents a helpdesk ticket is about, per category: its title and what the reporter saw (no term a rule
// looks for: a description mentions one only when the record is drawn to). One incident per ticket, so its
// title, category and description never tell three different stories.

export interface Incident {
  title: string;
  /** what the reporter saw, as they would put it (a sentence without the final stop) */
  seen: readonly string[];
}

type Category = 'access' | 'billing' | 'hardware' | 'network' | 'software';

const OFFICE: Readonly<Record<Category, readonly Incident[]>> = {
  access: [
    {
      title: 'Distribution list missing new hires',
      seen: [
        'the three people who started this month get none of the team mails',
        'new starters are not on the all-staff list',
      ],
    },
    {
      title: 'Team calendar not shared with contractors',
      seen: [
        'the contractors see "no permission" when they open the team calendar',
        'contractors cannot see our shared calendar',
      ],
    },
    {
      title: 'Locked out after the password change',
      seen: [
        'the account locks again a few minutes after each unlock',
        'sign-in fails since the forced password change',
      ],
    },
    {
      title: 'Cannot open the shared finance drive',
      seen: [
        'the finance drive says "access denied" for the whole accounts team',
        'the shared finance folder asks for a permission nobody has',
      ],
    },
    {
      title: 'New starter has no account yet',
      seen: [
        'a new starter began on Monday and still cannot sign in anywhere',
        'HR sent the form but no account was set up',
      ],
    },
  ],
  billing: [
    {
      title: 'Expense form rejects receipts',
      seen: ['the expense form refuses any receipt photo over 2 MB', 'receipts upload but the claim will not submit'],
    },
    {
      title: 'Licence renewal charged twice',
      seen: [
        'the desk booking licence was charged twice on the company card',
        'two identical charges for the same renewal this month',
      ],
    },
    {
      title: 'Purchase order stuck in approval',
      seen: [
        'a purchase order has sat with "awaiting approval" for nine days',
        'the approver approved it but the order still shows pending',
      ],
    },
    {
      title: 'Software subscription billed to the wrong cost centre',
      seen: [
        'the headset bundle subscription lands on the Sales cost centre, not ours',
        'the monthly charge goes to a cost centre we closed',
      ],
    },
  ],
  hardware: [
    {
      title: 'Conference room display offline',
      seen: [
        'the big screen in room 4 shows "no signal" from every laptop',
        'nobody can present in the boardroom, the display stays black',
      ],
    },
    {
      title: 'Onboarding laptop not delivered',
      seen: [
        'the laptop for a starter on Monday has not arrived',
        'the courier says delivered, but the new starter has no laptop',
      ],
    },
    {
      title: 'Printer queue stuck on floor 3',
      seen: [
        'jobs sit in the floor 3 printer queue and never print',
        'the floor 3 printer shows a paper jam that is not there',
      ],
    },
    {
      title: 'Laptop dock not charging',
      seen: [
        'the dock powers the screens but the laptop battery keeps draining',
        'laptops on the hot desks stop charging when docked',
      ],
    },
    {
      title: 'Headset microphone cuts out',
      seen: [
        'the headset microphone drops out mid-call',
        'callers say they hear only every other word through the headset',
      ],
    },
  ],
  network: [
    {
      title: 'Remote desktop drops every hour',
      seen: [
        'home workers are thrown off the remote desktop about once an hour',
        'the remote session disconnects on the hour and asks for a new sign-in',
      ],
    },
    {
      title: 'Wi-Fi weak in the east wing',
      seen: [
        'laptops in the east wing keep losing the wireless signal',
        'video calls from the east wing freeze every few minutes',
      ],
    },
    {
      title: 'Guest Wi-Fi login page not loading',
      seen: [
        'visitors get a blank page instead of the guest login',
        'the guest network connects but the sign-in page never opens',
      ],
    },
    {
      title: 'Shared drive slow from the Leeds office',
      seen: [
        'opening a file on the shared drive takes a minute from Leeds',
        'saving to the shared drive times out for the Leeds team',
      ],
    },
  ],
  software: [
    {
      title: 'Shared mailbox not syncing',
      seen: [
        'mails in the shared mailbox show on the web but not in the desktop app',
        'the shared mailbox stopped updating at 9 this morning',
      ],
    },
    {
      title: 'Calendar invites arriving twice',
      seen: [
        'every meeting invite lands in the calendar twice',
        'people get two copies of each invite and decline one by mistake',
      ],
    },
    {
      title: 'Room booking panel shows wrong times',
      seen: ['the panel outside room 2 is an hour off', 'the booking panels still list the meetings from yesterday'],
    },
    {
      title: 'Spreadsheet macros disabled after update',
      seen: [
        'the budget workbook opens with every macro switched off',
        'macros in the shared workbooks stopped running after the update',
      ],
    },
    {
      title: 'Scanner emails going to spam',
      seen: ['scans sent from the copier land in the junk folder', 'scan-to-email messages never reach the inbox'],
    },
  ],
};

const ENGINEERING: Readonly<Record<Category, readonly Incident[]>> = {
  access: [
    {
      title: 'Cannot push to the release branch',
      seen: [
        'pushes to the release branch are rejected with "permission denied"',
        'the release branch protection blocks the release engineers',
      ],
    },
    {
      title: 'Service account token expired',
      seen: [
        'the deploy job fails with "token expired" for the service account',
        'the nightly export stopped when its service token ran out',
      ],
    },
    {
      title: 'New engineer has no repository access',
      seen: [
        'an engineer who joined on Monday cannot clone any repository',
        'the new starter is missing from the engineering group',
      ],
    },
  ],
  billing: [
    {
      title: 'CI minutes overage on the monthly bill',
      seen: ['the CI bill is three times what it was last month', 'the CI provider charged for 40,000 extra minutes'],
    },
    {
      title: 'Error tracking plan charged at the old rate',
      seen: [
        'the error tracking plan is still billed at the pre-discount rate',
        'the renewal charge ignores the agreed discount',
      ],
    },
    {
      title: 'Observability seats billed twice',
      seen: ['each observability seat appears twice on the bill', 'the seat count on the bill is double our headcount'],
    },
  ],
  hardware: [
    {
      title: 'Build agent disk full on rack 2',
      seen: [
        'the build agents on rack 2 stop with "no space left on device"',
        'builds on rack 2 fail while writing artifacts',
      ],
    },
    {
      title: 'Test device lab phone will not boot',
      seen: [
        'two phones in the device lab are stuck on the boot logo',
        'the mobile tests skip the devices that no longer start',
      ],
    },
    {
      title: 'On-prem runner overheating',
      seen: [
        'the on-prem runner throttles after ten minutes of load',
        'the fan alarm on the runner goes off during long builds',
      ],
    },
  ],
  network: [
    {
      title: 'API returns 502 under load',
      seen: [
        'the public API answers 502 once traffic passes a few hundred requests a second',
        'load tests see bursts of 502s from the gateway',
      ],
    },
    {
      title: 'Log shipping lags by hours',
      seen: ['logs reach the search cluster three hours late', 'the log pipeline falls behind every afternoon'],
    },
    {
      title: 'Certificate renewal failed',
      seen: [
        'the certificate for the staging domain did not renew overnight',
        'browsers warn about an expired certificate on the status page',
      ],
    },
    {
      title: 'DNS lookups time out from the build agents',
      seen: [
        'package downloads on the build agents fail on DNS',
        'name lookups from the agents time out every few minutes',
      ],
    },
  ],
  software: [
    {
      title: 'Build pipeline times out',
      seen: [
        'the main pipeline hits its 60-minute limit on the test stage',
        'pipelines time out while the integration tests run',
      ],
    },
    {
      title: 'Staging deploy rolls back',
      seen: [
        'every staging deploy rolls back at the health check',
        'staging returns to the previous version a minute after each deploy',
      ],
    },
    {
      title: 'Nightly tests flaky on ARM',
      seen: [
        'the nightly run fails on the ARM runners but passes on x86',
        'a different test fails each night on the ARM runners',
      ],
    },
    {
      title: 'Feature flag service returns stale values',
      seen: [
        'a flag switched off an hour ago is still on for some users',
        'flag changes take up to an hour to reach the apps',
      ],
    },
  ],
};

/** The incidents a ticket of `category` may be about, in the task's domain. */
export function incidentsOf(domain: ScenarioDomain, category: string): readonly Incident[] {
  const bank = domain === 'Software_Engineering' ? ENGINEERING : OFFICE;
  return bank[category as Category] ?? bank.software;
}

/** The incident behind a ticket title ("… – Finance" names where a second ticket came from). */
export function incidentTitled(title: unknown): Incident | undefined {
  const base = String(title ?? '').split(' – ')[0];
  for (const bank of [OFFICE, ENGINEERING])
    for (const list of Object.values(bank)) for (const x of list) if (x.title === base) return x;
  return undefined;
}
