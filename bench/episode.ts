import { createEpisode, type EpisodeInternals } from '../src/env/episode.js';
import { prepare } from '../src/env/prepared.js';
import { ServiceContext } from '../src/env/service-context.js';
import type { Rec } from '../src/services/types.js';
import type { TaskSpec } from '../src/schema/task-spec.js';
import { makeSpec } from '../src/schema/testing.js';
import { type BenchResult, figure, gc, pairedMedianUs } from './stats.js';

const N = 20;
const pad = (i: number) => String(i).padStart(3, '0');

/** A 5-service spec (crm, helpdesk, gmail, contacts, kb) with ~20 records per collection. */
export function fiveServiceSpec(): TaskSpec {
  const idx = Array.from({ length: N }, (_, i) => i + 1);
  return makeSpec({
    id: 'bench_five_services',
    services: ['crm', 'helpdesk', 'gmail', 'contacts', 'kb'],
    fixtures: {
      crm: {
        customers: idx.map((i) => ({
          customer_id: `CUS-${pad(i)}`,
          name: `Customer ${i}`,
          tier: i % 3 ? 'smb' : 'enterprise',
          status: 'active',
          industry: 'retail',
          account_manager_email: `am${i}@acme.example`,
          annual_revenue: 1000 * i,
        })),
      },
      helpdesk: {
        tickets: idx.map((i) => ({
          ticket_id: `TK-${pad(i)}`,
          title: `Issue ${i}`,
          status: i % 4 ? 'open' : 'closed',
          priority: 'medium',
          customer_id: `CUS-${pad(i)}`,
          created_at: '2026-03-01T10:00:00Z',
          description: `Problem number ${i} with the product.`,
        })),
      },
      gmail: {
        messages: idx.map((i) => ({
          message_id: `msg_${pad(i)}`,
          from: `user${i}@client.example`,
          subject: `Question ${i}`,
          date: '2026-03-09T10:00:00Z',
          body: `Hello, this is message ${i} about invoices and tickets.`,
        })),
      },
      contacts: {
        contacts: idx.map((i) => ({
          contact_id: `CT-${pad(i)}`,
          name: `Person ${i}`,
          email: `p${i}@acme.example`,
          department: i % 2 ? 'Sales' : 'Support',
        })),
      },
      kb: {
        articles: idx.map((i) => ({
          article_id: `KB-${pad(i)}`,
          title: `How to fix problem ${i}`,
          content: `Step by step guide for problem ${i}: restart, reconfigure and verify.`,
          tags: ['guide'],
        })),
      },
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

// the call mix with its arguments made up front (CALLS × ids repeat every 140 calls)
const MIX = Array.from({ length: 140 }, (_, i) => {
  const [name, args] = CALLS[i % CALLS.length] as (typeof CALLS)[number];
  return { name, args: args(i) };
});

/**
 * The floor of a tool call: the same handler functions called directly, with arguments validated up front,
 * on a context over the same copy-on-write state an episode gives them — no name resolution, fault draw,
 * argument validation, audit entry or result serialisation. `fresh()` starts a new state, as a new episode.
 */
function directHandlers(spec: TaskSpec): { call(i: number): unknown; fresh(): void } {
  const prepared = prepare(spec);
  const calls = MIX.map(({ name, args }) => {
    const resolved = prepared.allowed.get(name);
    if (!resolved) throw new Error(`bench: ${name} is not a tool of the bench spec`);
    return {
      tool: resolved.tool,
      service: resolved.service,
      params: resolved.tool.params.parse(args) as Record<string, unknown>,
    };
  });
  let contexts = new Map<string, ServiceContext>();
  let internals: EpisodeInternals;
  const fresh = () => {
    const state: Record<string, Record<string, readonly Rec[]>> = {};
    for (const [svc, cols] of Object.entries(prepared.state)) state[svc] = { ...cols };
    const owned = new Set<string>();
    const records: Record<string, Record<string, Rec[]>> = {};
    internals = {
      prepared,
      settings: Object.freeze({ shell: 'virtual' as const }),
      state,
      counters: new Map(),
      callMs: prepared.startMs,
      seq: 0,
      deadlineMs: undefined,
      writable(service, collection) {
        const svc = state[service] as Record<string, readonly Rec[]>;
        const key = `${service}.${collection}`;
        if (!owned.has(key)) {
          owned.add(key);
          svc[collection] = [...(svc[collection] ?? [])];
        }
        return svc[collection] as Rec[];
      },
      recordList(service, list) {
        const svc = (records[service] ??= {});
        return (svc[list] ??= []);
      },
    };
    contexts = new Map();
  };
  fresh();
  return {
    fresh,
    call(i) {
      const c = calls[i % calls.length] as (typeof calls)[number];
      let ctx = contexts.get(c.service.name);
      if (!ctx) contexts.set(c.service.name, (ctx = new ServiceContext(c.service, internals)));
      internals.callMs += 1000;
      return c.tool.handler(ctx, c.params);
    },
  };
}

/** Heap bytes per retained object made by `make` (n of them, after full gcs). */
function heapPer(n: number, make: (i: number) => unknown): number {
  gc();
  const before = process.memoryUsage().heapUsed;
  const live: unknown[] = [];
  for (let i = 0; i < n; i++) live.push(make(i));
  gc();
  const per = (process.memoryUsage().heapUsed - before) / n;
  if (live.length !== n) throw new Error('unreachable');
  return per;
}

export async function run(): Promise<BenchResult> {
  const spec = fiveServiceSpec();
  createEpisode(spec); // prepare + warm the shared state once
  // creation vs structuredClone of the fixtures (what naive isolation would cost), batches interleaved
  // (the clone is ~100× slower: its batches are smaller, each still a few ms)
  const create = pairedMedianUs(
    60,
    [2000, 20],
    (i) => createEpisode(spec, { seed: i }),
    () => structuredClone(spec.fixtures),
  );

  let ep = createEpisode(spec);
  const direct = directHandlers(spec);
  const call = pairedMedianUs(
    60,
    2000,
    (i) => {
      if (i % 700 === 0) ep = createEpisode(spec, { seed: i }); // keep audit logs realistic in size
      const m = MIX[i % MIX.length] as (typeof MIX)[number];
      const r = ep.call(m.name, m.args);
      if (!r.ok) throw new Error(`bench: ${m.name} failed: ${r.content}`);
    },
    (i) => {
      if (i % 700 === 0) direct.fresh();
      direct.call(i);
    },
  );

  const LIVE = 10_000;
  const perEpisode = heapPer(LIVE, (i) => {
    const e = createEpisode(spec, { seed: i });
    for (let c = 0; c < CALLS.length; c++) {
      const [name, args] = CALLS[c] as (typeof CALLS)[number];
      e.call(name, args(i));
    }
    return e;
  });
  // naive isolation holds a deep copy of every fixture per episode
  const perClone = heapPer(1000, () => structuredClone(spec.fixtures));

  return {
    name: 'episode',
    metrics: {
      create_median_us: create.a.median,
      create_p90_us: create.a.p90,
      create_clone_floor_us: create.b.median,
      call_median_us: call.a.median,
      call_p90_us: call.a.p90,
      call_direct_floor_us: call.b.median,
      live_episodes: LIVE,
      heap_bytes_per_episode: Math.round(perEpisode),
      heap_bytes_per_fixture_clone: Math.round(perClone),
    },
    figures: {
      tool_call: figure({
        unit: 'µs',
        value: call.a.median,
        floor: call.b.median,
        floorIs: 'the handler called directly, arguments pre-validated',
        target: ['≤', 5],
      }),
      episode_create: figure({
        unit: 'µs',
        value: create.a.median,
        floor: create.b.median,
        floorIs: 'structuredClone of the fixtures',
        target: ['≤', 0.02],
      }),
      heap_per_episode: figure({
        unit: 'B',
        value: Math.round(perEpisode),
        floor: Math.round(perClone),
        floorIs: 'heap of one structuredClone of the fixtures',
        target: ['≤', 0.35],
      }),
    },
  };
}
