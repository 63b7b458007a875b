import type { SourcePart } from '../parts.js';
import { feedArticles, mails, sheetRows } from './documents.js';
import { partnerMails } from './multilingual.js';
import { integrations, jobs, tasks } from './operations.js';
import { deskPlan, examSeats, orderScreenshot, wardBeds, warehouseBays } from './pictures.js';
import { receiptScans } from './receipt-scans.js';
import { customers, products, tickets, transactions } from './records.js';
import { appointments, claims, referrals, vaccinations } from '../packs/healthcare.js';
import { clientMatters, contracts, courtDeadlines, legalHolds } from '../packs/legal.js';
import { courses, enrolments, examSittings, submissions } from '../packs/education-knowledge.js';
import { agentSkills, connectors, workflowRuns, workflows } from '../packs/automation-platform.js';
import { episodes, mediaAssets, socialPosts, stories } from '../packs/content-media.js';
import { dashboards, datasets, experiments, metricAlerts } from '../packs/data-science.js';
import { citedSources, marketReports, newsItems, papers } from '../packs/information-retrieval.js';
import { fxExposures, positions, researchNotes, trades } from '../packs/finance-investment.js';
import { fieldPlots, inspections, nonconformances, workOrders } from '../packs/manufacturing-engineering.js';
import { accessReviews, dataSubjectRequests, securityFindings, vendorAssessments } from '../packs/safety-compliance.js';
import { deployments, incidents, migrations, pullRequests } from '../packs/software-engineering.js';
import { chartRequests, designRequests, videoEdits, webPageBuilds } from '../packs/multimodal-generation.js';
import { equipmentLoans, purchaseRequests, roomBookings, visitorPasses } from '../packs/office-productivity.js';
import { householdBills, perDiemClaims, travelBookings, tripRequests } from '../packs/travel-lifestyle.js';

// the sources the compositional generator may draw on. a new source is one file (defineSource) plus one line
// here; its name then joins SourceName, so every other part may name it, and a part naming a source that is
// not here fails to compile.
const ALL = [
  tickets,
  customers,
  products,
  transactions,
  jobs,
  integrations,
  tasks,
  sheetRows,
  mails,
  feedArticles,
  // seen only in a picture of the workspace (a screenshot, a floor plan)
  orderScreenshot,
  deskPlan,
  wardBeds,
  examSeats,
  warehouseBays,
  receiptScans,
  // written in the partner's own language
  partnerMails,
  // domain packs (src/synth/compose/packs/): a domain's own record types
  referrals,
  appointments,
  claims,
  vaccinations,
  clientMatters,
  contracts,
  courtDeadlines,
  legalHolds,
  tripRequests,
  travelBookings,
  perDiemClaims,
  householdBills,
  courses,
  enrolments,
  submissions,
  examSittings,
  workOrders,
  nonconformances,
  inspections,
  fieldPlots,
  positions,
  trades,
  fxExposures,
  researchNotes,
  pullRequests,
  deployments,
  incidents,
  migrations,
  datasets,
  dashboards,
  metricAlerts,
  experiments,
  stories,
  socialPosts,
  mediaAssets,
  episodes,
  accessReviews,
  dataSubjectRequests,
  vendorAssessments,
  securityFindings,
  workflows,
  connectors,
  workflowRuns,
  agentSkills,
  papers,
  marketReports,
  newsItems,
  citedSources,
  roomBookings,
  purchaseRequests,
  equipmentLoans,
  visitorPasses,
  designRequests,
  chartRequests,
  videoEdits,
  webPageBuilds,
] as const;

/** The name of a registered source. */
export type SourceName = (typeof ALL)[number]['name'];

export const SOURCES: readonly SourcePart<SourceName>[] = ALL;
