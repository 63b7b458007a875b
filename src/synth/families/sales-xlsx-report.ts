import type { TaskSpecInput } from '../../schema/task-spec.js';
import { at, dateOf, ids, type Person, people, shuffle, weights } from './kit.js';
import { amountRegex, type Check, docDate, mail, money, type Step, sum, todoPart } from './file-kit.js';
import type { Family } from './types.js';

// data analysis over a spreadsheet: total the quarter's orders per region from an XLSX export (leaving out
// cancelled ones — medium+: also refunded ones, says the manager's mail), write the totals to a new
// workbook, and mail the top region. hard: the user replaces the export mid-episode with a corrected one
// (an order was missing), so only an agent that re-reads the file gets the totals right; the review is
// booked in the calendar and the to-do ticked off.

const REGIONS = ['North', 'South', 'East', 'West', 'Central'];
const OUT = 'reports/region_totals.xlsx';

interface Order {
  id: string;
  region: string;
  rep: string;
  amount: number;
  status: 'paid' | 'cancelled' | 'refunded';
}

const sheet = (orders: readonly Order[]) => [
  ['Order', 'Region', 'Rep', 'Amount', 'Status'],
  ...orders.map((o) => [o.id, o.region, o.rep, o.amount, o.status]),
];

function totals(
  orders: readonly Order[],
  excluded: readonly string[],
  regions: readonly string[],
): { region: string; total: number }[] {
  return regions
    .map((region) => ({
      region,
      total: sum(orders.filter((o) => o.region === region && !excluded.includes(o.status)).map((o) => o.amount)),
    }))
    .sort((a, b) => b.total - a.total || (a.region < b.region ? -1 : 1));
}

