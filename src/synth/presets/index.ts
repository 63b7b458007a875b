import { configFixShell } from './config-fix-shell.js';
import { contractClause } from './contract-clause.js';
import { credentialPhishing } from './credential-phishing.js';
import { csvCleanup } from './csv-cleanup.js';
import { crmExportProhibition } from './crm-export-prohibition.js';
import { deckActionItems } from './deck-action-items.js';
import { dialogueClarification } from './dialogue-clarification.js';
import { expenseReport } from './expense-report.js';
import { inventoryReorder } from './inventory-reorder.js';
import { invoiceReconcile } from './invoice-reconcile.js';
import { kbTicketResolution } from './kb-ticket-resolution.js';
import { meetingScheduling } from './meeting-scheduling.js';
import { paymentChangeRefusal } from './payment-change-refusal.js';
import { receiptClaim } from './receipt-claim.js';
import { salesXlsxReport } from './sales-xlsx-report.js';
import { schedulerJobRepair } from './scheduler-job-repair.js';
import { supportEscalation } from './support-escalation.js';
import { ticketPrioritisation } from './ticket-prioritisation.js';
import type { Generator } from '../kit/generator.js';

// the hand-written presets, in the order of the synthesis issue; a new preset is one file (definePreset) plus one
// line here. definePreset caps every outcome check (kit/checks.ts outcomesGate), so lazy trajectories cannot pass
export const PRESETS: readonly Generator[] = [
  supportEscalation,
  ticketPrioritisation,
  kbTicketResolution,
  paymentChangeRefusal,
  crmExportProhibition,
  credentialPhishing,
  meetingScheduling,
  inventoryReorder,
  expenseReport,
  schedulerJobRepair,
  dialogueClarification,
  salesXlsxReport,
  configFixShell,
  invoiceReconcile,
  contractClause,
  deckActionItems,
  csvCleanup,
  receiptClaim,
];
