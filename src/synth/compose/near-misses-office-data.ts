import type { NearMiss } from './near-miss.js';

// the near misses of compliance, automation, research, the office and the studio (near-misses-data.ts)
export const OFFICE_NEAR_MISSES: Readonly<Record<string, readonly NearMiss[]>> = {
  access_reviews: [
    [
      '{Day} the auditors found a leaver who still had admin access two months after they left',
      'Revocation',
      'Privileged review',
    ],
    [
      'An access review was signed off {day} by someone approving their own access, and {who} had to redo it',
      'Sign-off',
      'Privileged review',
    ],
  ],
  data_subject_requests: [
    [
      '{Day} {who} found a data subject request in the queue two days from its one-month deadline',
      'Deadline priority',
      'Extension notice',
    ],
    [
      'A requester complained to the regulator {day} after we missed the deadline on their request',
      'Deadline priority',
      'Extension notice',
    ],
    [
      "{Day} we nearly sent a customer's data to someone who had only claimed to be them, and {who} stopped it at the last check",
      'Identity check',
    ],
  ],
  vendor_assessments: [
    [
      '{Day} procurement renewed a vendor whose assessment had lapsed a year before, and {who} only found out in the audit',
      'Lapsed review',
      'Review booking',
      'Questionnaire',
    ],
    [
      'A vendor reported a breach {day} and nobody could find their last assessment, so {who} had to start one from scratch',
      'Questionnaire',
      'Regulated data questionnaire',
      'Lapsed review',
    ],
    [
      "{Day} the auditors asked for a vendor's assurance report we had been promised in the spring, and {who} had nothing to show them",
      'Report chase',
    ],
  ],
  security_findings: [
    [
      '{Day} the pen testers raised a finding we had closed as fixed months ago, and {who} had to reopen it',
      'Remediation chase',
      'Triage',
    ],
    [
      'A critical finding had no one on it from {day} until the scanner flagged it again',
      'Triage',
      'Severity triage',
      'Deadline triage',
      'Remediation chase',
    ],
    [
      '{Day} the auditors found a risk acceptance that had expired in the spring, still covering a finding nobody had fixed',
      'Risk acceptance review',
    ],
  ],
  workflows: [
    [
      '{Day} a workflow was still emailing customers from a template we had retired, and {who} only heard about it from a complaint',
      'Pause',
      'Archiving',
    ],
    [
      'A workflow owned by someone who had left broke {day}, and nobody knew how it worked until {who} dug in',
      'Alerting set-up',
    ],
  ],
  connectors: [
    [
      "{Day} an app connection was still authorised under a leaver's account, and {who} only saw it in the audit log",
      'Clean-up',
      'Re-authentication',
    ],
    [
      'An app connection expired {day} and the nightly sync failed quietly for a week before {who} noticed',
      'Re-authentication',
    ],
    [
      '{Day} an app connection stopped syncing because nobody had granted the admin consent it asked for, and {who} heard from the team that relied on it',
      'Admin consent',
    ],
  ],
  workflow_runs: [
    [
      '{Day} a failed run went unnoticed for three days, and {who} had to replay a week of orders by hand',
      'Replay',
      'Investigation',
    ],
    [
      'The same run failed every night from {day} until a customer asked {who} why their invoice never came',
      'Investigation',
      'Timeout review',
    ],
  ],
  agent_skills: [
    ['{Day} an agent skill quoted a refund policy we had retired, and {who} had to contact the customer', 'Disabling'],
    ['An agent skill broke {day} when the API behind it changed, and {who} had to switch it off', 'Disabling'],
    [
      '{Day} {who} found an agent skill with an API key pasted into its instructions, readable by anyone who opened it',
      'Credential removal',
      'Security review',
    ],
    [
      '{Day} an agent skill someone had installed from a community list turned out to send its input to an outside server, and {who} had to pull it',
      'Community skill removal',
      'Security review',
      'Permission review',
    ],
  ],
  papers: [
    [
      '{Day} we nearly cited a retracted paper in the review, and {who} caught it on the last read',
      'List clean-up',
      'Reading list',
    ],
    ["A paper sat on {who}'s reading list from {day} and never made it into the draft", 'Reading list', 'Summary'],
  ],
  market_reports: [
    [
      '{Day} a client was sent a market report a year out of date, and {who} had to send the new one with an apology',
      'Replacement',
    ],
    ['We renewed a market report subscription {day} that nobody had opened in a year', 'Licence check'],
  ],
  news_items: [
    ['{Day} a client asked {who} about a news item we had missed in the briefing', 'Flagging'],
    ['A news item went into the briefing {day} that the company had already denied', 'False matches', 'Flagging'],
  ],
  cited_sources: [
    [
      '{Day} a cited page turned out to no longer say what we quoted, and {who} had to correct the report',
      'Re-verification',
      'Archiving copies',
    ],
    [
      'The fact-check found {day} that one of our sources was a press release we had passed off as research',
      'Re-verification',
    ],
    [
      '{Day} a report went out citing a study its journal had retracted the month before, and {who} had to issue a correction',
      'Retraction check',
    ],
  ],
  room_bookings: [
    [
      '{Day} lunch for twelve arrived for a meeting that had been called off, and {who} had to explain the invoice',
      'Catering cancellation',
    ],
    [
      '{Day} a client presentation started twenty minutes late because nobody had booked the screen for the room, and {who} had to find a spare projector',
      'AV set-up',
    ],
    [
      '{Day} a client workshop ran all day with no lunch ordered, and {who} was sent out for sandwiches',
      'Catering order',
    ],
  ],
  purchase_requests: [
    [
      "{Day} a purchase request sat unapproved until the supplier's price went up, and {who} had to get a new quote",
      'Approval',
      'Approver chase',
    ],
    ['We nearly ordered the same chairs twice {day} because two people had raised a request for them', 'Approval'],
    [
      '{Day} we nearly paid a new supplier before anyone had checked their bank details, and {who} caught it on the call-back',
      'Supplier check',
    ],
  ],
  equipment_loans: [
    [
      '{Day} a loan laptop went missing and nobody could say who had it last, so {who} had to report it to the insurer',
      'Return chase',
    ],
    ['A borrower left {day} with a camera still out on loan, and {who} is still chasing it', 'Return chase'],
    [
      '{Day} a laptop came back from loan with a cracked screen nobody noted, and {who} could not say who had broken it',
      'Condition check',
    ],
    [
      '{Day} {who} found a projector marked overdue that its borrower had been told they could keep for another month',
      'Loan extension',
    ],
  ],
  visitor_passes: [
    [
      '{Day} a visitor was found alone on the third floor with nobody expecting them, and {who} had to walk them back to reception',
      'Escort',
    ],
    [
      '{Day} a visitor sat in on a product meeting before anyone had their NDA back, and {who} had to ask legal what to do',
      'NDA chase',
    ],
    [
      '{Day} a visitor walked into the lab without the safety briefing, and {who} had to stop the experiment',
      'Lab induction',
    ],
  ],
  design_requests: [
    [
      '{Day} a design request missed its print date because nobody had picked it up, and {who} had to pay for a rush job',
      'Deadline check',
    ],
    [
      '{Day} a design request went through its ninth round of changes, and {who} had spent twice the hours we quoted',
      'Revision cap',
      'Revision hold',
    ],
    [
      '{Day} {who} found we had spent a week on a design for a client whose account was on hold, and we have not been paid for it',
      'Hold',
    ],
  ],
  chart_requests: [
    [
      "{Day} a chart went into the report with last quarter's figures, and {who} had to have the page reprinted",
      'Data chase',
      'Chart production',
    ],
    [
      'A chart request sat with nobody on it from {day} until the author chased {who}',
      'Scheduling',
      'Chart production',
    ],
    [
      '{Day} a chart went out that a colour-blind reader could not make sense of, and {who} had to redraw it',
      'Accessibility check',
    ],
  ],
  video_edits: [
    [
      '{Day} a video edit went to the client with the old logo in it, and {who} had to re-export it overnight',
      'Client review',
      'Delivery check',
    ],
    ['A video edit missed its slot {day} because nobody knew it was waiting for sign-off', 'Client review'],
    [
      '{Day} a video went out with captions that stopped halfway through, and a viewer complained to {who}',
      'Caption check',
    ],
    [
      '{Day} a video went up with a blurred frame as its cover image, and {who} had to swap it after the client saw it',
      'Cover images',
      'Client review covers',
      'Long-form covers',
    ],
  ],
  web_page_builds: [
    [
      '{Day} a page went live with placeholder text on it, and the client spotted it before {who} did',
      'Launch readiness',
      'Page build',
    ],
    [
      'A page build was handed over {day} without its redirects, and {who} spent two days fixing broken links',
      'Launch readiness',
      'SEO review',
    ],
    [
      '{Day} a page took eight seconds to load on a phone, and the client showed {who} the bounce rate',
      'Performance fix',
    ],
  ],
};
