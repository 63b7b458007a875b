import type { ActionContext, ActionPart } from './parts.js';
import type { SourceName } from './sources/index.js';

// the work a legal hold needs besides escalating a silent custodian (packs/legal.ts escalate_hold), each its own
// section of the hold policy (acts-care.ts): reminding the custodian, having forensics image what a mailbox hold
// cannot reach, having IT suspend the deletion that runs on a schedule. Each is done hold by hold, by another
// team's tool, so a hold task's work is drawn from what the section says, not always the status change.

const holdId = (x: ActionContext) => String(x.rec.hold_id);
const custodian = (x: ActionContext) => String(x.rec.custodian);
const matter = (x: ActionContext) => String(x.rec.matter_id);

/** The helpdesk queues the requests go to, named in the request. */
export const FORENSICS = 'Forensics';
export const IT_OPERATIONS = 'IT operations';

// a request to another team's queue: the hold in the title, the custodian in the description
function holdTicket(
  name: string,
  sections: readonly string[],
  department: string,
  title: string,
  ask: (x: ActionContext) => string,
  phrases: readonly string[],
): ActionPart<SourceName> {
  return {
    name,
    sections,
    // (the request is its section's whole job: never a branch of escalating, nor one escalation turns into)
    ownSection: true,
    service: 'helpdesk',
    tool: 'helpdesk_create_ticket',
    sources: ['legal_holds'],
    capabilities: ['Tool_Calling', 'Logic_Reasoning'],
    phrases,
    args: (x) => ({ title: `${title}: ${holdId(x)}`, description: ask(x), department, priority: 'high' }),
    proof: (x) => ({ service: 'helpdesk', record: 'created_tickets', where: { title: { contains: holdId(x) } } }),
    exact: (x) => ({ department, description: { contains: custodian(x) } }),
  };
}

export const collectDevices = holdTicket(
  'collect_devices',
  ['Collection', 'Device collection'],
  FORENSICS,
  'Collection',
  (x) =>
    `Please image the phone and chat data of ${custodian(x)} under legal hold ${holdId(x)} (matter ${matter(x)}) while they still have it.`,
  [
    `ask forensics to collect from each custodian: one helpdesk ticket per hold, department "${FORENSICS}", the hold id in the title and the custodian's name in the description`,
    `raise a collection request with forensics for each (a helpdesk ticket each, department "${FORENSICS}"), titled with the hold id, naming the custodian in the description`,
  ],
);

export const suspendDeletion = holdTicket(
  'suspend_deletion',
  ['IT suspension', 'Deletion suspension'],
  IT_OPERATIONS,
  'Suspend deletion',
  (x) =>
    `Please suspend backup rotation and drive clean-up for the data of ${custodian(x)} under legal hold ${holdId(x)} (matter ${matter(x)}).`,
  [
    `ask IT to suspend the scheduled deletion for each: one helpdesk ticket per hold, department "${IT_OPERATIONS}", the hold id in the title and the custodian's name in the description`,
    `open a helpdesk ticket with IT for each hold (department "${IT_OPERATIONS}") to stop the backup rotation and clean-up, the hold id in the title, the custodian named in the description`,
  ],
);

/** A reminder to a custodian who has not acknowledged, at the address the hold was issued to. */
export const remindCustodian: ActionPart<SourceName> = {
  name: 'remind_custodian',
  sections: ['Reminder'],
  ownSection: true,
  service: 'gmail',
  tool: 'gmail_send_message',
  sources: ['legal_holds'],
  capabilities: ['Email_Communication'],
  phrases: [
    'email each custodian a reminder at the address the hold went to, the hold id in the subject and the matter in the message',
    'send every one of those custodians a reminder (subject: the hold id; the matter named in the body)',
  ],
  args: (x) => ({
    to: String(x.rec.custodian_email),
    subject: `Legal hold ${holdId(x)}: reminder`,
    body: `Dear ${custodian(x)},\n\nThis is a reminder of legal hold ${holdId(x)} on matter ${matter(x)}: please keep every document and message it covers, and acknowledge the hold by reply.\n\nThank you.`,
  }),
  proof: (x) => ({ service: 'gmail', record: 'sent_messages', where: { subject: { contains: holdId(x) } } }),
  exact: (x) => ({ to: String(x.rec.custodian_email), body: { contains: matter(x) } }),
};
