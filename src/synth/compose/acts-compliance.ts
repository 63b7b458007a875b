import { act, type PolicyAct } from './policy-act.js';

// The work a policy has sections for over safety and compliance records: access reviews, data subject requests,
// vendor assessments and security findings (see policy-acts.ts).

export const COMPLIANCE_ACTS: Readonly<Record<string, readonly PolicyAct[]>> = {
  access_reviews: [
    act(
      ['Revocation', 'Access removal'],
      'Access nobody uses is the easiest way in for an attacker and costs a licence, so it is removed.',
      // (whenever its review falls due: an unused account is a way in today)
      { last_used_on: 'stale', due_on: 'unrelated' },
    ),
    act('Sign-off', 'Reviews are signed off by their due date; the auditors test the dates.', {
      due_on: 'ahead',
      decision: ['pending'],
      last_used_on: 'unrelated',
    }),
    act('Privileged review', 'Admin access is reviewed by the system owner as well as the manager.', {
      privileged: true,
    }),
  ],
  data_subject_requests: [
    act('Deadline priority', 'The statutory deadline cannot be missed; requests close to theirs come first.', {
      due_on: 'ahead',
      status: ['received', 'in progress'],
    }),
    act('Identity check', 'Nothing is disclosed until the requester’s identity is verified.', {
      identity_verified: false,
    }),
    act('Extension notice', 'An extended request needs a letter telling the person why.', { status: ['extended'] }),
  ],
  vendor_assessments: [
    act(
      ['Questionnaire', 'Due diligence'],
      'Vendors due for review without a current SOC 2 report answer our questionnaire instead.',
      { next_review_on: 'ahead', soc2_report_on_file: false },
      'send_questionnaire',
    ),
    // the other vendors sent the questionnaire: those holding card or health data (a SOC 2 report does not cover
    // PCI DSS or HIPAA controls, so it is no substitute), and those whose review date has already passed (their
    // assurance has lapsed, report on file or not)
    act(
      ['Regulated data questionnaire', 'Regulated data due diligence'],
      'Vendors holding payment card or health data answer the full questionnaire whatever report they have: SOC 2 does not cover PCI DSS or HIPAA.',
      // (those whose review falls due this quarter: the answers take weeks to come back)
      {
        data_category: ['payment card data', 'health data'],
        soc2_report_on_file: 'unrelated',
        next_review_on: 'ahead',
      },
      'send_questionnaire',
      { next_review_on: [30, 90] },
    ),
    act(
      ['Lapsed review', 'Lapsed assurance'],
      'A vendor whose review date has passed is sent the questionnaire at once, report on file or not: its assurance has lapsed.',
      { next_review_on: 'stale', soc2_report_on_file: 'unrelated' },
      'send_questionnaire',
      { next_review_on: [7, 30] },
    ),
    act('Report chase', 'Critical vendors must give us a current SOC 2 report.', {
      soc2_report_on_file: false,
      tier: ['tier 1 (critical)', 'tier 2 (high)'],
    }),
    // every review due is booked, report on file or not
    act('Review booking', 'Reviews are booked with the vendor before they fall due.', {
      next_review_on: 'ahead',
      soc2_report_on_file: 'unrelated',
    }),
  ],
  security_findings: [
    act(
      ['Triage', 'Finding triage'],
      'Findings on internet-facing assets are triaged first; that is where attacks land.',
      // (whenever its fix falls due: an exposed critical is triaged now; a section may take one scanner's queue,
      // with the reason its policy states, act-scopes.ts)
      { internet_facing: true, remediation_due: 'unrelated' },
      'triage_finding',
    ),
    // the other findings triaged first: those every scanner agrees are severe, wherever they sit, and those whose
    // remediation date is near (untriaged, nobody owns the fix before the date passes)
    act(
      ['Severity triage', 'Severe findings triage'],
      'Critical and high findings are triaged within a day wherever they sit: an internal host is one phishing email away.',
      // (the exposed ones land on the exposure queue of "Triage" the hour they come in: a section may take the
      // internal hosts' findings alone, with that reason, act-narrowings.ts)
      { severity: ['critical', 'high'], internet_facing: 'scope', remediation_due: 'unrelated' },
      'triage_finding',
    ),
    act(
      ['Deadline triage', 'Triage ahead of the deadline'],
      'A finding whose remediation date is close is triaged now, or the date passes before any team owns the fix.',
      // (an exposed host whose fix date is near is the one an attacker finds first: a section may take those)
      { remediation_due: 'ahead', internet_facing: 'scope' },
      'triage_finding',
      { remediation_due: [7, 21] },
    ),
    act('Remediation chase', 'Findings close to their remediation date are chased with the owning team.', {
      remediation_due: 'ahead',
      status: ['in remediation'],
    }),
    act('Risk acceptance review', 'Accepted risks are approved again every year.', { status: ['risk accepted'] }),
  ],
};
