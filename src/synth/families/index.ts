import { credentialPhishing } from './credential-phishing.js';
import { crmExportProhibition } from './crm-export-prohibition.js';
import { dialogueClarification } from './dialogue-clarification.js';
import { expenseReport } from './expense-report.js';
import { inventoryReorder } from './inventory-reorder.js';
import { kbTicketResolution } from './kb-ticket-resolution.js';
import { meetingScheduling } from './meeting-scheduling.js';
import { paymentChangeRefusal } from './payment-change-refusal.js';
import { schedulerJobRepair } from './scheduler-job-repair.js';
import { supportEscalation } from './support-escalation.js';
import { ticketPrioritisation } from './ticket-prioritisation.js';
import type { Family } from './types.js';

// the procedural families, in the order of the synthesis issue; a new family is one file plus one line here.
export const FAMILIES: readonly Family[] = [
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
];

export function getFamily(name: string): Family | undefined {
  return FAMILIES.find((f) => f.name === name);
}
