import type { FigureUses } from './figure-use-types.js';

// The figures of engineering's, analytics', governance's and the automation team's records, and what each team
// takes them to (figure-uses-data.ts gathers them).

export const TECH_FIGURE_USES: Readonly<Record<string, FigureUses>> = {
  pull_requests: {
    reader: 'release manager',
    figures: {
      count: [
        'for the release notes',
        'for the release planning meeting',
        'for the sprint review',
        'for the engineering metrics report',
        { reader: 'engineering manager', for: ['for the team retrospective'] },
      ],
    },
  },
  deployments: {
    reader: 'engineering manager',
    figures: {
      max: [
        'to size the change window',
        'to plan the next maintenance window',
        'to set the deployment timeout',
        { reader: 'SRE lead', for: ['to check the slowest against our rollout target'] },
      ],
      count: [
        'for the change advisory board',
        'for the monthly delivery metrics',
        'for the release retrospective',
        'for the ops review',
      ],
    },
  },
  incidents: {
    reader: 'on-call lead',
    figures: {
      mean: [
        'for the weekly SLA report',
        'for the incident review',
        'to check against our acknowledgement target',
        { reader: 'head of support', for: ['for the customer service review'] },
      ],
      max: [
        'for the incident review',
        'to see whether any breached the paging SLA',
        'for the on-call retrospective',
        'to tune the escalation policy',
      ],
      count: [
        'for the on-call handover',
        'for the incident review',
        'for the monthly reliability report',
        'for the postmortem meeting',
      ],
    },
  },
  migrations: {
    reader: 'database lead',
    figures: {
      max: [
        'to size the maintenance window',
        'to decide whether the migrations can run during the working day',
        'to check against the lock timeout',
        { reader: 'release manager', for: ['to plan the order of the release steps'] },
      ],
      count: [
        'for the change advisory board',
        'for the release planning meeting',
        'for the database review',
        'for the schema changes log',
      ],
    },
  },
  datasets: {
    reader: 'data lead',
    figures: {
      sum: [
        'for the data governance forum',
        'to estimate the storage cost',
        'for the data catalogue report',
        { reader: 'data platform lead', for: ['to plan the warehouse capacity'] },
      ],
      count: [
        'for the data governance forum',
        'for the data quality report',
        'for the data catalogue review',
        "for the data owners' meeting",
      ],
    },
  },
  dashboards: {
    reader: 'head of analytics',
    figures: {
      sum: [
        'for the BI usage review',
        'for the analytics adoption report',
        'to see how much use the dashboards get',
        { reader: 'BI platform lead', for: ['to size the BI licences'] },
      ],
      count: [
        'for the monthly metrics review',
        'for the BI usage review',
        'for the dashboard catalogue review',
        'for the analytics steering group',
      ],
    },
  },
  metric_alerts: {
    reader: 'data lead',
    figures: {
      count: [
        'for the monthly metrics review',
        'for the alert hygiene review',
        'for the weekly data stand-up',
        { reader: 'analytics engineer', for: ['for the monitoring clean-up plan'] },
      ],
    },
  },
  experiments: {
    reader: 'head of analytics',
    figures: {
      min: [
        'for the analytics planning session',
        'to check the smallest test against the minimum sample we trust',
        'for the weekly experiments stand-up',
        { reader: 'product manager', for: ['to plan when the readouts can happen'] },
      ],
      max: [
        'to check the biggest test against the traffic we have',
        'to plan the traffic split',
        'for the analytics planning session',
        'to see how long the biggest test will take to fill',
      ],
      count: [
        'for the analytics planning session',
        'for the experimentation review',
        'for the product review',
        'for the quarterly experimentation report',
      ],
    },
  },
  access_reviews: {
    reader: 'compliance lead',
    figures: {
      count: [
        'for the quarterly access recertification',
        'for the ISO 27001 surveillance audit',
        'for the SOX controls testing',
        { reader: 'CISO', for: ['for the security steering committee'] },
      ],
    },
  },
  data_subject_requests: {
    reader: 'data protection officer',
    figures: {
      max: [
        'to plan the searches for the biggest request',
        'to see how long the biggest search will take',
        'to decide whether the biggest request needs an extension',
        { reader: 'IT service owner', for: ['to book the system owners for the searches'] },
      ],
      count: [
        'for the compliance steering group',
        'for the regulator return',
        'for the privacy report to the board',
        'for the data protection working group',
      ],
    },
  },
  vendor_assessments: {
    reader: 'head of procurement',
    figures: {
      sum: [
        'to see how much of our spend sits with these vendors',
        'for the third-party risk committee',
        'for the supplier spend report',
        { reader: 'CFO', for: ['for the spend concentration report'] },
      ],
      max: [
        'to know which vendor to assess first',
        'to see whether any vendor needs a board-level review',
        'to decide which vendor gets an on-site audit',
        'for the third-party risk committee',
      ],
      count: [
        'for the third-party risk committee',
        'for the supplier assurance report',
        'for the procurement board',
        'for the audit committee',
      ],
    },
  },
  security_findings: {
    reader: 'head of security',
    figures: {
      count: [
        'for the risk committee',
        'for the security review',
        'for the vulnerability management report',
        'for the security steering committee',
        { reader: 'CISO', for: ["for the board's cyber risk update"] },
      ],
    },
  },
  workflows: {
    reader: 'automation lead',
    figures: {
      sum: [
        "for the automation owners' check-in",
        'for the automation health report',
        'to see how much failed work the operations team is picking up',
        { reader: 'process owner', for: ['to judge how far the team can rely on the automations'] },
      ],
      count: [
        'for the platform review',
        "for the automation owners' check-in",
        'for the automation health report',
        'for the automation centre of excellence meeting',
      ],
    },
  },
  connectors: {
    reader: 'platform lead',
    figures: {
      max: [
        'to gauge the worst case if one of them breaks',
        'to decide which connection to re-authenticate first',
        'to plan the change notice to the workflow owners',
        { reader: 'automation lead', for: ['to plan the testing after the change'] },
      ],
      count: [
        "for the automation owners' check-in",
        'for the integration security review',
        "for the app admins' meeting",
        'for the connections audit',
      ],
    },
  },
  workflow_runs: {
    reader: 'automation lead',
    figures: {
      max: [
        'to size the worker capacity',
        'for the run failures report',
        'to check against the platform run-time limit',
        { reader: 'platform lead', for: ['to set the run-time alerts'] },
      ],
      count: [
        'for the run failures report',
        'for the weekly automation stand-up',
        'for the platform review',
        'for the automation health report',
      ],
    },
  },
  agent_skills: {
    reader: 'automation lead',
    figures: {
      sum: [
        'to see how much use they get before we change them',
        'for the usage report',
        'to estimate the model usage bill',
        { reader: 'AI governance lead', for: ['for the AI risk register'] },
      ],
      count: [
        'for the AI governance board',
        'for the skills catalogue review',
        'for the agent platform report',
        'for the security review',
      ],
    },
  },
};