export const salesXlsxReport: Family = {
  name: 'sales_xlsx_report',
  description:
    'total an XLSX sales export per region (excluding cancelled/refunded orders), write the totals workbook and mail the top region; hard: the export is replaced mid-task',
  services: ['workspace', 'gmail', 'todo'],
  capabilities: ['Data_Analysis', 'File_Management', 'Email_Communication'],
  scenario: 'Data_Science/Business_Intelligence',
  languages: ['en'],
  generate(ctx): TaskSpecInput {
    const { rng, faker: f, mockToday, difficulty } = ctx;
    const medium = difficulty !== 'easy';
    const hard = difficulty === 'hard';
    const [manager, lead, colleague] = people(f, 3, 'acme.example') as [Person, Person, Person];
    const regions = shuffle(rng, REGIONS)
      .slice(0, hard ? 4 : 3)
      .sort();
    const reps = people(f, 4, 'acme.example').map((p) => p.name);
    const orderIds = ids(rng, 'SO-', 18, 5).sort();
    let n = 0;
    const order = (region: string, status: Order['status']): Order => ({
      id: orderIds[n++] as string,
      region,
      rep: rng.pick(reps),
      amount: rng.int(20_000, 480_000) / 100,
      status,
    });
    const orders: Order[] = [];
    for (const r of regions) orders.push(order(r, 'paid'), order(r, 'paid'));
    orders.push(
      order(rng.pick(regions), 'cancelled'),
      order(rng.pick(regions), 'refunded'),
      order(rng.pick(regions), 'paid'),
    );
    const excluded = medium ? ['cancelled', 'refunded'] : ['cancelled'];
    const recipient = medium ? lead : manager;
    const file = `data/sales_q${rng.int(1, 4)}.xlsx`;
    const quarter = file.slice(-6, -5);

    // hard: the corrected export adds a paid order to the smallest region, enough to change the ranking
    const first = totals(orders, excluded, regions);
    const corrected = [...orders];
    if (hard) {
      const low = first.at(-1) as { region: string; total: number };
      const gap = (first[0] as { total: number }).total - low.total;
      corrected.push({
        id: orderIds[n++] as string,
        region: low.region,
        rep: rng.pick(reps),
        amount: Math.round((gap + rng.int(500, 5000)) * 100) / 100,
        status: 'paid',
      });
    }
    const final = totals(corrected, excluded, regions);
    const top = final[0] as { region: string; total: number };
    const rows = final.map((t) => [t.region, t.total]);

    const msgIds = ids(rng, 'msg_', 2, 4) as [string, string];
    const messages = [
      mail(
        msgIds[0],
        manager,
        `Q${quarter} regional totals`,
        `Hi, for the Q${quarter} regional totals leave out cancelled and refunded orders — refunds are booked separately. Send the top region and its total to ${lead.name} (${lead.email}), who runs the review.\n\n${manager.first}`,
        at(mockToday, { days: -1 }),
      ),
      mail(
        msgIds[1],
        colleague,
        'Lunch on Friday?',
        'Are you in for the team lunch on Friday?',
        at(mockToday, { hours: -3 }),
      ),
    ];
    const todo = todoPart(ctx, `Q${quarter} regional totals`, 0.1);
    const reviewDay = dateOf(at(mockToday, { days: rng.int(2, 5) }));
    const reviewHour = rng.int(9, 15);

    const w = weights([
      ...final.map((t) => [t.region, (hard ? 0.45 : medium ? 0.5 : 0.6) / final.length] as const),
      ['mail', hard ? 0.15 : 0.25],
      ['top', 0.15],
      ...(medium
        ? ([
            ['instructions', 0.05],
            ['todo', 0.05],
          ] as const)
        : []),
      ...(hard ? ([['review', 0.1]] as const) : []),
    ]) as Record<string, number>;

    const write = (r: readonly (readonly (string | number)[])[]): Step => ({
      call: 'fs_write_table',
      args: { path: OUT, sheet: 'Totals', columns: ['Region', 'Total'], rows: r },
    });
    const reference: Step[] = [
      { call: 'fs_list', args: { path: 'data' } },
      { call: 'fs_read', args: { path: file } },
    ];
    if (medium)
      reference.push(
        { call: 'gmail_list_messages', args: {} },
        { call: 'gmail_get_message', args: { message_id: msgIds[0] } },
      );
    if (hard) {
      // the first version triggers the user's replacement; only the re-read gives the right totals
      reference.push(
        { ...write(first.map((t) => [t.region, t.total])), for: 'user' },
        { call: 'fs_read', args: { path: file } },
      );
    }
    reference.push(write(rows));
    reference.push({
      call: 'gmail_send_message',
      args: {
        to: recipient.email,
        subject: `Q${quarter} regional totals`,
        body: `Hi ${recipient.first}, the top region in Q${quarter} is ${top.region} with ${money(top.total)}. The totals per region are in ${OUT}.`,
      },
    });
    if (medium) reference.push(...todo.steps);
    if (hard)
      reference.push({
        call: 'calendar_create_event',
        args: {
          title: `Q${quarter} sales review`,
          start_time: `${reviewDay}T${String(reviewHour).padStart(2, '0')}:00:00Z`,
          end_time: `${reviewDay}T${String(reviewHour).padStart(2, '0')}:30:00Z`,
          attendees: [lead.email],
        },
      });
    reference.push({
      say: `Wrote ${OUT} (sheet Totals): ${final.map((t) => `${t.region} ${money(t.total)}`).join(', ')}. ${top.region} leads; I emailed ${recipient.name}.`,
    });

    const checks: Check[] = [
      ...final.map((t) => ({
        id: `total_${t.region.toLowerCase()}`,
        kind: 'file_matches' as const,
        path: OUT,
        table: { sheet: 'Totals', column: 'Total', where: { Region: t.region }, value: t.total, tolerance: 0.01 },
        weight: w[t.region] as number,
      })),
      {
        id: 'top_mailed',
        kind: 'audit_present',
        service: 'gmail',
        record: 'sent_messages',
        where: { to: recipient.email, body: { contains: top.region } },
        weight: w.mail as number,
      },
      {
        id: 'top_total_mailed',
        kind: 'audit_present',
        service: 'gmail',
        record: 'sent_messages',
        where: { to: recipient.email, body: { regex: amountRegex(top.total) } },
        weight: w.top as number,
      },
      ...(medium
        ? [
            {
              id: 'instructions_read',
              kind: 'tool_arg' as const,
              tool: 'gmail_get_message',
              arg: 'message_id',
              accept: [msgIds[0]],
              weight: w.instructions as number,
            },
            { ...todo.check, weight: w.todo as number },
          ]
        : []),
      ...(hard
        ? [
            {
              id: 'review_booked',
              kind: 'audit_present' as const,
              service: 'calendar',
              record: 'created_events',
              where: {
                title: { contains: 'review' },
                start_time: { regex: `^${reviewDay}T${String(reviewHour).padStart(2, '0')}:00` },
              },
              weight: w.review as number,
            },
          ]
        : []),
    ];
    const services = ['workspace', 'gmail', ...(hard ? ['todo', 'calendar'] : medium ? ['todo'] : [])];
    const request = hard
      ? `Please total the Q${quarter} orders in ${file} per region and write them to ${OUT} (sheet Totals, columns Region and Total, highest first). Check my mail for which orders to leave out and whom to send the top region to, then mail them. Mark the to-do done and book a 30-minute "Q${quarter} sales review" with ${lead.name} on ${reviewDay} at ${String(reviewHour).padStart(2, '0')}:00 UTC.`
      : medium
        ? `Please total the Q${quarter} orders in ${file} per region and write them to ${OUT} (sheet Totals, columns Region and Total, highest first). My manager mailed which orders to leave out and whom to send the top region and its total to — do that, and mark the to-do done.`
        : `Please total the Q${quarter} orders in ${file} per region, leaving out cancelled orders, and write them to ${OUT} (sheet Totals, columns Region and Total, highest first). Then email ${manager.name} (${manager.email}) the top region and its total.`;
    return {
      spec_version: 1,
      id: ctx.id,
      title: 'Total a sales spreadsheet per region and report the top region',
      family: 'sales_xlsx_report',
      labels: { capabilities: [...this.capabilities], scenario: this.scenario, difficulty, language: 'en' },
      mock_today: mockToday,
      request,
      services,
      fixtures: {
        workspace: {
          files: {
            [file]: { xlsx: { sheets: [{ name: 'Orders', rows: sheet(orders) }], modified: docDate(ctx) } },
            'data/README.md': 'Exports from the order system. Amounts in USD.',
          },
        },
        gmail: { messages: medium ? shuffle(rng, messages) : [messages[1] as Record<string, unknown>] },
        ...(medium ? { todo: { tasks: todo.tasks } } : {}),
        ...(hard
          ? {
              calendar: {
                events: [
                  {
                    event_id: 'evt_100',
                    title: 'Team sync',
                    start_time: at(mockToday, { days: 1 }),
                    end_time: at(mockToday, { days: 1, minutes: 30 }),
                    attendees: [manager.email],
                  },
                ],
              },
            }
          : {}),
      },
      answer_ids: [],
      checks,
      ...(hard
        ? {
            user: {
              persona: `${manager.name}'s analyst colleague who owns the export`,
              goal: 'correct totals from the corrected export',
              knowledge: ['the first export missed an order'],
              boundary: 'does not compute the totals; only knows the corrected file is in the same place',
              signals: [
                {
                  id: 'replace_export',
                  trigger: { file_exists: OUT },
                  effect: {
                    update_record: {
                      service: 'workspace',
                      collection: 'files',
                      record_id: file,
                      set: { xlsx: { sheets: [{ name: 'Orders', rows: sheet(corrected) }], modified: docDate(ctx) } },
                    },
                    say: `Sorry — I just replaced ${file} with a corrected export (one paid order was missing). Please redo the totals from the new file.`,
                  },
                },
              ],
              end: 'claims_done',
            },
          }
        : {}),
      reference,
    };
  },
};
