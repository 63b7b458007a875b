import type { NearMiss } from './near-miss.js';
import { OFFICE_NEAR_MISSES } from './near-misses-office-data.js';

// the near misses of industry, finance, engineering, data and media (near-misses-data.ts)
export const MORE_NEAR_MISSES: Readonly<Record<string, readonly NearMiss[]>> = {
  work_orders: [
    [
      '{Day} the line stood idle for two hours because a work order was released without its materials, and {who} had to reshuffle the shift',
      'Hold',
      'Expediting',
    ],
    ['A work order was built twice {day} because it still showed as open after it was finished', 'Late order review'],
    [
      '{Day} a customer rang {who} about a work order two weeks past its promised date that nobody had flagged',
      'Late order review',
      'Expediting',
    ],
  ],
  nonconformances: [
    [
      '{Day} a customer sent back a batch for a defect we had raised an NCR on months ago and never closed',
      'Corrective action',
      'Ageing review',
    ],
    [
      'An NCR sat open from {day} with no containment, and {who} found suspect parts already in finished stock',
      'Corrective action',
      'Ageing review',
    ],
    ['{Day} {who} found we had paid a supplier in full for parts we had raised an NCR against', 'Supplier claim'],
  ],
  aircraft_inspections: [
    [
      '{Day} an aircraft was nearly released with an inspection overdue, and {who} caught it at the tech log check',
      'Planning',
      'Heavy check',
    ],
    [
      'An inspection card went missing from the work pack {day}, and {who} kept the aircraft on the ground for an extra hour',
      'AOG priority',
      'Planning',
    ],
  ],
  field_plots: [
    [
      '{Day} a plot was sprayed twice because its record still showed it untreated, and {who} had to report it',
      'Spraying',
      'Pre-spray watering',
    ],
    [
      '{Day} a plot dried out during a hot spell because its soil probe had been reading wet for a week, and {who} lost a row of seedlings',
      'Irrigation',
      'Failsafe watering',
      'Probe maintenance',
      'Irrigation fault',
    ],
  ],
  positions: [
    [
      '{Day} a position drifted past its limit for two days before {who} saw it on the risk report',
      'Concentration check',
      'Watch list',
    ],
    [
      'The investment committee asked {who} {day} about a position nobody had reviewed since it was opened',
      'Thesis review',
      'Watch list',
    ],
    [
      '{Day} {who} found we still held a name that had gone on the restricted list, and compliance wanted to know why',
      'Restricted list',
    ],
  ],
  trades: [
    [
      '{Day} a trade went through in a name on the restricted list, and {who} had to file a breach report',
      'Compliance flag',
    ],
    ['A trade failed to settle {day} and nobody noticed until the custodian rang {who}', 'Settlement chase'],
    [
      '{Day} a short sale went through without a locate, and {who} had to buy the stock back the same afternoon',
      'Locate check',
    ],
  ],
  fx_exposures: [
    ['{Day} a hedge expired and the exposure sat open for two days before {who} saw it', 'Hedge roll', 'Hedging'],
    [
      'An FX exposure was booked in the wrong currency {day}, and {who} only found it at the month-end revaluation',
      'Limit review',
      'Hedging',
    ],
  ],
  research_notes: [
    [
      '{Day} a research note went out to clients without compliance sign-off, and {who} had to recall it',
      'Compliance review',
      'Withdrawal',
    ],
    [
      'A client asked {who} {day} about a research note that still quoted an old price target',
      'Rating change',
      'Withdrawal',
    ],
  ],
  pull_requests: [
    [
      '{Day} a pull request was merged without review and broke the build for the afternoon until {who} reverted it',
      'Changes requested',
      'Reviewer assignment',
    ],
    [
      'A pull request waited for review from {day} until its branch was too far behind to merge',
      'Reviewer assignment',
      'Stale branches',
    ],
  ],
  deployments: [
    [
      '{Day} a deployment went out without a change record, and {who} had to explain it to the change board',
      'Change record',
    ],
    [
      'A deployment {day} shipped a config meant for staging, and {who} rolled it back after an hour',
      'Rollback review',
      'Canary check',
    ],
  ],
  incidents: [
    [
      '{Day} an incident was closed without a postmortem, and the same fault was back two days later',
      'Postmortem',
      'Trend review',
    ],
    ['An incident sat with no commander for forty minutes {day} because {who} had gone off shift', 'Postmortem'],
    [
      '{Day} customers heard about an outage from social media before they heard from us, and {who} spent the day answering complaints',
      'Customer comms',
    ],
  ],
  migrations: [
    [
      '{Day} a schema migration ran on production before anyone had tried it on staging, and {who} spent the evening restoring a table',
      'Approval',
      'DBA review',
    ],
    ['A migration was nearly applied twice {day} because its status was never updated', 'Scheduling', 'DBA review'],
  ],
  datasets: [
    [
      '{Day} a report went out built on a dataset that had not been refreshed in a month, and {who} had to reissue it',
      'Freshness fix',
      'Deprecation',
    ],
    [
      'A dataset with customer emails in it turned up in the shared area {day}, and {who} had to lock it down',
      'Privacy review',
    ],
  ],
  dashboards: [
    [
      '{Day} the leadership team read a figure off a dashboard that had stopped refreshing, and {who} had to correct it in the meeting',
      'Certification',
      'Archiving',
      'Delivery review',
    ],
    [
      "A dashboard was still showing last quarter's targets {day}, and {who} was asked why sales looked so good",
      'Certification',
      'Archiving',
    ],
  ],
  metric_alerts: [
    [
      '{Day} a metric alert fired all night and nobody looked, because everyone assumed {who} had it',
      'Out-of-hours review',
      'Investigation',
      'Threshold tuning',
    ],
    [
      'A real drop in sign-ups {day} went unnoticed because its alert had been muted weeks before',
      'Threshold tuning',
      'Investigation',
    ],
  ],
  experiments: [
    [
      '{Day} {who} found an A/B test still running a month after it had been called, with half our users on the losing version',
      'Planned stop',
      'Pause',
      'Futility stop',
      'Readout',
    ],
    [
      'We nearly shipped a change {day} on the result of an A/B test that had never reached its sample size',
      'Ship decision',
      'Readout',
      'Planned stop',
    ],
  ],
  stories: [
    [
      '{Day} a story went live with an unchecked quote, and {who} had to run a correction the next morning',
      'Legal read',
      'Subbing slot',
    ],
    ['A story missed its slot {day} because nobody had cleared the pictures', 'Picture commissioning'],
  ],
  social_posts: [
    [
      '{Day} a social post went out with the wrong date for the event, and {who} had to take it down and apologise',
      'Pre-publication check',
    ],
    ['A scheduled social post ran {day} for a campaign that had been cancelled', 'Pre-publication check'],
    [
      '{Day} we found we had paid to boost a post for three weeks after it stopped getting any clicks, and {who} had to explain the bill',
      'Boost stop',
      'Performance review',
    ],
  ],
  media_assets: [
    [
      '{Day} we ran a picture whose licence had run out, and the agency sent {who} an invoice for it',
      'Licence renewal',
      'Takedown',
    ],
    ['An image went out {day} with no credit line, and the photographer complained to {who}', 'Release check'],
  ],
  episodes: [
    ['{Day} an episode went out with a segment we had agreed to cut, and {who} had to take it down', 'Release prep'],
    ['An episode nearly aired {day} with its music not cleared; {who} caught it in the final check', 'Release prep'],
    [
      '{Day} an episode with strong language went out without its explicit tag, and a listener complained to {who}',
      'Explicit tagging',
    ],
    [
      '{Day} an episode went out with an ad slot nobody had sold, and {who} had to fill it with a house ad at the last minute',
      'Ad slot sales',
    ],
  ],
  ...OFFICE_NEAR_MISSES,
};
