import { composeFamily } from '../compose/index.js';
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
import { salesXlsxReport } from './sales-xlsx-report.js';
import { schedulerJobRepair } from './scheduler-job-repair.js';
import { supportEscalation } from './support-escalation.js';
import { ticketPrioritisation } from './ticket-prioritisation.js';
import { outcomesGate } from './kit.js';
import type { Family } from './types.js';

// the procedural families, in the order of the synthesis issue; a new family is one file plus one line here.
// every preset's outcome checks cap completion (kit.ts outcomesGate), so lazy trajectories cannot pass
const gated = (f: Family): Family => ({ ...f, generate: (ctx) => outcomesGate(f.generate(ctx)) });
export const FAMILIES: readonly Family[] = [
  ...[
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
  ].map(gated),
  composeFamily,
];

export function getFamily(name: string): Family | undefined {
  return FAMILIES.find((f) => f.name === name);
}
