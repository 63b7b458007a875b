import * as A from './actions.js';
import * as B from './backgrounds.js';
import * as G from './aggregates.js';
import { allocationNotice, allocationSheet, allocationTodo } from './place-aggregates.js';
import * as C from './computations.js';
import { withCriteria } from './criteria.js';
import * as J from './joins.js';
import { replyInLanguage, routeByLanguage, translateMessage, triagePartnerMail } from './language-actions.js';
import { uploadScan } from './media-actions.js';
import { repairDesk, repairSeat, reportBedRelease } from './place-actions.js';
import { chaseRemediation, nudgeAuthor } from './owner-chases.js';
import { askSignOff, keyExpenseLine } from './receipt-actions.js';
import { buildPage, cutCover, drawChart } from './studio-actions.js';
import { PACK_ACTIONS } from './packs/index.js';
import type { ActionPart, Parts } from './parts.js';
import * as P from './policies.js';
import { type SourceName, SOURCES } from './sources/index.js';
import * as T from './traps.js';

// the parts the generator may combine. a new part is one definition (in its kind's file or a file of its own)
// plus one line here — a new source one line in sources/index.ts. recipe.ts combines whatever is listed, by
// what the parts declare (services, sources, owners, measures), never by their names.

export const PARTS: Parts<SourceName> = {
  // each rule field says what it is to a policy over its record type (criteria.ts)
  sources: SOURCES.map(withCriteria),
  joins: [J.ticketCustomer, J.directory, J.vendorContact],
  actions: [
    A.mailOwner,
    A.draftOwner,
    A.followUpTask,
    A.escalateTicket,
    A.commentTicket,
    A.flagCustomer,
    A.reorderProduct,
    A.pauseJob,
    A.deactivateIntegration,
    A.startTask,
    A.reviewMeeting,
    A.replyDraft,
    uploadScan,
    keyExpenseLine,
    askSignOff,
    reportBedRelease,
    repairSeat,
    repairDesk,
    chaseRemediation,
    nudgeAuthor,
    replyInLanguage,
    translateMessage,
    routeByLanguage,
    triagePartnerMail,
    drawChart,
    buildPage,
    cutCover,
    // the domain packs' work on their own record types
    ...(PACK_ACTIONS as readonly ActionPart<SourceName>[]),
  ],
  aggregates: [
    G.reportTable,
    G.reportDoc,
    G.webPage,
    G.summaryMail,
    G.opsNotification,
    G.digestPost,
    G.expenseReport,
    G.configNotice,
    // getting free places ready: one list over them, never a to-do per place
    allocationSheet,
    allocationNotice,
    allocationTodo,
  ],
  computations: [C.count, C.countWhere(), C.total, C.largest, C.smallest, C.average],
  // the first policy without a service states the rule in the request (most easy tasks use it)
  policies: [P.inline, P.kbArticle, P.policyMail, P.policyNote, P.policyFile, P.policyPage],
  traps: [T.injectedForward, T.exportBan, T.noClosing, T.noDeleting, T.paymentBan],
  backgrounds: [
    B.inbox,
    B.todoList,
    B.calendarDay,
    B.estatesQueue,
    B.statusPage,
    B.openQuestions,
    B.laptopArticle,
    B.roundup,
    B.sharedDrive,
    B.directoryEntry,
    B.calendarSync,
  ],
};

/** Every service some part may touch: the services of the compositional generator (sources first). */
export function partServices(parts: Parts<string>): string[] {
  const all = [
    ...parts.sources.map((p) => p.service),
    ...parts.joins.map((p) => p.service),
    ...parts.actions.map((p) => p.service),
    ...parts.aggregates.map((p) => p.service),
    ...parts.policies.flatMap((p) => (p.service ? [p.service] : [])),
    ...parts.traps.map((p) => p.service),
  ];
  return [...new Set(all)];
}
