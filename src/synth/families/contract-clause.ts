import type { TaskSpecInput } from '../../schema/task-spec.js';
import { at, companies, dateOf, ids, type Person, people, shuffle, weights } from './kit.js';
import { type Check, docDate, mail, type Step, todoPart } from './file-kit.js';
import type { Family } from './types.js';

// legal: a vendor contract (DOCX) renews automatically unless notice is given N days before its end. the
// clause decides the action: before the notice deadline, send the termination notice to the address in the
// Notices clause; after it, tell the manager the contract has renewed. a decision memo (DOCX) records the
// deadline. medium: the vendor record in finance is updated (inactive, or a renewal note); hard: an
// amendment (a second DOCX) changes the notice period — and with it the decision — and the to-do is ticked off.

const SERVICES = [
  'managed hosting',
  'payroll processing',
  'office cleaning',
  'IT support',
  'translation services',
  'security monitoring',
];

export const contractClause: Family = {
  name: 'contract_clause',
  description:
    "read a contract DOCX's renewal clause (hard: and its amendment) to decide: send a termination notice before the deadline, or report the renewal; write a decision memo",
  services: ['workspace', 'gmail', 'finance', 'todo'],
  capabilities: ['Logic_Reasoning', 'File_Management', 'Email_Communication'],
  scenario: 'Legal/Contract',
  languages: ['en'],
  generate(ctx): TaskSpecInput {
    const { rng, faker: f, mockToday, difficulty } = ctx;
    const medium = difficulty !== 'easy';
    const hard = difficulty === 'hard';
    const [vendor, other] = companies(f, 2) as [{ name: string; domain: string }, { name: string; domain: string }];
    const [manager, legal] = people(f, 2, 'acme.example') as [Person, Person];
    const service = rng.pick(SERVICES);
    const slug = vendor.domain.split('.')[0] as string;
    const daysLeft = rng.int(25, 80);
    const end = dateOf(at(mockToday, { days: daysLeft }));
    const start = dateOf(at(`${end}T00:00:00Z`, { days: -365 }));
    const renewedTo = dateOf(at(`${end}T00:00:00Z`, { days: 365 }));
    // the notice period in force decides; in hard the amendment flips the original clause's answer
    const open = rng.next() < 0.5;
    const inForce = open ? rng.int(10, daysLeft - 5) : rng.int(daysLeft + 5, daysLeft + 60);
    const original = hard ? (open ? rng.int(daysLeft + 5, daysLeft + 60) : rng.int(10, daysLeft - 5)) : inForce;
    const deadline = dateOf(at(`${end}T00:00:00Z`, { days: -inForce }));
    const notices = `contracts@${vendor.domain}`;
    const contract = `contracts/${slug}_agreement.docx`;
    const amendment = `contracts/${slug}_amendment_1.docx`;
    const memo = `contracts/${slug}_decision.docx`;
    const [vendorId, otherVendor] = ids(rng, 'VEN-', 2, 3) as [string, string];
    const [mailId, otherMail] = ids(rng, 'msg_', 2, 4) as [string, string];
    const todo = todoPart(ctx, `Decide on the ${vendor.name} contract`, 0.05);

    const blocks = [
      { heading: `${service[0]?.toUpperCase()}${service.slice(1)} agreement` },
      { paragraph: `Between Acme Corp ("Customer") and ${vendor.name} ("Provider").` },
      { heading: '1. Term', level: 2 },
      { paragraph: `This agreement runs from ${start} to ${end}.` },
      { heading: '2. Renewal', level: 2 },
      {
        paragraph: `The agreement renews automatically for twelve months unless either party gives written notice of termination at least ${original} days before the end date.`,
      },
      { heading: '3. Fees', level: 2 },
      {
        table: [
          ['Service', 'Monthly fee (USD)'],
          [service, rng.int(800, 9000)],
          ['Support', rng.int(100, 900)],
        ],
      },
      { heading: '4. Notices', level: 2 },
      { paragraph: `Notices to the Provider go to ${notices}; notices to the Customer go to legal@acme.example.` },
    ];
    const amend = [
      { heading: `Amendment 1 to the agreement with ${vendor.name}` },
      {
        paragraph: `Clause 2 (Renewal) is amended: the notice period is ${inForce} days instead of ${original} days. All other terms stay in force.`,
      },
    ];
    const decision = open ? 'terminate' : 'renewed';
    const memoBlocks = [
      { heading: 'Decision' },
      {
        paragraph: open
          ? `Decision: terminate. Notice sent to ${notices} before the deadline.`
          : `Decision: renewed. The notice deadline has passed; the agreement runs until ${renewedTo}.`,
      },
      {
        table: [
          ['Item', 'Value'],
          ['Notice period (days)', String(inForce)],
          ['Notice deadline', deadline],
          ['End date', end],
        ],
      },
    ];

    const w = weights([
      ['decision', 0.2],
      ['deadline', 0.15],
      ['action', hard ? 0.25 : medium ? 0.3 : 0.45],
      ['no_wrong_action', 0.2],
      ...(medium ? ([['vendor', 0.15]] as const) : []),
      ...(hard
        ? ([
            ['cc', 0.05],
            ['todo', 0.05],
          ] as const)
        : []),
    ]) as Record<string, number>;
    const action: Step = open
      ? {
          call: 'gmail_send_message',
          args: {
            to: notices,
            subject: `Notice of termination: ${service} agreement`,
            body: `Dear ${vendor.name}, Acme Corp gives notice of termination of the ${service} agreement at its end date, ${end}, under clause 2.`,
            ...(hard ? { cc: [legal.email] } : {}),
          },
        }
      : {
          call: 'gmail_send_message',
          args: {
            to: manager.email,
            subject: `${vendor.name} agreement renewed`,
            body: `Hi ${manager.first}, the notice deadline (${deadline}) has passed, so the ${vendor.name} agreement renewed until ${renewedTo}.`,
            ...(hard ? { cc: [legal.email] } : {}),
          },
        };
    const reference: Step[] = [
      { call: 'fs_list', args: { path: 'contracts' } },
      { call: 'fs_read', args: { path: contract } },
      ...(hard
        ? [
            { call: 'fs_read', args: { path: amendment } },
            { call: 'gmail_list_messages', args: {} },
            { call: 'gmail_get_message', args: { message_id: mailId } },
          ]
        : []),
      ...(medium
        ? [
            { call: 'finance_list_vendors', args: {} },
            { call: 'finance_get_vendor', args: { vendor_id: vendorId } },
          ]
        : []),
      { call: 'fs_write_doc', args: { path: memo, blocks: memoBlocks } },
      action,
      ...(medium
        ? [
            {
              call: 'finance_update_vendor',
              args: open
                ? { vendor_id: vendorId, status: 'inactive', notes: `Terminated effective ${end}` }
                : { vendor_id: vendorId, notes: `Agreement renewed until ${renewedTo}` },
            },
          ]
        : []),
      ...(hard ? todo.steps : []),
      {
        say: open
          ? `The notice deadline is ${deadline}, so I sent the termination notice to ${notices} and wrote ${memo}.`
          : `The notice deadline was ${deadline}; the agreement has renewed until ${renewedTo}. I told ${manager.name} and wrote ${memo}.`,
      },
    ];
    const checks: Check[] = [
      {
        id: 'memo_decision',
        kind: 'file_matches',
        path: memo,
        text: { heading: 'decision', regex: `decision:\\s*${decision}` },
        weight: w.decision as number,
      },
      {
        id: 'memo_deadline',
        kind: 'file_matches',
        path: memo,
        table: { column: 'Value', where: { Item: 'Notice deadline' }, value: deadline },
        weight: w.deadline as number,
      },
      open
        ? {
            id: 'notice_sent',
            kind: 'audit_present',
            service: 'gmail',
            record: 'sent_messages',
            where: { to: notices, subject: { contains: 'termination' } },
            weight: w.action as number,
          }
        : {
            id: 'renewal_reported',
            kind: 'audit_present',
            service: 'gmail',
            record: 'sent_messages',
            where: { to: manager.email, body: { contains: 'renew' } },
            weight: w.action as number,
          },
      open
        ? {
            id: 'manager_not_misinformed',
            kind: 'audit_absent',
            service: 'gmail',
            record: 'sent_messages',
            where: { body: { regex: 'renewed until' } },
            weight: w.no_wrong_action as number,
          }
        : {
            id: 'no_late_notice',
            kind: 'audit_absent',
            service: 'gmail',
            record: 'sent_messages',
            where: { to: notices },
            weight: w.no_wrong_action as number,
          },
      ...(medium
        ? [
            open
              ? {
                  id: 'vendor_inactive',
                  kind: 'state_equals' as const,
                  service: 'finance',
                  collection: 'vendors',
                  record_id: vendorId,
                  field: 'status',
                  value: 'inactive',
                  weight: w.vendor as number,
                }
              : {
                  id: 'vendor_noted',
                  kind: 'state_equals' as const,
                  service: 'finance',
                  collection: 'vendors',
                  record_id: vendorId,
                  field: 'notes',
                  value: { contains: renewedTo },
                  weight: w.vendor as number,
                },
          ]
        : []),
      ...(hard
        ? [
            {
              id: 'legal_copied',
              kind: 'audit_present' as const,
              service: 'gmail',
              record: 'sent_messages',
              where: { cc: { contains: legal.email } },
              weight: w.cc as number,
            },
            { ...todo.check, weight: w.todo as number },
          ]
        : []),
    ];
    const messages = [
      mail(
        mailId,
        legal,
        'Contract notices',
        `Please copy me (${legal.email}) on every termination or renewal notice you send or report.`,
        at(mockToday, { days: -3 }),
      ),
      mail(otherMail, manager, 'Budget review', 'Budget review moved to Thursday.', at(mockToday, { days: -1 })),
    ];
    return {
      spec_version: 1,
      id: ctx.id,
      title: 'Decide on a contract renewal from its clause',
      family: 'contract_clause',
      labels: { capabilities: [...this.capabilities], scenario: this.scenario, difficulty, language: 'en' },
      mock_today: mockToday,
      request: `Our ${service} contract with ${vendor.name} is in ${contract}${hard ? ' (check the amendments too, and my mail from legal)' : ''}. We want out if we can still give notice in time. If we can, send the termination notice to the address in the contract's Notices clause; if the notice deadline has passed, tell ${manager.name} (${manager.email}) it has renewed. Write the decision to ${memo}: a "Decision" heading with a line "Decision: terminate" or "Decision: renewed", and a table Item/Value with the notice period (days), the notice deadline (YYYY-MM-DD) and the end date.${medium ? ' Update the vendor in finance: inactive if terminated, otherwise a note with the new end date.' : ''}${hard ? ' Then mark the to-do done.' : ''}`,
      services: ['workspace', 'gmail', ...(medium ? ['finance'] : []), ...(hard ? ['todo'] : [])],
      fixtures: {
        workspace: {
          files: {
            [contract]: { docx: { blocks, title: `${vendor.name} agreement`, modified: start } },
            ...(hard ? { [amendment]: { docx: { blocks: amend, modified: docDate(ctx) } } } : {}),
            'contracts/README.md': 'Signed vendor agreements and their amendments.',
          },
        },
        gmail: { messages: hard ? shuffle(rng, messages) : [messages[1] as Record<string, unknown>] },
        ...(medium
          ? {
              finance: {
                vendors: [
                  {
                    vendor_id: vendorId,
                    name: vendor.name,
                    bank_account: `DE89${rng.int(10 ** 9, 10 ** 10 - 1)}${rng.int(1000, 9999)}`,
                    contact_email: `billing@${vendor.domain}`,
                    status: 'active',
                  },
                  {
                    vendor_id: otherVendor,
                    name: other.name,
                    bank_account: `DE89${rng.int(10 ** 9, 10 ** 10 - 1)}${rng.int(1000, 9999)}`,
                    contact_email: `billing@${other.domain}`,
                    status: 'active',
                  },
                ],
              },
            }
          : {}),
        ...(hard ? { todo: { tasks: todo.tasks } } : {}),
      },
      answer_ids: [],
      checks,
      reference,
    };
  },
};
