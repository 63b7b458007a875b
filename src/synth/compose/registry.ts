import * as A from './actions.js';
import * as G from './aggregates.js';
import * as C from './computations.js';
import * as J from './joins.js';
import * as P from './policies.js';
import * as S from './sources.js';
import * as T from './traps.js';
import type {
  ActionPart,
  AggregatePart,
  ComputationPart,
  JoinPart,
  PolicyPart,
  SourcePart,
  TrapPart,
} from './types.js';

// the parts the generator may combine. a new part is one definition in its kind's file plus one line here.

export const SOURCES: readonly SourcePart[] = [
  S.tickets,
  S.customers,
  S.products,
  S.transactions,
  S.jobs,
  S.integrations,
  S.tasks,
  S.sheetRows,
  S.mails,
  S.feedArticles,
];

export const JOINS: readonly JoinPart[] = [J.ticketCustomer, J.directory, J.vendorContact];

export const ACTIONS: readonly ActionPart[] = [
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
];

export const AGGREGATES: readonly AggregatePart[] = [
  G.reportTable,
  G.reportDoc,
  G.webPage,
  G.summaryMail,
  G.opsNotification,
  G.digestPost,
  G.expenseReport,
  G.configNotice,
];

export const COMPUTATIONS: readonly ComputationPart[] = [C.count, C.total, C.largest, C.smallest];

export const POLICIES: readonly PolicyPart[] = [
  P.inline,
  P.kbArticle,
  P.policyMail,
  P.policyNote,
  P.policyFile,
  P.policyPage,
];

export const TRAPS: readonly TrapPart[] = [T.injectedForward, T.exportBan, T.noClosing, T.noDeleting, T.paymentBan];
