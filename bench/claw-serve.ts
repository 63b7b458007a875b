import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { routeOfTool } from '../src/interop/claw-routes.js';
import { startClawServer } from '../src/interop/claw-serve.js';
import { loadSpecs } from '../src/run/task-files.js';
import { startServer } from '../src/server/serve.js';
import type { TaskSpec } from '../src/schema/task-spec.js';
import { type BenchResult, figure, gc, quantile } from './stats.js';

// claw-serve beside serve: the same tool calls of support_escalation (3 services) as Claw-Eval's runner sends
// them (POST /<svc>/<route>) and as an RL trainer sends them (POST /step), paired call by call over keep-alive
// loopback HTTP from this process; then the heap per live episode with LIVE of each (claw-serve's include its
// listeners: a port block per episode). Claw-Eval's own services measured 2.2–2.5 ms per call and ≈46 MB per
// service process on the same kind of machine (claw-services.md §13.2).
const CALLS = 3000;
const WARMUP = 300;
const PER_EPISODE = 10;
const LIVE = 200;

type Json = Record<string, any>;

function client(port: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const call = (path: string, body?: unknown, method = 'POST') =>
    new Promise<Json>((resolve, reject) => {
      const data = body === undefined ? '' : JSON.stringify(body);
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () =>
            (res.statusCode ?? 500) < 500
              ? resolve(JSON.parse(text) as Json)
              : reject(new Error(`${path}: HTTP ${res.statusCode} ${text}`)),
          );
        },
      );
      req.on('error', reject);
      req.end(data);
    });
  return { call, close: () => agent.destroy() };
}

export async function run(): Promise<BenchResult> {
  const spec = ((await loadSpecs(['examples/tasks/support_escalation.yaml']))[0] as { spec: TaskSpec }).spec;
  const calls = spec.reference.flatMap((r) =>
    'call' in r ? [{ name: r.call, args: r.args, path: routeOfTool(r.call)?.path as string }] : [],
  );
  const serve = await startServer({
    specs: [spec],
    port: 0,
    ttlS: 0,
    maxSessions: LIVE + 10,
    stepRewards: false,
    log: () => {},
  });
  const claw = await startClawServer({ spec, basePort: 0, episodes: LIVE + 1 });
  try {
    // latency: slot 0 of claw-serve vs one serve session, call for call, each restarted every PER_EPISODE calls
    const port0 = Object.values(claw.slots[0]?.ports ?? {})[0] as number;
    const c = client(port0);
    const s = client(serve.port);
    let episode = '';
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < CALLS + WARMUP; i++) {
      const call = calls[(i % PER_EPISODE) % calls.length] as (typeof calls)[0];
      if (i % PER_EPISODE === 0) {
        await c.call(`/${spec.services[0]}/reset`);
        if (episode) serve.manager.close(episode);
        episode = (await s.call('/reset', { episode_id: `lat-${i}` })).observation.episode_id as string;
      }
      let t0 = performance.now();
      await c.call(call.path, call.args);
      const ta = performance.now() - t0;
      t0 = performance.now();
      await s.call('/step', { episode_id: episode, action: { tool_call: { name: call.name, arguments: call.args } } });
      const tb = performance.now() - t0;
      if (i >= WARMUP) a.push(ta), b.push(tb);
    }
    c.close();
    s.close();
    // memory: LIVE claw-serve slots and LIVE serve sessions, each through its calls
    gc();
    const h0 = process.memoryUsage().heapUsed;
    for (const slot of claw.slots.slice(1)) {
      const k = client(Object.values(slot.ports)[0] as number);
      for (const call of calls) await k.call(call.path, call.args);
      k.close();
    }
    gc();
    const h1 = process.memoryUsage().heapUsed;
    const t = client(serve.port);
    for (let k = 0; k < LIVE; k++) {
      const id = (await t.call('/reset', { episode_id: `live-${k}` })).observation.episode_id as string;
      for (const call of calls)
        await t.call('/step', { episode_id: id, action: { tool_call: { name: call.name, arguments: call.args } } });
    }
    t.close();
    gc();
    const h2 = process.memoryUsage().heapUsed;
    const clawKb = (h1 - h0) / 1024 / LIVE;
    const serveKb = (h2 - h1) / 1024 / LIVE;
    const ms = (x: number) => Math.round(x * 1000) / 1000;
    return {
      name: 'claw-serve',
      metrics: {
        claw_call_p50_ms: ms(quantile(a, 0.5)),
        claw_call_p99_ms: ms(quantile(a, 0.99)),
        serve_step_p50_ms: ms(quantile(b, 0.5)),
        claw_heap_kb_per_episode: Math.round(clawKb * 10) / 10,
        serve_heap_kb_per_episode: Math.round(serveKb * 10) / 10,
        live_episodes: LIVE,
        listeners_per_episode: spec.services.length,
      },
      figures: {
        claw_call: figure({
          unit: 'ms',
          value: ms(quantile(a, 0.5)),
          floor: ms(quantile(b, 0.5)),
          floorIs: 'serve: POST /step with the same tool call, keep-alive, paired call by call',
          target: ['≤', 1.5],
        }),
        claw_episode_heap: figure({
          unit: 'KB',
          value: Math.round(clawKb * 10) / 10,
          floor: Math.max(0.1, Math.round(serveKb * 10) / 10),
          floorIs: 'serve: heap per live session after the same calls',
          target: ['≤', 3],
        }),
      },
    };
  } finally {
    await claw.close();
    await serve.close();
  }
}
