import { createEpisode, type Episode } from '../src/env/episode.js';
import type { TaskSpec } from '../src/spec/task-spec.js';
import { makeSpec } from '../src/spec/testing.js';
import { type BenchResult, gc, medianUs } from './stats.js';

const N = 20;
const pad = (i: number) => String(i).padStart(3, '0');

/** A 5-service spec (crm, helpdesk, gmail, contacts, kb) with ~20 records per collection. */
export function fiveServiceSpec(): TaskSpec {
  const idx = Array.from({ length: N }, (_, i) => i + 1);
  return makeSpec({
    id: 'bench_five_services',
    services: ['crm', 'helpdesk', 'gmail', 'contacts', 'kb'],
    fixtures: {
      crm: { customers: idx.map((i) => ({ customer_id: `CUS-${pad(i)}`, name: `Customer ${i}`, tier: i % 3 ? 'smb' : 'enterprise', status: 'active', industry: 'retail', account_manager_email: `am${i}@acme.example`, annual_revenue: 1000 * i })) },
      helpdesk: { tickets: idx.map((i) => ({ ticket_id: `TK-${pad(i)}`, title: `Issue ${i}`, status: i % 4 ? 'open' : 'closed', priority: 'medium', customer_id: `CUS-${pad(i)}`, created_at: '2026-03-01T10:00:00Z', description: `Problem number ${i} with the product.` })) },
      gmail: { messages: idx.map((i) => ({ message_id: `msg_${pad(i)}`, from: `user${i}@client.example`, subject: `Question ${i}`, date: '2026-03-09T10:00:00Z', body: `Hello, this is message ${i} about invoices and tickets.` })) },
      contacts: { contacts: idx.map((i) => ({ contact_id: `CT-${pad(i)}`, name: `Person ${i}`, email: `p${i}@acme.example`, department: i % 2 ? 'Sales' : 'Support' })) },
      kb: { articles: idx.map((i) => ({ article_id: `KB-${pad(i)}`, title: `How to fix problem ${i}`, content: `Step by step guide for problem ${i}: restart, reconfigure and verify.`, tags: ['guide'] })) },
    },
  });
}

// a list / get / update mix, cycling
const CALLS: [string, (i: number) => Record<string, unknown>][] = [
  ['helpdesk_list_tickets', () => ({})],
  ['crm_get_customer', (i) => ({ customer_id: `CUS-${pad((i % N) + 1)}` })],
  ['helpdesk_get_ticket', (i) => ({ ticket_id: `TK-${pad((i % N) + 1)}` })],
  ['helpdesk_update_ticket', (i) => ({ ticket_id: `TK-${pad((i % N) + 1)}`, priority: 'high' })],
  ['gmail_get_message', (i) => ({ message_id: `msg_${pad((i % N) + 1)}` })],
  ['contacts_get', (i) => ({ contact_id: `CT-${pad((i % N) + 1)}` })],
  ['kb_get_article', (i) => ({ article_id: `KB-${pad((i % N) + 1)}` })],
];

export async function run(): Promise<BenchResult> {
  const spec = fiveServiceSpec();
  createEpisode(spec); // prepare + warm the shared state once
  const create = medianUs(60, 2000, (i) => createEpisode(spec, { seed: i }));

  let ep = createEpisode(spec);
  const call = medianUs(60, 2000, (i) => {
    if (i % 700 === 0) ep = createEpisode(spec, { seed: i }); // keep audit logs realistic in size
    const [name, args] = CALLS[i % CALLS.length] as (typeof CALLS)[number];
    ep.call(name, args(i));
  });

  const LIVE = 10_000;
  gc();
  const before = process.memoryUsage().heapUsed;
  const live: Episode[] = [];
  for (let i = 0; i < LIVE; i++) {
    const e = createEpisode(spec, { seed: i });
    for (let c = 0; c < CALLS.length; c++) {
      const [name, args] = CALLS[c] as (typeof CALLS)[number];
      e.call(name, args(i));
    }
    live.push(e);
  }
  gc();
  const perEpisode = (process.memoryUsage().heapUsed - before) / LIVE;
  if (live.length !== LIVE) throw new Error('unreachable');

  return {
    name: 'episode',
    metrics: {
      create_median_us: create.median,
      create_p90_us: create.p90,
      call_median_us: call.median,
      call_p90_us: call.p90,
      live_episodes: LIVE,
      heap_bytes_per_episode: Math.round(perEpisode),
    },
    targets: {
      create_median_us: { value: create.median, target: '≤ 100 µs', ok: create.median <= 100 },
      call_median_us: { value: call.median, target: '≤ 10 µs', ok: call.median <= 10 },
      heap_bytes_per_episode: { value: Math.round(perEpisode), target: '≤ 100 KB (7 calls each, one update)', ok: perEpisode <= 100 * 1024 },
    },
  };
}
